// A booking's money ledger (decision 036).
import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { bookings } from './bookings';

/**
 * Decision 036: a booking's money ledger. Every change of its money columns (authorised, captured,
 * tip, refunded, credited to a gift card, paid by a gift card, due) is one row here, the difference
 * each column moved, written with the change by `booking-money/` alone. The columns on `bookings`
 * are the sums of these rows: a deferred trigger (migration 0034) refuses a commit where they
 * are not, so nothing else can write them.
 */
export const bookingMoneyLedger = pgTable(
  'booking_money_ledger',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** What moved the money (BookingMoneyEntry in booking-money/booking-money.ts). */
    entry: text('entry').notNull(),
    /** What it answers to: the payment operation's key, the checkout, the refund, the event. */
    source: text('source'),
    authorizedCents: integer('authorized_cents').notNull().default(0),
    capturedCents: integer('captured_cents').notNull().default(0),
    tipCents: integer('tip_cents').notNull().default(0),
    refundedCents: integer('refunded_cents').notNull().default(0),
    creditedCents: integer('credited_cents').notNull().default(0),
    giftCardAppliedCents: integer('gift_card_applied_cents').notNull().default(0),
    dueCents: integer('due_cents').notNull().default(0),
  },
  (t) => [
    index('booking_money_ledger_booking_idx').on(t.bookingId, t.id),
    // a change answering to a source (an operation's key, a checkout) is written once
    uniqueIndex('booking_money_ledger_source_idx').on(t.bookingId, t.entry, t.source).where(sql`${t.source} is not null`),
  ],
);
