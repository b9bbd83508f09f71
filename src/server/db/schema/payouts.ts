// Payouts to a pro (spec: back-office 3, 9; decision 018).
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { laundryPros, laundryAssignments } from './laundry-pros';

/**
 * A payout to a pro (spec: back-office 3 "payout record", 9; docs/design.md 5.7, 9): what staff asked
 * to pay, once per request key. Its items say which assignments it covers and how much of each;
 * each item is one transfer, whose state is its payment operation's (decision 018).
 */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    laundryProId: uuid('laundry_pro_id')
      .notNull()
      .references(() => laundryPros.id),
    /** The browser's key for one click of "Pay Out": a retried or doubled request finds this row. */
    requestKey: text('request_key').notNull(),
    amountCents: integer('amount_cents').notNull(),
    createdBy: text('created_by'),
  },
  (t) => [
    unique('payouts_request_key_unique').on(t.laundryProId, t.requestKey),
    index('payouts_pro_idx').on(t.laundryProId, t.createdAt),
    check('payouts_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/** One transfer of a payout: the part of one assignment's earnings it pays, and the charge that funds it. */
export const payoutItems = pgTable(
  'payout_items',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    payoutId: uuid('payout_id')
      .notNull()
      .references(() => payouts.id),
    assignmentId: uuid('assignment_id')
      .notNull()
      .references(() => laundryAssignments.id),
    perPoundCents: integer('per_pound_cents').notNull(),
    tipCents: integer('tip_cents').notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** The payment operation (its idempotency key) that makes the transfer. */
    operationKey: text('operation_key').notNull().unique(),
    /** The booking's charge named as the transfer's source, when one covers it (docs/design.md 9). */
    sourceCharge: text('source_charge'),
  },
  (t) => [
    index('payout_items_assignment_idx').on(t.assignmentId),
    index('payout_items_payout_idx').on(t.payoutId),
    check('payout_items_parts', sql`${t.perPoundCents} >= 0 AND ${t.tipCents} >= 0 AND ${t.amountCents} = ${t.perPoundCents} + ${t.tipCents} AND ${t.amountCents} > 0`),
  ],
);
