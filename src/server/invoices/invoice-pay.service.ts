// A client pays their invoice through its link (docs/design.md 9 invoices): the link's signature is
// checked first (a wrong one and an unknown invoice answer alike), the page shows the invoice as
// sent, and Pay opens a card checkout for its total; the gateway's word marks it paid
// (manual-invoice-payment.ts), and the page, back from the checkout, reads it again.
import { eq } from 'drizzle-orm';
import type { PublicInvoice } from '../../shared/schemas/invoices';
import type { Db } from '../db/client';
import { manualInvoices } from '../db/schema';
import { domainError } from '../error-catalogue';
import type { PaymentGateway } from '../gateways/payment/payment-gateway';
import { startManualInvoiceCheckout } from './manual-invoice-payment';
import { applyCheckoutSession } from '../payments/webhook-events.service';
import type { NotificationContext } from '../notifications/notifications.service';
import { verifyInvoicePayToken } from './invoice-pay-link';
import { isUuid } from '../../shared/uuid';

async function linkedInvoice(db: Db, secret: string, id: string, token: string) {
  if (!isUuid(id) || !verifyInvoicePayToken(secret, id, token)) throw domainError('bad_invoice_link');
  const [row] = await db.select().from(manualInvoices).where(eq(manualInvoices.id, id));
  if (!row) throw domainError('bad_invoice_link');
  return row;
}

/** The invoice behind a pay link; back from its checkout (session_id), the gateway's word first. */
export async function getPayableInvoice(
  db: Db,
  gateway: PaymentGateway,
  notify: NotificationContext,
  input: { id: string; token: string; sessionId?: string | undefined },
): Promise<{ invoice: PublicInvoice }> {
  let row = await linkedInvoice(db, notify.secret, input.id, input.token);
  if (input.sessionId && row.status === 'pending') {
    // the webhook may not have arrived yet: the session is read from the gateway (its own purpose decides)
    await applyCheckoutSession(db, gateway, notify, input.sessionId).catch(() => null);
    row = await linkedInvoice(db, notify.secret, input.id, input.token);
  }
  return {
    invoice: {
      invoiceNumber: row.invoiceNumber,
      clientName: row.clientName,
      lines: row.lines as PublicInvoice['lines'],
      subtotalCents: row.subtotalCents,
      taxCents: row.taxCents,
      totalCents: row.totalCents,
      dueDate: row.dueDate,
      status: row.status,
      paidAt: row.paidAt?.toISOString() ?? null,
    },
  };
}

/** Pay: a card checkout for the invoice's total (the open one when there is one). */
export async function payInvoice(db: Db, gateway: PaymentGateway, notify: NotificationContext, input: { id: string; token: string }): Promise<{ url: string }> {
  const row = await linkedInvoice(db, notify.secret, input.id, input.token);
  if (row.status === 'paid') throw domainError('invoice_paid_already');
  const back = `${notify.publicUrl}/pay?invoice=${row.id}&token=${encodeURIComponent(input.token)}`;
  return startManualInvoiceCheckout(db, gateway, {
    invoiceId: row.id,
    invoiceNumber: row.invoiceNumber,
    amountCents: row.totalCents,
    email: row.clientEmail,
    successUrl: `${back}&session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: back,
  });
}
