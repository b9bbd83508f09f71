// spec: back-office 2, the Manual Invoices table: Invoice #, Client, Amount (with tax), Due Date
// (in the destructive style when overdue, docs/design.md 7 / spec 4), Status, Created and Actions (Mark
// Paid while pending, 'Paid {date}' once paid, and a second card payment with its refund: decision
// 019). A table where it fits, one card per invoice on a
// phone or a small tablet, the same facts and action in both (as All Bookings lays out its list).
// The created date is a secondary fact: it sits under the invoice number, so that the client's
// name and email have the room.
import { CircleCheck, LoaderCircle, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatCents } from '../../../shared/money';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Table } from '../../components/ui/table';
import { cn } from '../../lib/cn';
import { formatDate } from '../../lib/format';
import { calendarDate, extraPaymentNotes, invoiceStatusLabels, paidLabel } from './invoice-view';
import type { StaffInvoice } from './invoices-api';

export type InvoiceActions = { onMarkPaid: (invoice: StaffInvoice) => void; markingId: string | null };
type ListProps = { invoices: StaffInvoice[]; fetching: boolean; label: string } & InvoiceActions;

const columns = ['Invoice #', 'Client', 'Amount', 'Due Date', 'Status', 'Actions'];

function InvoiceNumber({ invoice }: { invoice: StaffInvoice }) {
  return (
    <span className="flex flex-wrap items-center gap-1.5">
      <span className="font-mono font-medium whitespace-nowrap text-slate-900">{invoice.invoiceNumber}</span>
      {invoice.kind === 'subscription' ? <Badge variant="secondary">Subscription</Badge> : null}
    </span>
  );
}

function Client({ invoice }: { invoice: StaffInvoice }) {
  return (
    <>
      <p className="font-medium text-slate-900 wrap-anywhere">{invoice.clientName}</p>
      <p className="text-slate-600 wrap-anywhere">{invoice.clientEmail}</p>
    </>
  );
}

/** spec: back-office 2 "Amount (with tax)": the server's total, its tax named beneath. */
function Amount({ invoice }: { invoice: StaffInvoice }) {
  return (
    <>
      <span className="block font-semibold tabular-nums">{formatCents(invoice.totalCents)}</span>
      <span className="block text-xs whitespace-nowrap text-slate-600 tabular-nums">{invoice.taxCents > 0 ? `incl. ${formatCents(invoice.taxCents)} tax` : 'No tax'}</span>
    </>
  );
}

/** Overdue as the server reckons it (business time zone): the word says it, the colour repeats it. */
function DueDate({ invoice }: { invoice: StaffInvoice }) {
  if (!invoice.overdue) return <span className="whitespace-nowrap text-slate-700">{calendarDate(invoice.dueDate)}</span>;
  return (
    <span className="flex flex-col items-start gap-0.5 font-semibold text-destructive" data-overdue="true">
      <span className="whitespace-nowrap">{calendarDate(invoice.dueDate)}</span>
      <span className="inline-flex items-center gap-1 text-xs">
        <TriangleAlert aria-hidden="true" className="size-3.5" />
        Overdue
      </span>
    </span>
  );
}

function Status({ invoice }: { invoice: StaffInvoice }) {
  return <Badge variant={invoice.status === 'paid' ? 'success' : 'warning'}>{invoiceStatusLabels[invoice.status]}</Badge>;
}

function Action({ invoice, onMarkPaid, markingId, className }: { invoice: StaffInvoice; className?: string } & InvoiceActions) {
  if (invoice.status === 'paid') {
    return (
      <span className="flex flex-col gap-0.5 text-sm">
        <span className="inline-flex items-center gap-1 font-medium whitespace-nowrap text-green-800">
          <CircleCheck aria-hidden="true" className="size-4" />
          {paidLabel(invoice)}
        </span>
        {invoice.paidBy ? <span className="text-xs text-slate-600 wrap-anywhere">{invoice.paidBy === 'online' ? 'online, by card' : `by ${invoice.paidBy}`}</span> : null}
        {extraPaymentNotes(invoice).map((note, i) => (
          <span key={i} className={cn('inline-flex items-start gap-1 text-xs font-medium', note.tone === 'done' ? 'text-slate-700' : 'text-destructive')} data-extra-payment="true">
            {note.tone === 'attention' ? <TriangleAlert aria-hidden="true" className="mt-px size-3.5 shrink-0" /> : null}
            {note.text}
          </span>
        ))}
      </span>
    );
  }
  const marking = markingId === invoice.id;
  return (
    <Button size="sm" variant="outline" className={className} disabled={marking} onClick={() => onMarkPaid(invoice)}>
      {marking ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <CircleCheck aria-hidden="true" />}
      {marking ? 'Marking...' : 'Mark Paid'}
      <span className="sr-only"> {invoice.invoiceNumber}</span>
    </Button>
  );
}

export function InvoiceTable({ invoices, fetching, label, ...actions }: ListProps) {
  return (
    <Table caption={label} columns={columns} busy={fetching}>
      {invoices.map((inv) => (
        <tr key={inv.id}>
          <td className="py-3 pr-3 pl-6">
            <InvoiceNumber invoice={inv} />
            <span className="mt-0.5 block whitespace-nowrap text-slate-600">Created {formatDate(inv.createdAt)}</span>
          </td>
          <td className="max-w-64 px-3 py-3">
            <Client invoice={inv} />
          </td>
          <td className="px-3 py-3">
            <Amount invoice={inv} />
          </td>
          <td className="px-3 py-3">
            <DueDate invoice={inv} />
          </td>
          <td className="px-3 py-3">
            <Status invoice={inv} />
          </td>
          <td className="py-3 pr-6 pl-3">
            <Action invoice={inv} {...actions} className="whitespace-nowrap" />
          </td>
        </tr>
      ))}
    </Table>
  );
}

/** One invoice on a narrow screen: the same facts and action as a table row, labelled. */
export function InvoiceCards({ invoices, fetching, label, ...actions }: ListProps) {
  const part = (name: string, body: ReactNode, className?: string) => (
    <div className={cn('flex min-w-0 flex-col gap-0.5', className)}>
      <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{name}</dt>
      <dd>{body}</dd>
    </div>
  );
  return (
    <ul aria-label={label} aria-busy={fetching || undefined} className={cn('divide-y divide-slate-200', fetching && 'opacity-70')}>
      {invoices.map((inv) => (
        <li key={inv.id} className="flex flex-col gap-3 p-4 text-sm sm:px-6">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <InvoiceNumber invoice={inv} />
              <p className="text-slate-600">Created {formatDate(inv.createdAt)}</p>
            </div>
            <Status invoice={inv} />
          </div>
          <dl className="grid grid-cols-2 gap-x-4 gap-y-3">
            {part('Client', <Client invoice={inv} />, 'col-span-2')}
            {part('Amount', <Amount invoice={inv} />)}
            {part('Due Date', <DueDate invoice={inv} />)}
          </dl>
          <Action invoice={inv} {...actions} className="w-full sm:w-fit" />
        </li>
      ))}
    </ul>
  );
}
