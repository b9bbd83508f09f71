// The staff tools' invoices (spec: back-office 2 "Staff tools", "Manual Invoices table", 3, 4, 5,
// 7, 9; docs/design.md 7, 9 invoices): a manual invoice or a subscription's first month, computed by
// the shared pricing functions, stored with a unique number, emailed with its PDF in the same
// transaction (the outbox), listed for the Invoices tab (Mark Paid: invoice-collection.service.ts).
// Every send and every payment is audited.
import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import { todayIn } from '../../shared/dates';
import { firstBillingDate, followingBillingDate, invoiceNumber, manualInvoice } from '../../shared/pricing-invoices';
import type { invoiceListQuerySchema } from '../../shared/schemas/invoice-list';
import { MAX_INVOICE_CENTS, type StaffInvoice, type Subscription, type manualInvoiceRequestSchema, type sendTermsRequestSchema, type subscriptionInvoiceRequestSchema } from '../../shared/schemas/invoices';
import type * as z from 'zod/mini';
import { recordAudit, type Actor } from '../audit/record-audit';
import type { Db, Tx } from '../db/client';
import { manualInvoices, subscriptions } from '../db/schema';
import { domainError } from '../error-catalogue';
import { queueEmail } from '../notifications/send-email';
import { extraInvoicePayments } from './manual-invoice-payment';
import { invoiceEmailData } from './invoice-emails';
import { invoicePayUrl } from './invoice-pay-link';
import { normalisePhone } from '../../shared/phone';
import { readSettings } from '../settings/settings.service';

/** actor: the staff member, or null for the monthly billing job. */
export type InvoiceContext = { actor: Actor | null; now: Date; timeZone: string; publicUrl: string; secret: string };
type StaffContext = InvoiceContext & { actor: Actor };
type InvoiceRow = typeof manualInvoices.$inferSelect;
type SubscriptionRow = typeof subscriptions.$inferSelect;

export function toStaffInvoice(row: InvoiceRow, today: string, extraPayments: StaffInvoice['extraPayments'] = []): StaffInvoice {
  return {
    id: row.id,
    invoiceNumber: row.invoiceNumber,
    kind: row.kind,
    clientName: row.clientName,
    clientEmail: row.clientEmail,
    lines: row.lines as StaffInvoice['lines'],
    subtotalCents: row.subtotalCents,
    taxCents: row.taxCents,
    totalCents: row.totalCents,
    dueDate: row.dueDate,
    status: row.status,
    // spec: back-office 2 — past due and still pending, by the business's calendar
    overdue: row.status === 'pending' && row.dueDate < today,
    notes: row.notes,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    paidBy: row.paidBy,
    extraPayments,
  };
}

export function toSubscription(row: SubscriptionRow): Subscription {
  return {
    id: row.id,
    clientName: row.clientName,
    clientEmail: row.clientEmail,
    description: row.description,
    monthlyPriceCents: row.monthlyPriceCents,
    taxCents: row.taxCents,
    billingDay: row.billingDay,
    startDate: row.startDate,
    nextBillingDate: row.nextBillingDate,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  };
}

/** spec: back-office 7 send-terms-email — the site's terms to a client. */
export async function sendTerms(db: Db, input: z.output<typeof sendTermsRequestSchema>, ctx: StaffContext): Promise<{ sentTo: string }> {
  const to = input.clientEmail.toLowerCase();
  await db.transaction(async (tx) => {
    await queueEmail(tx, 'termsEmail', { clientName: input.clientName, termsUrl: `${ctx.publicUrl}/terms` }, { to, dedupeKey: `terms:${randomUUID()}` });
    await recordAudit(tx, ctx.actor, { action: 'tools.terms_sent', targetType: 'client', targetId: to, after: { clientName: input.clientName } });
  });
  return { sentTo: input.clientName ? `${input.clientName} (${to})` : to };
}

type NewInvoice = Omit<typeof manualInvoices.$inferInsert, 'invoiceNumber'>;

/**
 * spec: back-office 9 — 'INV-' (or 'SUB-') and the last 8 digits of the time; a number taken a
 * moment ago takes the next free one.
 */
async function insertNumbered(tx: Tx, prefix: 'INV' | 'SUB', values: NewInvoice, nowMs: number): Promise<InvoiceRow> {
  for (let i = 0; i < 1000; i++) {
    const [row] = await tx
      .insert(manualInvoices)
      .values({ ...values, invoiceNumber: invoiceNumber(prefix, nowMs + i) })
      .onConflictDoNothing({ target: manualInvoices.invoiceNumber })
      .returning();
    if (row) return row;
  }
  throw new Error('no free invoice number');
}

