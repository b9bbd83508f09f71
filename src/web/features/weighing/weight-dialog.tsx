// spec: back-office 2 and 5, the weight-entry dialog: the actual weight (step 0.1) is required
// ('Please enter the actual weight'); the server charges the real amount and answers the toast.
import * as Dialog from '@radix-ui/react-dialog';
import { LoaderCircle, Scale } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { formatCents } from '../../../shared/money';
import { adjustment, originalAmountCents, weighedAmounts } from '../../../shared/pricing';
import { MAX_POUNDS_PER_BAG } from '../../../shared/schemas/back-office';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { ApiRequestError } from '../../lib/api';
import { toast } from '../../lib/toast';
import { useProcessWeight, type StaffBooking } from '../back-office-api';

/** What the weight would come to, by the same shared function the server charges by. */
function preview(booking: StaffBooking, weight: number) {
  const { rushDelivery, hangDriedDelicates, oxiClean, stainTreatment, pricePerPoundCents, promo, giftCardDiscountCents } = booking;
  const amounts = weighedAmounts({
    weightTenths: Math.round(weight * 10),
    pricePerPoundCents,
    finalAddOns: { rushDelivery, hangDriedDelicates, oxiClean, stainTreatment },
    promo,
    giftCardDiscountCents,
  });
  return {
    total: amounts.finalTotalCents,
    giftCard: amounts.giftCardAppliedCents,
    giftCardBack: amounts.giftCardReturnedCents,
    adj: adjustment(amounts.chargeCents, originalAmountCents(booking)),
  };
}

export function WeightDialog({ booking, onClose }: { booking: StaffBooking | null; onClose: () => void }) {
  const id = useId();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const process = useProcessWeight();
  const weight = Number(value);
  const valid = value.trim() !== '' && Number.isFinite(weight) && weight > 0;
  const maxWeight = booking ? booking.bagQuantity * MAX_POUNDS_PER_BAG : 0;
  const figures = booking && valid && weight <= maxWeight ? preview(booking, weight) : null;

  const close = () => {
    if (process.isPending) return;
    setValue('');
    setError(null);
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!booking) return;
    if (value.trim() === '' || !Number.isFinite(weight)) return setError('Please enter the actual weight');
    if (weight <= 0) return setError('The weight must be more than 0 lb');
    if (Math.abs(weight * 10 - Math.round(weight * 10)) > 1e-6) return setError('Enter the weight to 0.1 lb');
    if (weight > maxWeight) return setError(`At most ${MAX_POUNDS_PER_BAG} lb a bag (${maxWeight} lb for this booking)`);
    setError(null);
    process.mutate(
      { id: booking.id, actualWeight: weight },
      {
        onSuccess: (result) => {
          const warn = result.outcome === 'needs_customer' || result.outcome === 'charge_failed';
          (warn ? toast.warning : toast.success)(result.message);
          setValue('');
          onClose();
        },
        onError: (err) => {
          const message = err instanceof ApiRequestError ? (err.fields.actualWeight ?? err.message) : err.message;
          setError(message);
          toast.error('Failed to process weight adjustment', { description: message });
        },
      },
    );
  };

  return (
    <Dialog.Root open={booking !== null} onOpenChange={(open) => !open && close()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 flex w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 flex-col gap-4 rounded-xl border border-slate-200 bg-white p-6 shadow-xl focus:outline-none">
          <Dialog.Title className="flex items-center gap-2 text-lg font-bold">
            <Scale className="size-5" aria-hidden="true" />
            Enter Actual Weight
          </Dialog.Title>
          {booking ? (
            <Dialog.Description className="text-sm text-slate-700">
              {booking.name} · {booking.bagQuantity} bag{booking.bagQuantity === 1 ? '' : 's'} · {formatCents(booking.pricePerPoundCents)}/lb · authorised{' '}
              {formatCents(booking.authorizedAmount)}
            </Dialog.Description>
          ) : null}
          <form noValidate onSubmit={submit} className="flex flex-col gap-4">
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={`${id}-weight`}>Actual weight (lb)</Label>
              <Input
                id={`${id}-weight`}
                type="number"
                inputMode="decimal"
                step="0.1"
                min="0.1"
                max={maxWeight}
                autoFocus
                value={value}
                onChange={(e) => {
                  setValue(e.target.value);
                  setError(null);
                }}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : `${id}-preview`}
              />
              {error ? (
                <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive">
                  {error}
                </p>
              ) : (
                <p id={`${id}-preview`} className="text-sm text-slate-600" aria-live="polite">
                  {figures
                    ? [
                        `Final total ${formatCents(figures.total)}`,
                        // DESIGN.md 9: the gift card pays first, up to the final total
                        figures.giftCard > 0 ? `gift card ${formatCents(figures.giftCard)}` : null,
                        figures.giftCardBack > 0 ? `${formatCents(figures.giftCardBack)} back on the gift card` : null,
                        figures.adj.kind === 'refund'
                          ? `refund of ${formatCents(figures.adj.cents)}`
                          : figures.adj.kind === 'charge'
                            ? `additional charge of ${formatCents(figures.adj.cents)}`
                            : 'no payment change',
                      ]
                        .filter(Boolean)
                        .join(' · ')
                    : 'The card is charged the real amount when you process the weight.'}
                </p>
              )}
            </div>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Dialog.Close asChild>
                <Button type="button" variant="outline" disabled={process.isPending}>
                  Cancel
                </Button>
              </Dialog.Close>
              <Button type="submit" disabled={process.isPending}>
                {process.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
                {process.isPending ? 'Processing...' : 'Process Weight'}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
