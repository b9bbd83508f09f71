// Decision 034: staff correct a weighing before the customer approved the bill. The weight (and
// each bag's, as the weight dialog takes them), a reason the customer reads, then a confirmation
// that names the new total and what happens to the money. Every amount comes from the shared
// pricing (weighingPreview's bill, reweighMoney), the rules the server moves the money by.
import * as Dialog from '@radix-ui/react-dialog';
import { LoaderCircle, Scale } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { formatCents } from '../../../shared/money';
import { billAmountText } from '../../../shared/pricing-bill';
import { poundsLabel } from '../../../shared/pricing-receipts';
import { REWEIGH_REASON_MAX, REWEIGH_REASON_MIN, reweighMoney, type ReweighMoney } from '../../../shared/pricing-reweigh';
import { MAX_POUNDS_PER_BAG } from '../../../shared/schemas/back-office';
import { reweighMessages } from '../../../shared/schemas/reweigh';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { ApiRequestError } from '../../lib/api';
import { toast } from '../../lib/toast';
import { useReweighBooking, type StaffBooking } from '../back-office-api';
import { readBagWeights } from './bag-weights';
import { BagWeightInputs } from './weighing-proof-fields';
import { previewFor } from './weight-preview';

/** A weighed bill the customer has not approved nor tipped on: its weight can still be corrected. */
export const canReweigh = (b: StaffBooking) => b.weightAdjustmentProcessed && b.bookingStatus !== 'cancelled' && b.customerApprovedAt === null && b.tipAmount === 0 && b.actualWeightTenths !== null;

/** The corrected bill for a typed weight, and what it does with the money. */
function correctionFor(b: StaffBooking, weightTenths: number) {
  const preview = previewFor(b, weightTenths);
  const money = reweighMoney({
    finalTotalCents: preview.finalTotalCents,
    previousGiftCardAppliedCents: b.giftCardAppliedCents ?? 0,
    capturedCents: b.capturedAmount,
    refundedCents: b.refundedAmount,
    amountDueCents: b.amountDueCents,
  });
  return { preview, money };
}

/** What happens to the money, in the words the confirmation and the preview use. */
export function moneySentences(b: StaffBooking, m: ReweighMoney): string[] {
  const lines: string[] = [];
  if (m.refundCents > 0) lines.push(`${formatCents(m.refundCents)} goes back to the card.`);
  if (m.giftCardReturnedCents > 0) lines.push(`${formatCents(m.giftCardReturnedCents)} goes back to the gift card.`);
  if (m.chargeCents > 0) lines.push(`${formatCents(m.chargeCents)} more will be charged to the saved card (due from the customer if it declines).`);
  if (m.chargeCents === 0 && m.amountDueCents !== b.amountDueCents)
    lines.push(m.amountDueCents > 0 ? `${formatCents(m.amountDueCents)} is due from the customer (was ${formatCents(b.amountDueCents)}).` : `Nothing is due any more (was ${formatCents(b.amountDueCents)}).`);
  if (lines.length === 0) lines.push('No money moves.');
  return lines;
}