async function emailInvoice(tx: Tx, row: InvoiceRow, nextBilling: string | null, ctx: InvoiceContext) {
  const payUrl = invoicePayUrl(ctx.publicUrl, ctx.secret, row.id);
  await queueEmail(tx, 'invoiceEmail', invoiceEmailData(row, nextBilling, payUrl), { to: row.clientEmail, dedupeKey: `invoice:${row.id}:sent` });
}

/** spec: back-office 7 send-manual-invoice — computed here, whatever the browser previewed. */
export async function sendManualInvoice(db: Db, input: z.output<typeof manualInvoiceRequestSchema>, ctx: StaffContext): Promise<{ invoice: StaffInvoice }> {
  // a price per lb left out is the manual invoices' default the settings give (decision 055)
  const pricePerPoundCents = input.pricePerPoundCents ?? (await readSettings(db)).settings.prices.manualInvoicePerPoundCents;
  const priced = manualInvoice({ pricePerPoundCents, pounds: input.poundsTenths, addOns: input.addOns, customLines: input.customLines, taxCents: input.taxCents });
  if (priced.services.length === 0) throw domainError('invoice_no_services');
  if (priced.totalCents > MAX_INVOICE_CENTS) throw domainError('invoice_too_large');
  const row = await db.transaction(async (tx) => {
    const created = await insertNumbered(
      tx,
      'INV',
      {
        kind: 'manual',
        clientName: input.clientName,
        clientEmail: input.clientEmail.toLowerCase(),
        clientPhone: normalisePhone(input.clientPhone),
        clientAddress: input.clientAddress,
        lines: priced.services,
        subtotalCents: priced.subtotalCents,
        taxCents: priced.taxCents,
        totalCents: priced.totalCents,
        dueDate: input.dueDate,
        notes: input.notes,
        createdBy: ctx.actor.email,
        createdAt: ctx.now,
      },
      ctx.now.getTime(),
    );
    await emailInvoice(tx, created, null, ctx);
    await recordAudit(tx, ctx.actor, { action: 'invoice.sent', targetType: 'invoice', targetId: created.id, after: { invoiceNumber: created.invoiceNumber, clientEmail: created.clientEmail, totalCents: created.totalCents } });
    return created;
  });
  return { invoice: toStaffInvoice(row, todayIn(ctx.timeZone, ctx.now)) };
}

/** spec: back-office 3 "Subscription invoice", 7 send-subscription-invoice — one line 'Monthly Subscription: {description}'. */
function subscriptionLines(description: string, monthlyPriceCents: number, taxCents: number) {
  return manualInvoice({ pounds: 0, addOns: [], customLines: [{ description: `Monthly Subscription: ${description}`, quantity: 1, unitPriceCents: monthlyPriceCents }], taxCents });
}

/**
 * spec: back-office 7 send-subscription-invoice — the subscription is stored, its first month
 * invoiced now (due on the next billing date, spec: back-office 4, from today on when it started
 * in the past: decision 019), and the month after becomes
 * its next billing date (docs/design.md 9 invoices: the monthly job bills from there).
 */
export async function sendSubscriptionInvoice(
  db: Db,
  input: z.output<typeof subscriptionInvoiceRequestSchema>,
  ctx: StaffContext,
): Promise<{ invoice: StaffInvoice; subscription: Subscription }> {
  // decision 019: a start date in the past bills from today on, never the months before
  const firstBilling = firstBillingDate(input.startDate, input.billingDay, todayIn(ctx.timeZone, ctx.now));
  if (subscriptionLines(input.description, input.monthlyPriceCents, input.taxCents).totalCents > MAX_INVOICE_CENTS) throw domainError('invoice_too_large');
  const { invoice, subscription } = await db.transaction(async (tx) => {
    const [sub] = await tx
      .insert(subscriptions)
      .values({
        clientName: input.clientName,
        clientEmail: input.clientEmail.toLowerCase(),
        clientPhone: normalisePhone(input.clientPhone),
        clientAddress: input.clientAddress,
        description: input.description,
        monthlyPriceCents: input.monthlyPriceCents,
        taxCents: input.taxCents,
        startDate: input.startDate,
        billingDay: input.billingDay,
        nextBillingDate: followingBillingDate(firstBilling, input.billingDay),
        notes: input.notes,
        createdBy: ctx.actor.email,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })
      .returning();
    const created = await issueSubscriptionInvoice(tx, sub!, firstBilling, sub!.nextBillingDate, ctx);
    await recordAudit(tx, ctx.actor, {
      action: 'subscription.created',
      targetType: 'subscription',
      targetId: sub!.id,
      after: { invoiceNumber: created.invoiceNumber, clientEmail: sub!.clientEmail, monthlyPriceCents: sub!.monthlyPriceCents, billingDay: sub!.billingDay, firstBilling },
    });
    return { invoice: created, subscription: sub! };
  });
  return { invoice: toStaffInvoice(invoice, todayIn(ctx.timeZone, ctx.now)), subscription: toSubscription(subscription) };
}

