// What staff can take away in a spreadsheet (decision 027): bookings (All Bookings' filters and
// search), customers, gift cards (codes masked: a code is its recipient's secret, docs/design.md 9),
// invoices (the Invoices tab's filter and search), the pros' assignments and their payouts. Each is
// a CsvTable read a page at a time in a stable order (keyset), amounts in dollars with two decimals
// and dates in the business's time zone (decision 004).
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { pickupWindowLabel } from '../../shared/business';
import { confirmationNumber, receiptOrderNumber } from '../../shared/booking-values';
import { maskGiftCardCode } from '../../shared/gift-card-mask';
import { moneyState } from '../../shared/money-state';
import { bookingStatusLabels, paymentStatusLabels, type bookingListQuerySchema } from '../../shared/schemas/back-office';
import type { invoiceListQuerySchema } from '../../shared/schemas/invoice-list';
import { todayIn } from '../../shared/dates';
import { bookingListCondition } from '../bookings/staff-listing.service';
import type { Db } from '../db/client';
import { tipKeptSql } from '../db/money-sql';
import { bookings, giftCards, laundryAssignments, laundryPros, manualInvoices, paymentOperations, payoutItems, payouts } from '../db/schema';
import { invoiceListCondition } from '../invoices/invoices.service';
import { dollarsText, keysetPages, poundsText, type CsvTable } from './csv';

export type ExportContext = { timeZone: string; now: Date };
type Cursor = { at: string; id: string };

/** A timestamp as the business reads it: "2026-11-26 14:05" in its time zone; '' when there is none. */
const localTime = (column: SQL | unknown, tz: string) => sql<string>`coalesce(to_char(${column} at time zone ${tz}, 'YYYY-MM-DD HH24:MI'), '')`;
/** The exact timestamp as text: a cursor that keeps the microseconds a JS Date would drop. */
const exact = (column: unknown) => sql<string>`${column}::text`;
/** After the cursor, newest first: (at, id) below the last row's. */
const before = (at: unknown, id: unknown, c: Cursor | null) => (c ? sql`(${at}, ${id}) < (${c.at}::timestamptz, ${c.id}::uuid)` : undefined);
const stamp = (ctx: ExportContext) => todayIn(ctx.timeZone, ctx.now);

/** spec: back-office 2, All Bookings, with the list's filters and search: every booking they show, newest first. */
export function bookingsCsv(db: Db, query: z.output<typeof bookingListQuerySchema>, ctx: ExportContext): CsvTable {
  const where = bookingListCondition(query);
  const tz = ctx.timeZone;
  return {
    filename: `washday-bookings-${stamp(ctx)}.csv`,
    header: [
      'Confirmation', 'Booked at', 'Pick-up date', 'Pick-up window', 'Name', 'Email', 'Phone', 'Address', 'City', 'ZIP', 'Bags', 'Status', 'Payment status', 'Money state',
      'Estimate ($)', 'Weight (lb)', 'Price per lb ($)', 'Final total ($)', 'Gift card paid ($)', 'Captured ($)', 'Refunded ($)', 'Tip ($)', 'Amount due ($)', 'Revenue ($)', 'Promo code', 'Special instructions',
    ],
    pages: () =>
      keysetPages(
        (after: Cursor | null, size) =>
          db
            .select({ b: bookings, at: exact(bookings.createdAt), bookedAt: localTime(bookings.createdAt, tz), revenue: sql<number>`booking_revenue_cents(${bookings.capturedAmount}, ${bookings.refundedAmount}, ${bookings.tipAmount}, ${bookings.giftCardAppliedCents})::int` })
            .from(bookings)
            .where(and(where, before(bookings.createdAt, bookings.id, after)))
            .orderBy(desc(bookings.createdAt), desc(bookings.id))
            .limit(size),
        (r) => ({ at: r.at, id: r.b.id }),
        (r) => {
        const b = r.b;
        return [
          confirmationNumber(b.id), r.bookedAt, b.pickupDate, pickupWindowLabel(b.pickupTime), b.name, b.email, b.phone, b.address, b.city, b.zipCode, b.bagQuantity,
          bookingStatusLabels[b.bookingStatus], paymentStatusLabels[b.paymentStatus], moneyState(b).label,
          dollarsText(b.totalAmount), poundsText(b.actualWeightTenths), dollarsText(b.pricePerPoundCents), b.finalTotalAmount === null ? '' : dollarsText(b.finalTotalAmount),
          dollarsText(b.giftCardAppliedCents ?? 0), dollarsText(b.capturedAmount), dollarsText(b.refundedAmount), dollarsText(b.tipAmount), dollarsText(b.amountDueCents), dollarsText(r.revenue),
          b.promoCode ?? '', b.specialInstructions,
        ];
      }),
  };
}

