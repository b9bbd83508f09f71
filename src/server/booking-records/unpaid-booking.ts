// The release of a booking that was never paid: the booking flow calls it when the checkout
// cannot start, the payments capability when a checkout expires (docs/design.md 5.1). It sits below
// both so that payments never imports bookings.
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { bookings, pickupSlots } from '../db/schema';
import { releaseGiftCardHold } from '../gift-cards/gift-cards.service';

/** Cancels a booking that was never paid: frees its place and releases any gift-card hold. */
export async function cancelUnpaidBooking(db: DbOrTx, bookingId: string) {
  await db.transaction(async (tx) => {
    const [booking] = await tx
      .update(bookings)
      .set({ bookingStatus: 'cancelled', cancelledAt: new Date(), updatedAt: new Date() })
      .where(and(eq(bookings.id, bookingId), eq(bookings.bookingStatus, 'pending')))
      .returning({ pickupDate: bookings.pickupDate, pickupTime: bookings.pickupTime });
    if (!booking) return;
    await tx
      .update(pickupSlots)
      .set({ booked: sql`greatest(${pickupSlots.booked} - 1, 0)` })
      .where(and(eq(pickupSlots.pickupDate, booking.pickupDate), eq(pickupSlots.pickupTime, booking.pickupTime)));
    await releaseGiftCardHold(tx, bookingId);
  });
}
