// A place in a pick-up window (spec: back-office 3, capacity per window), claimed and given back
// atomically, as the booking write claims one: two claims of the last place cannot both succeed.
import { and, eq, sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../db/client';
import { pickupSlots } from '../db/schema';

/** Takes a place in the window if one is left; answers whether it did. */
export async function claimPlace(tx: DbOrTx, date: string, time: string, capacityPerWindow: number): Promise<boolean> {
  const claimed = await tx.execute(sql`insert into pickup_slots (pickup_date, pickup_time, booked) values (${date}, ${time}, 1)
    on conflict (pickup_date, pickup_time) do update set booked = pickup_slots.booked + 1
    where pickup_slots.booked < ${capacityPerWindow} returning pickup_date`);
  return rowsOf(claimed).length > 0;
}

/** Gives a place back (never below none). */
export async function freePlace(tx: DbOrTx, date: string, time: string): Promise<void> {
  await tx
    .update(pickupSlots)
    .set({ booked: sql`greatest(${pickupSlots.booked} - 1, 0)` })
    .where(and(eq(pickupSlots.pickupDate, date), eq(pickupSlots.pickupTime, time)));
}
