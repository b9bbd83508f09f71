// A customer's rating of an order after delivery (decision 063): one per booking, from the delivery
// email's signed link. The pro is the one assigned when the rating was given, so a later change of
// assignment does not move a rating to someone who did not do the work.
import { sql } from 'drizzle-orm';
import { check, index, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bookings } from './bookings';
import { laundryPros } from './laundry-pros';

export const bookingRatings = pgTable(
  'booking_ratings',
  {
    bookingId: uuid('booking_id')
      .primaryKey()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    stars: smallint('stars').notNull(),
    /** The customer's words, emptied when they erase their data (decision 022). */
    comment: text('comment'),
    laundryProId: uuid('laundry_pro_id').references(() => laundryPros.id, { onDelete: 'set null' }),
    ratedAt: timestamp('rated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('booking_ratings_pro_idx').on(t.laundryProId), check('booking_ratings_stars', sql`${t.stars} between 1 and 5`)],
);
