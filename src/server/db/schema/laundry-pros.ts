// Laundry pros (spec: back-office 3, 4, 5; decision 018): their cards, a new sign-in email waiting
// for its confirmation, and one pro per booking.
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bookings } from './bookings';
import { user } from './staff';

// spec: back-office 3 (laundry pro, laundry assignment), 4, 9; docs/design.md 5.7. Rates in cents; the
// payment account's state comes from the gateway's word (account.updated and the status check).
export const proStatus = pgEnum('pro_status', ['active', 'inactive']);
export const laundryPros = pgTable(
  'laundry_pros',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    name: text('name').notNull(),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    perPoundRateCents: integer('per_pound_rate_cents').notNull().default(75),
    hourlyRateCents: integer('hourly_rate_cents').notNull().default(0),
    status: proStatus('status').notNull().default('active'),
    notes: text('notes').notNull().default(''),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    stripeAccountId: text('stripe_account_id').unique(),
    accountEnabled: boolean('account_enabled').notNull().default(false),
    /** The pro's own sign-in to the pro portal (role `pro`), once invited (decision 018). */
    userId: text('user_id')
      .unique()
      .references(() => user.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('laundry_pros_created_at_idx').on(t.createdAt),
    check('laundry_pros_rates_non_negative', sql`${t.perPoundRateCents} >= 0 AND ${t.hourlyRateCents} >= 0`),
  ],
);

/**
 * A new email for a pro's portal sign-in, written on their card by staff and waiting for the pro to
 * confirm it from that address (decision 041): until then the sign-in keeps its confirmed email.
 * One at a time per pro; the link's token is kept only as its SHA-256.
 */
export const proEmailChanges = pgTable(
  'pro_email_changes',
  {
    proId: uuid('pro_id')
      .primaryKey()
      .references(() => laundryPros.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // decision 049: a deleted sign-in finds its waiting change
  (t) => [index('pro_email_changes_user_idx').on(t.userId)],
);

export const assignmentStatus = pgEnum('assignment_status', ['assigned', 'completed']);
/** One pro per booking: assigned, then completed with its per-pound payout when the weighing is processed (spec: back-office 4). */
export const laundryAssignments = pgTable(
  'laundry_assignments',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    bookingId: uuid('booking_id')
      .notNull()
      .unique()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    laundryProId: uuid('laundry_pro_id')
      .notNull()
      .references(() => laundryPros.id),
    status: assignmentStatus('status').notNull().default('assigned'),
    /** Set when the weighing completes it: the actual weight x the pro's rate then (spec: back-office 9). The tip is the booking's, as the customer paid it. */
    perPoundPayoutCents: integer('per_pound_payout_cents'),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [index('laundry_assignments_pro_idx').on(t.laundryProId, t.assignedAt), index('laundry_assignments_assigned_at_idx').on(t.assignedAt)],
);
