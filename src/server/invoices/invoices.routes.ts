// The staff tools and invoices (behind the /api/admin guard of app.ts; spec: back-office 6: both
// roles manage invoices): parse, call one service function, answer.
import { Hono, type Context } from 'hono';
import { contracts } from '../../shared/api';
import type { StaffEnv } from '../admins/admins.routes';
import type { Db } from '../db/client';
import type { PaymentGateway } from '../gateways/payment/payment-gateway';
import { parseJsonBody, parseQuery, uuidParam, type AppEnv } from '../http';
import type { NotificationContext } from '../notifications/notifications.service';
import { rateLimit } from '../rate-limit';
import { getPayableInvoice, payInvoice } from './invoice-pay.service';
import { setSubscriptionStatus } from './subscription-billing.service';
import { markInvoicePaid } from './invoice-collection.service';
import { invoiceIncome, listInvoices, listSubscriptions, sendManualInvoice, sendSubscriptionInvoice, sendTerms } from './invoices.service';

export function staffInvoiceRoutes(deps: { db: Db; gateway: PaymentGateway; timeZone: string; publicUrl: string; secret: string; now: () => Date }) {
  const { db } = deps;
  const ctx = (c: Context<StaffEnv>) => ({ actor: c.var.staff, now: deps.now(), timeZone: deps.timeZone, publicUrl: deps.publicUrl, secret: deps.secret });
  return new Hono<StaffEnv>()
    .post(contracts.sendTerms.path, async (c) => c.json(await sendTerms(db, await parseJsonBody(c, contracts.sendTerms.body), ctx(c))))
    .post(contracts.sendManualInvoice.path, async (c) => c.json(await sendManualInvoice(db, await parseJsonBody(c, contracts.sendManualInvoice.body), ctx(c)), 201))
    .post(contracts.sendSubscriptionInvoice.path, async (c) => c.json(await sendSubscriptionInvoice(db, await parseJsonBody(c, contracts.sendSubscriptionInvoice.body), ctx(c)), 201))
    .get(contracts.listInvoices.path, async (c) => c.json(await listInvoices(db, parseQuery(c, contracts.listInvoices.query), ctx(c))))
    .get(contracts.invoiceIncome.path, async (c) => c.json(await invoiceIncome(db)))
    .post(contracts.markInvoicePaid.path, async (c) => c.json(await markInvoicePaid({ db, gateway: deps.gateway, notify: { publicUrl: deps.publicUrl, secret: deps.secret } }, uuidParam(c, 'id', 'manual_invoice_not_found'), ctx(c))))
    .get(contracts.listSubscriptions.path, async (c) => c.json(await listSubscriptions(db)))
    .post(contracts.setSubscriptionStatus.path, async (c) => {
      const id = uuidParam(c, 'id', 'subscription_not_found');
      const { status } = await parseJsonBody(c, contracts.setSubscriptionStatus.body);
      return c.json(await setSubscriptionStatus(db, id, status, ctx(c)));
    });
}

/** The client's pay link (docs/design.md 9 invoices): public, rate-limited, its signature checked by the service. */
export function invoicePayRoutes(deps: { db: Db; gateway: PaymentGateway; notify: NotificationContext; limitNow?: (() => number) | undefined }) {
  const limit = rateLimit({ db: deps.db, name: 'invoice-pay-link', windowMs: 60_000, max: 30, says: 'attempts', ...(deps.limitNow ? { now: deps.limitNow } : {}) });
  return new Hono<AppEnv>()
    .get(contracts.getPayableInvoice.path, limit, async (c) => {
      const { token, session_id } = parseQuery(c, contracts.getPayableInvoice.query);
      return c.json(await getPayableInvoice(deps.db, deps.gateway, deps.notify, { id: c.req.param('id'), token, sessionId: session_id }));
    })
    .post(contracts.payInvoice.path, limit, async (c) => {
      const { token } = await parseJsonBody(c, contracts.payInvoice.body);
      return c.json(await payInvoice(deps.db, deps.gateway, deps.notify, { id: c.req.param('id'), token }));
    });
}
