// What is still due on a weighed booking (docs/design.md 5.4), paid by the customer at a card checkout
// of exactly that amount (docs/design.md 9, checkout purposes: amount_due). One checkout of the
// booking's money open at a time (booking-checkouts.ts), so the amount can never be paid twice;
// paid once, on the gateway's word, with a ledger row.
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { bookings } from '../db/schema';
import { DomainError } from '../errors';
import { GatewayError, type CheckoutSession, type PaymentGateway, type PaymentIntent } from '../gateways/payment/payment-gateway';
import { closeBookingCheckouts, settledKey, unavailable } from './booking-checkouts';
import { purposeMetadata, recordCheckout, type CheckoutSubject } from './checkout-purposes';
import { cardPaid, moveBookingMoney } from '../booking-money/booking-money';
import { recordCheckoutPayment } from './operations.service';

export type AmountDueCheckoutRequest = {
  bookingId: string;
  amountCents: number;
  confirmation: string;
  name: string;
  email: string;
  /** The page the customer comes back to; {CHECKOUT_SESSION_ID} is filled in by the gateway. */
  returnUrl: string;
};

/**
 * The checkout for the amount due, under the booking's payment claim (decision 030): the open one
 * if it is for this amount (two tabs, a second click), else a new one once every other checkout of
 * the booking's money (this purpose or the invoice's) is closed, so no two can both be paid.
 * Checkouts that completed and are not settled yet are answered as such, for the caller to apply.
 */
export async function startAmountDueCheckout(db: Db, gateway: PaymentGateway, request: AmountDueCheckoutRequest): Promise<{ url: string } | { completedSessionIds: string[] }> {
  const subject: CheckoutSubject = { purpose: 'amount_due', subjectId: request.bookingId };
  const { kept, completed, opened } = await closeBookingCheckouts(db, gateway, request.bookingId, (s, purpose) => purpose === 'amount_due' && s.amountTotal === request.amountCents && Boolean(s.url));
  if (completed.length > 0) return { completedSessionIds: completed };
  if (kept?.url) return { url: kept.url };
  let session: CheckoutSession;
  try {
    session = await gateway.createCheckout({
      purpose: 'payment',
      amountCents: request.amountCents,
      description: `Laundry order ${request.confirmation}: the rest of the final bill`,
      customerEmail: request.email,
      customerName: request.name,
      metadata: { booking_id: request.bookingId, ...purposeMetadata(subject) },
      successUrl: `${request.returnUrl}&session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: request.returnUrl,
      // the nth checkout of this booking's amount due: a retry of the same call opens the same one
      idempotencyKey: `amount-due:${request.bookingId}:${request.amountCents}:${opened.amount_due}`,
    });
  } catch (err) {
    if (err instanceof GatewayError) throw new DomainError(409, 'checkout_failed', err.message);
    return unavailable(err);
  }
  await recordCheckout(db, session.id, subject);
  if (!session.url) throw new DomainError(409, 'checkout_failed', 'No payment URL received');
  return { url: session.url };
}

/**
 * The amount due's checkout completed: the money the gateway says it received is taken off what
 * is due and added to what the booking's card paid, once per session (its ledger row's key).
 */
export async function settleAmountDue(tx: Tx, input: { bookingId: string; session: CheckoutSession; pi: PaymentIntent | null }): Promise<'confirmed' | 'already' | 'open'> {
  const { bookingId, session, pi } = input;
  if (session.status !== 'complete' || !pi || pi.status !== 'succeeded' || pi.amountReceived <= 0) return 'open';
  const received = pi.amountReceived;
  const recorded = await recordCheckoutPayment(tx, { key: settledKey('amount_due', session.id), bookingId, amountCents: received, paymentIntentId: pi.id, request: { purpose: 'amount_due', sessionId: session.id } });
  if (!recorded) return 'already';
  const now = new Date();
  await moveBookingMoney(tx, bookingId, { entry: 'checkout_payment', source: session.id, changes: cardPaid({ cents: received, dueCents: received }), at: now });
  await tx
    .update(bookings)
    .set({ paymentStatus: sql`case when ${bookings.paymentStatus} = 'pending' then 'paid'::payment_status else ${bookings.paymentStatus} end`, updatedAt: now })
    .where(eq(bookings.id, bookingId));
  return 'confirmed';
}
