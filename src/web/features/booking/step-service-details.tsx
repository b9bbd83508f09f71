import { Minus, Plus } from 'lucide-react';
import { useState } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { formatLongDate } from '../../../shared/dates';
import { checkServiceZip } from '../../../shared/service-area';
import { MAX_BAGS, pickupLocationLabels, pickupLocationValues } from '../../../shared/booking-values';
import { smsConsentText } from '../../../shared/sms';
import { Button } from '../../components/ui/button';
import { Field, fieldAria } from '../../components/ui/field';
import { fieldClass, Input, Textarea } from '../../components/ui/input';
import { cn } from '../../lib/cn';
import { parseBagQuantity, type BookingDraft } from './booking-draft';
import { PickupCalendar } from './pickup-calendar';
import { closedDays, windowTaken } from './calendar-grid';
import { useSiteBusiness } from '../../lib/site-business';

export type Availability = {
  today: string;
  full: Set<string>;
  started: Set<string>;
  /** Windows that can be booked but no longer cancelled for free (spec: customer-site 9). */
  noFreeCancellation: Set<string>;
  /** The last day of the booking horizon, the days the owner closed, and the ZIP codes served (null until known). */
  lastDay: string;
  closed: string[];
  zips: string[] | null;
  /** The pick-up days (ISO weekdays) and windows the settings offer (decision 055): the page's, then the server's latest. */
  weekdays: readonly number[];
  windows: readonly { value: string; label: string }[];
};

/**
 * spec: customer-site 1: a ZIP outside the service area, once the server said which it serves. (The
 * calendar lets no closed day or day past the horizon be picked; the server refuses them too.)
 */
export const pickupRefusal = (values: { zipCode: string }, a: Availability) => (a.zips ? checkServiceZip(values.zipCode, a.zips) : null);

