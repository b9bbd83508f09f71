// The pro portal's API (decision 018), behind requirePro in app.ts: parse, call one service
// function, answer. The staff side of it: inviting a pro and revoking their access (behind the
// staff guard). And the one anonymous write: a new sign-in email confirmed from its link
// (decision 041), limited per address.
import { Hono } from 'hono';
import { contracts } from '../../shared/api';
import { fileEndpoints } from '../../shared/endpoints';
import { proStatementQuerySchema } from '../../shared/schemas/pro-portal';
import type { StaffEnv } from '../admins/admins.routes';
import type { LoadAuth } from '../admins/auth';
import type { Db } from '../db/client';
import type { NotificationContext } from '../notifications/notifications.service';
import { clientIp, parseJsonBody, parseQuery, uuidParam, type AppEnv } from '../http';
import { rateLimit, type Limit } from '../rate-limit';
import { revokeProPortal } from './pro-access.service';
import { confirmProEmail } from './pro-email-change.service';
import type { ProEnv } from './pro-guard';
import { inviteProToPortal } from './pro-invite.service';
import { proPortal, proStatement, recordProStep } from './pro-portal.service';
import { sendOnMyWay } from './on-my-way.service';
import { reportMissedPickup, uploadProStopPhoto } from './stops.service';
import type { FileStore } from '../gateways/files/file-store';
import { stopPhotoKindOf } from '../booking-records/stop-photos';
import { stopPhotoBodyLimit } from '../booking-records/stop-photo-http';

export function proPortalRoutes(deps: { db: Db; files: FileStore; timeZone: string; now: () => Date; notify: NotificationContext }) {
  const { db } = deps;
  return new Hono<ProEnv>()
    .get(contracts.proPortal.path, async (c) => c.json(await proPortal(db, c.var.pro.proId, { now: deps.now(), timeZone: deps.timeZone })))
    .post(contracts.proAssignmentStep.path, async (c) => {
      const id = uuidParam(c, 'id', 'pro_job_not_found');
      const { step } = await parseJsonBody(c, contracts.proAssignmentStep.body);
      return c.json(await recordProStep(db, c.var.pro, id, step, { now: deps.now(), notify: deps.notify }));
    })
    .post(contracts.proOnMyWay.path, async (c) => {
      const id = uuidParam(c, 'id', 'pro_job_not_found');
      const { minutes } = await parseJsonBody(c, contracts.proOnMyWay.body);
      return c.json(await sendOnMyWay(db, c.var.pro, id, minutes, { now: deps.now(), timeZone: deps.timeZone, notify: deps.notify }));
    })
    .post(contracts.proMissedPickup.path, async (c) => {
      const id = uuidParam(c, 'id', 'pro_job_not_found');
      const { reason } = await parseJsonBody(c, contracts.proMissedPickup.body);
      return c.json(await reportMissedPickup(db, c.var.pro, id, reason, deps.now()));
    })
    // the photo is the request body, with the photos' own body limit (decision 057)
    .put(fileEndpoints.uploadProStopPhoto.path, stopPhotoBodyLimit, async (c) => {
      const id = uuidParam(c, 'id', 'pro_job_not_found');
      const kind = stopPhotoKindOf(c.req.param('kind'));
      const bytes = new Uint8Array(await c.req.arrayBuffer());
      return c.json(await uploadProStopPhoto(db, deps.files, c.var.pro, id, kind, bytes, deps.now()));
    })
    .get(fileEndpoints.proEarningsStatement.path, async (c) => {
      const { year } = parseQuery(c, proStatementQuerySchema);
      const { filename, csv } = await proStatement(db, c.var.pro.proId, Number(year), { timeZone: deps.timeZone });
      return c.body(csv, 200, { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${filename}"`, 'cache-control': 'private, no-store' });
    });
}

export function proInviteRoutes(deps: { db: Db; auth: LoadAuth }) {
  return new Hono<StaffEnv>()
    .post(contracts.inviteProToPortal.path, async (c) => {
      const id = uuidParam(c, 'id', 'payout_pro_not_found');
      return c.json(await inviteProToPortal(deps.db, await deps.auth(), id, c.var.staff));
    })
    .post(contracts.revokeProPortal.path, async (c) => {
      const id = uuidParam(c, 'id', 'payout_pro_not_found');
      return c.json(await revokeProPortal(deps.db, id, c.var.staff));
    });
}

export function proEmailRoutes(deps: { db: Db; now: () => Date; limitNow?: () => number; perIp: Limit }) {
  return new Hono<AppEnv>().post(contracts.confirmProEmail.path, rateLimit({ db: deps.db, ...deps.perIp, ...(deps.limitNow ? { now: deps.limitNow } : {}) }), async (c) => {
    const { token } = await parseJsonBody(c, contracts.confirmProEmail.body);
    return c.json(await confirmProEmail(deps.db, token, { now: deps.now(), ip: clientIp(c) }));
  });
}