/**
 * One row per customer (a customer is their email key, src/shared/customer-identity.ts): their
 * latest contact details, how many bookings, the first and latest pick-up, what they were billed
 * (revenue, decision 015) and what they still owe. A customer who deleted their data (decision
 * 022) has no email key left and is not a customer here; their orders stay in the bookings export.
 */
export function customersCsv(db: Db, ctx: ExportContext): CsvTable {
  const revenue = sql`booking_revenue_cents(${bookings.capturedAmount}, ${bookings.refundedAmount}, ${bookings.tipAmount}, ${bookings.giftCardAppliedCents})`;
  const latest = (column: unknown) => sql<string>`(array_agg(${column} order by ${bookings.createdAt} desc, ${bookings.id} desc))[1]`;
  return {
    filename: `washday-customers-${stamp(ctx)}.csv`,
    header: ['Name', 'Email', 'Phone', 'Address', 'City', 'ZIP', 'Bookings', 'Cancelled', 'First pick-up', 'Latest pick-up', 'Billed ($)', 'Amount due ($)', 'Texts allowed'],
    pages: () =>
      keysetPages(
        (after: string | null, size) =>
          db
            .select({
              key: bookings.emailKey,
              name: latest(bookings.name),
              email: latest(bookings.email),
              phone: latest(bookings.phone),
              address: latest(bookings.address),
              city: latest(bookings.city),
              zip: latest(bookings.zipCode),
              count: sql<number>`count(*)::int`,
              cancelled: sql<number>`(count(*) filter (where ${bookings.bookingStatus} = 'cancelled'))::int`,
              first: sql<string>`min(${bookings.pickupDate})::text`,
              last: sql<string>`max(${bookings.pickupDate})::text`,
              revenue: sql<number>`coalesce(sum(${revenue}), 0)::bigint`,
              due: sql<number>`coalesce(sum(booking_due_cents(${bookings.bookingStatus}, ${bookings.amountDueCents})), 0)::bigint`,
              sms: sql<boolean>`bool_or(${bookings.smsConsent})`,
            })
            .from(bookings)
            .where(and(sql`${bookings.emailKey} <> ''`, after === null ? undefined : sql`${bookings.emailKey} > ${after}`))
            .groupBy(bookings.emailKey)
            .orderBy(asc(bookings.emailKey))
            .limit(size),
        (r) => r.key,
        (r) => [r.name, r.email, r.phone, r.address, r.city, r.zip, r.count, r.cancelled, r.first, r.last, dollarsText(Number(r.revenue)), dollarsText(Number(r.due)), r.sms ? 'yes' : 'no']),
  };
}

/** Every gift card, newest first: the code masked but its last 4 (docs/design.md 9: staff never read a code), sold or given, its amount and what is left. */
export function giftCardsCsv(db: Db, ctx: ExportContext): CsvTable {
  return {
    filename: `washday-gift-cards-${stamp(ctx)}.csv`,
    header: ['Code', 'Created', 'Sold online', 'Amount ($)', 'Balance ($)', 'Used ($)', 'Purchaser email', 'Recipient name', 'Recipient email'],
    pages: () =>
      keysetPages(
        (after: Cursor | null, size) =>
          db
            .select({ g: giftCards, at: exact(giftCards.createdAt), created: localTime(giftCards.createdAt, ctx.timeZone) })
            .from(giftCards)
            .where(before(giftCards.createdAt, giftCards.id, after))
            .orderBy(desc(giftCards.createdAt), desc(giftCards.id))
            .limit(size),
        (r) => ({ at: r.at, id: r.g.id }),
        ({ g, created }) => [
        maskGiftCardCode(g.code), created, g.stripeSessionId ? 'yes' : 'no', dollarsText(g.amount), dollarsText(g.balance), dollarsText(g.amount - g.balance), g.purchaserEmail ?? '', g.recipientName ?? '', g.recipientEmail ?? '',
      ]),
  };
}

