// spec: back-office 2, All Bookings: search, status and payment filters and Refresh, answered by
// the server a page at a time (DESIGN.md 8); the table with its per-booking actions.
import { ChevronLeft, ChevronRight, ExternalLink, LoaderCircle, Mail, Printer, ReceiptText, Scale, Search, Trash2 } from 'lucide-react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { pickupTimes } from '../../../shared/business';
import { formatCents } from '../../../shared/money';
import { parsePricePerPoundCents } from '../../../shared/pricing';
import {
  bookingStatusLabels,
  bookingStatusValues,
  paymentStatusLabels,
  paymentStatusValues,
  type BookingStatus,
} from '../../../shared/schemas/back-office';
import { isSettled, pickupLocationLabels } from '../../../shared/booking-values';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { fieldClass, Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { cn } from '../../lib/cn';
import { toast } from '../../lib/toast';
import { useMediaQuery } from '../../lib/use-media-query';
import {
  useDeleteBooking,
  useSendDeliveryConfirmation,
  useSetBookingStatus,
  useSetPricePerPound,
  useStaffBookings,
  type BookingListFilters,
  type StaffBooking,
} from './back-office-api';
import { BookingStatusBadge, formatPounds, IntentStatus, PaymentBadge } from './booking-badges';
import { ConfirmDialog } from './confirm-dialog';
import { formatDate } from './format';
import { ReceiptDialog, SendReceiptButton } from './receipt-view';
import { WeightDialog } from './weight-dialog';
import { RefreshButton, Loading, LoadFailed, useLoadErrorToast } from './query-state';

const pageSize = 25;
const counts = new Intl.NumberFormat('en-US');
// spec: back-office 2, the All Bookings columns
const columns = ['Customer', 'Pickup', 'Service', 'Weight/Billing', 'Add-ons', 'Amount', 'Laundry Pro', 'Status', 'Payment', 'Actions'];
// who and what to do stay in view while the columns between them scroll
const stickyLeft = 'sticky left-0 z-10 bg-white shadow-[1px_0_0_var(--color-slate-200)]';
const stickyRight = 'sticky right-0 z-10 bg-white shadow-[-1px_0_0_var(--color-slate-200)]';
const selectClass = cn(fieldClass, 'h-10 py-2');

function useDebounced<T>(value: T, ms: number): T {
  const [current, setCurrent] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setCurrent(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return current;
}

export function windowLabel(value: string) {
  return pickupTimes.find((t) => t.value === value)?.label ?? value;
}

export function BookingsTab() {
  const id = useId();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<BookingListFilters['status']>('all');
  const [payment, setPayment] = useState<BookingListFilters['payment']>('all');
  const [page, setPage] = useState(1);
  const q = useDebounced(search.trim(), 300);
  useEffect(() => setPage(1), [q, status, payment]);
  const filters: BookingListFilters = { q, status, payment, receipt: 'any', page, pageSize };
  const list = useStaffBookings(filters);

  useLoadErrorToast('Failed to fetch bookings. Please try again.', list.error);

  const [weighing, setWeighing] = useState<StaffBooking | null>(null);
  const [receiptFor, setReceiptFor] = useState<StaffBooking | null>(null);
  const [deleting, setDeleting] = useState<StaffBooking | null>(null);
  const remove = useDeleteBooking();
  // a table where it fits; on a phone or a small tablet, one card per booking
  const wide = useMediaQuery('(min-width: 1024px)');
  const actionsFor = (b: StaffBooking): RowActions => ({
    onWeigh: () => setWeighing(b),
    onReceipt: () => setReceiptFor(b),
    onDelete: () => setDeleting(b),
    deleting: remove.isPending && remove.variables?.id === b.id,
  });

  const data = list.data;
  const total = data?.total ?? 0;
  // a broad search stops counting (the server says so): "1,000+", and a next page while this one is full
  const atLeast = data?.totalIsLowerBound ?? false;
  const totalLabel = `${counts.format(total)}${atLeast ? '+' : ''}`;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const hasNext = page < pages || (atLeast && data?.bookings.length === pageSize);
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(page * pageSize, total);

  return (
    <Card className="overflow-hidden rounded-xl">
      <div className="flex flex-col gap-4 border-b border-slate-200 p-4 sm:px-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 className="text-lg font-bold">All Bookings ({totalLabel})</h2>
          <RefreshButton query={list} />
        </div>
        <div className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-q`}>Search</Label>
            <div className="relative">
              <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500" aria-hidden="true" />
              <Input id={`${id}-q`} type="search" className="pl-9" placeholder="Name, email, phone, address or WD- number" value={search} onChange={(e) => setSearch(e.target.value)} maxLength={100} />
            </div>
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-status`}>Booking status</Label>
            <select id={`${id}-status`} className={selectClass} value={status} onChange={(e) => setStatus(e.target.value as BookingListFilters['status'])}>
              <option value="all">All statuses</option>
              {bookingStatusValues.map((s) => (
                <option key={s} value={s}>
                  {bookingStatusLabels[s]}
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-payment`}>Payment status</Label>
            <select id={`${id}-payment`} className={selectClass} value={payment} onChange={(e) => setPayment(e.target.value as BookingListFilters['payment'])}>
              <option value="all">All payments</option>
              {paymentStatusValues.map((s) => (
                <option key={s} value={s}>
                  {paymentStatusLabels[s]}
                </option>
              ))}
            </select>
          </div>
        </div>
      </div>

      {list.isPending ? (
        <Loading>Loading bookings...</Loading>
      ) : list.isError && !data ? (
        <LoadFailed title="Failed to fetch bookings. Please try again." query={list} />
      ) : data && data.bookings.length === 0 ? (
        <p className="p-6 text-sm text-muted-foreground">{q || status !== 'all' || payment !== 'all' ? 'No bookings match these filters.' : 'No bookings yet. New bookings appear here as customers book.'}</p>
      ) : data ? (
        wide ? (
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
              <tbody className={cn('divide-y divide-slate-100 align-top', list.isFetching && 'opacity-70')}>
                {data.bookings.map((b) => (
                  <BookingRow key={b.id} booking={b} actions={actionsFor(b)} />
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <ul aria-label="All bookings" className={cn('divide-y divide-slate-200', list.isFetching && 'opacity-70')}>
            {data.bookings.map((b) => (
              <BookingCard key={b.id} booking={b} actions={actionsFor(b)} />
            ))}
          </ul>
        )
      ) : null}

      {total > pageSize ? (
        <nav aria-label="Bookings pages" className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 p-4 text-sm sm:px-6">
          <p className="text-slate-600">
            Showing {counts.format(first)}–{counts.format(last)} of {totalLabel}
          </p>
          <div className="flex items-center gap-2">
            <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
              <ChevronLeft aria-hidden="true" />
              Previous
            </Button>
            <span className="text-slate-600">
              Page {page} of {pages}{atLeast ? '+' : ''}
            </span>
            <Button variant="outline" size="sm" disabled={!hasNext} onClick={() => setPage((p) => p + 1)}>
              Next
              <ChevronRight aria-hidden="true" />
            </Button>
          </div>
        </nav>
      ) : null}

      <WeightDialog booking={weighing} onClose={() => setWeighing(null)} />
      <ReceiptDialog bookingId={receiptFor?.id ?? null} sent={receiptFor ? (data?.bookings.find((b) => b.id === receiptFor.id)?.finalReceiptSent ?? receiptFor.finalReceiptSent) : false} onClose={() => setReceiptFor(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete Booking"
        description={`Are you sure you want to delete this booking for ${deleting?.name ?? ''}? This action cannot be undone.`}
        confirmLabel="Delete Booking"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        destructive
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(
            { id: deleting.id },
            {
              onSuccess: (r) => {
                toast.success(r.message);
                setDeleting(null);
              },
              onError: (err) => {
                toast.error('Failed to delete booking. Please try again.', { description: err.message });
                setDeleting(null);
              },
            },
          )
        }
      />
    </Card>
  );
}

type RowActions = { onWeigh: () => void; onReceipt: () => void; onDelete: () => void; deleting: boolean };

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

function WeightBilling({ booking: b, onWeigh }: { booking: StaffBooking; onWeigh: () => void }) {
  const canWeigh = !b.weightAdjustmentProcessed && b.bookingStatus !== 'cancelled' && (b.paymentStatus === 'paid' || b.totalAmount === 0);
  return (
    <>
      <PricePerPoundInput booking={b} />
      <div className="mt-2">
        {b.actualWeightTenths !== null && b.weightAdjustmentProcessed ? (
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-semibold">{formatPounds(b.actualWeightTenths)}</span>
            <Badge variant="success">Processed</Badge>
          </p>
        ) : canWeigh ? (
          <Button size="sm" variant="outline" onClick={onWeigh} aria-label={`Enter Weight for ${b.name}`}>
            <Scale aria-hidden="true" />
            Enter Weight
          </Button>
        ) : (
          <p className="text-xs text-slate-600">{b.bookingStatus === 'cancelled' ? 'Cancelled' : 'Awaiting payment'}</p>
        )}
      </div>
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
  return (
    <>
      <p className="font-semibold">Auth {formatCents(b.authorizedAmount || b.totalAmount)}</p>
      <p className="text-slate-600">{!letGo ? 'Pending capture' : b.authorizedAmount > 0 ? 'Released, not charged' : 'Not charged'}</p>
    </>
  );
}

function PaymentInfo({ booking: b }: { booking: StaffBooking }) {
  return (
    <div className="flex flex-col items-start gap-1">
      <PaymentBadge status={b.paymentStatus} />
      <IntentStatus status={b.paymentIntentStatus} />
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
      <td className="px-3 py-3 text-slate-600">{b.laundryPro ?? 'Not assigned'}</td>
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
        {part('Laundry Pro', <span className="text-slate-600">{b.laundryPro ?? 'Not assigned'}</span>)}
        {part('Weight/Billing', <WeightBilling booking={b} onWeigh={actions.onWeigh} />, 'col-span-2')}
      </dl>
      <Actions booking={b} actions={actions} className="sm:flex-row sm:flex-wrap sm:items-center [&>*]:sm:w-auto" />
    </li>
  );
}

function StatusSelect({ booking }: { booking: StaffBooking }) {
  const id = useId();
  const update = useSetBookingStatus();
  // a cancellation that gave the window, authorisation and gift card back is final
  const final = booking.bookingStatus === 'cancelled' && !isSettled(booking);
  return (
    <div>
      <label htmlFor={id} className="sr-only">
        Status for {booking.name}
        {final ? ' (cancelled bookings cannot be reopened)' : ''}
      </label>
      <select
        id={id}
        className={cn(fieldClass, 'h-9 py-1')}
        value={update.isPending ? update.variables.status : booking.bookingStatus}
        disabled={update.isPending || final}
        title={final ? 'A cancelled booking cannot be reopened: ask the customer to book again.' : undefined}
        onChange={(e) =>
          update.mutate(
            { id: booking.id, status: e.target.value as BookingStatus },
            {
              onSuccess: (r) => toast.success(`Status set to ${bookingStatusLabels[r.booking.bookingStatus]}`),
              onError: (err) => toast.error('Failed to update booking status.', { description: err.message }),
            },
          )
        }
      >
        {bookingStatusValues.map((s) => (
          <option key={s} value={s}>
            {bookingStatusLabels[s]}
          </option>
        ))}
      </select>
    </div>
  );
}

/** spec: back-office 5, price per pound: step 0.01; blank or invalid falls back to 1.75. */
function PricePerPoundInput({ booking }: { booking: StaffBooking }) {
  const id = useId();
  const saved = (booking.pricePerPoundCents / 100).toFixed(2);
  const [value, setValue] = useState(saved);
  const update = useSetPricePerPound();
  useEffect(() => setValue(saved), [saved]);
  const commit = () => {
    const cents = parsePricePerPoundCents(value);
    if (cents === booking.pricePerPoundCents) return setValue(saved);
    update.mutate(
      { id: booking.id, pricePerPoundCents: cents },
      {
        onSuccess: (r) => toast.success(`Price per lb set to ${formatCents(r.booking.pricePerPoundCents)}`),
        onError: (err) => {
          setValue(saved);
          toast.error('Failed to update price per pound.', { description: err.message });
        },
      },
    );
  };
  return (
    <div className="flex items-center gap-1.5">
      <label htmlFor={id} className="text-xs font-medium whitespace-nowrap text-slate-600">
        $/lb<span className="sr-only"> for {booking.name}</span>
      </label>
      <Input
        id={id}
        type="number"
        inputMode="decimal"
        step="0.01"
        min="0.50"
        max="10.00"
        className="h-9 w-24"
        value={value}
        disabled={booking.weightAdjustmentProcessed || update.isPending}
        onChange={(e) => setValue(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            commit();
          }
        }}
      />
    </div>
  );
}

function RatingEmailButton({ booking }: { booking: StaffBooking }) {
  const send = useSendDeliveryConfirmation();
  return (
    <Button
      size="sm"
      variant="secondary"
      disabled={send.isPending || send.isSuccess}
      onClick={() =>
        send.mutate(
          { id: booking.id },
          {
            onSuccess: (r) => toast.success(r.message),
            onError: (err) => toast.error('Failed to send delivery confirmation email', { description: err.message }),
          },
        )
      }
    >
      {send.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Mail aria-hidden="true" />}
      Send Rating Email
    </Button>
  );
}
