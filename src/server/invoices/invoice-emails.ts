// An invoice row as its email shows it (spec: back-office 7 send-manual-invoice,
// send-subscription-invoice): amounts formatted, dates as people read them.
import { formatLongDate } from '../../shared/dates';
import { formatCents } from '../../shared/money';
import type { InvoiceEmailData } from '../../../emails/email-data';
import type { manualInvoices } from '../db/schema';
import { formatPhone } from '../../shared/phone';

type Line = { description: string; quantity: number; unitPriceCents: number; totalCents: number };

export function invoiceEmailData(row: typeof manualInvoices.$inferSelect, nextBillingDate: string | null, payUrl: string | null): InvoiceEmailData {
  return {
    kind: row.kind,
    invoiceNumber: row.invoiceNumber,
    clientName: row.clientName,
    clientEmail: row.clientEmail,
    clientPhone: formatPhone(row.clientPhone),
    clientAddress: row.clientAddress,
    lines: (row.lines as Line[]).map((l) => ({ description: l.description, quantity: l.quantity, unitPrice: formatCents(l.unitPriceCents), total: formatCents(l.totalCents) })),
    subtotal: formatCents(row.subtotalCents),
    tax: row.taxCents > 0 ? formatCents(row.taxCents) : null,
    total: formatCents(row.totalCents),
    dueDate: formatLongDate(row.dueDate),
    notes: row.notes,
    nextBillingDate: nextBillingDate ? formatLongDate(nextBillingDate) : null,
    payUrl,
  };
}