/** spec: back-office 2, Invoices, with the tab's filter and search: manual and subscription invoices, newest first. */
export function invoicesCsv(db: Db, query: z.output<typeof invoiceListQuerySchema>, ctx: ExportContext): CsvTable {
  const today = stamp(ctx);
  const where = invoiceListCondition(query, today);
  return {
    filename: `washday-invoices-${today}.csv`,
    header: ['Invoice', 'Kind', 'Created', 'Client', 'Email', 'Phone', 'Address', 'Billing date', 'Due date', 'Subtotal ($)', 'Tax ($)', 'Total ($)', 'Status', 'Paid at', 'Paid by'],
    pages: () =>
      keysetPages(
        (after: Cursor | null, size) =>
          db
            .select({ i: manualInvoices, at: exact(manualInvoices.createdAt), created: localTime(manualInvoices.createdAt, ctx.timeZone), paidAt: localTime(manualInvoices.paidAt, ctx.timeZone) })
            .from(manualInvoices)
            .where(and(where, before(manualInvoices.createdAt, manualInvoices.id, after)))
            .orderBy(desc(manualInvoices.createdAt), desc(manualInvoices.id))
            .limit(size),
        (r) => ({ at: r.at, id: r.i.id }),
        ({ i, created, paidAt }) => [
        i.invoiceNumber, i.kind === 'subscription' ? 'Subscription' : 'Manual', created, i.clientName, i.clientEmail, i.clientPhone, i.clientAddress, i.billingDate ?? '', i.dueDate,
        dollarsText(i.subtotalCents), dollarsText(i.taxCents), dollarsText(i.totalCents), i.status === 'paid' ? 'Paid' : i.dueDate < today ? 'Overdue' : 'Pending', paidAt, i.status === 'paid' ? (i.paidBy === 'online' ? 'Online' : 'Staff') : '',
      ]),
  };
}

/** spec: back-office 2, Assignment Overview: every assignment, newest first, with what the pro earned (per lb + the tip, once completed) and what payouts have paid of it. */
export function assignmentsCsv(db: Db, ctx: ExportContext): CsvTable {
  // decision 031: the tip the pro keeps once refunds are given back, what payouts pay
  const tip = sql<number>`(case when ${laundryAssignments.status} = 'completed' then ${tipKeptSql({ tip: bookings.tipAmount, captured: bookings.capturedAmount, refunded: bookings.refundedAmount })} else 0 end)::int`;
  const paid = sql<number>`(select coalesce(sum(${payoutItems.amountCents}), 0)::int from ${payoutItems} join ${paymentOperations} on ${paymentOperations.idempotencyKey} = ${payoutItems.operationKey} where ${payoutItems.assignmentId} = ${laundryAssignments.id} and ${paymentOperations.status} = 'succeeded')`;
  return {
    filename: `washday-assignments-${stamp(ctx)}.csv`,
    header: ['Order', 'Pro', 'Customer', 'Pick-up date', 'Assigned at', 'Completed at', 'Status', 'Weight (lb)', 'Per-lb payout ($)', 'Tip ($)', 'Earned ($)', 'Paid out ($)'],
    pages: () =>
      keysetPages(
        (after: Cursor | null, size) =>
          db
            .select({
              a: laundryAssignments,
              at: exact(laundryAssignments.assignedAt),
              assigned: localTime(laundryAssignments.assignedAt, ctx.timeZone),
              completed: localTime(laundryAssignments.completedAt, ctx.timeZone),
              pro: laundryPros.name,
              customer: bookings.name,
              pickupDate: bookings.pickupDate,
              weight: bookings.actualWeightTenths,
              tip,
              paid,
            })
            .from(laundryAssignments)
            .innerJoin(laundryPros, eq(laundryPros.id, laundryAssignments.laundryProId))
            .innerJoin(bookings, eq(bookings.id, laundryAssignments.bookingId))
            .where(before(laundryAssignments.assignedAt, laundryAssignments.id, after))
            .orderBy(desc(laundryAssignments.assignedAt), desc(laundryAssignments.id))
            .limit(size),
        (r) => ({ at: r.at, id: r.a.id }),
        (r) => {
        const perLb = r.a.perPoundPayoutCents ?? 0;
        return [
          receiptOrderNumber(r.a.bookingId), r.pro, r.customer, r.pickupDate, r.assigned, r.completed, r.a.status === 'completed' ? 'Completed' : 'Assigned', poundsText(r.a.status === 'completed' ? r.weight : null),
          dollarsText(perLb), dollarsText(r.tip), dollarsText(perLb + r.tip), dollarsText(r.paid),
        ];
      }),
  };
}

