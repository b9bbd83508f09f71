// A booking's payment state follows the gateway's word, forward only (DESIGN.md 5): events may
// arrive late and out of order, so a status never moves back.
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { bookings } from '../db/schema';
import type { PaymentIntent, PaymentIntentStatus } from '../gateways/payment/payment-gateway';

export type Booking = typeof bookings.$inferSelect;

const intentRank: Record<PaymentIntentStatus, number> = {
  requires_payment_method: 0,
  requires_confirmation: 0,
  requires_action: 0,
  processing: 1,
  requires_capture: 2,
  succeeded: 3,
  canceled: 3,
};

/** Applies the gateway's state of a payment intent to its booking, forward only: a late event never undoes a later one. */
export async function syncIntentStatus(tx: DbOrTx, booking: Booking, pi: PaymentIntent) {
  const current = booking.paymentIntentStatus as PaymentIntentStatus | null;
  if (current && intentRank[pi.status] < intentRank[current]) return;
  const refunded = pi.amountRefunded;
  await tx
    .update(bookings)
    .set({
      paymentIntentStatus: pi.status,
      refundedAmount: Math.max(booking.refundedAmount, refunded),
      ...(refunded > 0 && refunded >= pi.amountReceived && booking.paymentStatus === 'paid' ? { paymentStatus: 'refunded' as const } : {}),
      updatedAt: new Date(),
    })
    .where(eq(bookings.id, booking.id));
}
