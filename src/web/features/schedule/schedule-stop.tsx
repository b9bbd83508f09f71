// One stop of the day board (decision 056; spec: back-office 2, Today's Schedule): a pick-up or a
// delivery, its window, name, location, bags, add-ons (Rush first), status, total, contact,
// preferences and special instructions; a done one in a single short line.
import { pickupLocationLabels } from '../../../shared/booking-values';
import { pickupWindowLabel } from '../../../shared/business';
import { formatCents } from '../../../shared/money';
import type { DayStop } from '../../../shared/schemas/back-office';
import { Badge } from '../../components/ui/badge';
import { AddOnBadges, BookingStatusBadge, ContactBlock, MissedPickupBadge, PreferencesBlock } from '../admin-bookings';
import type { StaffBooking } from '../back-office-api';

const locationLabel = (b: StaffBooking) => pickupLocationLabels[b.pickupLocation as keyof typeof pickupLocationLabels] ?? b.pickupLocation;
const bags = (n: number) => `${n} bag${n === 1 ? '' : 's'}`;
// the captured amount once weighed, the estimate before (spec: back-office 2, the total)
const total = (b: StaffBooking) => formatCents(b.weightAdjustmentProcessed ? b.capturedAmount : b.totalAmount);

const kindLabel = { pickup: 'Pick-up', delivery: 'Delivery' } as const;

export function ScheduleStop({ stop, number }: { stop: DayStop; number: number }) {
  const b = stop.booking;
  return (
    <li className="rounded-lg border border-slate-200 p-4" data-testid="day-stop">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold">
            <span className="mr-2 inline-flex size-6 items-center justify-center rounded-full bg-slate-900 text-xs text-white" aria-hidden="true">
              {number}
            </span>
            <span className="sr-only">Stop {number}: </span>
            {b.name}
          </p>
          <p className="mt-1 flex flex-wrap items-center gap-1.5 text-sm">
            <Badge variant={stop.kind === 'delivery' ? 'success' : 'default'}>{kindLabel[stop.kind]}</Badge>
            {stop.overdue ? <Badge variant="destructive">Overdue</Badge> : null}
            {/* the pro found nobody (decision 057): staff decide in All Bookings */}
            <MissedPickupBadge booking={b} />
            <span className="font-medium whitespace-nowrap">{stop.label}</span>
          </p>
          <p className="text-sm text-slate-600">
            {b.address}, {b.city} {b.zipCode}
          </p>
          <p className="text-sm text-slate-600">
            {locationLabel(b)} · {bags(b.bagQuantity)} · {total(b)}
          </p>
          <AddOnBadges booking={b} />
        </div>
        <BookingStatusBadge status={b.bookingStatus} />
      </div>
      <div className="mt-3 grid gap-3 md:grid-cols-2">
        <ContactBlock b={b} />
        <PreferencesBlock b={b} />
      </div>
      {b.specialInstructions ? (
        <p className="mt-3 rounded-md bg-amber-50 p-2 text-sm text-amber-950">
          <span className="font-semibold">Special instructions: </span>
          {b.specialInstructions}
        </p>
      ) : null}
    </li>
  );
}

export function DoneStop({ kind, b }: { kind: DayStop['kind']; b: StaffBooking }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 px-4 py-3 text-sm">
      <div className="min-w-0">
        <p className="font-semibold">
          {b.name} <span className="font-normal text-slate-600">· {kind === 'delivery' ? 'delivered' : 'picked up'}</span>
        </p>
        <p className="text-slate-600">
          {pickupWindowLabel(kind === 'delivery' && b.dueBackTime ? b.dueBackTime : b.pickupTime)} · {b.address}, {b.city} {b.zipCode} · {bags(b.bagQuantity)} · {total(b)}
        </p>
      </div>
      <BookingStatusBadge status={b.bookingStatus} />
    </li>
  );
}
