// The staff tools' emails (spec: back-office 2 "Staff tools", 7 send-terms-email,
// send-manual-invoice, send-subscription-invoice): the terms (the same the site shows), and an
// invoice with its lines, totals and due date, readable in the email and attached as a PDF.
// Amounts come formatted by the server (the shared pricing functions computed them).
import { business } from '../src/shared/business';
import { termsSections } from '../src/shared/terms';
import type { InvoiceEmailData, RenderedEmail } from './email-data';
import { invoicePdfBase64 } from './invoice-pdf';

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The terms of service to a client (spec: back-office 7 send-terms-email). */
export async function renderTermsEmail(d: { clientName: string; termsUrl: string }): Promise<RenderedEmail> {
  const hello = d.clientName ? `Hi ${d.clientName},` : 'Hello,';
  const text = [
    hello,
    '',
    `Here are the terms of service of ${business.name}. They are also at ${d.termsUrl}.`,
    '',
    ...termsSections.flatMap((s) => [s.title.toUpperCase(), ...s.paragraphs, '']),
    `Questions? Call us at ${business.phone} or reply to this email.`,
  ].join('\n');
  const html = [
    `<p>${escapeHtml(hello)}</p>`,
    `<p>Here are the terms of service of ${escapeHtml(business.name)}. They are also at <a href="${escapeHtml(d.termsUrl)}">${escapeHtml(d.termsUrl)}</a>.</p>`,
    ...termsSections.map((s) => `<h2 style="font-size:16px;margin:20px 0 6px">${escapeHtml(s.title)}</h2>${s.paragraphs.map((p) => `<p style="margin:0 0 8px">${escapeHtml(p)}</p>`).join('')}`),
    `<p>Questions? Call us at ${escapeHtml(business.phone)} or reply to this email.</p>`,
  ].join('');
  return { subject: `${business.name} terms of service`, html, text };
}


/** An invoice to its client (spec: back-office 7 send-manual-invoice, send-subscription-invoice), with the PDF. */
export async function renderInvoiceEmail(d: InvoiceEmailData): Promise<RenderedEmail> {
  const rows = d.lines.map((l) => `${l.description} — ${l.quantity} x ${l.unitPrice} = ${l.total}`);
  const totals = [`Subtotal: ${d.subtotal}`, ...(d.tax ? [`Tax: ${d.tax}`] : []), `Total: ${d.total}`];
  const text = [
    `Hi ${d.clientName},`,
    '',
    `Here is your ${d.kind === 'subscription' ? 'subscription invoice' : 'invoice'} ${d.invoiceNumber} from ${business.name}, due ${d.dueDate}.`,
    '',
    ...rows,
    '',
    ...totals,
    ...(d.nextBillingDate ? ['', `Your next monthly invoice is sent on ${d.nextBillingDate}.`] : []),
    ...(d.notes ? ['', `Notes: ${d.notes}`] : []),
    ...(d.payUrl ? ['', `Pay it online by card: ${d.payUrl}`] : []),
    '',
    'The invoice is attached as a PDF.',
    `Questions? Call us at ${business.phone} or reply to this email.`,
  ].join('\n');
  const cell = 'padding:6px 8px;border-bottom:1px solid #e2e8f0;';
  const html = [
    `<p>Hi ${escapeHtml(d.clientName)},</p>`,
    `<p>Here is your ${d.kind === 'subscription' ? 'subscription invoice' : 'invoice'} <strong>${escapeHtml(d.invoiceNumber)}</strong> from ${escapeHtml(business.name)}, due <strong>${escapeHtml(d.dueDate)}</strong>.</p>`,
    `<table style="border-collapse:collapse;width:100%;max-width:560px;font-size:14px"><thead><tr><th style="${cell}text-align:left">Description</th><th style="${cell}text-align:right">Qty</th><th style="${cell}text-align:right">Unit price</th><th style="${cell}text-align:right">Amount</th></tr></thead><tbody>`,
    ...d.lines.map(
      (l) =>
        `<tr><td style="${cell}">${escapeHtml(l.description)}</td><td style="${cell}text-align:right">${l.quantity}</td><td style="${cell}text-align:right">${escapeHtml(l.unitPrice)}</td><td style="${cell}text-align:right">${escapeHtml(l.total)}</td></tr>`,
    ),
    `</tbody><tfoot>`,
    `<tr><td colspan="3" style="${cell}text-align:right">Subtotal</td><td style="${cell}text-align:right">${escapeHtml(d.subtotal)}</td></tr>`,
    ...(d.tax ? [`<tr><td colspan="3" style="${cell}text-align:right">Tax</td><td style="${cell}text-align:right">${escapeHtml(d.tax)}</td></tr>`] : []),
    `<tr><td colspan="3" style="${cell}text-align:right;font-weight:bold">Total</td><td style="${cell}text-align:right;font-weight:bold">${escapeHtml(d.total)}</td></tr>`,
    `</tfoot></table>`,
    ...(d.nextBillingDate ? [`<p>Your next monthly invoice is sent on ${escapeHtml(d.nextBillingDate)}.</p>`] : []),
    ...(d.notes ? [`<p><strong>Notes:</strong> ${escapeHtml(d.notes)}</p>`] : []),
    ...(d.payUrl ? [`<p><a href="${escapeHtml(d.payUrl)}" style="display:inline-block;background:#0e7490;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none;font-weight:bold">Pay ${escapeHtml(d.total)} online</a></p>`] : []),
    `<p>The invoice is attached as a PDF. Questions? Call us at ${escapeHtml(business.phone)} or reply to this email.</p>`,
  ].join('');
  return {
    subject: `Invoice ${d.invoiceNumber} from ${business.name}: ${d.total} due ${d.dueDate}`,
    html,
    text,
    attachments: [{ filename: `${d.invoiceNumber}.pdf`, contentType: 'application/pdf', content: await invoicePdfBase64(d), encoding: 'base64' }],
  };
}

/** To the client: their invoice was paid through its link (docs/design.md 9 invoices). */
export async function renderInvoiceReceipt(d: { clientName: string; invoiceNumber: string; amount: string }): Promise<RenderedEmail> {
  const text = `Hi ${d.clientName},\n\nWe received your payment of ${d.amount} for invoice ${d.invoiceNumber}. Thank you!\n\nQuestions? Call us at ${business.phone} or reply to this email.`;
  const html = `<p>Hi ${escapeHtml(d.clientName)},</p><p>We received your payment of <strong>${escapeHtml(d.amount)}</strong> for invoice ${escapeHtml(d.invoiceNumber)}. Thank you!</p><p>Questions? Call us at ${escapeHtml(business.phone)} or reply to this email.</p>`;
  return { subject: `Payment received for invoice ${d.invoiceNumber}`, html, text };
}
