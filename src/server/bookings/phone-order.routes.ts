// A phone order's pay link (decision 058): the page's data and its checkout. Anonymous: the link's
// signature is the customer's proof, and every request counts against the caller's address.
import { Hono } from 'hono';
import { contracts } from '../../shared/api';
import type { Db } from '../db/client';
import type { PaymentGateway } from '../gateways/payment/payment-gateway';
import { parseJsonBody, parseQuery, uuidParam, type AppEnv } from '../http';
import type { NotificationContext } from '../notifications/notifications.service';
import { rateLimit } from '../rate-limit';
import { getPhoneOrder, payPhoneOrder } from './phone-order-pay.service';

export function phoneOrderRoutes(deps: { db: Db; gateway: PaymentGateway; notify: NotificationContext; timeZone: string; now: () => Date; limitNow?: (() => number) | undefined }) {
  const limit = rateLimit({ db: deps.db, name: 'phone-order-link', windowMs: 60_000, max: 30, says: 'attempts', ...(deps.limitNow ? { now: deps.limitNow } : {}) });
  const clock = () => ({ timeZone: deps.timeZone, now: deps.now() });
  return new Hono<AppEnv>()
    .get(contracts.getPhoneOrder.path, limit, async (c) => {
      const bookingId = uuidParam(c, 'id', 'bad_phone_order_link');
      const { token } = parseQuery(c, contracts.getPhoneOrder.query);
      return c.json(await getPhoneOrder(deps.db, deps.notify, { bookingId, token }, clock()));
    })
    .post(contracts.payPhoneOrder.path, limit, async (c) => {
      const bookingId = uuidParam(c, 'id', 'bad_phone_order_link');
      const { token } = await parseJsonBody(c, contracts.payPhoneOrder.body);
      return c.json(await payPhoneOrder(deps.db, deps.gateway, deps.notify, { bookingId, token }, clock()));
    });
}