export function ReweighDialog({ booking, onClose }: { booking: StaffBooking; onClose: () => void }) {
  const id = useId();
  const [value, setValue] = useState('');
  const [bagTexts, setBagTexts] = useState<string[]>(() => (booking.bagWeightsTenths && booking.bagQuantity > 1 ? booking.bagWeightsTenths.map(() => '') : []));
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ weight?: string; bags?: string; reason?: string; server?: string }>({});
  const [confirming, setConfirming] = useState<{ weight: number; bagWeights: number[] | undefined } | null>(null);
  // one key per dialog: a double click or a retry corrects once
  const [key] = useState(() => crypto.randomUUID());
  const reweigh = useReweighBooking();
  const busy = reweigh.isPending;
  const bags = booking.bagQuantity > 1 ? (bagTexts.length === booking.bagQuantity ? bagTexts : Array<string>(booking.bagQuantity).fill('')) : [];
  const weight = Number(value);
  const maxWeight = booking.bagQuantity * MAX_POUNDS_PER_BAG;
  const tenthOk = Math.abs(weight * 10 - Math.round(weight * 10)) <= 1e-6;
  const typed = value.trim() !== '' && Number.isFinite(weight) && weight > 0 && tenthOk && weight <= maxWeight;
  const figures = typed ? correctionFor(booking, Math.round(weight * 10)) : null;

  const changeBags = (texts: string[]) => {
    setBagTexts(texts);
    setErrors((x) => ({ ...x, bags: undefined }));
    const read = readBagWeights(texts);
    if (read.kind === 'all') setValue((read.totalTenths / 10).toFixed(1));
  };
  const check = (event: FormEvent) => {
    event.preventDefault();
    const read = readBagWeights(bags);
    const next: typeof errors = {};
    if (read.kind === 'error') next.bags = read.message;
    if (value.trim() === '' || !Number.isFinite(weight)) next.weight = 'Please enter the corrected weight';
    else if (weight <= 0) next.weight = 'The weight must be more than 0 lb';
    else if (!tenthOk) next.weight = 'Enter the weight to 0.1 lb';
    else if (weight > maxWeight) next.weight = `At most ${MAX_POUNDS_PER_BAG} lb a bag (${maxWeight} lb for this booking)`;
    else if (Math.round(weight * 10) === booking.actualWeightTenths && read.kind !== 'all') next.weight = 'This is the weight already on the bill: enter the corrected weight.';
    if (read.kind === 'all' && !next.weight && read.totalTenths !== Math.round(weight * 10)) next.bags = `The bags add up to ${(read.totalTenths / 10).toFixed(1)} lb, not the ${weight.toFixed(1)} lb entered.`;
    const r = reason.trim();
    if (r.length < REWEIGH_REASON_MIN) next.reason = reweighMessages.reasonShort;
    else if (r.length > REWEIGH_REASON_MAX) next.reason = reweighMessages.reasonLong;
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    setConfirming({ weight, bagWeights: read.kind === 'all' ? read.pounds : undefined });
  };
  const send = () => {
    if (!confirming) return;
    reweigh.mutate(
      { id: booking.id, requestKey: key, actualWeight: confirming.weight, bagWeights: confirming.bagWeights, reason: reason.trim() },
      {
        onSuccess: (r) => {
          (r.reweigh.amountDueCents > 0 ? toast.warning : toast.success)(r.message);
          onClose();
        },
        onError: (err) => {
          const fields = err instanceof ApiRequestError ? err.fields : {};
          setConfirming(null);
          setErrors({ server: err.message, ...(fields.actualWeight ? { weight: fields.actualWeight } : {}), ...(fields.bagWeights ? { bags: fields.bagWeights } : {}) });
        },
      },
    );
  };
  const confirmed = confirming ? correctionFor(booking, Math.round(confirming.weight * 10)) : null;

  return (
    <Dialog.Root open onOpenChange={(open) => !open && !busy && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto rounded-xl border border-slate-200 bg-white p-6 shadow-xl focus:outline-none">
          <Dialog.Title className="flex items-center gap-2 text-lg font-bold">
            <Scale className="size-5" aria-hidden="true" />
            <span>
              Correct weight of <span className="whitespace-nowrap">{booking.confirmation}</span>
            </span>
          </Dialog.Title>
          <Dialog.Description className="text-sm text-slate-700">
            {booking.name} · weighed {poundsLabel(booking.actualWeightTenths ?? 0)} · final total {formatCents(booking.finalTotalAmount ?? 0)} · not yet approved by the customer
          </Dialog.Description>
          {errors.server ? (
            <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm font-medium text-destructive">
              {errors.server}
            </p>
          ) : null}
          {confirming && confirmed ? (
            <div className="flex flex-col gap-4">
              <p className="text-base">
                Correct the weight to <strong>{poundsLabel(Math.round(confirming.weight * 10))}</strong>? The new total is <strong>{formatCents(confirmed.preview.finalTotalCents)}</strong>.
              </p>
              <ul data-testid="reweigh-money" className="flex list-disc flex-col gap-1 pl-5 text-sm">
                {moneySentences(booking, confirmed.money).map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
              <p className="text-sm">The customer is emailed the corrected invoice (a new link; the old one stops working) with your reason:</p>
              <blockquote className="rounded-md border-l-4 border-slate-300 bg-slate-50 p-3 text-sm break-words whitespace-pre-wrap">{reason.trim()}</blockquote>
              <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                <Button type="button" variant="outline" disabled={busy} onClick={() => setConfirming(null)}>
                  Back
                </Button>
                <Button type="button" disabled={busy} onClick={send}>
                  {busy ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
                  {busy ? 'Correcting...' : `Correct to ${formatCents(confirmed.preview.finalTotalCents)}`}
                </Button>
              </div>
            </div>
          ) : (
            <form noValidate onSubmit={check} className="flex flex-col gap-4">
              <div className="flex flex-col gap-1.5">
                <Label htmlFor={`${id}-weight`}>Corrected weight (lb)</Label>
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
                    setErrors((x) => ({ ...x, weight: undefined }));
                  }}
                  aria-invalid={errors.weight ? true : undefined}
                  aria-describedby={errors.weight ? `${id}-weight-error` : `${id}-preview`}
                />
                {errors.weight ? (
                  <p id={`${id}-weight-error`} role="alert" className="text-sm font-medium text-destructive">
                    {errors.weight}
                  </p>
                ) : (
                  <p id={`${id}-preview`} className="text-sm text-slate-600" aria-live="polite">
                    {figures ? `New total ${formatCents(figures.preview.finalTotalCents)} · ${moneySentences(booking, figures.money).join(' ')}` : 'Type the corrected weight to see the new bill.'}
                  </p>
                )}
              </div>
              {figures ? <CorrectedBill figures={figures} /> : null}
              {bags.length > 0 ? <BagWeightInputs id={id} texts={bags} error={errors.bags ?? null} onChange={changeBags} /> : null}
              <div className="flex flex-col gap-1.5">
                <Label htmlFor={`${id}-reason`}>Reason (the customer reads it)</Label>
                <textarea
                  id={`${id}-reason`}
                  rows={3}
                  maxLength={REWEIGH_REASON_MAX}
                  value={reason}
                  onChange={(e) => {
                    setReason(e.target.value);
                    setErrors((x) => ({ ...x, reason: undefined }));
                  }}
                  aria-invalid={errors.reason ? true : undefined}
                  aria-describedby={errors.reason ? `${id}-reason-error` : undefined}
                  className="rounded-md border border-slate-300 px-3 py-2 text-base focus-visible:outline-2 focus-visible:outline-ring sm:text-sm"
                />
                {errors.reason ? (
                  <p id={`${id}-reason-error`} role="alert" className="text-sm font-medium text-destructive">
                    {errors.reason}
                  </p>
                ) : null}
              </div>
              <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                <Dialog.Close asChild>
                  <Button type="button" variant="outline">
                    Cancel
                  </Button>
                </Dialog.Close>
                <Button type="submit">Continue</Button>
              </div>
            </form>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The corrected bill line by line (weight-preview's bill), without its gift-card line: the money lines say what the gift card does. */
function CorrectedBill({ figures }: { figures: ReturnType<typeof correctionFor> }) {
  const lines = figures.preview.bill.lines.filter((l) => l.kind !== 'giftCard');
  return (
    <section aria-label="Corrected bill" data-testid="reweigh-preview" className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm">
      <p className="font-semibold">The bill at {poundsLabel(figures.preview.weightTenths)}</p>
      <dl className="divide-y divide-slate-100">
        {lines.map((l) => (
          <div key={l.key} className={`flex justify-between gap-4 py-1 ${l.kind === 'subtotal' || l.kind === 'total' ? 'font-semibold' : ''}`}>
            <dt>{l.label}</dt>
            <dd className="shrink-0 tabular-nums">{billAmountText(l.cents)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
