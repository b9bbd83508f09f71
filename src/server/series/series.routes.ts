// Recurring pick-ups (decision 024): start one from the confirmation page, read and act on it from
// its own link. Anonymous writes: limited per IP and from our pages only (docs/design.md 9).
import { Hono, type Context } from 'hono';
import { contracts } from '../../shared/api';
import type { Db } from '../db/client';
import type { PaymentGateway } from '../gateways/payment/payment-gateway';
import { clientIp, parseJsonBody, parseQuery, refuseCrossSiteWrite, uuidParam, type AppEnv } from '../http';
import type { NotificationContext } from '../notifications/notifications.service';
import { takeHitsUnder, type Limit } from '../rate-limit';
import { actOnSeriesWithToken, getSeriesWithToken, startSeriesFromConfirmation } from './series.service';

export type SeriesDeps = { db: Db; gateway: PaymentGateway; notify: NotificationContext; timeZone: string; now: () => Date; limitNow?: () => number; perIp: Limit };

export function seriesRoutes(deps: SeriesDeps) {
  const { db } = deps;
  const origin = new URL(deps.notify.publicUrl).origin;
  const ctx = (c: Context<AppEnv>) => ({ publicUrl: deps.notify.publicUrl, secret: deps.notify.secret, timeZone: deps.timeZone, now: deps.now(), ip: clientIp(c) });
  const limited = (c: Context<AppEnv>) => takeHitsUnder(db, [[deps.perIp, [clientIp(c)]]], deps.limitNow?.() ?? Date.now());
  const id = (c: Context<AppEnv>) => uuidParam(c, 'id', 'series_not_found');
  return new Hono<AppEnv>()
    .post(contracts.startSeries.path, async (c) => {
      refuseCrossSiteWrite(c, origin);
      await limited(c);
      const body = await parseJsonBody(c, contracts.startSeries.body);
      return c.json(await startSeriesFromConfirmation(db, body, ctx(c)), 201);
    })
    .get(contracts.getSeries.path, async (c) => {
      const { token } = parseQuery(c, contracts.getSeries.query);
      return c.json(await getSeriesWithToken(db, id(c), token, ctx(c)));
    })
    .post(contracts.actOnSeries.path, async (c) => {
      refuseCrossSiteWrite(c, origin);
      await limited(c);
      const seriesId = id(c);
      const body = await parseJsonBody(c, contracts.actOnSeries.body);
      const context = ctx(c);
      return c.json(await actOnSeriesWithToken(db, deps.gateway, seriesId, body, { ...context, cancellation: { ...deps.notify, timeZone: deps.timeZone, now: context.now } }));
    });
}
