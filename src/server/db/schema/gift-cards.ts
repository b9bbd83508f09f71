// Gift cards (spec: customer-site 3): the card and its balance. Below bookings, which point at it.
import { sql } from 'drizzle-orm';
import { check, date, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// spec: customer-site 3 (gift card record). The balance is what is left to spend: holds take from
// it at once, releases give back, so it can never go below zero (also a CHECK).
export const giftCards = pgTable(
  'gift_cards',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    code: text('code').notNull().unique(),
    amount: integer('amount').notNull(),
    balance: integer('balance').notNull(),
    purchaserEmail: text('purchaser_email'),
    recipientEmail: text('recipient_email'),
    recipientName: text('recipient_name'),
    message: text('message').notNull().default(''),
    /** Who the card is from, as the buyer signed it (the email says so, not their address alone). */
    senderName: text('sender_name'),
    /** The day the buyer chose for the recipient's email (YYYY-MM-DD, business time zone); null: at once. */
    deliverOn: date('deliver_on', { mode: 'string' }),
    stripeSessionId: text('stripe_session_id').unique(),
    /** Refunds credited to this card by staff (decision 031): spendable, but not what it was sold for. */
    creditedCents: integer('credited_cents').notNull().default(0),
  },
  (t) => [check('gift_cards_balance_non_negative', sql`${t.balance} >= 0 AND ${t.creditedCents} >= 0 AND ${t.balance} <= ${t.amount} + ${t.creditedCents}`)],
);
