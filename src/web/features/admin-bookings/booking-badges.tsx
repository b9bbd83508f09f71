// Booking and payment badges: the word says the state; colour only repeats it.
import { Badge } from '../../components/ui/badge';
import { moneyState, type MoneyStateInput, type MoneyStateKind } from '../../../shared/money-state';
import { bookingStatusLabels, type BookingStatus } from '../../../shared/schemas/back-office';

const statusVariant: Record<BookingStatus, 'default' | 'secondary' | 'success' | 'warning' | 'destructive'> = {
  pending: 'warning',
  confirmed: 'default',
  'in-progress': 'default',
  completed: 'success',
  delivered: 'success',
  cancelled: 'destructive',
};

export function BookingStatusBadge({ status }: { status: BookingStatus }) {
  return (
    <Badge variant={statusVariant[status]} className="whitespace-nowrap">
      {bookingStatusLabels[status]}
    </Badge>
  );
}

const moneyVariant: Record<MoneyStateKind, 'secondary' | 'success' | 'warning' | 'destructive' | 'default'> = {
  pending: 'warning',
  authorized: 'default',
  captured: 'success',
  refunded: 'secondary',
  due: 'destructive',
  released: 'secondary',
  free: 'success',
};

/** docs/design.md 5.5 transparent weighing: the customer questioned the weight from their invoice; the note, when they wrote one, beside it. */
export function WeightQuestionedBadge({ booking }: { booking: { weightQuestionedAt: string | null; weightQuestion: string | null } }) {
  if (!booking.weightQuestionedAt) return null;
  return (
    <span className="flex flex-col items-start gap-1">
      <Badge variant="warning" className="whitespace-nowrap" data-testid="weight-questioned">
        Weight questioned
      </Badge>
      {booking.weightQuestion ? <span className="line-clamp-3 max-w-48 text-xs break-words text-slate-600" title={booking.weightQuestion}>“{booking.weightQuestion}”</span> : null}
    </span>
  );
}

/** docs/design.md 9, money states: one label for a booking's money, the same in every view. */
export function MoneyStateBadge({ booking }: { booking: MoneyStateInput }) {
  const state = moneyState(booking);
  return (
    <Badge variant={moneyVariant[state.kind]} className="whitespace-nowrap" data-testid="money-state">
      {state.label}
    </Badge>
  );
}
