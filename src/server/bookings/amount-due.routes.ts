// The customer's link to pay what is still due (docs/design.md 5.4): the page's data and its checkout.
import { Hono } from 'hono';
import { contracts } from '../../shared/api';
import type { Db } from '../db/client';
import type { PaymentGateway } from '../gateways/payment/payment-gateway';
import { parseJsonBody, parseQuery, type AppEnv } from '../http';
import type { NotificationContext } from '../notifications/notifications.service';
import { rateLimit, type Limit } from '../rate-limit';
import { getAmountDue, payAmountDue, payAmountDueFromGiftCard } from './amount-due.service';

export function amountDueRoutes(deps: { db: Db; gateway: PaymentGateway; notify: NotificationContext; giftCardLookups: Limit; now: () => Date; limitNow?: (() => number) | undefined }) {
  const limit = rateLimit({ db: deps.db, name: 'pay-link', windowMs: 60_000, max: 30, says: 'attempts', ...(deps.limitNow ? { now: deps.limitNow } : {}) });
  // docs/design.md 9: a code tried here counts with every other place that takes one
  const giftCardLimit = rateLimit({ db: deps.db, ...deps.giftCardLookups, ...(deps.limitNow ? { now: deps.limitNow } : {}) });
  return new Hono<AppEnv>()
    .get(contracts.getAmountDue.path, limit, async (c) => {
      const { token, session_id } = parseQuery(c, contracts.getAmountDue.query);
      const onGatewayError = (err: unknown) => c.var.log.warn({ err }, 'amount due: the gateway did not answer');
      return c.json(await getAmountDue(deps.db, deps.gateway, deps.notify, { bookingId: c.req.param('id'), token, sessionId: session_id }, onGatewayError));
    })
    .post(contracts.payAmountDue.path, limit, async (c) => {
      const { token } = await parseJsonBody(c, contracts.payAmountDue.body);
      return c.json(await payAmountDue(deps.db, deps.gateway, deps.notify, { bookingId: c.req.param('id'), token }));
    })
    .post(contracts.payDueFromGiftCard.path, limit, giftCardLimit, async (c) => {
      const { token, giftCardCode } = await parseJsonBody(c, contracts.payDueFromGiftCard.body);
      return c.json(await payAmountDueFromGiftCard(deps.db, deps.gateway, deps.notify, { bookingId: c.req.param('id'), token, giftCardCode, now: deps.now() }));
    });
}
