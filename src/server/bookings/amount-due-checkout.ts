// What is still due on a weighed booking (docs/design.md 5.4), paid by the customer at a card checkout
// of exactly that amount (docs/design.md 9, checkout purposes: amount_due). One checkout of the
// booking's money open at a time (payments/booking-checkouts.ts), so the amount can never be paid
// twice; paid once, on the gateway's word, with a ledger row. Bookings owns the purpose and
// registers its settlement with payments at start-up (register.ts, decision 051).
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { bookings } from '../db/schema';
import type { CheckoutSession, PaymentGateway, PaymentIntent } from '../gateways/payment/payment-gateway';
import { closeBookingCheckouts, openBookingCheckout, settledKey } from '../payments/booking-checkouts';
import type { CheckoutSubject } from '../payments/checkout-purposes';
import type { CheckoutHandler } from '../payments/handler-registry';
import { recordCheckoutPayment } from '../payments/operations.service';
import { cardPaid, moveBookingMoney } from '../booking-money/booking-money';

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
  return openBookingCheckout(db, gateway, subject, {
    amountCents: request.amountCents,
    description: `Laundry order ${request.confirmation}: the rest of the final bill`,
    customerEmail: request.email,
    customerName: request.name,
    metadata: { booking_id: request.bookingId },
    successUrl: `${request.returnUrl}&session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: request.returnUrl,
    // the nth checkout of this booking's amount due: a retry of the same call opens the same one
    idempotencyKey: `amount-due:${request.bookingId}:${request.amountCents}:${opened.amount_due}`,
  });
}

/**
 * The amount due's checkout completed: the money the gateway says it received is taken off what
 * is due and added to what the booking's card paid, once per session (its ledger row's key).
 */
export const amountDueCheckouts: CheckoutHandler<'amount_due'> = {
  settle: (tx, { subjectId, session, pi }) => settleAmountDue(tx, { bookingId: subjectId, session, pi }),
};

async function settleAmountDue(tx: Tx, input: { bookingId: string; session: CheckoutSession; pi: PaymentIntent | null }): Promise<'confirmed' | 'already' | 'open'> {
  const { bookingId, session, pi } = input;
  if (session.status !== 'complete' || !pi || pi.status !== 'succeeded' || pi.amountReceived <= 0) return 'open';
  const received = pi.amountReceived;
  const recorded = await recordCheckoutPayment(tx, { key: settledKey('amount_due', session.id), bookingId, amountCents: received, paymentIntentId: pi.id, request: { purpose: 'amount_due', sessionId: session.id } });
  if (!recorded) return 'already';
  const now = new Date();
  await moveBookingMoney(tx, bookingId, { entry: 'checkout_payment', source: session.id, changes: cardPaid({ cents: received, dueCents: received }), at: now });
  await markDuePaid(tx, bookingId, now);
  return 'confirmed';
}

/** What was due is paid (by the card, or a gift card: decision 064): a booking still pending reads paid. */
export async function markDuePaid(tx: Tx, bookingId: string, now: Date): Promise<void> {
  await tx
    .update(bookings)
    .set({ paymentStatus: sql`case when ${bookings.paymentStatus} = 'pending' then 'paid'::payment_status else ${bookings.paymentStatus} end`, updatedAt: now })
    .where(eq(bookings.id, bookingId));
}
