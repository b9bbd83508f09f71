// The approved final invoice paid at a card checkout (DESIGN.md 5.5; 9 checkout purposes:
// invoice_payment), when the saved card needs the customer or there is none: exactly the tip and
// what is still due. One checkout open at a time, so it can never be paid twice; settled once, on
// the gateway's word, with a ledger row; the tip counted in captured_amount and tip_amount alike
// (decision 015: never revenue).
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { bookings, checkouts } from '../db/schema';
import { DomainError } from '../errors';
import { GatewayError, type CheckoutSession, type PaymentGateway, type PaymentIntent } from '../gateways/payment/payment-gateway';
import { purposeMetadata, recordCheckout, type CheckoutSubject } from './checkout-purposes';
import { recordCheckoutPayment } from './operations.service';

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

const unavailable = (err: unknown): never => {
  throw new DomainError(409, 'checkout_unavailable', `The card payment service did not answer (${err instanceof Error ? err.message : 'no answer'}). Please try again in a moment.`);
};

/**
 * The checkout for the tip and the amount due: the open one when it is for the same amounts (two
 * tabs, a second click), else a new one once the last is closed, so no two can both be paid. A
 * last one that completed is answered as such, for the caller to apply.
 */
export async function startInvoiceCheckout(db: Db, gateway: PaymentGateway, r: InvoiceCheckoutRequest): Promise<{ url: string } | { completedSessionId: string }> {
  const subject: CheckoutSubject = { purpose: 'invoice_payment', subjectId: r.bookingId };
  const amountCents = r.tipCents + r.dueCents;
  const earlier = await db
    .select({ sessionId: checkouts.sessionId })
    .from(checkouts)
    .where(and(eq(checkouts.purpose, 'invoice_payment'), eq(checkouts.subjectId, r.bookingId)))
    .orderBy(desc(checkouts.createdAt));
  let last = earlier[0] ? await gateway.retrieveCheckout(earlier[0].sessionId).catch(unavailable) : null;
  if (last?.status === 'open' && last.url && last.metadata.tip_cents === String(r.tipCents) && last.amountTotal === amountCents) return { url: last.url };
  if (last?.status === 'open') {
    // another tip was chosen: the old checkout is closed first (refused if it was paid meanwhile)
    last = await gateway.expireCheckout(last.id).catch(() => gateway.retrieveCheckout(last!.id).catch(unavailable));
  }
  if (last?.status === 'complete') return { completedSessionId: last.id };
  let session: CheckoutSession;
  try {
    session = await gateway.createCheckout({
      purpose: 'payment',
      amountCents,
      description: `Laundry order ${r.confirmation}: ${r.dueCents > 0 ? 'the rest of the final bill' : 'tip'}${r.dueCents > 0 && r.tipCents > 0 ? ' and tip' : ''}`,
      customerEmail: r.email,
      customerName: r.name,
      metadata: { booking_id: r.bookingId, ...purposeMetadata(subject), tip_cents: String(r.tipCents), due_cents: String(r.dueCents) },
      successUrl: `${r.returnUrl}&session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: r.returnUrl,
      idempotencyKey: `invoice:${r.bookingId}:${amountCents}:${r.tipCents}:${earlier.length}`,
    });
  } catch (err) {
    if (err instanceof GatewayError) throw new DomainError(409, 'checkout_failed', err.message);
    return unavailable(err);
  }
  await recordCheckout(db, session.id, subject);
  if (!session.url) throw new DomainError(409, 'checkout_failed', 'No payment URL received');
  return { url: session.url };
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
export async function settleInvoicePayment(tx: Tx, input: { bookingId: string; session: CheckoutSession; pi: PaymentIntent | null }): Promise<'confirmed' | 'already' | 'open' | 'expired'> {
  const { bookingId, session, pi } = input;
  if (session.status === 'expired') return 'expired';
  if (session.status !== 'complete' || !pi || pi.status !== 'succeeded' || pi.amountReceived <= 0) return 'open';
  const received = pi.amountReceived;
  const tipCents = Math.min(metadataCents(session.metadata.tip_cents), received);
  const recorded = await recordCheckoutPayment(tx, { key: `invoice:${session.id}:paid`, bookingId, amountCents: received, paymentIntentId: pi.id, request: { purpose: 'invoice_payment', sessionId: session.id, tipCents } });
  if (!recorded) return 'already';
  const now = new Date();
  await tx
    .update(bookings)
    .set({
      capturedAmount: sql`${bookings.capturedAmount} + ${received}`,
      tipAmount: sql`${bookings.tipAmount} + ${tipCents}`,
      amountDueCents: sql`greatest(${bookings.amountDueCents} - ${received - tipCents}, 0)`,
      customerApprovedAt: sql`coalesce(${bookings.customerApprovedAt}, ${now.toISOString()}::timestamptz)`,
      updatedAt: now,
    })
    .where(eq(bookings.id, bookingId));
  return 'confirmed';
}
