// One booking written in one statement: its place in the pick-up window claimed, the booking
// inserted with its final amounts, and the customer's SMS consent recorded (spec: customer-site 5,
// 7; DESIGN.md 4). One statement is atomic by itself, so a plain booking needs no transaction;
// one with a promo code or a gift card runs it inside the transaction that holds those.
import { sql, type WithSubquery } from 'drizzle-orm';
import { smsConsentText } from '../../shared/sms';
import type { DbOrTx } from '../db/client';
import { bookings } from '../db/schema';
import { DomainError } from '../errors';
import { bookingMessages } from './booking-messages';

export type NewBooking = typeof bookings.$inferInsert & { id: string; pickupDate: string; pickupTime: string };

export type WindowClaim = {
  capacityPerWindow: number;
  /** The consent the customer ticked, recorded with the booking (spec: customer-site 7). */
  smsConsent: { phone: string; ip: string | null; userAgent: string | null } | null;
};

/** Postgres' not_null_violation: the window had no place left (see below). */
const NOT_NULL_VIOLATION = '23502';
/** Postgres' unique_violation on the submission key: this submission was booked already. */
const UNIQUE_VIOLATION = '23505';
const SUBMISSION_KEY_INDEX = 'bookings_submission_key_idx';

/**
 * A booking with this submission key exists already: the whole statement was refused, so no place
 * was claimed and nothing was written. The caller answers the earlier booking instead.
 */
export class SubmissionTaken extends Error {
  constructor() {
    super('This submission was booked already.');
    this.name = 'SubmissionTaken';
  }
}

function pgCode(err: unknown): { code?: string; column?: string; constraint?: string } {
  // drizzle wraps the driver's error in `cause`
  const e = (err as { cause?: unknown })?.cause ?? err;
  return (e ?? {}) as { code?: string; column?: string; constraint?: string };
}

/**
 * Claims one place in the booking's window and inserts it, atomically: concurrent requests
 * cannot overbook a window. Throws 409 pickup_window_full when the window has no place left, and
 * SubmissionTaken when the booking's submission key is on another booking (the unique index waits
 * for a concurrent insert of the same key, so two at once make one booking).
 */
export async function insertBookingInWindow(db: DbOrTx, booking: NewBooking, claim: WindowClaim): Promise<void> {
  if (claim.capacityPerWindow < 1) throw windowFull();
  const slot = sql`insert into pickup_slots (pickup_date, pickup_time, booked)
      values (${booking.pickupDate}, ${booking.pickupTime}, 1)
      on conflict (pickup_date, pickup_time)
      do update set booked = pickup_slots.booked + 1
      where pickup_slots.booked < ${claim.capacityPerWindow}
      returning pickup_date, pickup_time`;
  const ctes: WithSubquery[] = [db.$with('slot', {}).as(slot)];
  if (claim.smsConsent) {
    const { phone, ip, userAgent } = claim.smsConsent;
    // only with a claimed place: the consent refers to the booking inserted below
    ctes.push(
      db.$with('consent', {}).as(sql`insert into sms_consents (booking_id, phone, consent_text, ip, user_agent)
        select ${booking.id}, ${phone}, ${smsConsentText}, ${ip}, ${userAgent?.slice(0, 500) ?? null} from slot`),
    );
  }
  try {
    // the booking's window is read from the claimed place: when the window is full, the claim
    // returns no row, the window is null, and the not-null column refuses the whole statement
    await db
      .with(...ctes)
      .insert(bookings)
      .values({ ...booking, pickupDate: sql`(select pickup_date from slot)`, pickupTime: sql`(select pickup_time from slot)` });
  } catch (err) {
    const { code, column, constraint } = pgCode(err);
    if (code === NOT_NULL_VIOLATION && (column === 'pickup_date' || column === 'pickup_time')) throw windowFull();
    if (code === UNIQUE_VIOLATION && constraint === SUBMISSION_KEY_INDEX) throw new SubmissionTaken();
    throw err;
  }
}

function windowFull() {
  return new DomainError(409, 'pickup_window_full', bookingMessages.windowFull, { pickupTime: bookingMessages.windowFull });
}
