// A booking's stops for staff (decision 057), behind the /api/admin guard of app.ts: the photos the
// pro took, and the missed pick-up the pro reported, confirmed (the no-show fee charged),
// dismissed, or its fee given back.
import { Hono, type Context } from 'hono';
import { contracts } from '../../shared/api';
import { fileEndpoints } from '../../shared/endpoints-files';
import type { StaffEnv } from '../admins/admins.routes';
import { imageResponse } from '../booking-records/stop-photo-http';
import { readStopPhoto, stopPhotoKindOf } from '../booking-records/stop-photos';
import type { Db } from '../db/client';
import type { FileStore } from '../gateways/files/file-store';
import type { PaymentGateway } from '../gateways/payment/payment-gateway';
import { parseJsonBody, uuidParam } from '../http';
import type { NotificationContext } from '../notifications/notifications.service';
import { confirmMissedPickup, dismissMissedPickup, waiveNoShowFee } from './missed-pickups.service';
import { loadBooking } from './staff-booking';

export function stopRoutes(deps: { db: Db; files: FileStore; gateway: PaymentGateway; notify: NotificationContext; now: () => Date }) {
  const { db } = deps;
  const id = (c: Context) => uuidParam(c, 'id', 'booking_not_found');
  const ctx = (c: Context<StaffEnv>) => ({ actor: c.var.staff, now: deps.now() });
  return new Hono<StaffEnv>()
    .get(fileEndpoints.getStopPhoto.path, async (c) => {
      const booking = await loadBooking(db, id(c));
      return imageResponse(c, await readStopPhoto(db, deps.files, booking.id, stopPhotoKindOf(c.req.param('kind'))));
    })
    .post(contracts.confirmMissedPickup.path, async (c) => c.json(await confirmMissedPickup(db, deps.gateway, id(c), { ...ctx(c), notify: deps.notify })))
    .post(contracts.dismissMissedPickup.path, async (c) => c.json(await dismissMissedPickup(db, id(c), ctx(c))))
    .post(contracts.waiveNoShowFee.path, async (c) => {
      const bookingId = id(c);
      const { idempotencyKey } = await parseJsonBody(c, contracts.waiveNoShowFee.body);
      return c.json(await waiveNoShowFee(db, deps.gateway, bookingId, idempotencyKey, ctx(c)));
    });
}
