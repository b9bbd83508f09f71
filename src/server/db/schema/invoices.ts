// Manual invoices and subscriptions (spec: back-office 3, 4; docs/design.md 9 invoices).
import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const invoiceKind = pgEnum('invoice_kind', ['manual', 'subscription']);
export const invoiceStatus = pgEnum('invoice_status', ['pending', 'paid']);
export const subscriptionStatus = pgEnum('subscription_status', ['active', 'paused', 'ended']);

/** A client billed every month (spec: back-office 3 "Subscription invoice", 4; docs/design.md 9 invoices): its price, its day, the next date it bills. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    clientName: text('client_name').notNull(),
    clientEmail: text('client_email').notNull(),
    clientPhone: text('client_phone').notNull().default(''),
    clientAddress: text('client_address').notNull().default(''),
    description: text('description').notNull(),
    monthlyPriceCents: integer('monthly_price_cents').notNull(),
    taxCents: integer('tax_cents').notNull().default(0),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    billingDay: integer('billing_day').notNull(),
    nextBillingDate: date('next_billing_date', { mode: 'string' }).notNull(),
    status: subscriptionStatus('status').notNull().default('active'),
    notes: text('notes').notNull().default(''),
    createdBy: text('created_by'),
  },
  (t) => [
    index('subscriptions_created_at_idx').on(t.createdAt),
    check('subscriptions_amounts', sql`${t.monthlyPriceCents} > 0 AND ${t.taxCents} >= 0 AND ${t.billingDay} BETWEEN 1 AND 31`),
  ],
);

/**
 * spec: back-office 3 "manual_invoices": an invoice staff send by hand, or a subscription's month
 * (docs/design.md 9 invoices: rows with lines computed by the shared pricing functions). One invoice per
 * subscription and billing date, so the monthly job bills each month once.
 */
export const manualInvoices = pgTable(
  'manual_invoices',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    invoiceNumber: text('invoice_number').notNull().unique(),
    kind: invoiceKind('kind').notNull().default('manual'),
    subscriptionId: uuid('subscription_id').references(() => subscriptions.id),
    billingDate: date('billing_date', { mode: 'string' }),
    clientName: text('client_name').notNull(),
    clientEmail: text('client_email').notNull(),
    clientPhone: text('client_phone').notNull().default(''),
    clientAddress: text('client_address').notNull().default(''),
    /** The lines as sent: description, quantity, unit price and total in cents. */
    lines: jsonb('lines').notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    taxCents: integer('tax_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    status: invoiceStatus('status').notNull().default('pending'),
    notes: text('notes').notNull().default(''),
    createdBy: text('created_by'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** The staff member who marked it paid, or 'online' when the gateway said so. */
    paidBy: text('paid_by'),
  },
  (t) => [
    index('manual_invoices_created_at_idx').on(t.createdAt),
    uniqueIndex('manual_invoices_subscription_month_idx').on(t.subscriptionId, t.billingDate),
    check('manual_invoices_totals', sql`${t.subtotalCents} >= 0 AND ${t.taxCents} >= 0 AND ${t.totalCents} = ${t.subtotalCents} + ${t.taxCents}`),
  ],
);
