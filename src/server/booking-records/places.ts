// A place in a pick-up window (spec: back-office 3, capacity per window), claimed and given back
// atomically, as the booking write claims one: two claims of the last place cannot both succeed.
//
// Decision 042: a window's count (`pickup_slots.booked`) is every open booking in it, the unpaid
// checkouts too, but an unpaid checkout only holds its place. What keeps a booking out is a window
// whose places are all taken by bookings that will happen: paid at the checkout, free, confirmed
// by staff, or a regular pick-up's occurrence waiting for its hold. When the count is full but
// some of it is only held, a booking still goes in (the count passes the places), and the first to
// pay takes the place.
import { and, count, eq, ne, or, sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx, type Tx } from '../db/client';
import { bookings, pickupSlots } from '../db/schema';

export type Window = { date: string; time: string };

/** A booking that takes its window's place for good: open, and not a checkout nobody has paid yet. */
export const takesPlace = and(ne(bookings.bookingStatus, 'cancelled'), or(ne(bookings.bookingStatus, 'pending'), sql`${bookings.seriesId} is not null`));

/**
 * Whether the window has a place no booking has taken for good (decision 042: places only held by
 * unpaid checkouts count as free here). Locks the window's row until the transaction ends, so two
 * such checks of one window go one at a time and the second sees what the first wrote. `except`:
 * the booking asking, not counted.
 */
export async function placeNotTaken(tx: Tx, window: Window, capacityPerWindow: number, except?: string): Promise<boolean> {
  // the row locked (made if there is none): a statement after it reads every booking committed before
  await tx.execute(sql`insert into pickup_slots (pickup_date, pickup_time, booked) values (${window.date}, ${window.time}, 0)
    on conflict (pickup_date, pickup_time) do update set booked = pickup_slots.booked`);
  const [taken] = await tx
    .select({ n: count() })
    .from(bookings)
    .where(and(eq(bookings.pickupDate, window.date), eq(bookings.pickupTime, window.time), takesPlace, except ? ne(bookings.id, except) : undefined));
  return Number(taken?.n ?? 0) < capacityPerWindow;
}

/**
 * Takes a place in the window if one is left, or one only held by an unpaid checkout (decision
 * 042: the caller's booking will happen, so it goes first); answers whether it did.
 */
export async function claimPlace(tx: Tx, date: string, time: string, capacityPerWindow: number): Promise<boolean> {
  const claimed = await tx.execute(sql`insert into pickup_slots (pickup_date, pickup_time, booked) values (${date}, ${time}, 1)
    on conflict (pickup_date, pickup_time) do update set booked = pickup_slots.booked + 1
    where pickup_slots.booked < ${capacityPerWindow} returning pickup_date`);
  if (rowsOf(claimed).length > 0) return true;
  if (!(await placeNotTaken(tx, { date, time }, capacityPerWindow))) return false;
  await tx
    .update(pickupSlots)
    .set({ booked: sql`${pickupSlots.booked} + 1` })
    .where(and(eq(pickupSlots.pickupDate, date), eq(pickupSlots.pickupTime, time)));
  return true;
}

/** Gives a place back (never below none). */
export async function freePlace(tx: DbOrTx, date: string, time: string): Promise<void> {
  await tx
    .update(pickupSlots)
    .set({ booked: sql`greatest(${pickupSlots.booked} - 1, 0)` })
    .where(and(eq(pickupSlots.pickupDate, date), eq(pickupSlots.pickupTime, time)));
}
