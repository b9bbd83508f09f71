// What a booking's row shows at a glance (spec: back-office 2): who, the pick-up, the money. The
// secondary facts are in the row's details (booking-row-details.tsx).
import { pickupLocationLabels } from '../../../shared/booking-values';
import { pickupWindowLabel } from '../../../shared/business';
import { formatCents } from '../../../shared/money';
import { formatPhone } from '../../../shared/phone';
import { formatDate } from '../../lib/format';
import type { StaffBooking } from '../back-office-api';
import { MoneyStateBadge, WeightQuestionedBadge } from './booking-badges';
import { MissedPickupBadge } from './stops-block';
import { addOnBadges } from './add-on-badges';
import { Badge } from '../../components/ui/badge';

export function locationLabel(b: StaffBooking) {
  return pickupLocationLabels[b.pickupLocation as keyof typeof pickupLocationLabels] ?? b.pickupLocation;
}

export function bagsLabel(b: StaffBooking) {
  return `${b.bagQuantity} bag${b.bagQuantity === 1 ? '' : 's'}`;
}

export function CustomerInfo({ booking: b }: { booking: StaffBooking }) {
  return (
    <>
      <p className="font-semibold break-words text-slate-900">{b.name}</p>
      <p className="whitespace-nowrap text-slate-600">{formatPhone(b.phone)}</p>
      <p className="font-mono text-xs text-slate-600">{b.confirmation}</p>
    </>
  );
}

/** The add-ons at a glance, Rush first (the row's details give their names and prices). */
export function AddOnBadges({ booking: b }: { booking: StaffBooking }) {
  const badges = addOnBadges(b);
  if (badges.length === 0) return null;
  return (
    <ul aria-label="Add-ons" className="my-1 flex flex-wrap gap-1">
      {badges.map((a) => (
        <li key={a.key}>
          <Badge variant={a.key === 'rushDelivery' ? 'warning' : 'secondary'} className="whitespace-nowrap">
            {a.label}
          </Badge>
        </li>
      ))}
    </ul>
  );
}

/** When it goes back (decision 056): planned at the pick-up; none before. */
export function DueBack({ booking: b }: { booking: StaffBooking }) {
  if (!b.dueBackDate || !b.dueBackTime || b.bookingStatus === 'delivered' || b.bookingStatus === 'cancelled') return null;
  return (
    <p className="text-xs font-medium text-slate-700">
      Due back <span className="whitespace-nowrap">{formatDate(`${b.dueBackDate}T12:00:00Z`)}</span>, <span className="whitespace-nowrap">{pickupWindowLabel(b.dueBackTime)}</span>
    </p>
  );
}

/** A booked pick-up the schedule no longer offers (decision 055): it stays booked; the staff call the customer. */
export function OutsideScheduleNote({ booking: b }: { booking: StaffBooking }) {
  if (!b.outsideSchedule) return null;
  return <p className="text-xs font-semibold text-amber-800">Outside the schedule: {b.outsideSchedule.toLowerCase()}</p>;
}

export function PickupInfo({ booking: b }: { booking: StaffBooking }) {
  return (
    <>
      <p className="font-medium whitespace-nowrap">{formatDate(`${b.pickupDate}T12:00:00Z`)}</p>
      <p className="whitespace-nowrap text-slate-600">{pickupWindowLabel(b.pickupTime)}</p>
      <OutsideScheduleNote booking={b} />
      <DueBack booking={b} />
      <AddOnBadges booking={b} />
      {/* a long pick-up spot ("Other (see instructions)") wraps rather than widening the column */}
      <p className="text-slate-600">
        <span className="whitespace-nowrap">{bagsLabel(b)}</span> · {locationLabel(b)}
      </p>
    </>
  );
}

/**
 * spec: back-office 2, Amount: Captured plus Auth once processed, else Auth with "Pending capture".
 * Nothing is pending on a booking cancelled before its weighing: its authorisation was released,
 * or it never had one.
 */
function AmountInfo({ booking: b }: { booking: StaffBooking }) {
  // a weighed booking, or a missed pick-up whose no-show fee the card paid (decision 057)
  if (b.weightAdjustmentProcessed || b.capturedAmount > 0)
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
        <p className="text-slate-600">{letGo ? 'Not charged' : b.totalAmount === 0 ? 'Nothing to charge' : 'Not authorized yet'}</p>
      </>
    );
  return (
    <>
      <p className="font-semibold">Auth {formatCents(b.authorizedAmount)}</p>
      <p className="text-slate-600">{!letGo ? 'Pending capture' : 'Released, not charged'}</p>
    </>
  );
}

/** The amounts, then the money state in docs/design.md 9's words, a questioned weight, and a missed pick-up to decide on. */
export function MoneyInfo({ booking: b }: { booking: StaffBooking }) {
  return (
    <div className="flex flex-col items-start gap-1.5">
      <div className="tabular-nums">
        <AmountInfo booking={b} />
      </div>
      <MoneyStateBadge booking={b} />
      <WeightQuestionedBadge booking={b} />
      <MissedPickupBadge booking={b} />
    </div>
  );
}
