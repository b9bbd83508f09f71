// A manual or subscription invoice paid through its link (docs/design.md 9 invoices, checkout purpose
// manual_invoice): a card checkout that charges the invoice's total at once. One checkout open at a
// time per invoice (a second click or tab gets the same one); the gateway's word alone marks the
// invoice paid ('online'), once, with a ledger row, and the client gets a receipt. Decision 019
// (amended): the invoice's row is locked before a checkout is recorded or a payment applied, so
// staff's Mark Paid (invoice-collection.service.ts) and the card exclude each other; a card
// payment that still reaches a paid invoice is on the ledger and refunded, once. Invoices own the
// purpose and register its handler with payments at start-up (register.ts, decision 051).
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { formatCents } from '../../shared/money';
import type { StaffInvoice } from '../../shared/schemas/invoices';
import type { Db, Tx } from '../db/client';
import { checkouts, manualInvoices, paymentOperations } from '../db/schema';
import { domainError } from '../error-catalogue';
import { GatewayError, type CheckoutSession, type PaymentGateway, type PaymentIntent } from '../gateways/payment/payment-gateway';
import { queueEmail } from '../notifications/send-email';
import { purposeMetadata, recordCheckout, type CheckoutSubject } from '../payments/checkout-purposes';
import type { CheckoutHandler } from '../payments/handler-registry';
import { queueOperation, recordCheckoutPayment, runOperation } from '../payments/operations.service';

/** The ledger key of the refund of a card payment that reached an invoice already paid. */
const refundKey = (sessionId: string) => `manual-invoice:${sessionId}:refund`;

const unavailable = (err: unknown): never => {
  throw domainError('checkout_no_answer_why', { reason: err instanceof Error ? err.message : null });
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
    if (open.status === 'complete') throw domainError('invoice_being_paid');
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
  // decision 019: recorded under the invoice's lock, so Mark Paid either sees this checkout (and
  // closes it) or has marked the invoice paid first (then this one is closed and never shown)
  const stillPending = await db.transaction(async (tx) => {
    const [invoice] = await tx.select({ status: manualInvoices.status }).from(manualInvoices).where(eq(manualInvoices.id, r.invoiceId)).for('update');
    await recordCheckout(tx, session.id, subject);
    return invoice?.status === 'pending';
  });
  if (!stillPending) {
    await gateway.expireCheckout(session.id).catch((err: unknown) => {
      if (!(err instanceof GatewayError)) throw err;
    });
    throw domainError('invoice_paid_already');
  }
  if (!session.url) unavailable(new Error('no checkout page'));
  return { url: session.url! };
}

/**
 * The manual_invoice handler: a complete, paid session marks its invoice paid online, once (a
 * replay finds the ledger row), and emails the receipt. The invoice's row is locked first
 * (decision 019): a payment reaching an invoice already paid (by hand, or by another checkout) is
 * recorded as such and its refund queued on the ledger in the same commit; after the commit
 * `refundSecondInvoicePayment` makes it (no answer from the gateway: its row stays pending and the
 * recovery job finishes it).
 */
export const manualInvoiceCheckouts: CheckoutHandler<'manual_invoice'> = {
  settle: (tx, { subjectId, session, pi }) => settleManualInvoicePayment(tx, { invoiceId: subjectId, session, pi }),
  async afterCommit(db, gateway, { session }, outcome) {
    if (outcome === 'confirmed') await refundSecondInvoicePayment(db, gateway, session.id).catch(() => undefined);
  },
};

async function settleManualInvoicePayment(
  tx: Tx,
  input: { invoiceId: string; session: CheckoutSession; pi: PaymentIntent | null },
): Promise<'confirmed' | 'already' | 'open' | 'expired' | 'orphaned'> {
  const { invoiceId, session, pi } = input;
  if (session.status === 'expired') return 'expired';
  if (session.status !== 'complete' || !pi || pi.status !== 'succeeded' || pi.amountReceived <= 0) return 'open';
  const [invoice] = await tx.select().from(manualInvoices).where(eq(manualInvoices.id, invoiceId)).for('update');
  if (!invoice) return 'orphaned';
  const second = invoice.status !== 'pending';
  const recorded = await recordCheckoutPayment(tx, {
    key: `manual-invoice:${session.id}:paid`,
    bookingId: null,
    amountCents: pi.amountReceived,
    paymentIntentId: pi.id,
    request: { purpose: 'manual_invoice', sessionId: session.id, invoiceId, ...(second ? { secondPayment: true } : {}) },
  });
  if (!recorded) return 'already';
  if (second) {
    // decision 019: the invoice keeps who marked it paid; this money goes back to the card
    await queueOperation(tx, { key: refundKey(session.id), bookingId: null, request: { kind: 'refund', paymentIntentId: pi.id, amountCents: pi.amountReceived } });
    return 'confirmed';
  }
  await tx.update(manualInvoices).set({ status: 'paid', paidAt: new Date(), paidBy: 'online' }).where(eq(manualInvoices.id, invoiceId));
  await queueEmail(
    tx,
    'invoiceReceipt',
    { clientName: invoice.clientName, invoiceNumber: invoice.invoiceNumber, amount: formatCents(pi.amountReceived) },
    { to: invoice.clientEmail, dedupeKey: `manual-invoice:${session.id}:receipt` },
  );
  return 'confirmed';
}

/**
 * Makes the refund `settleManualInvoicePayment` queued for this session, if there is one still
 * pending: a money operation with its idempotency key (operations.service.ts). A refusal is
 * recorded as failed (the list says to refund by hand); no answer leaves it pending for the
 * recovery job.
 */
export async function refundSecondInvoicePayment(db: Db, gateway: PaymentGateway, sessionId: string): Promise<void> {
  const [op] = await db.select().from(paymentOperations).where(eq(paymentOperations.idempotencyKey, refundKey(sessionId)));
  if (op?.status !== 'pending') return;
  const { paymentIntentId } = op.request as { paymentIntentId: string };
  await runOperation(db, gateway, { key: op.idempotencyKey, bookingId: null, request: { kind: 'refund', paymentIntentId, amountCents: op.amountCents } });
}

/** The card payments that reached each invoice once it was paid, with their refunds (the Invoices tab). */
export async function extraInvoicePayments(db: Db, invoiceIds: string[]): Promise<Map<string, StaffInvoice['extraPayments']>> {
  const found = new Map<string, StaffInvoice['extraPayments']>();
  if (invoiceIds.length === 0) return found;
  const rows = await db
    .select({ invoiceId: checkouts.subjectId, amountCents: paymentOperations.amountCents, status: paymentOperations.status })
    .from(checkouts)
    .innerJoin(paymentOperations, eq(paymentOperations.idempotencyKey, sql`'manual-invoice:' || ${checkouts.sessionId} || ':refund'`))
    .where(and(eq(checkouts.purpose, 'manual_invoice'), inArray(checkouts.subjectId, invoiceIds)))
    .orderBy(paymentOperations.createdAt);
  for (const r of rows) {
    const refund = r.status === 'pending' ? 'pending' : r.status === 'succeeded' ? 'refunded' : 'failed';
    found.set(r.invoiceId, [...(found.get(r.invoiceId) ?? []), { amountCents: r.amountCents, refund }]);
  }
  return found;
}
