// A booking as its customer sees it on the confirmation page: read by the booking flow, the
// cancellation page and the return from the card checkout alike.
import { bookingPriceList } from '../../shared/price-list';
import { eq } from 'drizzle-orm';
import { confirmationNumber } from '../../shared/booking-values';
import { orderTimeline } from '../../shared/order-progress';
import { bagRateCents, bookedAddOnLines, bookedPromo, pickExtras } from '../../shared/pricing';
import type { DbOrTx } from '../db/client';
import { bookings } from '../db/schema';
import { domainError } from '../error-catalogue';
import { stagesReached } from './progress-stages';

/** The fields the confirmation page shows; no email or phone leaves the server here. */
export async function getPublicBooking(db: DbOrTx, by: { bookingId: string }) {
  const [row] = await db.select().from(bookings).where(eq(bookings.id, by.bookingId)).limit(1);
  if (!row) throw domainError('booking_not_found');
  const promo = bookedPromo(row);
  const reached = (await stagesReached(db, [row])).get(row.id)!;
  return {
    id: row.id,
    confirmation: confirmationNumber(row.id),
    payment_status: row.paymentStatus,
    booking_status: row.bookingStatus,
    cancel_reason: row.cancelReason === 'window_full' ? ('window_full' as const) : null,
    payment_intent_status: row.paymentIntentStatus,
    authorized_amount: row.authorizedAmount,
    name: row.name,
    address: row.address,
    city: row.city,
    zip_code: row.zipCode,
    pickup_date: row.pickupDate,
    pickup_time: row.pickupTime,
    pickup_location: row.pickupLocation,
    bag_quantity: row.bagQuantity,
    bag_rate_cents: bagRateCents(promo, bookingPriceList(row)),
    subtotal_cents: row.subtotalCents,
    gift_card_discount_cents: row.giftCardDiscountCents,
    total_amount: row.totalAmount,
    promo_code: row.promoCode,
    add_on_lines: bookedAddOnLines(pickExtras(row), row.bagQuantity, promo, bookingPriceList(row)),
    timeline: orderTimeline(row, reached),
  };
}
