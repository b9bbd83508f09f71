import { Info, Minus, Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { BookingQuote } from '../../../shared/pricing';
import { laundryPreferences } from '../../../shared/business';
import { formatCents } from '../../../shared/money';
import { byWeightAddOnPrice, rushPromise, turnaroundOf } from '../../../shared/promises';
import { MAX_ITEM_COUNT } from '../../../shared/booking-values';
import { Button } from '../../components/ui/button';
import { Field, fieldAria } from '../../components/ui/field';
import { Textarea } from '../../components/ui/input';
import { cn } from '../../lib/cn';
import { toggleSizedItem, type BookingDraft } from './booking-draft';
import { useSiteBusiness } from '../../lib/site-business';


type CountKey = 'sportsUniformsCount' | 'blanketsQueenCount' | 'blanketsKingCount' | 'mattressPadsQueenCount' | 'mattressPadsKingCount';

function Stepper({ form, name, label }: { form: UseFormReturn<BookingDraft>; name: CountKey; label: string }) {
  const value = form.watch(name);
  const set = (n: number) => form.setValue(name, Math.max(0, Math.min(MAX_ITEM_COUNT, n)), { shouldDirty: true });
  return (
    <div className="flex items-center justify-between gap-3 text-sm">
      <span id={`${name}-label`}>{label}</span>
      <div className="flex items-center gap-2" role="group" aria-labelledby={`${name}-label`}>
        <Button type="button" variant="outline" size="icon" className="size-8" aria-label={`${label}: one less`} disabled={value <= 0} onClick={() => set(value - 1)}>
          <Minus aria-hidden="true" />
        </Button>
        <output className="w-6 text-center font-semibold tabular-nums" aria-live="polite" aria-label={`${label} count`}>
          {value}
        </output>
        <Button type="button" variant="outline" size="icon" className="size-8" aria-label={`${label}: one more`} disabled={value >= MAX_ITEM_COUNT} onClick={() => set(value + 1)}>
          <Plus aria-hidden="true" />
        </Button>
      </div>
    </div>
  );
}

function AddOn({
  id,
  checked,
  onToggle,
  title,
  price,
  detail,
  children,
}: {
  id: string;
  checked: boolean;
  onToggle: (on: boolean) => void;
  title: string;
  price: string;
  /** a second line under the price: how the add-on is counted on the final bill, or what it promises */
  detail?: string;
  children?: ReactNode;
}) {
  return (
    <div className={cn('rounded-xl border p-3 transition-colors', checked ? 'border-primary bg-brand-50/70' : 'border-border')}>
      <label htmlFor={id} className="flex cursor-pointer items-start gap-3">
        <input id={id} type="checkbox" checked={checked} onChange={(e) => onToggle(e.target.checked)} className="mt-0.5 size-4 accent-[var(--color-primary)]" />
        <span className="flex flex-1 flex-wrap items-baseline justify-between gap-x-3 text-sm">
          <span className="font-semibold">{title}</span>
          <span className="text-muted-foreground">{price}</span>
          {detail ? <span className="w-full text-xs text-muted-foreground">{detail}</span> : null}
        </span>
      </label>
      {checked && children ? <div className="mt-3 flex flex-col gap-2 border-t border-border pt-3">{children}</div> : null}
    </div>
  );
}

function RadioCards<T extends string>({
  form,
  name,
  legend,
  options,
}: {
  form: UseFormReturn<BookingDraft>;
  name: 'waterTemperature' | 'detergentType';
  legend: string;
  options: readonly { value: T; label: string }[];
}) {
  const current = form.watch(name);
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      <div className="grid gap-2 sm:grid-cols-3">
        {options.map((o) => (
          <label
            key={o.value}
            className={cn(
              'flex cursor-pointer items-center gap-3 rounded-lg border px-3 py-2.5 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
              current === o.value ? 'border-primary bg-brand-50 font-semibold' : 'border-input hover:bg-muted',
            )}
          >
            <input type="radio" value={o.value} {...form.register(name)} className="size-4 accent-[var(--color-primary)]" />
            {o.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function StepPreferences({ form, quote }: { form: UseFormReturn<BookingDraft>; quote: BookingQuote }) {
  const { register, watch, setValue, formState: { errors } } = form;
  const site = useSiteBusiness();
  // docs/design.md 7: estimated per bag, billed per 15 lb
  const oxiClean = byWeightAddOnPrice(site.prices.addOnCents.oxiClean);
  const stainTreatment = byWeightAddOnPrice(site.prices.addOnCents.stainTreatment);
  const v = watch();
  const set = (key: keyof BookingDraft, value: boolean | number) => setValue(key, value as never, { shouldDirty: true });
  const blanketsOn = v.blanketsQueenCount + v.blanketsKingCount > 0;
  const padsOn = v.mattressPadsQueenCount + v.mattressPadsKingCount > 0;

  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-5">
        <RadioCards form={form} name="waterTemperature" legend="Water temperature" options={laundryPreferences.waterTemperatures} />
        <RadioCards form={form} name="detergentType" legend="Detergent" options={laundryPreferences.detergents} />
      </div>

      <fieldset>
        <legend className="mb-2 text-base font-semibold">About your loads</legend>
        {/* sports uniforms are one control: the add-on below, whose count says how many */}
        <div className="grid gap-2 sm:grid-cols-2">
          {(
            [
              ['hasDelicates', 'Includes delicates'],
              ['hasStainedItems', 'Includes stained items'],
            ] as const
          ).map(([key, label]) => (
            <label key={key} className="flex cursor-pointer items-center gap-3 rounded-lg border border-input px-3 py-2.5 text-sm hover:bg-muted">
              <input type="checkbox" {...register(key)} className="size-4 accent-[var(--color-primary)]" />
              {label}
            </label>
          ))}
        </div>
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="allergies" label="Allergies" error={errors.allergies?.message} hint="Fragrance or detergent sensitivities we should know about.">
          <Textarea className="min-h-20" {...register('allergies')} {...fieldAria('allergies', errors.allergies?.message, true)} />
        </Field>
        <Field id="specialCareInstructions" label="Care notes" error={errors.specialCareInstructions?.message} hint="Items to hang dry, wash separately, or handle with care.">
          <Textarea className="min-h-20" {...register('specialCareInstructions')} {...fieldAria('specialCareInstructions', errors.specialCareInstructions?.message, true)} />
        </Field>
      </div>

      <fieldset>
        <legend className="mb-2 text-base font-semibold">Add-on services</legend>
        <div className="grid items-start gap-3 md:grid-cols-2">
          <AddOn id="rushDelivery" checked={v.rushDelivery} onToggle={(on) => set('rushDelivery', on)} title="24-hr Rush Delivery" price={`${formatCents(site.prices.addOnCents.rushDelivery)} per order`} detail={rushPromise} />
          <AddOn id="hangDriedDelicates" checked={v.hangDriedDelicates} onToggle={(on) => set('hangDriedDelicates', on)} title="Hang Dried Delicates" price={`${formatCents(site.prices.addOnCents.hangDriedDelicates)} per order`} />
          <AddOn id="oxiClean" checked={v.oxiClean} onToggle={(on) => set('oxiClean', on)} title="Oxi-clean" price={oxiClean.estimate} detail={oxiClean.final} />
          <AddOn id="stainTreatment" checked={v.stainTreatment} onToggle={(on) => set('stainTreatment', on)} title="Stain Treatment" price={stainTreatment.estimate} detail={stainTreatment.final} />
          <AddOn
            id="sportsUniforms"
            checked={v.sportsUniformsCount > 0}
            onToggle={(on) => set('sportsUniformsCount', on ? 1 : 0)}
            title="Sports Uniforms"
            price={`${formatCents(site.prices.addOnCents.sportsUniforms)} each`}
          >
            <Stepper form={form} name="sportsUniformsCount" label="Uniforms" />
          </AddOn>
          <AddOn
            id="blankets"
            checked={blanketsOn}
            onToggle={(on) => {
              const next = toggleSizedItem(on, { queen: v.blanketsQueenCount, king: v.blanketsKingCount });
              set('blanketsQueenCount', next.queen);
              set('blanketsKingCount', next.king);
            }}
            title="Blankets & Comforters"
            price={`${formatCents(site.prices.addOnCents.blanketsQueen)} Twin-Queen, ${formatCents(site.prices.addOnCents.blanketsKing)} King`}
          >
            <Stepper form={form} name="blanketsQueenCount" label="Twin-Queen blankets" />
            <Stepper form={form} name="blanketsKingCount" label="King blankets" />
          </AddOn>
          <AddOn
            id="mattressPads"
            checked={padsOn}
            onToggle={(on) => {
              const next = toggleSizedItem(on, { queen: v.mattressPadsQueenCount, king: v.mattressPadsKingCount });
              set('mattressPadsQueenCount', next.queen);
              set('mattressPadsKingCount', next.king);
            }}
            title="Mattress Pads"
            price={`${formatCents(site.prices.addOnCents.mattressPadsQueen)} Twin-Queen, ${formatCents(site.prices.addOnCents.mattressPadsKing)} King`}
          >
            <Stepper form={form} name="mattressPadsQueenCount" label="Twin-Queen mattress pads" />
            <Stepper form={form} name="mattressPadsKingCount" label="King mattress pads" />
          </AddOn>
        </div>
      </fieldset>

      {/* the estimate as add-ons are chosen (spec: customer-site 9), from the same quote step 3 shows */}
      <p className="sticky bottom-2 z-10 flex items-baseline justify-between gap-3 rounded-xl border border-brand-200 bg-brand-50 px-4 py-3 shadow-sm" aria-live="polite" data-testid="running-estimate">
        <span>Your estimate so far</span>
        <strong className="text-lg">{formatCents(quote.totalCents)}</strong>
      </p>

      <aside className="flex gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950" aria-label="How we care for your laundry">
        <Info className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        <div className="flex flex-col gap-2">
          <p className="font-semibold">How we care for your laundry</p>
          <ul className="list-disc space-y-1 pl-5">
            <li>Washed with your choice of regular or hypoallergenic detergent, in cold water unless you choose otherwise.</li>
            <li>Dried on low-medium heat; towels and sheets are washed warm or hot.</li>
            <li>
              Everything is folded and {turnaroundOf(site).promise}; with 24-hr Rush Delivery, {turnaroundOf(site).rush}.
            </li>
          </ul>
          <p>
            Stain removal is not guaranteed. Please empty pockets, and tell us about allergies or items that need special care. Fabric softener is not offered online; call us if you need it.
          </p>
        </div>
      </aside>
    </div>
  );
}
