// A booking's payments as the gateway reports them (docs/design.md 5; decision 031): the state of its
// main payment intent, forward only (events may arrive late and out of order, so a status never
// moves back), and the refunds of any of its payments, whose total is the booking's refunded
// amount with its gift-card credits. Payments records each payment's refunds and hands the
// gateway's events here (decision 051).
import { eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { bookings } from '../db/schema';
import type { PaymentIntent, PaymentIntentStatus } from '../gateways/payment/payment-gateway';
import { moveBookingMoney } from '../booking-money/booking-money';
import { bookingOfLedgerPayment, cardRefundsOf, ledgerPaymentIntents, recordChargeRefund } from '../payments/charge-refunds';
import type { PaymentEventHandler } from '../payments/handler-registry';
import type { Booking } from './staff-booking';

/**
 * Records what the gateway says a booking's payment has had refunded (`refundedCents`, its total),
 * or, when the gateway could not be read just after our own refund, that refund's amount added
 * (`addedCents`). Then the booking's refunded total follows, never down and never above what its
 * cards paid (the CHECK of decision 030).
 */
export async function applyChargeRefund(tx: DbOrTx, input: { bookingId: string; paymentIntentId: string } & ({ refundedCents: number } | { addedCents: number })) {
  const now = new Date();
  await recordChargeRefund(tx, input);
  // decision 036: the refunded total on the booking's ledger, then its status from it
  await moveBookingMoney(tx, input.bookingId, {
    entry: 'card_refunds',
    changes: { refunded: { set: sql`least(${bookings.capturedAmount}, greatest(${bookings.refundedAmount}, ${bookings.giftCardCreditedCents} + ${cardRefundsOf(input.bookingId)}))` } },
    at: now,
  });
  await tx
    .update(bookings)
    .set({
      paymentStatus: sql`case when ${bookings.capturedAmount} > 0 and ${bookings.refundedAmount} >= ${bookings.capturedAmount} and ${bookings.paymentStatus} = 'paid' then 'refunded'::payment_status else ${bookings.paymentStatus} end`,
      updatedAt: now,
    })
    .where(eq(bookings.id, input.bookingId));
}

/**
 * The booking a payment paid for: its main intent, or the booking of the ledger's operation that
 * made it (an extra charge, a checkout of the amount due or of the invoice). Null for a payment of
 * no booking (a gift card's sale, a manual invoice).
 */
export async function bookingOfPayment(tx: DbOrTx, paymentIntentId: string): Promise<{ id: string; main: boolean } | null> {
  const [main] = await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.stripePaymentIntentId, paymentIntentId)).limit(1);
  if (main) return { id: main.id, main: true };
  const bookingId = await bookingOfLedgerPayment(tx, paymentIntentId);
  return bookingId ? { id: bookingId, main: false } : null;
}

/** The payment intents that took a booking's money, newest first (the ledger's word, then the main intent). */
export async function bookingPaymentIntents(db: Db, bookingId: string): Promise<string[]> {
  const ids = await ledgerPaymentIntents(db, bookingId);
  const [booking] = await db.select({ intent: bookings.stripePaymentIntentId }).from(bookings).where(eq(bookings.id, bookingId));
  if (booking?.intent) ids.push(booking.intent);
  return [...new Set(ids)];
}

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

/**
 * A payment intent's event (registered with payments, decision 051): the booking's main intent
 * follows the gateway; a refund of another payment of a booking (an extra charge, a tip's or the
 * amount due's checkout) counts the same (decision 031); its other events change nothing.
 */
export const applyPaymentEvent: PaymentEventHandler = async (tx, { type, pi }) => {
  const [booking] = await tx.select().from(bookings).where(eq(bookings.stripePaymentIntentId, pi.id));
  if (booking) {
    await syncIntentStatus(tx, booking, pi);
    return 'synced';
  }
  if (type !== 'charge.refunded') return 'ignored';
  const paid = await bookingOfPayment(tx, pi.id);
  if (!paid) return 'ignored'; // a gift card's sale, a manual invoice, or not ours
  await applyChargeRefund(tx, { bookingId: paid.id, paymentIntentId: pi.id, refundedCents: pi.amountRefunded });
  return 'synced';
};
