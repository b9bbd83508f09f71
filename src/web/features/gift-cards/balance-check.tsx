// "Check a balance" (beyond the spec): a code in, its balance out, through the redemption's own
// check (POST /api/gift-cards/validate) and under its rate limit. The messages are the ones the
// booking wizard shows for a code (spec: customer-site 5, 8).
import { Search, WalletCards } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { prices } from '../../../shared/business';
import { formatCents } from '../../../shared/money';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { ApiRequestError } from '../../lib/api';
import { cn } from '../../lib/cn';
import { useCheckGiftCardBalance } from './gift-cards-api';

type Outcome = { kind: 'balance'; code: string; balanceCents: number; amountCents: number } | { kind: 'refused'; message: string };

// spec: customer-site 8, "Gift-card validation call fails"
const checkFailed = 'Failed to validate gift card. Please try again.';
const noCode = 'Please enter a gift card code.';

export function BalanceCheck() {
  const uid = useId();
  const inputId = `${uid}-code`;
  const [code, setCode] = useState('');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const check = useCheckGiftCardBalance();
  // the field is prerendered: a code typed (or pasted) before this part hydrated is kept, not lost
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const typed = inputRef.current?.value;
    if (typed) setCode(typed.toUpperCase().slice(0, prices.giftCardCodeMaxLength));
  }, []);

  async function submit() {
    const typed = code.trim();
    if (!typed) {
      setOutcome({ kind: 'refused', message: noCode });
      return;
    }
    try {
      const result = await check.mutateAsync(typed);
      setOutcome(result.valid ? { kind: 'balance', code: result.code, balanceCents: result.balance, amountCents: result.amount } : { kind: 'refused', message: result.message || noCode });
    } catch (err) {
      const explained = err instanceof ApiRequestError && err.status >= 400 && err.status < 500;
      setOutcome({ kind: 'refused', message: explained ? (err.fields.giftCardCode ?? err.message) : checkFailed });
    }
  }

  return (
    <section aria-labelledby={`${uid}-title`} className="mx-auto w-full max-w-2xl rounded-2xl border border-border bg-white p-5 shadow-sm sm:p-6">
      <h3 id={`${uid}-title`} className="flex items-center gap-2 text-lg font-bold text-slate-900">
        <WalletCards aria-hidden="true" className="size-5 text-primary" /> Check a balance
      </h3>
      <p className="mt-1 text-sm text-muted-foreground">Enter the code from the gift card email to see what is left on it.</p>
      <form
        noValidate
        className="mt-4 flex flex-col gap-1.5"
        onSubmit={(e) => {
          e.preventDefault();
          if (!check.isPending) void submit();
        }}
      >
        <Label htmlFor={inputId}>Gift card code</Label>
        <div className="flex gap-2">
          <Input
            ref={inputRef}
            id={inputId}
            value={code}
            maxLength={prices.giftCardCodeMaxLength}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            className="font-mono uppercase"
            aria-invalid={outcome?.kind === 'refused' ? true : undefined}
            aria-describedby={outcome ? `${uid}-outcome` : undefined}
            onChange={(e) => {
              setCode(e.target.value.toUpperCase().slice(0, prices.giftCardCodeMaxLength));
              setOutcome(null);
            }}
          />
          <Button type="submit" variant="outline" disabled={!code.trim() || check.isPending}>
            <Search aria-hidden="true" /> {check.isPending ? 'Checking...' : 'Check balance'}
          </Button>
        </div>
        <div role="status" aria-live="polite">
          {outcome ? (
            <p
              id={`${uid}-outcome`}
              data-testid="balance-outcome"
              className={cn(
                'mt-2 rounded-lg px-3 py-2 text-sm',
                outcome.kind === 'balance' ? 'bg-green-50 text-green-900' : 'bg-red-50 font-medium text-red-800',
              )}
            >
              {outcome.kind === 'balance' ? (
                <>
                  <strong className="font-mono">{outcome.code}</strong> has <strong>{formatCents(outcome.balanceCents)}</strong> left
                  {outcome.amountCents !== outcome.balanceCents ? ` of ${formatCents(outcome.amountCents)}` : ''}. No expiry: use it on your next
                  booking.
                </>
              ) : (
                outcome.message
              )}
            </p>
          ) : null}
        </div>
      </form>
    </section>
  );
}
