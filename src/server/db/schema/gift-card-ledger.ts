// A gift card's ledger, above bookings: each movement names the booking that caused it.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgEnum, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bookings } from './bookings';
import { giftCards } from './gift-cards';

/**
 * credit: a booking's refund put on the card (decision 031); payment: the card paid what was still
 * due after the weighing, final at once (decision 064).
 */
export const giftCardEntryKind = pgEnum('gift_card_entry_kind', ['hold', 'capture', 'release', 'credit', 'payment']);

/** Every movement of a gift card's balance, tied to the booking that caused it. */
export const giftCardLedger = pgTable(
  'gift_card_ledger',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    giftCardId: uuid('gift_card_id')
      .notNull()
      .references(() => giftCards.id),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    kind: giftCardEntryKind('kind').notNull(),
    amountCents: integer('amount_cents').notNull(),
  },
  (t) => [
    index('gift_card_ledger_card_idx').on(t.giftCardId),
    index('gift_card_ledger_booking_idx').on(t.bookingId),
    check('gift_card_ledger_amount_positive', sql`${t.amountCents} > 0`),
  ],
);
