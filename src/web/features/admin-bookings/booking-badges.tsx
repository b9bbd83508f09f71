// Booking and payment badges: the word says the state; colour only repeats it.
import { Badge } from '../../components/ui/badge';
import { paymentIntentLabel } from '../../../shared/money';
import { bookingStatusLabels, paymentStatusLabels, type BookingStatus, type PaymentStatus } from '../../../shared/schemas/back-office';

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

const paymentVariant: Record<PaymentStatus, 'secondary' | 'success' | 'warning' | 'destructive'> = {
  pending: 'warning',
  paid: 'success',
  refunded: 'secondary',
  failed: 'destructive',
};

export function PaymentBadge({ status }: { status: PaymentStatus }) {
  return (
    <Badge variant={paymentVariant[status]} className="whitespace-nowrap">
      {paymentStatusLabels[status]}
    </Badge>
  );
}

/** spec: back-office 2, under the badge the payment-intent status (requires_capture reads "Authorized"). */
export function IntentStatus({ status }: { status: string | null }) {
  return <span className="text-xs text-slate-600">{paymentIntentLabel(status)}</span>;
}
