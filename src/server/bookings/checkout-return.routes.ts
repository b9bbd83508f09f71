// The pages a customer comes back to from the booking's card checkout (docs/design.md 5.2, 5.3): the
// success page's booking, by its session, and the cancelled page's abandoned notice.
import { Hono } from 'hono';
import { contracts } from '../../shared/api';
import type { Db } from '../db/client';
import type { PaymentGateway } from '../gateways/payment/payment-gateway';
import { parseJsonBody, type AppEnv } from '../http';
import type { NotificationContext } from '../notifications/notifications.service';
import { domainError } from '../error-catalogue';
import { rateLimit } from '../rate-limit';
import { getBookingByCheckoutSession, recordAbandonedCheckout } from './booking-authorisation';

export function checkoutReturnRoutes(deps: { db: Db; gateway: PaymentGateway; notify: NotificationContext; limitNow?: (() => number) | undefined }) {
  const { db, gateway, notify } = deps;
  return new Hono<AppEnv>()
    .get(contracts.getBookingBySession.path, async (c) => {
      const sessionId = c.req.param('sessionId') ?? '';
      if (!/^[A-Za-z0-9_]{1,255}$/.test(sessionId)) throw domainError('booking_not_found');
      return c.json(await getBookingByCheckoutSession(db, gateway, notify, sessionId, (err) => c.var.log.warn({ err }, 'could not retrieve the checkout')));
    })
    .post(
      contracts.recordAbandonedCheckout.path,
      rateLimit({ db, name: 'abandoned-checkout', windowMs: 60_000, max: 20, says: 'requests', ...(deps.limitNow ? { now: deps.limitNow } : {}) }),
      async (c) => {
        const body = await parseJsonBody(c, contracts.recordAbandonedCheckout.body);
        const result = await recordAbandonedCheckout(db, gateway, notify, { sessionId: body.session_id });
        return c.json({ recorded: result.recorded });
      },
    );
}