export function StepServiceDetails({
  form,
  availability,
  availabilityLoading = false,
}: {
  form: UseFormReturn<BookingDraft>;
  availability: Availability;
  availabilityLoading?: boolean;
}) {
  // spec: customer-site 5: a count typed above the maximum becomes the maximum, and says so
  const [capped, setCapped] = useState(false);
  const {
    register,
    control,
    watch,
    formState: { errors },
  } = form;
  const pickupDate = watch('pickupDate');
  const site = useSiteBusiness();
  const area = pickupRefusal({ zipCode: watch('zipCode') }, availability);
  const text = (name: 'name' | 'email' | 'phone' | 'address' | 'city' | 'zipCode') => ({
    ...register(name),
    ...fieldAria(name, errors[name]?.message),
  });

  return (
    <div className="flex flex-col gap-8">
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-3 text-base font-semibold">Your contact details</legend>
        <Field id="name" label="Full name" required error={errors.name?.message}>
          <Input autoComplete="name" {...text('name')} />
        </Field>
        <Field id="email" label="Email" required error={errors.email?.message}>
          <Input type="email" autoComplete="email" inputMode="email" {...text('email')} />
        </Field>
        <Field id="phone" label="Phone" required error={errors.phone?.message} hint="We call 30 minutes before pick-up.">
          <Input type="tel" autoComplete="tel" {...text('phone')} aria-describedby={errors.phone ? 'phone-error' : 'phone-hint'} />
        </Field>
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-6">
        <legend className="mb-3 text-base font-semibold">Pick-up address</legend>
        <Field id="address" label="Street address" required error={errors.address?.message} className="sm:col-span-6">
          <Input autoComplete="street-address" {...text('address')} />
        </Field>
        <Field id="city" label="City" required error={errors.city?.message} className="sm:col-span-4">
          <Input autoComplete="address-level2" {...text('city')} />
        </Field>
        <Field id="zipCode" label="ZIP code" required error={errors.zipCode?.message === area?.message ? undefined : errors.zipCode?.message} className="sm:col-span-2">
          <Input autoComplete="postal-code" inputMode="numeric" {...text('zipCode')} {...(area && { 'aria-invalid': true, 'aria-describedby': 'zipCode-area' })} />
        </Field>
        {area ? (
          <p id="zipCode-area" role="alert" className="text-sm font-medium text-destructive sm:col-span-6">
            {area.message}.{' '}
            <a href="/#contact" className="text-primary underline">
              Contact us
            </a>{' '}
            to ask about your area.
          </p>
        ) : null}
      </fieldset>

      <fieldset className="grid gap-6 lg:grid-cols-[auto_1fr]">
        <legend className="mb-3 text-base font-semibold">When and where we pick up</legend>
        <div className="flex flex-col gap-1.5">
          <span id="pickupDate-label" className="text-sm font-medium">
            Pick-up date
            <span className="text-destructive" aria-hidden="true">
              {' '}
              *
            </span>
          </span>
          <p id="pickupDate-hint" className="text-xs text-muted-foreground">
            Pick-ups on {site.serviceDaysLabel}. Use the arrow keys to move between days.
          </p>
          <Controller
            control={control}
            name="pickupDate"
            render={({ field }) => (
              <div role="group" aria-labelledby="pickupDate-label" aria-describedby={errors.pickupDate ? 'pickupDate-error' : 'pickupDate-hint'}>
                <PickupCalendar
                  id="pickupDate"
                  value={field.value}
                  today={availability.today}
                  lastDay={availability.lastDay}
                  closedDays={closedDays(availability)}
                  weekdays={availability.weekdays}
                  onChange={(iso) => {
                    field.onChange(iso);
                    const time = form.getValues('pickupTime');
                    if (time && windowTaken(availability, iso, time))
                      form.setValue('pickupTime', '');
                  }}
                  invalid={Boolean(errors.pickupDate)}
                  loading={availabilityLoading}
                />
              </div>
            )}
          />
          <p className="text-sm" aria-live="polite">
            {pickupDate ? (
              <>
                Selected: <strong>{formatLongDate(pickupDate)}</strong>
              </>
            ) : (
              <span className="text-muted-foreground">No date selected yet</span>
            )}
          </p>
          {errors.pickupDate ? (
            <p id="pickupDate-error" className="text-sm font-medium text-destructive">
              {errors.pickupDate.message}
            </p>
          ) : null}
        </div>

        <div className="flex flex-col gap-6">
          <Controller
            control={control}
            name="pickupTime"
            render={({ field }) => (
              <fieldset aria-describedby={errors.pickupTime ? 'pickupTime-error' : undefined}>
                <legend className="mb-2 text-sm font-medium">
                  Pick-up time
                  <span className="text-destructive" aria-hidden="true">
                    {' '}
                    *
                  </span>
                </legend>
                <div className="grid gap-2 sm:grid-cols-3 lg:grid-cols-1">
                  {availability.windows.map((t) => {
                    const full = availability.full.has(`${pickupDate}|${t.value}`);
                    const unavailable = Boolean(pickupDate) && windowTaken(availability, pickupDate, t.value);
                    return (
                      <label
                        key={t.value}
                        className={cn(
                          'flex cursor-pointer items-center gap-3 rounded-lg border px-3 py-2.5 text-sm transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
                          field.value === t.value ? 'border-primary bg-brand-50 font-semibold' : 'border-input hover:bg-muted',
                          unavailable && 'cursor-not-allowed opacity-60',
                        )}
                      >
                        <input
                          type="radio"
                          name={field.name}
                          value={t.value}
                          checked={field.value === t.value}
                          disabled={unavailable}
                          onChange={() => field.onChange(t.value)}
                          className="size-4 accent-[var(--color-primary)]"
                        />
                        <span>
                          {t.label}
                          {unavailable ? <span className="block text-xs font-normal">{full ? 'Full' : 'Already started'}</span> : null}
                        </span>
                      </label>
                    );
                  })}
                </div>
                {pickupDate && availability.noFreeCancellation.has(`${pickupDate}|${field.value}`) ? (
                  <p role="status" className="mt-1.5 rounded-lg border-l-4 border-amber-600 bg-amber-50 p-2 text-sm text-amber-950" data-testid="no-free-cancellation">
                    This window starts soon: its free cancellation has ended. Booked now, it cannot be cancelled online.
                  </p>
                ) : null}
                {errors.pickupTime ? (
                  <p id="pickupTime-error" className="mt-1.5 text-sm font-medium text-destructive">
                    {errors.pickupTime.message}
                  </p>
                ) : null}
              </fieldset>
            )}
          />

          <Field id="pickupLocation" label="Where should we pick up?" required error={errors.pickupLocation?.message}>
            <select
              className={cn(fieldClass, 'h-10 py-2')}
              {...register('pickupLocation')}
              {...fieldAria('pickupLocation', errors.pickupLocation?.message)}
            >
              <option value="">Choose a spot…</option>
              {pickupLocationValues.map((v) => (
                <option key={v} value={v}>
                  {pickupLocationLabels[v]}
                </option>
              ))}
            </select>
          </Field>

          <Controller
            control={control}
            name="bagQuantity"
            render={({ field }) => (
              <Field
                id="bagQuantity"
                label="Number of 13-gallon bags"
                required
                error={errors.bagQuantity?.message}
                hint={capped ? `At most ${MAX_BAGS} bags a pick-up: we set it to ${MAX_BAGS}.` : `About 12 lb of laundry per bag; up to ${MAX_BAGS} bags a pick-up.`}
              >
                <div className="flex items-center gap-2">
                  <Button
                    type="button"
                    variant="outline"
                    size="icon"
                    aria-label="One bag less"
                    disabled={field.value <= 1}
                    onClick={() => field.onChange(Math.max(1, field.value - 1))}
                  >
                    <Minus aria-hidden="true" />
                  </Button>
                  <Input
                    type="number"
                    min={1}
                    max={MAX_BAGS}
                    step={1}
                    className="w-20 text-center"
                    value={field.value}
                    onChange={(e) => {
                      setCapped(Number(e.target.value) > MAX_BAGS);
                      field.onChange(e.target.value === '' ? '' : parseBagQuantity(e.target.value, MAX_BAGS));
                    }}
                    onBlur={(e) => {
                      field.onChange(parseBagQuantity(e.target.value, MAX_BAGS));
                      field.onBlur();
                    }}
                    {...fieldAria('bagQuantity', errors.bagQuantity?.message, true)}
                  />
                  <Button
                    type="button"
                    variant="outline"
                    size="icon"
                    aria-label="One bag more"
                    disabled={field.value >= MAX_BAGS}
                    onClick={() => field.onChange(Math.min(MAX_BAGS, (Number(field.value) || 0) + 1))}
                  >
                    <Plus aria-hidden="true" />
                  </Button>
                </div>
              </Field>
            )}
          />
        </div>
      </fieldset>

      <div className="flex flex-col gap-4">
        <Field id="specialInstructions" label="Special instructions" error={errors.specialInstructions?.message} hint="Gate codes, pets, where the bags will be.">
          <Textarea {...register('specialInstructions')} {...fieldAria('specialInstructions', errors.specialInstructions?.message, true)} />
        </Field>
        <label className="flex items-start gap-3 rounded-lg border border-border bg-muted/50 p-3 text-sm">
          <input type="checkbox" className="mt-0.5 size-4 accent-[var(--color-primary)]" {...register('smsConsent')} />
          <span>
            <span className="font-medium">Text me updates (optional).</span> {smsConsentText(site.name)}
          </span>
        </label>
      </div>
    </div>
  );
}
