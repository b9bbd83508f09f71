// A booking staff took on the phone for a customer (decision 058): who placed it and when, and
// how its pay link last went out. The booking itself is an ordinary pending booking until the
// customer pays from the link; this row is what keeps it when a checkout of the link lapses.
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { payLinkChannels } from '../../../shared/phone-orders';
import { bookings } from './bookings';
import { oneOf } from './one-of';
import { user } from './staff';

export const phoneOrders = pgTable(
  'phone_orders',
  {
    bookingId: uuid('booking_id')
      .primaryKey()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    /** The staff member who took the call (null once their account is deleted). */
    placedBy: text('placed_by').references(() => user.id, { onDelete: 'set null' }),
    placedAt: timestamp('placed_at', { withTimezone: true }).notNull(),
    /** How the pay link last went: email, text, or both. */
    linkChannel: text('link_channel').notNull(),
    linkSentAt: timestamp('link_sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('phone_orders_placed_by_idx').on(t.placedBy), check('phone_orders_link_channel', oneOf(t.linkChannel, payLinkChannels)), check('phone_orders_sent_after_placed', sql`${t.linkSentAt} >= ${t.placedAt}`)],
);
