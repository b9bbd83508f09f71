// The staff tools and invoices (behind the /api/admin guard of app.ts; spec: back-office 6: both
// roles manage invoices): parse, call one service function, answer.
import { Hono, type Context } from 'hono';
import { contracts } from '../../shared/api';
import type { StaffEnv } from '../admins/admins.routes';
import type { Db } from '../db/client';
import { errorMessage } from '../error-catalogue';
import { parseJsonBody, parseQuery, uuidParam } from '../http';
import { listInvoices, listSubscriptions, markInvoicePaid, sendManualInvoice, sendSubscriptionInvoice, sendTerms } from './invoices.service';

export function staffInvoiceRoutes(deps: { db: Db; timeZone: string; publicUrl: string; now: () => Date }) {
  const { db } = deps;
  const ctx = (c: Context<StaffEnv>) => ({ actor: c.var.staff, now: deps.now(), timeZone: deps.timeZone, publicUrl: deps.publicUrl });
  return new Hono<StaffEnv>()
    .post(contracts.sendTerms.path, async (c) => c.json(await sendTerms(db, await parseJsonBody(c, contracts.sendTerms.body), ctx(c))))
    .post(contracts.sendManualInvoice.path, async (c) => c.json(await sendManualInvoice(db, await parseJsonBody(c, contracts.sendManualInvoice.body), ctx(c)), 201))
    .post(contracts.sendSubscriptionInvoice.path, async (c) => c.json(await sendSubscriptionInvoice(db, await parseJsonBody(c, contracts.sendSubscriptionInvoice.body), ctx(c)), 201))
    .get(contracts.listInvoices.path, async (c) => c.json(await listInvoices(db, parseQuery(c, contracts.listInvoices.query), ctx(c))))
    .post(contracts.markInvoicePaid.path, async (c) => c.json(await markInvoicePaid(db, uuidParam(c, 'id', errorMessage('manual_invoice_not_found')), ctx(c))))
    .get(contracts.listSubscriptions.path, async (c) => c.json(await listSubscriptions(db)));
}
