// The approved final invoice paid at a card checkout (docs/design.md 5.5; 9 checkout purposes:
// invoice_payment), when the saved card needs the customer or there is none: exactly the tip and
// what is still due. One checkout of the booking's money open at a time (payments/booking-checkouts.ts),
// so it can never be paid twice; settled once, on the gateway's word, with a ledger row; the tip
// counted in captured_amount and tip_amount alike (decision 015: never revenue). Bookings owns the
// purpose and registers its settlement with payments at start-up (register.ts, decision 051).
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { bookings } from '../db/schema';
import type { CheckoutSession, PaymentGateway, PaymentIntent } from '../gateways/payment/payment-gateway';
import { closeBookingCheckouts, openBookingCheckout, settledKey } from '../payments/booking-checkouts';
import type { CheckoutSubject } from '../payments/checkout-purposes';
import type { CheckoutHandler } from '../payments/handler-registry';
import { recordCheckoutPayment } from '../payments/operations.service';
import { cardPaid, moveBookingMoney } from '../booking-money/booking-money';

export type InvoiceCheckoutRequest = {
  bookingId: string;
  tipCents: number;
  dueCents: number;
  confirmation: string;
  name: string;
  email: string;
  /** The invoice page; {CHECKOUT_SESSION_ID} is filled in by the gateway. */
  returnUrl: string;
};

/**
 * The checkout for the tip and the amount due, under the booking's payment claim (decision 030):
 * the open one when it is for the same amounts (two tabs, a second click), else a new one once
 * every other checkout of the booking's money (this purpose or the pay link's) is closed, so no
 * two can both be paid. Checkouts that completed and are not settled yet are answered as such, for
 * the caller to apply first.
 */
export async function startInvoiceCheckout(db: Db, gateway: PaymentGateway, r: InvoiceCheckoutRequest): Promise<{ url: string } | { completedSessionIds: string[] }> {
  const subject: CheckoutSubject = { purpose: 'invoice_payment', subjectId: r.bookingId };
  const amountCents = r.tipCents + r.dueCents;
  const { kept, completed, opened } = await closeBookingCheckouts(
    db,
    gateway,
    r.bookingId,
    (s, purpose) => purpose === 'invoice_payment' && s.metadata.tip_cents === String(r.tipCents) && s.amountTotal === amountCents && Boolean(s.url),
  );
  if (completed.length > 0) return { completedSessionIds: completed };
  if (kept?.url) return { url: kept.url };
  return openBookingCheckout(db, gateway, subject, {
    amountCents,
    description: `Laundry order ${r.confirmation}: ${r.dueCents > 0 ? 'the rest of the final bill' : 'tip'}${r.dueCents > 0 && r.tipCents > 0 ? ' and tip' : ''}`,
    customerEmail: r.email,
    customerName: r.name,
    metadata: { booking_id: r.bookingId, tip_cents: String(r.tipCents), due_cents: String(r.dueCents) },
    successUrl: `${r.returnUrl}&session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: r.returnUrl,
    idempotencyKey: `invoice:${r.bookingId}:${amountCents}:${r.tipCents}:${opened.invoice_payment}`,
  });
}

/** Whole cents from the session's own metadata (the gateway's word), 0 when absent. */
function metadataCents(value: string | undefined): number {
  return value && /^\d{1,9}$/.test(value) ? Number(value) : 0;
}

/**
 * The invoice's checkout completed: what the gateway received is added to what the card paid,
 * its tip part to the tip, the rest taken off what is due, and the approval recorded, once per
 * session (its ledger row's key).
 */
export const invoiceCheckouts: CheckoutHandler<'invoice_payment'> = {
  settle: (tx, { subjectId, session, pi }) => settleInvoicePayment(tx, { bookingId: subjectId, session, pi }),
};

async function settleInvoicePayment(tx: Tx, input: { bookingId: string; session: CheckoutSession; pi: PaymentIntent | null }): Promise<'confirmed' | 'already' | 'open' | 'expired'> {
  const { bookingId, session, pi } = input;
  if (session.status === 'expired') return 'expired';
  if (session.status !== 'complete' || !pi || pi.status !== 'succeeded' || pi.amountReceived <= 0) return 'open';
  const received = pi.amountReceived;
  const tipCents = Math.min(metadataCents(session.metadata.tip_cents), received);
  const recorded = await recordCheckoutPayment(tx, { key: settledKey('invoice_payment', session.id), bookingId, amountCents: received, paymentIntentId: pi.id, request: { purpose: 'invoice_payment', sessionId: session.id, tipCents } });
  if (!recorded) return 'already';
  const now = new Date();
  await moveBookingMoney(tx, bookingId, { entry: 'checkout_payment', source: session.id, changes: cardPaid({ cents: received, tipCents, dueCents: received - tipCents }), at: now });
  await tx
    .update(bookings)
    .set({ customerApprovedAt: sql`coalesce(${bookings.customerApprovedAt}, ${now.toISOString()}::timestamptz)`, updatedAt: now })
    .where(eq(bookings.id, bookingId));
  return 'confirmed';
}
