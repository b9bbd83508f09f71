// spec: back-office 2, the All Bookings list: a table where it fits, one card per booking on a
// phone or a small tablet, the same facts and actions in both.
import { ExternalLink, LoaderCircle, Printer, ReceiptText, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { pickupWindowLabel } from '../../../shared/business';
import { formatCents } from '../../../shared/money';
import { pickupLocationLabels } from '../../../shared/booking-values';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { formatDate } from '../../lib/format';
import type { StaffBooking } from '../back-office-api';
import { SendReceiptButton } from '../weighing';
import { BookingStatusBadge, MoneyStateBadge, WeightQuestionedBadge } from './booking-badges';
import { RatingEmailButton, StatusSelect, WeightBilling } from './booking-controls';
import { LaundryProSelect } from './laundry-pro-select';

// spec: back-office 2, the All Bookings columns
const columns = ['Customer', 'Pickup', 'Service', 'Weight/Billing', 'Add-ons', 'Amount', 'Laundry Pro', 'Status', 'Payment', 'Actions'];
// who and what to do stay in view while the columns between them scroll
const stickyLeft = 'sticky left-0 z-10 bg-white shadow-[1px_0_0_var(--color-slate-200)]';
const stickyRight = 'sticky right-0 z-10 bg-white shadow-[-1px_0_0_var(--color-slate-200)]';

export type RowActions = { onWeigh: () => void; onReceipt: () => void; onDelete: () => void; deleting: boolean };
type ListProps = { bookings: StaffBooking[]; fetching: boolean; actionsFor: (b: StaffBooking) => RowActions };

export function BookingTable({ bookings, fetching, actionsFor }: ListProps) {
  return (
    <div role="region" aria-label="All bookings" tabIndex={0} className="overflow-x-auto focus-visible:outline-2 focus-visible:outline-ring">
      <table className="w-full min-w-[80rem] text-left text-sm">
        <thead className="bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-600">
          <tr>
            {columns.map((h, i) => (
              <th key={h} scope="col" className={cn('px-3 py-2 whitespace-nowrap', i === 0 && stickyLeft, i === columns.length - 1 && stickyRight, (i === 0 || i === columns.length - 1) && 'bg-slate-50')}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody aria-busy={fetching || undefined} className={cn('divide-y divide-slate-100 align-top', fetching && 'opacity-70')}>
          {bookings.map((b) => (
            <BookingRow key={b.id} booking={b} actions={actionsFor(b)} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function BookingCards({ bookings, fetching, actionsFor }: ListProps) {
  return (
    <ul aria-label="All bookings" aria-busy={fetching || undefined} className={cn('divide-y divide-slate-200', fetching && 'opacity-70')}>
      {bookings.map((b) => (
        <BookingCard key={b.id} booking={b} actions={actionsFor(b)} />
      ))}
    </ul>
  );
}

function windowLabel(value: string) {
  return pickupWindowLabel(value);
}

function CustomerInfo({ booking: b }: { booking: StaffBooking }) {
  return (
    <>
      <p className="font-semibold text-slate-900">{b.name}</p>
      <p className="text-slate-600 wrap-anywhere">{b.email}</p>
      <p className="text-slate-600">{b.phone}</p>
      <p className="font-mono text-xs text-slate-500">{b.confirmation}</p>
    </>
  );
}

function PickupInfo({ booking: b }: { booking: StaffBooking }) {
  return (
    <>
      <p className="font-medium">{formatDate(`${b.pickupDate}T12:00:00Z`)}</p>
      <p className="text-slate-600">{windowLabel(b.pickupTime)}</p>
      <p className="text-slate-600">{pickupLocationLabels[b.pickupLocation as keyof typeof pickupLocationLabels] ?? b.pickupLocation}</p>
    </>
  );
}

function ServiceInfo({ booking: b }: { booking: StaffBooking }) {
  return (
    <>
      <p>
        {b.bagQuantity} bag{b.bagQuantity === 1 ? '' : 's'}
      </p>
      <p className="text-slate-600">Booked {formatDate(b.createdAt)}</p>
    </>
  );
}

function AddOns({ booking: b }: { booking: StaffBooking }) {
  if (!b.addOnLines.length) return <span className="text-slate-500">None</span>;
  return (
    <ul className="flex flex-col gap-0.5">
      {b.addOnLines.map((l) => (
        <li key={l.key}>
          {l.label}
          {l.quantity > 1 ? ` ×${l.quantity}` : ''}
        </li>
      ))}
    </ul>
  );
}

/**
 * spec: back-office 2, Amount: Captured plus Auth once processed, else Auth with "Pending capture".
 * Nothing is pending on a booking cancelled before its weighing: its authorisation was released,
 * or it never had one.
 */
function AmountInfo({ booking: b }: { booking: StaffBooking }) {
  if (b.weightAdjustmentProcessed)
    return (
      <>
        <p className="font-semibold">Captured {formatCents(b.capturedAmount)}</p>
        <p className="text-slate-600">Auth {formatCents(b.authorizedAmount)}</p>
        {b.amountDueCents > 0 ? <p className="font-semibold text-destructive">Due {formatCents(b.amountDueCents)}</p> : null}
      </>
    );
  const letGo = b.bookingStatus === 'cancelled' || b.paymentIntentStatus === 'canceled';
  // no card authorised yet (the checkout not paid, or a free booking): the estimate, not an "Auth"
  if (b.authorizedAmount === 0)
    return (
      <>
        <p className="font-semibold">Estimate {formatCents(b.totalAmount)}</p>
        <p className="text-slate-600">{letGo ? 'Not charged' : b.totalAmount === 0 ? 'Nothing to charge' : 'Not authorised yet'}</p>
      </>
    );
  return (
    <>
      <p className="font-semibold">Auth {formatCents(b.authorizedAmount)}</p>
      <p className="text-slate-600">{!letGo ? 'Pending capture' : b.authorizedAmount > 0 ? 'Released, not charged' : 'Not charged'}</p>
    </>
  );
}

function PaymentInfo({ booking: b }: { booking: StaffBooking }) {
  return (
    <div className="flex flex-col items-start gap-1">
      <MoneyStateBadge booking={b} />
      <WeightQuestionedBadge booking={b} />
    </div>
  );
}

function Actions({ booking: b, actions, className }: { booking: StaffBooking; actions: RowActions; className?: string }) {
  const receiptReady = b.weightAdjustmentProcessed && b.paymentStatus === 'paid';
  return (
    <div className={cn('flex flex-col gap-2', className)}>
      <StatusSelect booking={b} />
      <Button asChild size="sm" variant="outline">
        <a href={`/admin/print-order?id=${b.id}`} target="_blank" rel="noopener" aria-label={`Print Order for ${b.name} (opens in a new tab)`}>
          <Printer aria-hidden="true" />
          Print Order
          <ExternalLink aria-hidden="true" className="size-3!" />
        </a>
      </Button>
      {b.bookingStatus === 'delivered' && !b.deliveryConfirmationSent ? <RatingEmailButton booking={b} /> : null}
      {receiptReady ? (
        <div className="flex gap-2">
          <Button size="sm" variant="outline" className="flex-1" onClick={actions.onReceipt} aria-label={`Receipt for ${b.name}`}>
            <ReceiptText aria-hidden="true" />
            Receipt
          </Button>
          <SendReceiptButton bookingId={b.id} sent={b.finalReceiptSent} />
        </div>
      ) : null}
      <Button size="sm" variant="ghost" className="text-destructive hover:bg-red-50" onClick={actions.onDelete} disabled={actions.deleting} aria-label={`Delete booking for ${b.name}`}>
        {actions.deleting ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Trash2 aria-hidden="true" />}
        Delete
      </Button>
    </div>
  );
}

function BookingRow({ booking: b, actions }: { booking: StaffBooking; actions: RowActions }) {
  return (
    <tr>
      <td className={cn('min-w-60 px-3 py-3', stickyLeft)}>
        <CustomerInfo booking={b} />
      </td>
      <td className="px-3 py-3 whitespace-nowrap">
        <PickupInfo booking={b} />
      </td>
      <td className="px-3 py-3 whitespace-nowrap">
        <ServiceInfo booking={b} />
      </td>
      <td className="px-3 py-3">
        <WeightBilling booking={b} onWeigh={actions.onWeigh} />
      </td>
      <td className="min-w-40 px-3 py-3">
        <AddOns booking={b} />
      </td>
      <td className="px-3 py-3 whitespace-nowrap tabular-nums">
        <AmountInfo booking={b} />
      </td>
      <td className="px-3 py-3">
        <LaundryProSelect booking={b} />
      </td>
      <td className="px-3 py-3">
        <BookingStatusBadge status={b.bookingStatus} />
      </td>
      <td className="px-3 py-3">
        <PaymentInfo booking={b} />
      </td>
      <td className={cn('px-3 py-3', stickyRight)}>
        <Actions booking={b} actions={actions} className="w-44" />
      </td>
    </tr>
  );
}

/** One booking on a narrow screen: the same facts and actions as a table row, labelled. */
function BookingCard({ booking: b, actions }: { booking: StaffBooking; actions: RowActions }) {
  const part = (label: string, body: ReactNode, className?: string) => (
    <div className={cn('flex flex-col gap-0.5', className)}>
      <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd>{body}</dd>
    </div>
  );
  return (
    <li className="flex flex-col gap-4 p-4 text-sm sm:px-6">
      <div className="grid grid-cols-[minmax(0,1fr)_auto] items-start gap-3">
        <div className="min-w-0">
          <CustomerInfo booking={b} />
        </div>
        <BookingStatusBadge status={b.bookingStatus} />
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3">
        {part('Pickup', <PickupInfo booking={b} />)}
        {part('Service', <ServiceInfo booking={b} />)}
        {part('Add-ons', <AddOns booking={b} />)}
        {part('Amount', <AmountInfo booking={b} />)}
        {part('Payment', <PaymentInfo booking={b} />)}
        {part('Laundry Pro', <LaundryProSelect booking={b} />)}
        {part('Weight/Billing', <WeightBilling booking={b} onWeigh={actions.onWeigh} />, 'col-span-2')}
      </dl>
      <Actions booking={b} actions={actions} className="sm:flex-row sm:flex-wrap sm:items-center [&>*]:sm:w-auto" />
    </li>
  );
}
