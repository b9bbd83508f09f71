// What a pro brings back from a stop (decision 057): the photos of a pick-up, a delivery or a
// missed pick-up (kept behind the FileStore as the scale photo is), and the missed pick-up itself,
// from the pro's report to staff's decision and the fee's outcome.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { missedPickupReasons, missedPickupStatuses, noShowFeeOutcomes, stopPhotoKinds } from '../../../shared/stops';
import { bookings } from './bookings';
import { laundryPros } from './laundry-pros';
import { oneOf } from './one-of';

/** One photo per booking and kind: a new one replaces the one before (its file is removed). */
export const stopPhotos = pgTable(
  'stop_photos',
  {
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    fileKey: text('file_key').notNull(),
    takenAt: timestamp('taken_at', { withTimezone: true }).notNull(),
    /** The pro who took it (null once that pro's card is deleted). */
    laundryProId: uuid('laundry_pro_id').references(() => laundryPros.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ columns: [t.bookingId, t.kind] }),
    index('stop_photos_laundry_pro_idx').on(t.laundryProId),
    check('stop_photos_kind', oneOf(t.kind, stopPhotoKinds)),
  ],
);

/** A pick-up the pro found nobody or no bags for: one per booking. */
export const missedPickups = pgTable(
  'missed_pickups',
  {
    bookingId: uuid('booking_id')
      .primaryKey()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    status: text('status').notNull().default('reported'),
    reportedAt: timestamp('reported_at', { withTimezone: true }).notNull(),
    laundryProId: uuid('laundry_pro_id').references(() => laundryPros.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** The fee asked of the card when confirmed (the settings' no-show fee then), in cents; what the
     *  card paid and what went back are the booking's money (its ledger, decision 036). */
    feeCents: integer('fee_cents'),
    feeOutcome: text('fee_outcome'),
  },
  (t) => [
    index('missed_pickups_laundry_pro_idx').on(t.laundryProId),
    index('missed_pickups_reported_idx').on(t.reportedAt).where(sql`${t.status} = 'reported'`),
    check('missed_pickups_reason', oneOf(t.reason, missedPickupReasons)),
    check('missed_pickups_status', oneOf(t.status, missedPickupStatuses)),
    check('missed_pickups_fee_outcome', sql`${t.feeOutcome} is null or ${oneOf(t.feeOutcome, noShowFeeOutcomes)}`),
    check('missed_pickups_fee_cents', sql`${t.feeCents} is null or ${t.feeCents} >= 0`),
  ],
);
