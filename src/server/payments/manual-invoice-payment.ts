// A manual or subscription invoice paid through its link (DESIGN.md 9 invoices, checkout purpose
// manual_invoice): a card checkout that charges the invoice's total at once. One checkout open at a
// time per invoice (a second click or tab gets the same one); the gateway's word alone marks the
// invoice paid ('online'), once, with a ledger row, and the client gets a receipt.
import { and, count, desc, eq } from 'drizzle-orm';
import { formatCents } from '../../shared/money';
import type { Db, Tx } from '../db/client';
import { checkouts, manualInvoices } from '../db/schema';
import { DomainError } from '../errors';
import type { CheckoutSession, PaymentGateway, PaymentIntent } from '../gateways/payment/payment-gateway';
import { queueEmail } from '../notifications/send-email';
import { purposeMetadata, recordCheckout, type CheckoutSubject } from './checkout-purposes';
import { recordCheckoutPayment } from './operations.service';

const unavailable = (err: unknown): never => {
  throw new DomainError(409, 'checkout_unavailable', `The card payment service did not answer (${err instanceof Error ? err.message : 'no answer'}). Please try again in a moment.`);
};

/** The invoice's open checkout, or a new one for its total. */
export async function startManualInvoiceCheckout(
  db: Db,
  gateway: PaymentGateway,
  r: { invoiceId: string; invoiceNumber: string; amountCents: number; email: string; successUrl: string; cancelUrl: string },
): Promise<{ url: string }> {
  const subject: CheckoutSubject = { purpose: 'manual_invoice', subjectId: r.invoiceId };
  const [last] = await db
    .select({ sessionId: checkouts.sessionId })
    .from(checkouts)
    .where(and(eq(checkouts.purpose, 'manual_invoice'), eq(checkouts.subjectId, r.invoiceId)))
    .orderBy(desc(checkouts.createdAt))
    .limit(1);
  if (last) {
    const open = await gateway.retrieveCheckout(last.sessionId).catch(unavailable);
    if (open.status === 'open' && open.url) return { url: open.url };
    if (open.status === 'complete') throw new DomainError(409, 'invoice_being_paid', 'This invoice has just been paid. Reload the page to see it.');
  }
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(checkouts).where(and(eq(checkouts.purpose, 'manual_invoice'), eq(checkouts.subjectId, r.invoiceId)));
  const session = await gateway
    .createCheckout({
      purpose: 'payment',
      amountCents: r.amountCents,
      description: `Invoice ${r.invoiceNumber}`,
      customerEmail: r.email,
      metadata: purposeMetadata(subject),
      successUrl: r.successUrl,
      cancelUrl: r.cancelUrl,
      // the same attempt asked twice at once is one checkout
      idempotencyKey: `manual-invoice:${r.invoiceId}:checkout:${n}`,
    })
    .catch(unavailable);
  await recordCheckout(db, session.id, subject);
  if (!session.url) unavailable(new Error('no checkout page'));
  return { url: session.url! };
}

/**
 * The manual_invoice handler of the checkout table (webhook-events.service.ts): a complete, paid
 * session marks its invoice paid online, once (a replay finds the ledger row), and emails the receipt.
 */
export async function settleManualInvoicePayment(
  tx: Tx,
  input: { invoiceId: string; session: CheckoutSession; pi: PaymentIntent | null },
): Promise<'confirmed' | 'already' | 'open' | 'expired' | 'orphaned'> {
  const { invoiceId, session, pi } = input;
  if (session.status === 'expired') return 'expired';
  if (session.status !== 'complete' || !pi || pi.status !== 'succeeded' || pi.amountReceived <= 0) return 'open';
  const [invoice] = await tx.select().from(manualInvoices).where(eq(manualInvoices.id, invoiceId));
  if (!invoice) return 'orphaned';
  const recorded = await recordCheckoutPayment(tx, { key: `manual-invoice:${session.id}:paid`, bookingId: null, amountCents: pi.amountReceived, paymentIntentId: pi.id, request: { purpose: 'manual_invoice', sessionId: session.id, invoiceId } });
  if (!recorded) return 'already';
  const now = new Date();
  const paid = await tx
    .update(manualInvoices)
    .set({ status: 'paid', paidAt: now, paidBy: 'online' })
    .where(and(eq(manualInvoices.id, invoiceId), eq(manualInvoices.status, 'pending')))
    .returning({ id: manualInvoices.id });
  await queueEmail(
    tx,
    'invoiceReceipt',
    { clientName: invoice.clientName, invoiceNumber: invoice.invoiceNumber, amount: formatCents(pi.amountReceived) },
    { to: invoice.clientEmail, dedupeKey: `manual-invoice:${session.id}:receipt` },
  );
  // already marked paid by staff: the payment is on the ledger; the invoice keeps who marked it
  return paid.length === 1 ? 'confirmed' : 'already';
}
