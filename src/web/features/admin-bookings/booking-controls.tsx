// The per-booking controls of All Bookings: weight and billing, status, price per pound, the
// rating email. spec: back-office 2, 5
import { LoaderCircle, Mail, Scale } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { formatCents } from '../../../shared/money';
import { parsePricePerPoundCents } from '../../../shared/pricing';
import { centsToDollarInput } from '../../../shared/pricing-receipts';
import { bookingStatusLabels, bookingStatusValues, type BookingStatus } from '../../../shared/schemas/back-office';
import { isSettled } from '../../../shared/booking-values';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { fieldClass, Input } from '../../components/ui/input';
import { cn } from '../../lib/cn';
import { formatPounds } from '../../lib/format';
import { toast } from '../../lib/toast';
import { useSendDeliveryConfirmation, useSetBookingStatus, useSetPricePerPound, type StaffBooking } from '../back-office-api';

export function WeightBilling({ booking: b, onWeigh }: { booking: StaffBooking; onWeigh: () => void }) {
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

export function StatusSelect({ booking }: { booking: StaffBooking }) {
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
  const saved = centsToDollarInput(booking.pricePerPoundCents);
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

export function RatingEmailButton({ booking }: { booking: StaffBooking }) {
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
