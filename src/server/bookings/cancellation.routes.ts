import { Hono } from 'hono';
import { z } from 'zod';
import { contracts } from '../../shared/api';
import type { Db } from '../db/client';
import type { PaymentGateway } from '../gateways/payment/payment-gateway';
import { parseJsonBody, parseQuery, type AppEnv } from '../http';
import type { NotificationContext } from '../notifications/notifications.service';
import { rateLimit } from '../rate-limit';
import { cancelBookingBeforeCutoff, cancellationMessages, getCancellation } from './cancellation.service';
import { verifyCancelToken } from '../booking-records/cancel-link';
import { DomainError } from '../errors';

const bookingId = z.string().uuid();

export function cancellationRoutes(deps: { db: Db; gateway: PaymentGateway; notify: NotificationContext; timeZone: string; now: () => Date }) {
  const ctx = () => ({ ...deps.notify, timeZone: deps.timeZone, now: deps.now() });
  const limit = rateLimit({ db: deps.db, name: 'cancel-link', windowMs: 60_000, max: 30, message: 'Too many attempts. Please wait a minute and try again.' });
  return new Hono<AppEnv>()
    .get(contracts.getCancellation.path, limit, async (c) => {
      const id = bookingId.safeParse(c.req.param('id'));
      const { token } = parseQuery(c, contracts.getCancellation.query);
      if (!id.success) throw new DomainError(403, 'bad_cancel_link', cancellationMessages.badLink);
      return c.json(await getCancellation(deps.db, { bookingId: id.data, token }, ctx()));
    })
    .post(contracts.cancelBooking.path, limit, async (c) => {
      const id = bookingId.safeParse(c.req.param('id'));
      const { token } = await parseJsonBody(c, contracts.cancelBooking.body);
      if (!id.success || !verifyCancelToken(deps.notify.secret, id.data, token))
        throw new DomainError(403, 'bad_cancel_link', cancellationMessages.badLink);
      const result = await cancelBookingBeforeCutoff(deps.db, deps.gateway, id.data, ctx());
      c.var.log.info({ bookingId: id.data }, 'booking cancelled by the customer');
      return c.json(result);
    });
}