/**
 * One month of a subscription: its invoice (one line 'Monthly Subscription: {description}', due on
 * its billing date), numbered SUB-…, emailed with its pay link and the month after. In the caller's
 * transaction; the same subscription and billing date twice is refused by the database.
 */
export async function issueSubscriptionInvoice(tx: Tx, sub: SubscriptionRow, billingDate: string, nextBilling: string, ctx: InvoiceContext): Promise<InvoiceRow> {
  const priced = subscriptionLines(sub.description, sub.monthlyPriceCents, sub.taxCents);
  const created = await insertNumbered(
    tx,
    'SUB',
    {
      kind: 'subscription',
      subscriptionId: sub.id,
      billingDate,
      clientName: sub.clientName,
      clientEmail: sub.clientEmail,
      clientPhone: sub.clientPhone,
      clientAddress: sub.clientAddress,
      lines: priced.services,
      subtotalCents: priced.subtotalCents,
      taxCents: priced.taxCents,
      totalCents: priced.totalCents,
      dueDate: billingDate,
      notes: sub.notes,
      createdBy: ctx.actor?.email ?? 'monthly billing',
      createdAt: ctx.now,
    },
    ctx.now.getTime(),
  );
  await emailInvoice(tx, created, nextBilling, ctx);
  if (!ctx.actor) await recordAudit(tx, null, { action: 'subscription.invoiced', targetType: 'subscription', targetId: sub.id, after: { invoiceNumber: created.invoiceNumber, billingDate, totalCents: created.totalCents } });
  return created;
}

/** spec: back-office 7 manual_invoices, newest first; docs/design.md 7: filters and paging like All Bookings. */
/** The Invoices tab's filter and search (spec: back-office 2) as one condition: its list and its CSV export. */
export function invoiceListCondition(query: Pick<z.output<typeof invoiceListQuerySchema>, 'status' | 'q'>, today: string): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (query.status === 'paid') conditions.push(eq(manualInvoices.status, 'paid'));
  if (query.status === 'pending') conditions.push(eq(manualInvoices.status, 'pending'));
  if (query.status === 'overdue') conditions.push(and(eq(manualInvoices.status, 'pending'), lt(manualInvoices.dueDate, today)));
  if (query.q) {
    const like = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(or(ilike(manualInvoices.clientName, like), ilike(manualInvoices.clientEmail, like), ilike(manualInvoices.invoiceNumber, like)));
  }
  return and(...conditions);
}

export async function listInvoices(db: Db, query: z.output<typeof invoiceListQuerySchema>, ctx: { now: Date; timeZone: string }) {
  const today = todayIn(ctx.timeZone, ctx.now);
  const where = invoiceListCondition(query, today);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(manualInvoices)
      .where(where)
      .orderBy(desc(manualInvoices.createdAt), desc(manualInvoices.invoiceNumber))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(manualInvoices).where(where),
  ]);
  // decision 019: a card payment that reached a paid invoice, and its refund
  const extra = await extraInvoicePayments(db, rows.filter((r) => r.status === 'paid').map((r) => r.id));
  return { invoices: rows.map((r) => toStaffInvoice(r, today, extra.get(r.id))), total: total?.n ?? 0, page: query.page, pageSize: query.pageSize };
}

/**
 * decision 015 (amended): paid invoices are income beside booking revenue — what they came to
 * (tax included, as the client paid it), summed by the database. A second card payment is not
 * income: it goes back (decision 019).
 */
export async function invoiceIncome(db: Db): Promise<{ invoicesPaid: number; invoiceIncomeCents: number }> {
  const [row] = await db
    .select({ paid: count(), cents: sql<string>`coalesce(sum(${manualInvoices.totalCents}), 0)` })
    .from(manualInvoices)
    .where(eq(manualInvoices.status, 'paid'));
  return { invoicesPaid: row?.paid ?? 0, invoiceIncomeCents: Number(row?.cents ?? 0) };
}

export async function listSubscriptions(db: Db): Promise<{ subscriptions: Subscription[] }> {
  const rows = await db.select().from(subscriptions).orderBy(desc(subscriptions.createdAt), desc(subscriptions.id)).limit(500);
  return { subscriptions: rows.map(toSubscription) };
}
