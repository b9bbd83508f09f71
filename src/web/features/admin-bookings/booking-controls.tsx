// The per-booking controls of All Bookings: the weight, price per pound, the rating email (the
// status is status-control.tsx). spec: back-office 2, 5
import { Camera, LoaderCircle, Mail, Scale } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { formatCents } from '../../../shared/money';
import { parsePricePerPoundCents } from '../../../shared/pricing';
import { centsToDollarInput } from '../../../shared/pricing-receipts';
import { canWeighFrom } from '../../../shared/status-machine';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { formatPounds } from '../../lib/format';
import { toast } from '../../lib/toast';
import { scalePhotoUrl, useSendDeliveryConfirmation, useSetPricePerPound, type StaffBooking } from '../back-office-api';

/** The weight as weighed (with its bags and the scale photo), or Enter Weight when it can be weighed now. */
export function WeightState({ booking: b, onWeigh }: { booking: StaffBooking; onWeigh: () => void }) {
  const paid = b.paymentStatus === 'paid' || b.totalAmount === 0;
  // docs/design.md 9: weighing needs a confirmed or in-progress booking
  const canWeigh = !b.weightAdjustmentProcessed && paid && canWeighFrom(b.bookingStatus);
  return b.actualWeightTenths !== null && b.weightAdjustmentProcessed ? (
          <div className="flex flex-col gap-1">
            <p className="flex flex-wrap items-center gap-2">
              <span className="font-semibold">{formatPounds(b.actualWeightTenths)}</span>
              <Badge variant="success">Processed</Badge>
            </p>
            {/* docs/design.md 5.5 transparent weighing: what the customer sees on their invoice */}
            {b.bagWeightsTenths && b.bagWeightsTenths.length > 1 ? <p className="text-xs text-slate-600">Bags: {b.bagWeightsTenths.map((t) => formatPounds(t)).join(' + ')}</p> : null}
            {b.scalePhotoUploadedAt ? (
              <a className="inline-flex items-center gap-1 text-xs font-medium text-primary underline" href={scalePhotoUrl(b.id)} target="_blank" rel="noreferrer">
                <Camera className="size-3.5" aria-hidden="true" />
                Scale photo<span className="sr-only"> for {b.name} (opens in a new tab)</span>
              </a>
            ) : null}
          </div>
  ) : canWeigh ? (
    <Button size="sm" variant="outline" onClick={onWeigh} aria-label={`Enter Weight for ${b.name}`}>
      <Scale aria-hidden="true" />
      Enter Weight
    </Button>
  ) : (
    <p className="text-xs text-slate-600">{b.bookingStatus === 'cancelled' ? 'Cancelled' : !paid ? 'Awaiting payment' : 'Set it back to In progress to weigh'}</p>
  );
}

/** spec: back-office 5, price per pound: step 0.01; blank or invalid falls back to 1.75. */
export function PricePerPoundInput({ booking }: { booking: StaffBooking }) {
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
      // two lines in the table's narrow Actions column rather than a wider table
      className="h-auto min-h-8 py-1.5 text-left whitespace-normal"
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
