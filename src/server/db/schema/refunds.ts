// A booking's refunds (decision 031) and its corrections of a weighing before approval (decision 034).
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bookings } from './bookings';
import { giftCards } from './gift-cards';

export const bookingRefundDestination = pgEnum('booking_refund_destination', ['card', 'gift_card']);
export const bookingRefundStatus = pgEnum('booking_refund_status', ['pending', 'succeeded', 'failed']);

/**
 * Decision 031: a refund staff made of a booking, under the key the browser made for it (a retry
 * or a double click finds it and moves nothing more). `plan`: each payment and the part of the
 * refund it gives back, fixed before the first gateway call so that a retry repeats the same calls.
 */
export const bookingRefunds = pgTable(
  'booking_refunds',
  {
    id: uuid('id').primaryKey(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    destination: bookingRefundDestination('destination').notNull(),
    status: bookingRefundStatus('status').notNull().default('pending'),
    /** What staff asked to give back, and what was given back. */
    amountCents: integer('amount_cents').notNull(),
    refundedCents: integer('refunded_cents').notNull().default(0),
    reason: text('reason').notNull(),
    plan: jsonb('plan').notNull().default([]),
    giftCardId: uuid('gift_card_id').references(() => giftCards.id),
    actorId: text('actor_id'),
    actorEmail: text('actor_email'),
  },
  (t) => [
    index('booking_refunds_booking_idx').on(t.bookingId, t.createdAt),
    // decision 049: only a refund to a gift card names one
    index('booking_refunds_gift_card_idx').on(t.giftCardId).where(sql`${t.giftCardId} is not null`),
    check('booking_refunds_amounts', sql`${t.amountCents} > 0 AND ${t.refundedCents} >= 0 AND ${t.refundedCents} <= ${t.amountCents}`),
  ],
);

/**
 * Decision 034: a correction of a weighing before the customer approved the bill, under the key the
 * browser made for it (a retry or a double click finds it and moves nothing more). The money it
 * moves is fixed before the first gateway call: `refundPlan` (each payment and its part, as
 * decision 031's refunds) or `chargeCents` (off-session to the saved card); a retry repeats the
 * same calls under the same operation keys.
 */
export const bookingReweighs = pgTable(
  'booking_reweighs',
  {
    id: uuid('id').primaryKey(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    status: bookingRefundStatus('status').notNull().default('pending'),
    reason: text('reason').notNull(),
    fromWeightTenths: integer('from_weight_tenths').notNull(),
    toWeightTenths: integer('to_weight_tenths').notNull(),
    fromTotalCents: integer('from_total_cents').notNull(),
    toTotalCents: integer('to_total_cents').notNull(),
    /** What goes back to the card (the plan's sum) and what is charged to it; at most one is above 0. */
    refundCents: integer('refund_cents').notNull().default(0),
    refundPlan: jsonb('refund_plan').notNull().default([]),
    chargeCents: integer('charge_cents').notNull().default(0),
    /** What the gateway did: refunded, charged; what went back to the gift card; what is due after. */
    refundedCents: integer('refunded_cents').notNull().default(0),
    chargedCents: integer('charged_cents').notNull().default(0),
    giftCardReturnedCents: integer('gift_card_returned_cents').notNull().default(0),
    amountDueCents: integer('amount_due_cents').notNull().default(0),
    actorId: text('actor_id'),
    actorEmail: text('actor_email'),
  },
  (t) => [
    index('booking_reweighs_booking_idx').on(t.bookingId, t.createdAt),
    check(
      'booking_reweighs_amounts',
      sql`${t.refundCents} >= 0 AND ${t.chargeCents} >= 0 AND ${t.refundedCents} >= 0 AND ${t.refundedCents} <= ${t.refundCents} AND ${t.chargedCents} >= 0 AND ${t.chargedCents} <= ${t.chargeCents} AND ${t.giftCardReturnedCents} >= 0 AND ${t.amountDueCents} >= 0`,
    ),
  ],
);
