// A booking's payment state follows the gateway's word, forward only (docs/design.md 5): events may
// arrive late and out of order, so a status never moves back.
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { bookings } from '../db/schema';
import { applyChargeRefund } from './charge-refunds';
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

/**
 * Applies the gateway's state of a booking's main payment intent to it, forward only: a late event
 * never undoes a later one. Its refunds count as every payment's do (decision 031).
 */
export async function syncIntentStatus(tx: DbOrTx, booking: Booking, pi: PaymentIntent) {
  if (pi.amountRefunded > 0) await applyChargeRefund(tx, { bookingId: booking.id, paymentIntentId: pi.id, refundedCents: pi.amountRefunded });
  const current = booking.paymentIntentStatus as PaymentIntentStatus | null;
  if (current && intentRank[pi.status] < intentRank[current]) return;
  await tx.update(bookings).set({ paymentIntentStatus: pi.status, updatedAt: new Date() }).where(eq(bookings.id, booking.id));
}
