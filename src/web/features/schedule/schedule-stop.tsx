// One stop of Today's Schedule (spec: back-office 2): name, time, location, bags, status, total,
// contact, preferences and special instructions; a delivered one in a single short line.
import { pickupLocationLabels } from '../../../shared/booking-values';
import { pickupWindowLabel } from '../../../shared/business';
import { formatCents } from '../../../shared/money';
import { BookingStatusBadge, ContactBlock, PreferencesBlock } from '../admin-bookings';
import type { StaffBooking } from '../back-office-api';

const locationLabel = (b: StaffBooking) => pickupLocationLabels[b.pickupLocation as keyof typeof pickupLocationLabels] ?? b.pickupLocation;
const bags = (n: number) => `${n} bag${n === 1 ? '' : 's'}`;
// the captured amount once weighed, the estimate before (spec: back-office 2, the total)
const total = (b: StaffBooking) => formatCents(b.weightAdjustmentProcessed ? b.capturedAmount : b.totalAmount);

export function ScheduleStop({ b, number }: { b: StaffBooking; number: number }) {
  return (
    <li className="rounded-lg border border-slate-200 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold">
            <span className="mr-2 inline-flex size-6 items-center justify-center rounded-full bg-slate-900 text-xs text-white" aria-hidden="true">
              {number}
            </span>
            <span className="sr-only">Stop {number}: </span>
            {b.name}
          </p>
          <p className="text-sm text-slate-600">
            {pickupWindowLabel(b.pickupTime)} · {locationLabel(b)} · {bags(b.bagQuantity)} · {total(b)}
          </p>
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

export function DeliveredStop({ b }: { b: StaffBooking }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 px-4 py-3 text-sm">
      <div className="min-w-0">
        <p className="font-semibold">{b.name}</p>
        <p className="text-slate-600">
          {pickupWindowLabel(b.pickupTime)} · {b.address}, {b.city} {b.zipCode} · {bags(b.bagQuantity)} · {total(b)}
        </p>
      </div>
      <BookingStatusBadge status={b.bookingStatus} />
    </li>
  );
}
