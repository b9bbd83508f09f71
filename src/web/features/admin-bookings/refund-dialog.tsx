// Decision 031: staff give back part or all of what a booking's cards paid, to the card or as a
// credit to a gift card, with a reason the customer reads. The amount is prefilled with all that
// can be refunded and checked here with the shared rules (refund-form.ts, a react-hook-form form:
// docs/decisions/050); the server decides. A confirmation step
// names the amount and where it goes; the server's message shows in the dialog.
import { zodResolver } from '@hookform/resolvers/zod';
import * as Dialog from '@radix-ui/react-dialog';
import { LoaderCircle, Undo2 } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { formatCents } from '../../../shared/money';
import { centsToDollarInput } from '../../../shared/pricing-receipts';
import { refundableCents, REFUND_REASON_MAX } from '../../../shared/pricing-refunds';
import type { RefundDestination } from '../../../shared/schemas/refunds';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { toast } from '../../lib/toast';
import { useRefundBooking, type StaffBooking } from '../back-office-api';
import { readRefundAmount, refundFormSchema, type RefundFormValues } from './refund-form';

const destinations: { value: RefundDestination; label: string; hint: string }[] = [
  { value: 'card', label: 'To card', hint: 'Back to the card that paid (5–10 business days)' },
  { value: 'gift_card', label: 'To gift card', hint: "The booking's gift card, or a new one emailed to the customer" },
];

/** Whether anything the cards paid can still be given back. */
export const canRefund = (b: StaffBooking) => refundableCents(b) > 0;

export function RefundDialog({ booking, onClose }: { booking: StaffBooking; onClose: () => void }) {
  const id = useId();
  const refundable = refundableCents(booking);
  const schema = useMemo(() => refundFormSchema(refundable), [refundable]);
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<RefundFormValues>({ resolver: zodResolver(schema), defaultValues: { amount: centsToDollarInput(refundable), destination: 'card', reason: '' } });
  // the confirmation step: what will be sent, as it was checked
  const [confirming, setConfirming] = useState<{ cents: number; destination: RefundDestination; reason: string } | null>(null);
  // one key per dialog: a double click or a retry of the same refund refunds once
  const [key] = useState(() => crypto.randomUUID());
  const refund = useRefundBooking();
  const busy = refund.isPending;
  const where = confirming?.destination === 'gift_card' ? 'to a gift card' : 'to the card';

  const check = handleSubmit((values) => {
    const read = readRefundAmount(values.amount, refundable);
    if ('error' in read) return;
    clearErrors('root.server');
    setConfirming({ cents: read.cents, destination: values.destination, reason: values.reason.trim() });
  });
  const send = () => {
    if (confirming === null) return;
    refund.mutate(
      { id: booking.id, idempotencyKey: key, amountCents: confirming.cents, destination: confirming.destination, reason: confirming.reason },
      {
        onSuccess: (r) => {
          toast.success(r.message);
          onClose();
        },
        onError: (err) => {
          setConfirming(null);
          setError('root.server', { type: 'server', message: err.message });
        },
      },
    );
  };
  const serverError = errors.root?.server?.message;

  return (
    <Dialog.Root open onOpenChange={(open) => !open && !busy && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto rounded-xl border border-slate-200 bg-white p-6 shadow-xl focus:outline-none">
          <Dialog.Title className="flex items-center gap-2 text-lg font-bold">
            <Undo2 className="size-5" aria-hidden="true" />
            Refund {booking.confirmation}
          </Dialog.Title>
          <Dialog.Description className="text-sm text-slate-700">
            {booking.name} · paid by card {formatCents(booking.capturedAmount)}
            {booking.refundedAmount > 0 ? ` · refunded ${formatCents(booking.refundedAmount)}` : ''} · up to {formatCents(refundable)} can be refunded
          </Dialog.Description>
          {serverError ? (
            <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm font-medium text-destructive">
              {serverError}
            </p>
          ) : null}
          {confirming !== null ? (
            <div className="flex flex-col gap-4">
              <p className="text-base">
                Refund <strong>{formatCents(confirming.cents)}</strong> {where}? The customer is emailed with your reason:
              </p>
              <blockquote className="rounded-md border-l-4 border-slate-300 bg-slate-50 p-3 text-sm break-words whitespace-pre-wrap">{confirming.reason}</blockquote>
              <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                <Button type="button" variant="outline" disabled={busy} onClick={() => setConfirming(null)}>
                  Back
                </Button>
                <Button type="button" disabled={busy} onClick={send}>
                  {busy ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
                  {busy ? 'Refunding...' : `Refund ${formatCents(confirming.cents)}`}
                </Button>
              </div>
            </div>
          ) : (
            <form noValidate onSubmit={check} className="flex flex-col gap-4">
              <div className="flex flex-col gap-1.5">
                <Label htmlFor={`${id}-amount`}>Amount ($)</Label>
                <Input
                  id={`${id}-amount`}
                  inputMode="decimal"
                  {...register('amount')}
                  aria-invalid={errors.amount ? true : undefined}
                  aria-describedby={errors.amount ? `${id}-amount-error` : undefined}
                />
                {errors.amount ? (
                  <p id={`${id}-amount-error`} role="alert" className="text-sm font-medium text-destructive">
                    {errors.amount.message}
                  </p>
                ) : null}
              </div>
              <fieldset className="flex flex-col gap-2">
                <legend className="mb-1.5 text-sm font-medium">Where it goes</legend>
                <div className="grid gap-2 sm:grid-cols-2">
                  {destinations.map((d) => (
                    <label key={d.value} className="flex cursor-pointer gap-2 rounded-lg border border-slate-200 p-3 has-checked:border-primary has-checked:bg-brand-50">
                      <input type="radio" value={d.value} {...register('destination')} className="mt-1" />
                      <span className="flex flex-col">
                        <span className="text-sm font-semibold">{d.label}</span>
                        <span className="text-xs text-slate-600">{d.hint}</span>
                      </span>
                    </label>
                  ))}
                </div>
              </fieldset>
              <div className="flex flex-col gap-1.5">
                <Label htmlFor={`${id}-reason`}>Reason (the customer reads it)</Label>
                <textarea
                  id={`${id}-reason`}
                  rows={3}
                  maxLength={REFUND_REASON_MAX}
                  {...register('reason')}
                  aria-invalid={errors.reason ? true : undefined}
                  aria-describedby={errors.reason ? `${id}-reason-error` : undefined}
                  className="rounded-md border border-slate-300 px-3 py-2 text-base focus-visible:outline-2 focus-visible:outline-ring sm:text-sm"
                />
                {errors.reason ? (
                  <p id={`${id}-reason-error`} role="alert" className="text-sm font-medium text-destructive">
                    {errors.reason.message}
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
