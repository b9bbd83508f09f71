// Decision 064: a gift card pays what is still due, on the pay page and the invoice. Two steps, as
// for any money: the code is checked first and the page says what the card has and what it would
// pay ("Pay $21.00 from the gift card"); only that second press moves money. Errors stay beside the
// field; the answer of the payment is the caller's (the page's data), the sentence is here.
import { useMutation } from '@tanstack/react-query';
import { Gift, LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { formatCents } from '../../../shared/money';
import type { GiftCardDuePayment } from '../../../shared/schemas/amount-due';
import { giftCardDiscountCents, giftCardLeavesTooLittle } from '../../../shared/gift-card-discount';
import { Button } from '../../components/ui/button';
import { Field, fieldAria } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { apiRequest, ApiRequestError } from '../../lib/api';

const errorOf = (err: unknown) => (err instanceof ApiRequestError ? (err.fields.giftCardCode ?? err.message) : 'We could not reach our server. Please check your connection and try again.');

/** What the gift card did, for the page to keep in view: "Your gift card paid $21.00; $9.00 is left on it." */
export function giftCardPaidText(p: GiftCardDuePayment): string {
  return `Your gift card paid ${formatCents(p.paidCents)}; ${formatCents(p.balanceCents)} ${p.balanceCents > 0 ? 'is left on it' : 'was all it had'}.`;
}

export function PayDueWithGiftCard({ dueCents, pay }: { dueCents: number; pay: (giftCardCode: string) => Promise<GiftCardDuePayment> }) {
  const [code, setCode] = useState('');
  const [checked, setChecked] = useState<{ code: string; balanceCents: number } | null>(null);
  const check = useMutation({
    mutationFn: () => apiRequest('validateGiftCard', { giftCardCode: code }),
    onSuccess: (r) => setChecked(r.valid ? { code: r.code, balanceCents: r.balance } : null),
  });
  const payment = useMutation({
    mutationFn: (giftCardCode: string) => pay(giftCardCode),
    // paid: the page says what the card did; the form is ready for another card
    onSuccess: () => {
      setCode('');
      setChecked(null);
      check.reset();
    },
  });
  // what the server takes: the shared rule, which never leaves less than a card can pay
  const paysCents = checked ? giftCardDiscountCents(checked.balanceCents, dueCents) : 0;
  const invalid = check.data && !check.data.valid ? check.data.message : checked && paysCents === 0 ? giftCardLeavesTooLittle : null;
  const error = invalid ?? (check.error ? errorOf(check.error) : null) ?? (payment.error ? errorOf(payment.error) : null) ?? undefined;
  const busy = check.isPending || payment.isPending;
  const edit = (value: string) => {
    setCode(value);
    setChecked(null);
    check.reset();
    payment.reset();
  };

  return (
    <section aria-labelledby="gift-card-due-title" className="flex w-full flex-col gap-3 rounded-2xl border border-border bg-white p-5 text-left shadow-sm">
      <h2 id="gift-card-due-title" className="flex items-center gap-2 text-lg font-bold">
        <Gift className="size-5 text-primary" aria-hidden="true" /> Pay with a gift card
      </h2>
      <form
        className="flex flex-col gap-3 sm:flex-row sm:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          if (!busy && code.trim()) check.mutate();
        }}
      >
        <Field id="due-gift-card" label="Gift card code" error={error} hint="It pays what is due, up to its balance." className="flex-1">
          <Input {...fieldAria('due-gift-card', error, true)} value={code} autoComplete="off" autoCapitalize="characters" spellCheck={false} onChange={(e) => edit(e.target.value)} />
        </Field>
        <Button type="submit" variant="outline" disabled={busy || !code.trim()}>
          {check.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
          Check the card
        </Button>
      </form>
      {checked && paysCents > 0 ? (
        <div className="flex flex-col gap-3 rounded-xl bg-brand-50 p-4" role="status">
          <p>
            This gift card has <strong>{formatCents(checked.balanceCents)}</strong>.{' '}
            {paysCents < dueCents ? `It pays ${formatCents(paysCents)}; ${formatCents(dueCents - paysCents)} will still be due.` : `It pays all ${formatCents(dueCents)} that is due.`}
          </p>
          <Button disabled={busy} onClick={() => payment.mutate(checked.code)}>
            {payment.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Gift aria-hidden="true" />}
            Pay {formatCents(paysCents)} from the gift card
          </Button>
        </div>
      ) : null}
    </section>
  );
}
