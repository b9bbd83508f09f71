// spec: back-office 2 and 5, the weight-entry dialog: the actual weight (step 0.1) is required
// ('Please enter the actual weight'); the server charges the real amount and answers the toast.
// As the weight is typed the dialog shows the bill processing will make (weight-preview.tsx).
import * as Dialog from '@radix-ui/react-dialog';
import { LoaderCircle, Scale } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { formatCents } from '../../../shared/money';
import { MAX_POUNDS_PER_BAG } from '../../../shared/schemas/back-office';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { ApiRequestError } from '../../lib/api';
import { toast } from '../../lib/toast';
import { useProcessWeight, type StaffBooking } from '../back-office-api';
import { readBagWeights } from './bag-weights';
import { shrinkPhoto } from '../../lib/shrink-photo';
import { BagWeightInputs, ScalePhotoPicker } from './weighing-proof-fields';
import { pickItemCounts, type ItemCounts } from '../../../shared/pricing';
import { ItemCountInputs, itemCountTexts, readItemCounts } from './item-count-inputs';
import { previewFor, previewSummary, WeightPreview } from './weight-preview';

export function WeightDialog({ booking, onClose }: { booking: StaffBooking | null; onClose: () => void }) {
  const id = useId();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  // docs/design.md 5.5 transparent weighing: each bag (two or more), and the photo of the scale
  const [bagTexts, setBagTexts] = useState<string[]>([]);
  const [bagError, setBagError] = useState<string | null>(null);
  const [photo, setPhoto] = useState<File | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [preparing, setPreparing] = useState(false);
  // decision 033: the items counted, as booked until staff correct them (bills made by its rules only)
  const [itemTexts, setItemTexts] = useState<Record<keyof ItemCounts, string> | null>(null);
  const [itemError, setItemError] = useState<string | null>(null);
  const countsItems = booking !== null && booking.finalBillRules >= 2;
  const items = booking ? (itemTexts ?? itemCountTexts(booking)) : null;
  const readItems = items ? readItemCounts(items) : null;
  const counted = readItems?.kind === 'ok' ? readItems.counts : null;
  const process = useProcessWeight();
  const busy = process.isPending || preparing;
  const bags = booking && booking.bagQuantity > 1 ? (bagTexts.length === booking.bagQuantity ? bagTexts : Array<string>(booking.bagQuantity).fill('')) : [];
  const weight = Number(value);
  const valid = value.trim() !== '' && Number.isFinite(weight) && weight > 0;
  const maxWeight = booking ? booking.bagQuantity * MAX_POUNDS_PER_BAG : 0;
  const tenth = Math.abs(weight * 10 - Math.round(weight * 10)) <= 1e-6;
  const figures = booking && valid && tenth && weight <= maxWeight ? previewFor(counted ? { ...booking, ...counted } : booking, Math.round(weight * 10)) : null;

  const reset = () => {
    setValue('');
    setError(null);
    setBagTexts([]);
    setBagError(null);
    setPhoto(null);
    setPhotoError(null);
    setItemTexts(null);
    setItemError(null);
  };
  const close = () => {
    if (busy) return;
    reset();
    onClose();
  };
  const changeBags = (texts: string[]) => {
    setBagTexts(texts);
    setBagError(null);
    const read = readBagWeights(texts);
    if (read.kind === 'all') {
      setValue((read.totalTenths / 10).toFixed(1));
      setError(null);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!booking) return;
    // the bags first: filled in part, they are what is missing
    const read = readBagWeights(bags);
    if (read.kind === 'error') return setBagError(read.message);
    if (value.trim() === '' || !Number.isFinite(weight)) return setError('Please enter the actual weight');
    if (weight <= 0) return setError('The weight must be more than 0 lb');
    if (Math.abs(weight * 10 - Math.round(weight * 10)) > 1e-6) return setError('Enter the weight to 0.1 lb');
    if (weight > maxWeight) return setError(`At most ${MAX_POUNDS_PER_BAG} lb a bag (${maxWeight} lb for this booking)`);
    setError(null);
    if (read.kind === 'all' && read.totalTenths !== Math.round(weight * 10))
      return setBagError(`The bags add up to ${(read.totalTenths / 10).toFixed(1)} lb, not the ${weight.toFixed(1)} lb entered.`);
    if (photo && !photo.type.startsWith('image/')) return setPhotoError('The photo must be a JPEG, PNG or WebP image.');
    if (countsItems && readItems?.kind === 'error') return setItemError(readItems.message);
    setBagError(null);
    setPhotoError(null);
    setItemError(null);
    // sent only when a count was corrected
    const booked = pickItemCounts(booking);
    const itemCounts = countsItems && counted && JSON.stringify(counted) !== JSON.stringify(booked) ? counted : undefined;
    void send(booking, read.kind === 'all' ? read.pounds : undefined, itemCounts);
  };

  const send = async (booking: StaffBooking, bagWeights: number[] | undefined, itemCounts: ItemCounts | undefined) => {
    setPreparing(true);
    const shrunk = photo ? await shrinkPhoto(photo) : null;
    setPreparing(false);
    process.mutate(
      { id: booking.id, actualWeight: weight, bagWeights, itemCounts, photo: shrunk },
      {
        onSuccess: (result) => {
          const warn = result.outcome === 'needs_customer' || result.outcome === 'charge_failed';
          (warn ? toast.warning : toast.success)(result.message);
          reset();
          onClose();
        },
        onError: (err) => {
          const fields = err instanceof ApiRequestError ? err.fields : {};
          const itemField = Object.keys(fields).find((f) => f.startsWith('itemCounts'));
          const message = fields.photo ?? fields.bagWeights ?? (itemField ? fields[itemField] : undefined) ?? fields.actualWeight ?? err.message;
          if (fields.photo) setPhotoError(fields.photo);
          else if (itemField) setItemError(fields[itemField]!);
          else if (fields.bagWeights) setBagError(fields.bagWeights);
          else setError(message);
          toast.error(fields.photo ? 'The photo was not saved; nothing was charged' : 'Failed to process weight adjustment', { description: message });
        },
      },
    );
  };

  return (
    <Dialog.Root open={booking !== null} onOpenChange={(open) => !open && close()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 flex w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col gap-4 max-h-[calc(100dvh-2rem)] overflow-y-auto rounded-xl border border-slate-200 bg-white p-6 shadow-xl focus:outline-none">
          <Dialog.Title className="flex items-center gap-2 text-lg font-bold">
            <Scale className="size-5" aria-hidden="true" />
            Enter Actual Weight
          </Dialog.Title>
          {booking ? (
            <Dialog.Description className="text-sm text-slate-700">
              {booking.name} · {booking.bagQuantity} bag{booking.bagQuantity === 1 ? '' : 's'} · {formatCents(booking.pricePerPoundCents)}/lb · authorized{' '}
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
                  {figures ? previewSummary(figures) : 'Type the weight to see the bill; the card is charged the real amount when you process it.'}
                </p>
              )}
            </div>
            {booking && figures ? <WeightPreview preview={figures} booking={booking} /> : null}
            {bags.length > 0 ? <BagWeightInputs id={id} texts={bags} error={bagError} onChange={changeBags} /> : null}
            {countsItems && items ? (
              <ItemCountInputs
                id={id}
                texts={items}
                error={itemError}
                onChange={(texts) => {
                  setItemTexts(texts);
                  setItemError(null);
                }}
              />
            ) : null}
            <ScalePhotoPicker
              id={id}
              photo={photo}
              error={photoError}
              disabled={busy}
              onChange={(p) => {
                setPhoto(p);
                setPhotoError(null);
              }}
            />
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Dialog.Close asChild>
                <Button type="button" variant="outline" disabled={busy}>
                  Cancel
                </Button>
              </Dialog.Close>
              <Button type="submit" disabled={busy}>
                {busy ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
                {busy ? 'Processing...' : 'Process Weight'}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
