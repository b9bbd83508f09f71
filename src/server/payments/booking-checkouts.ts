// A weighed booking's checkouts for what is still due and for the approved invoice (docs/design.md 5.4,
// 5.5; decision 030): at most one of them is open at a time, whichever purpose it has, so the
// amount due is collected once, by the pay link or by the invoice approval, whichever comes first.
// Called under the booking's payment claim (payment-claims.ts).
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { checkouts, paymentOperations } from '../db/schema';
import { domainError } from '../error-catalogue';
import { GatewayError, type CheckoutSession, type CreateCheckoutInput, type PaymentGateway } from '../gateways/payment/payment-gateway';
import { purposeMetadata, recordCheckout, type CheckoutSubject } from './checkout-purposes';

export type BookingCheckoutPurpose = 'amount_due' | 'invoice_payment';

/** The ledger key a completed checkout of this purpose is settled under (bookings/amount-due-checkout.ts, bookings/invoice-checkout.ts). */
export function settledKey(purpose: BookingCheckoutPurpose, sessionId: string): string {
  return purpose === 'amount_due' ? `amount-due:${sessionId}:paid` : `invoice:${sessionId}:paid`;
}

export function unavailable(err: unknown): never {
  throw domainError('checkout_no_answer_why', { reason: err instanceof Error ? err.message : null });
}

/**
 * Opens the booking's new checkout for `subject` (after closeBookingCheckouts found none to keep)
 * and records whose it is before its address is handed out: a refusal by the gateway is the
 * customer's 4xx with its reason, no answer a 503, and a checkout without an address never
 * reaches the customer.
 */
export async function openBookingCheckout(
  db: Db,
  gateway: PaymentGateway,
  subject: CheckoutSubject,
  input: Omit<CreateCheckoutInput, 'purpose'>,
  // what is due is taken at once; a booking's estimate (a phone order's link, decision 058) is held
  kind: 'payment' | 'booking' = 'payment',
): Promise<{ url: string }> {
  let session: CheckoutSession;
  try {
    session = await gateway.createCheckout({ ...input, purpose: kind, metadata: { ...input.metadata, ...purposeMetadata(subject) } });
  } catch (err) {
    if (err instanceof GatewayError) throw domainError('checkout_failed', { reason: err.message });
    return unavailable(err);
  }
  await recordCheckout(db, session.id, subject);
  if (!session.url) throw domainError('checkout_no_url');
  return { url: session.url };
}

/**
 * Closes every open checkout of the booking's money but the one `keep` names, and answers the
 * completed ones not yet settled (for the caller to apply before it goes on). A checkout paid while
 * it was being closed is answered as completed: the gateway decides which came first. Only
 * checkouts opened in the last two hours are asked about: ours close after 30 minutes.
 */
export async function closeBookingCheckouts(
  db: Db,
  gateway: PaymentGateway,
  bookingId: string,
  keep: (session: CheckoutSession, purpose: BookingCheckoutPurpose) => boolean = () => false,
): Promise<{ kept: CheckoutSession | null; completed: string[]; opened: Record<BookingCheckoutPurpose, number> }> {
  const purposes: BookingCheckoutPurpose[] = ['amount_due', 'invoice_payment'];
  const rows = await db
    .select({ sessionId: checkouts.sessionId, purpose: checkouts.purpose, recent: sql<boolean>`${checkouts.createdAt} > now() - interval '2 hours'` })
    .from(checkouts)
    .where(and(eq(checkouts.subjectId, bookingId), inArray(checkouts.purpose, purposes)))
    .orderBy(desc(checkouts.createdAt));
  const opened = { amount_due: 0, invoice_payment: 0 };
  for (const r of rows) opened[r.purpose as BookingCheckoutPurpose] += 1;
  let kept: CheckoutSession | null = null;
  const completed: string[] = [];
  for (const row of rows) {
    if (!row.recent) continue;
    const purpose = row.purpose as BookingCheckoutPurpose;
    let session = await gateway.retrieveCheckout(row.sessionId).catch(unavailable);
    if (session.status === 'open') {
      if (!kept && keep(session, purpose)) {
        kept = session;
        continue;
      }
      // as Stripe: expiring a checkout that was paid a moment ago is refused; it is then complete
      session = await gateway.expireCheckout(session.id).catch(() => gateway.retrieveCheckout(row.sessionId).catch(unavailable));
    }
    if (session.status === 'complete') {
      const [settled] = await db.select({ id: paymentOperations.id }).from(paymentOperations).where(eq(paymentOperations.idempotencyKey, settledKey(purpose, session.id)));
      if (!settled) completed.push(session.id);
    }
  }
  return { kept, completed, opened };
}
