import { ArrowRight, Gift, Sparkles } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { customRange, presetChoices, readCustomAmount } from './amount-choice';

/**
 * The three presets and the custom amount (spec: customer-site 2, 5). Choosing one hands its
 * whole-dollar amount to the checkout view.
 */
export function AmountChooser({ onChoose }: { onChoose: (dollars: number) => void }) {
  const uid = useId();
  const customId = `${uid}-custom`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const custom = readCustomAmount(text);

  // an amount typed before this part took over the prerendered field counts too
  useEffect(() => {
    if (inputRef.current?.value) setText(inputRef.current.value);
  }, []);

  return (
    <div className="flex flex-col gap-6">
      <ul className="grid gap-6 md:grid-cols-3">
        {presetChoices.map((option) => (
          <li key={option.cents} className="flex flex-col overflow-hidden rounded-2xl border border-border bg-white shadow-sm">
            <div className="bg-linear-to-br from-brand-700 to-brand-900 px-6 pt-6 pb-5 text-white">
              <div className="flex items-center justify-between">
                <Gift aria-hidden="true" className="size-6 text-brand-100" />
                <span className="text-xs font-semibold tracking-wider text-brand-100 uppercase">Gift card</span>
              </div>
              <h3 className="mt-6 font-display text-4xl font-extrabold tracking-tight">
                {option.label}
                <span className="sr-only"> gift card</span>
              </h3>
            </div>
            <div className="flex flex-1 flex-col gap-2 p-6">
              <p className="font-semibold text-slate-900">{option.title}</p>
              <p className="text-sm text-muted-foreground">{option.description}</p>
              <div className="mt-auto pt-4">
                <Button type="button" variant="outline" className="w-full" onClick={() => onChoose(option.dollars)}>
                  Choose {option.label}
                  <span className="sr-only"> gift card</span>
                </Button>
              </div>
            </div>
          </li>
        ))}
      </ul>

      <form
        noValidate
        aria-labelledby={`${uid}-title`}
        className="flex flex-col gap-5 rounded-2xl border border-dashed border-brand-200 bg-brand-50/60 p-6 md:flex-row md:items-start md:gap-6"
        onSubmit={(e) => {
          e.preventDefault();
          if (custom.kind === 'ok') onChoose(custom.dollars);
        }}
      >
        <span className="grid size-12 shrink-0 place-items-center rounded-xl bg-white text-primary ring-1 ring-brand-100">
          <Sparkles aria-hidden="true" className="size-6" />
        </span>
        <div className="flex-1">
          <h3 id={`${uid}-title`} className="font-display text-xl font-extrabold text-slate-900">
            Custom amount
          </h3>
          <p id={`${uid}-hint`} className="mt-1 text-muted-foreground">
            Any whole-dollar amount from {customRange.minLabel} to {customRange.maxLabel}. Great for birthdays, new parents and busy
            friends.
          </p>
        </div>
        <div className="flex w-full flex-col gap-1.5 md:w-64">
          <Label htmlFor={customId}>Amount in dollars</Label>
          <div className="flex gap-2">
            <div className="relative flex-1">
              <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-muted-foreground">
                $
              </span>
              <Input
                ref={inputRef}
                id={customId}
                name="amount"
                type="number"
                inputMode="numeric"
                min={customRange.min}
                max={customRange.max}
                step={1}
                defaultValue=""
                className="pl-7"
                aria-invalid={custom.kind === 'invalid' ? true : undefined}
                aria-describedby={custom.kind === 'invalid' ? `${customId}-error` : `${uid}-hint`}
                onInput={(e) => setText(e.currentTarget.value)}
              />
            </div>
            <Button type="submit" disabled={custom.kind !== 'ok'}>
              Continue <ArrowRight aria-hidden="true" />
            </Button>
          </div>
          {custom.kind === 'invalid' ? (
            <p id={`${customId}-error`} className="text-sm font-medium text-destructive">
              {custom.message}
            </p>
          ) : null}
        </div>
      </form>
    </div>
  );
}
