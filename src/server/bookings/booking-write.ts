// One booking written in one statement: its place in the pick-up window claimed, the booking
// inserted with its final amounts, and the customer's SMS consent recorded (spec: customer-site 5,
// 7; docs/design.md 4). One statement is atomic by itself, so a plain booking needs no transaction;
// one with a promo code or a gift card runs it inside the transaction that holds those.
import { sql, type WithSubquery } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/client';
import { preparedStatement, type Prepared } from '../db/prepared';
import type { Hit } from '../rate-limit';
import { bookings } from '../db/schema';
import { domainError } from '../error-catalogue';
import { DomainError } from '../errors';
import { placeNotTaken } from '../booking-records/places';

export type NewBooking = typeof bookings.$inferInsert & { id: string; pickupDate: string; pickupTime: string };

export type WindowClaim = {
  capacityPerWindow: number;
  /** The consent the customer ticked, recorded with the booking (spec: customer-site 7). */
  smsConsent: { phone: string; ip: string | null; userAgent: string | null; text: string } | null;
  /**
   * The anonymous-write limits counted in the same statement (docs/design.md 9), a plain booking's: its
   * place is claimed only while every key is within its limit. Left out, the caller counted them.
   */
  hits?: readonly Hit[];
};

/**
 * The statement claimed no place: the window is full, or (when it counted hits) a limit is
 * reached; nothing was written, its hits included. The caller counts them again to tell which.
 */
export class NotAdmitted extends Error {
  constructor() {
    super('The booking was not admitted.');
    this.name = 'NotAdmitted';
  }
}

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
  const hits = claim.hits ?? [];
  if (claim.capacityPerWindow < 1) throw hits.length ? new NotAdmitted() : windowFull();
  // the columns this booking sets (the others take their defaults), as the statement's parameters
  const columns = Object.keys(booking).filter((k) => booking[k as keyof NewBooking] !== undefined && k !== 'pickupDate' && k !== 'pickupTime');
  const consent = claim.smsConsent;
  const values: Record<string, unknown> = {
    ...booking,
    slotDate: booking.pickupDate,
    slotTime: booking.pickupTime,
    capacity: claim.capacityPerWindow,
    ...(consent ? { consentPhone: consent.phone, consentText: consent.text, consentIp: consent.ip, consentUserAgent: consent.userAgent?.slice(0, 500) ?? null } : {}),
    ...Object.fromEntries(hits.flatMap((hit, i) => [[`hitKey${i}`, hit.key], [`hitWindow${i}`, hit.windowStart.toISOString()], [`hitMax${i}`, hit.max]])),
  };
  try {
    await bookingInsert(db, columns, consent !== null, hits.length).execute(values);
  } catch (err) {
    const { code, column, constraint } = pgCode(err);
    if (code === NOT_NULL_VIOLATION && (column === 'pickup_date' || column === 'pickup_time')) throw hits.length ? new NotAdmitted() : windowFull();
    if (code === UNIQUE_VIOLATION && constraint === SUBMISSION_KEY_INDEX) throw new SubmissionTaken();
    throw err;
  }
}

/**
 * The booking's statement for its shape (which columns, with or without the consent, how many
 * hits it counts), prepared once (db/prepared.ts).
 */
function bookingInsert(db: DbOrTx, columns: string[], withConsent: boolean, hitCount: number): Prepared {
  return preparedStatement(db, `booking-insert:${withConsent ? 'consent' : 'plain'}:${hitCount}:${columns.join(',')}`, (name) => {
    const p = (placeholder: string) => sql.placeholder(placeholder);
    const ctes: WithSubquery[] = [];
    let admitted = sql``;
    if (hitCount > 0) {
      const indexes = Array.from({ length: hitCount }, (_, i) => i);
      // each key's hit counted, as rate-limit.ts counts it; the place is claimed only if none is over its limit
      ctes.push(
        db.$with('hits', {}).as(sql`insert into rate_limit_hits (key, window_start, hits)
          values ${sql.join(indexes.map((i) => sql`(${p(`hitKey${i}`)}::text, ${p(`hitWindow${i}`)}::timestamptz, 1)`), sql`, `)}
          on conflict (key, window_start) do update set hits = rate_limit_hits.hits + 1
          returning key, hits`),
      );
      admitted = sql` where not exists (select 1 from hits join (values ${sql.join(
        indexes.map((i) => sql`(${p(`hitKey${i}`)}::text, ${p(`hitMax${i}`)}::bigint)`),
        sql`, `,
      )}) as limits (key, max) using (key) where hits.hits > limits.max)`;
    }
    // the booking's window is read from the claimed place: when the window is full (or a limit is
    // reached), the claim returns no row, the window is null, and the not-null column refuses the
    // whole statement
    ctes.push(
      db.$with('slot', {}).as(sql`insert into pickup_slots (pickup_date, pickup_time, booked)
        select ${p('slotDate')}::date, ${p('slotTime')}::text, 1${admitted}
        on conflict (pickup_date, pickup_time)
        do update set booked = pickup_slots.booked + 1
        where pickup_slots.booked < ${p('capacity')}
        returning pickup_date, pickup_time`),
    );
    if (withConsent) {
      // only with a claimed place: the consent refers to the booking inserted below
      ctes.push(
        db.$with('consent', {}).as(sql`insert into sms_consents (booking_id, phone, consent_text, ip, user_agent)
          select ${p('id')}::uuid, ${p('consentPhone')}, ${p('consentText')}, ${p('consentIp')}, ${p('consentUserAgent')} from slot`),
      );
    }
    const row = Object.fromEntries(columns.map((c) => [c, p(c)])) as unknown as NewBooking;
    return db
      .with(...ctes)
      .insert(bookings)
      .values({ ...row, pickupDate: sql`(select pickup_date from slot)`, pickupTime: sql`(select pickup_time from slot)` })
      .prepare(name);
  });
}

/** The claim's capacity when the window's count may pass its places: any. */
const pastThePlaces = 2_147_483_647;

/**
 * Decision 042: the window's count is full, but a booking may still go in while some of its places
 * are only held by unpaid checkouts: the first to pay takes the place. Under the window's lock (so
 * each such booking sees the others), one more in its count past its places, or 409
 * pickup_window_full when bookings that will happen fill it. The caller counted its limits.
 */
export async function insertBookingPastHolds(tx: Tx, booking: NewBooking, claim: WindowClaim): Promise<void> {
  if (!(await placeNotTaken(tx, { date: booking.pickupDate, time: booking.pickupTime }, claim.capacityPerWindow))) throw windowFull();
  await insertBookingInWindow(tx, booking, { ...claim, capacityPerWindow: pastThePlaces, hits: [] });
}

/**
 * The booking's place in a transaction that holds other rows (a promo code, a gift card): the
 * window's count first, in a savepoint, so that a full count leaves the transaction usable for
 * the places only held (insertBookingPastHolds).
 */
export async function insertBookingInTransaction(tx: Tx, booking: NewBooking, claim: WindowClaim): Promise<void> {
  try {
    await tx.transaction((savepoint) => insertBookingInWindow(savepoint, booking, claim));
  } catch (err) {
    if (!isWindowFull(err)) throw err;
    await insertBookingPastHolds(tx, booking, claim);
  }
}

export function isWindowFull(err: unknown): boolean {
  return err instanceof DomainError && err.code === 'pickup_window_full';
}

export function windowFull() {
  return domainError('pickup_window_full');
}
