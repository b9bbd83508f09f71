// The customer's cancellation link (beyond the spec): the page's data and the cancellation itself.
import { Hono } from 'hono';
import { contracts } from '../../shared/api';
import type { Db } from '../db/client';
import type { PaymentGateway } from '../gateways/payment/payment-gateway';
import { parseJsonBody, parseQuery, type AppEnv } from '../http';
import type { NotificationContext } from '../notifications/notifications.service';
import { rateLimit } from '../rate-limit';
import { cancelBookingByLink, getCancellation } from './cancellation.service';

export function cancellationRoutes(deps: { db: Db; gateway: PaymentGateway; notify: NotificationContext; timeZone: string; now: () => Date; limitNow?: (() => number) | undefined }) {
  const ctx = () => ({ ...deps.notify, timeZone: deps.timeZone, now: deps.now() });
  const limit = rateLimit({ db: deps.db, name: 'cancel-link', windowMs: 60_000, max: 30, says: 'attempts', ...(deps.limitNow ? { now: deps.limitNow } : {}) });
  return new Hono<AppEnv>()
    .get(contracts.getCancellation.path, limit, async (c) => {
      const { token } = parseQuery(c, contracts.getCancellation.query);
      return c.json(await getCancellation(deps.db, { bookingId: c.req.param('id'), token }, ctx()));
    })
    .post(contracts.cancelBooking.path, limit, async (c) => {
      const bookingId = c.req.param('id');
      const { token } = await parseJsonBody(c, contracts.cancelBooking.body);
      const result = await cancelBookingByLink(deps.db, deps.gateway, { bookingId, token }, ctx());
      c.var.log.info({ bookingId }, 'booking cancelled by the customer');
      return c.json(result);
    });
}
