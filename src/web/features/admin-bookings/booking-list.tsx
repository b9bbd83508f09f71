// spec: back-office 2, the All Bookings list: a table that fits a laptop's width where it fits,
// one card per booking on a phone or a tablet, the same facts and actions in both. The spec's ten
// columns are combined into seven (who, pick-up, money, weight, pro, status, actions); what a
// row leaves out (contact, add-ons, price per pound, preferences) is in its details. A rated
// booking's rating and comment run under its row, the whole width (decision 063).
import { useId, useState, type ReactNode } from 'react';
import { Table } from '../../components/ui/table';
import { cn } from '../../lib/cn';
import type { StaffBooking } from '../back-office-api';
import { DetailsToggle, MoreMenu, PrimaryAction, SelectBox, type RowActions } from './booking-actions';
import { BookingStatusBadge } from './booking-badges';
import { WeightState } from './booking-controls';
import { StatusSelect } from './status-control';
import { CustomerInfo, MoneyInfo, PickupInfo } from './booking-facts';
import { BookingRowDetails } from './booking-row-details';
import { BookingRating, RatingAwaited } from './booking-rating';
import { LaundryProSelect } from './laundry-pro-select';

export type { RowActions };

// the cells keep the same padding at the table's edges as between its columns: it fits 1280 px
const columns = ['Customer', 'Pickup', 'Amount and payment', 'Weight', 'Laundry Pro', 'Status', 'Actions'].map((header) => ({ header, className: 'first:pl-3 last:pr-3' }));

type ListProps = { bookings: StaffBooking[]; fetching: boolean; actionsFor: (b: StaffBooking) => RowActions };

export function BookingTable({ bookings, fetching, actionsFor }: ListProps) {
  return (
    // the table fits 1280 px; the scroll box is only a safety net (a large text size, a zoom)
    <Table caption="All bookings" columns={columns} busy={fetching} rowGroups>
      {bookings.map((b) => (
        <BookingRow key={b.id} booking={b} actions={actionsFor(b)} />
      ))}
    </Table>
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

function Actions({ booking: b, actions }: { booking: StaffBooking; actions: RowActions }) {
  return (
    <>
      <PrimaryAction booking={b} actions={actions} />
      <MoreMenu booking={b} actions={actions} />
    </>
  );
}

/** Who the booking is for, with the box that chooses it for a bulk action (decision 056). */
function ChosenCustomer({ booking: b, actions }: { booking: StaffBooking; actions: RowActions }) {
  return (
    <div className="flex min-w-0 items-start gap-2">
      <span className="pt-1">
        <SelectBox booking={b} actions={actions} />
      </span>
      <div className="min-w-0">
        <CustomerInfo booking={b} />
      </div>
    </div>
  );
}

/** A booking's row and, once opened, its details row beneath it: one group per booking. */
function BookingRow({ booking: b, actions }: { booking: StaffBooking; actions: RowActions }) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  return (
    <tbody className={cn('border-t border-slate-200 align-top', open && 'bg-slate-50')}>
      <tr>
        <td className="max-w-56 min-w-40 px-3 py-3">
          <ChosenCustomer booking={b} actions={actions} />
          <DetailsToggle booking={b} open={open} controls={detailsId} onToggle={() => setOpen((o) => !o)} />
        </td>
        <td className="max-w-44 px-3 py-3">
          <PickupInfo booking={b} />
        </td>
        <td className="min-w-40 px-3 py-3">
          <MoneyInfo booking={b} />
        </td>
        <td className="px-3 py-3">
          <WeightState booking={b} onWeigh={actions.onWeigh} />
        </td>
        <td className="px-3 py-3">
          <LaundryProSelect booking={b} />
        </td>
        <td className="px-3 py-3">
          <StatusSelect booking={b} />
        </td>
        <td className="max-w-36 px-3 py-3">
          <div className="flex flex-col items-start gap-2">
            <Actions booking={b} actions={actions} />
            <RatingAwaited booking={b} />
          </div>
        </td>
      </tr>
      {/* decision 063: the customer's rating across the whole row, under who gave it */}
      {b.rating ? (
        <tr>
          <td colSpan={columns.length} className="px-3 pb-3 pl-9">
            <BookingRating booking={b} />
          </td>
        </tr>
      ) : null}
      {open ? (
        <tr id={detailsId}>
          <td colSpan={columns.length} className="px-3 pt-1 pb-5">
            <BookingRowDetails booking={b} />
          </td>
        </tr>
      ) : null}
    </tbody>
  );
}

/** One booking on a narrow screen: the same facts and actions as a table row, labelled. */
function BookingCard({ booking: b, actions }: { booking: StaffBooking; actions: RowActions }) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const part = (label: string, body: ReactNode) => (
    <div className="flex min-w-0 flex-col gap-0.5">
      <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{label}</dt>
      <dd>{body}</dd>
    </div>
  );
  return (
    <li className="flex flex-col gap-4 p-4 text-sm sm:px-6">
      <div className="grid grid-cols-[minmax(0,1fr)_auto] items-start gap-3">
        <ChosenCustomer booking={b} actions={actions} />
        <BookingStatusBadge status={b.bookingStatus} />
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 md:grid-cols-4">
        {part('Pickup', <PickupInfo booking={b} />)}
        {part('Amount', <MoneyInfo booking={b} />)}
        {part('Weight', <WeightState booking={b} onWeigh={actions.onWeigh} />)}
        {part('Laundry Pro', <LaundryProSelect booking={b} />)}
      </dl>
      <BookingRating booking={b} />
      <RatingAwaited booking={b} />
      <div className="flex flex-wrap items-start gap-2">
        <StatusSelect booking={b} />
        <Actions booking={b} actions={actions} />
      </div>
      <div>
        <DetailsToggle booking={b} open={open} controls={detailsId} onToggle={() => setOpen((o) => !o)} />
        {open ? (
          <div id={detailsId} className="mt-3 rounded-lg bg-slate-50 p-3">
            <BookingRowDetails booking={b} />
          </div>
        ) : null}
      </div>
    </li>
  );
}