/** Every payout's transfers (decision 018), newest first: one row per order a payout paid, its state the gateway's word. */
export function payoutsCsv(db: Db, ctx: ExportContext): CsvTable {
  return {
    filename: `washday-payouts-${stamp(ctx)}.csv`,
    header: ['Payout', 'Paid at', 'Pro', 'Order', 'Per-lb ($)', 'Tip ($)', 'Amount ($)', 'Status', 'Failure'],
    pages: () =>
      keysetPages(
        (after: Cursor | null, size) =>
          db
            .select({
              p: payouts,
              item: payoutItems,
              at: exact(payouts.createdAt),
              created: localTime(payouts.createdAt, ctx.timeZone),
              pro: laundryPros.name,
              bookingId: laundryAssignments.bookingId,
              op: paymentOperations.status,
              error: paymentOperations.error,
              itemKey: sql<string>`${payoutItems.id}::text`,
            })
            .from(payoutItems)
            .innerJoin(payouts, eq(payouts.id, payoutItems.payoutId))
            .innerJoin(laundryPros, eq(laundryPros.id, payouts.laundryProId))
            .innerJoin(laundryAssignments, eq(laundryAssignments.id, payoutItems.assignmentId))
            .leftJoin(paymentOperations, eq(paymentOperations.idempotencyKey, payoutItems.operationKey))
            .where(after ? sql`(${payouts.createdAt}, ${payoutItems.id}) < (${after.at}::timestamptz, ${after.id}::uuid)` : undefined)
            .orderBy(desc(payouts.createdAt), desc(payoutItems.id))
            .limit(size),
        (r) => ({ at: r.at, id: r.itemKey }),
        (r) => [
        r.p.id.slice(0, 8).toUpperCase(), r.created, r.pro, receiptOrderNumber(r.bookingId), dollarsText(r.item.perPoundCents), dollarsText(r.item.tipCents), dollarsText(r.item.amountCents),
        r.op === 'succeeded' ? 'Paid' : r.op === 'failed' ? 'Failed' : 'Pending', r.op === 'failed' ? (r.error ?? '') : '',
      ]),
  };
}

/** Everything at once (the master admin's zip): the files above, bookings and invoices unfiltered. */
export function allTables(db: Db, ctx: ExportContext): CsvTable[] {
  return [
    bookingsCsv(db, { q: '', status: 'all', payment: 'all', receipt: 'any', date: '', due: '', sort: 'newest', page: 1, pageSize: 25 }, ctx),
    customersCsv(db, ctx),
    giftCardsCsv(db, ctx),
    invoicesCsv(db, { q: '', status: 'all', page: 1, pageSize: 20 }, ctx),
    assignmentsCsv(db, ctx),
    payoutsCsv(db, ctx),
  ];
}
