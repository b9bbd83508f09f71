// The live preview beside a staff tool's form (below it on a phone): the lines, subtotal, tax and
// total exactly as the shared pricing computes them (spec: back-office 3), and the form's send
// button under the total.
import type { ReactNode } from 'react';
import { formatCents } from '../../../shared/money';
import type { ManualInvoice } from '../../../shared/pricing-invoices';
import { Card } from '../../components/ui/card';

export function InvoicePreview({ title, invoice, empty, children, footer }: { title: string; invoice: ManualInvoice; empty: string; children?: ReactNode; footer: ReactNode }) {
  const headingId = `${title.replace(/\W+/g, '-').toLowerCase()}-heading`;
  return (
    <Card className="flex flex-col gap-4 rounded-xl p-4 sm:p-6 lg:sticky lg:top-4" role="region" aria-labelledby={headingId}>
      <h2 id={headingId} className="text-lg font-bold leading-tight">
        {title}
      </h2>
      {children}
      {invoice.services.length === 0 ? (
        <p className="text-sm text-slate-600">{empty}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-200 text-sm" aria-label="Invoice lines">
          {invoice.services.map((line, i) => (
            <li key={`${i}-${line.description}`} className="flex items-start justify-between gap-3 py-2">
              <span className="min-w-0 wrap-anywhere">
                <span className="block font-medium">{line.description}</span>
                {line.quantity > 1 ? (
                  <span className="block text-slate-600">
                    {line.quantity} × {formatCents(line.unitPriceCents)}
                  </span>
                ) : null}
              </span>
              <span className="font-medium tabular-nums">{formatCents(line.totalCents)}</span>
            </li>
          ))}
        </ul>
      )}
      <dl className="flex flex-col gap-1 border-t border-slate-200 pt-3 text-sm">
        <div className="flex justify-between gap-3">
          <dt className="text-slate-600">Subtotal</dt>
          <dd className="tabular-nums">{formatCents(invoice.subtotalCents)}</dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt className="text-slate-600">Tax</dt>
          <dd className="tabular-nums">{formatCents(invoice.taxCents)}</dd>
        </div>
        <div className="flex justify-between gap-3 text-base font-bold">
          <dt>Total</dt>
          <dd className="tabular-nums">{formatCents(invoice.totalCents)}</dd>
        </div>
      </dl>
      {footer}
    </Card>
  );
}
