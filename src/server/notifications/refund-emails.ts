// Decision 031: the customer hears of every refund or credit staff make of their order, once per
// refund (its id is the outbox's dedupe key), in the transaction that records it.
import { eq } from 'drizzle-orm';
import { confirmationNumber } from '../../shared/booking-values';
import type { DbOrTx } from '../db/client';
import { bookings } from '../db/schema';
import { queueEmail } from './send-email';

export async function queueBookingRefunded(
  tx: DbOrTx,
  input: { bookingId: string; refundId: string; amountCents: number; reason: string; giftCard: { code: string; balanceCents: number } | null },
) {
  const [booking] = await tx.select({ id: bookings.id, name: bookings.name, email: bookings.email }).from(bookings).where(eq(bookings.id, input.bookingId));
  if (!booking) return;
  await queueEmail(
    tx,
    'bookingRefunded',
    { confirmation: confirmationNumber(booking.id), name: booking.name, amountCents: input.amountCents, reason: input.reason, giftCard: input.giftCard },
    { to: booking.email, dedupeKey: `booking-refunded:${input.refundId}`, bookingId: booking.id },
  );
}
