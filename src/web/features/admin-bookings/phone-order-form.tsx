// A customer who calls to book (decision 058): staff take the wizard's details, the server prices
// and checks them as it does the wizard's (a day served, a window with a place, the area), and the
// customer gets the link to confirm with their card by email, text or both. The server's words go
// under the field they are about. Loaded when opened (the back office's budget).
import { useState, type FormEvent } from 'react';
import { addOnLabels } from '../../../shared/add-ons';
import { pickupLocationLabels, pickupLocationValues } from '../../../shared/booking-values';
import { formatCents } from '../../../shared/money';
import { payLinkChannelLabels, payLinkChannels, type PayLinkChannel } from '../../../shared/phone-orders';
import type { PhoneOrderCreated } from '../../../shared/schemas/phone-orders';
import { Button } from '../../components/ui/button';
import { Field, fieldAria } from '../../components/ui/field';
import { Input, Textarea, fieldClass } from '../../components/ui/input';
import { ApiRequestError } from '../../lib/api';
import { cn } from '../../lib/cn';
import { useSiteBusiness } from '../../lib/site-business';
import { useCreatePhoneOrder } from '../back-office-api';

const flags = ['rushDelivery', 'hangDriedDelicates', 'oxiClean', 'stainTreatment'] as const;
const counts = [
  ['sportsUniformsCount', 'sportsUniforms'],
  ['blanketsQueenCount', 'blanketsQueen'],
  ['blanketsKingCount', 'blanketsKing'],
  ['mattressPadsQueenCount', 'mattressPadsQueen'],
  ['mattressPadsKingCount', 'mattressPadsKing'],
] as const;
type Text = 'name' | 'email' | 'phone' | 'address' | 'city' | 'zipCode' | 'pickupDate' | 'pickupTime' | 'pickupLocation' | 'specialInstructions' | 'promoCode';

export function PhoneOrderForm({ onDone, onOpen }: { onDone: () => void; onOpen: (confirmation: string) => void }) {
  const site = useSiteBusiness();
  const create = useCreatePhoneOrder();
  // one key per order: pressed twice, or sent again after a lost answer, one booking
  const [submissionKey, setSubmissionKey] = useState(() => crypto.randomUUID());
  const [text, setText] = useState<Record<Text, string>>({ name: '', email: '', phone: '', address: '', city: '', zipCode: '', pickupDate: '', pickupTime: site.pickupWindows[0]?.value ?? '', pickupLocation: 'front-door', specialInstructions: '', promoCode: '' });
  const [bags, setBags] = useState('1');
  const [extras, setExtras] = useState<Record<string, boolean>>({});
  const [itemCounts, setItemCounts] = useState<Record<string, string>>({});
  const [channel, setChannel] = useState<PayLinkChannel>('email');
  const [done, setDone] = useState<PhoneOrderCreated | null>(null);
  const error = create.error instanceof ApiRequestError ? create.error : null;
  // the server names a form field as its schema does (bookingData.zipCode) or as its rule does (zipCode)
  const fields: Record<string, string> = {};
  for (const [name, message] of Object.entries(error?.fields ?? {})) fields[name.replace(/^bookingData\./, '')] ??= message;
  const general = create.error && Object.keys(fields).length === 0 ? create.error.message : null;
  const id = (name: string) => `phone-order-${name}`;
  const set = (name: Text) => (e: { target: { value: string } }) => setText((t) => ({ ...t, [name]: e.target.value }));
  const input = (name: Text, label: string, props: Record<string, unknown> = {}) => (
    <Field id={id(name)} label={label} required={name !== 'specialInstructions' && name !== 'promoCode'} error={fields[name]}>
      <Input {...fieldAria(id(name), fields[name])} value={text[name]} onChange={set(name)} {...props} />
    </Field>
  );

  if (done)
    return (
      <div role="status" className="flex flex-col gap-3 rounded-lg border border-green-200 bg-green-50 p-4 text-sm">
        <p className="font-semibold">
          Booked {done.confirmation}: estimate {formatCents(done.totalCents)}.
        </p>
        <p>{done.sentTo.length ? `The link to confirm it with a card went to ${done.sentTo.join(' and ')}.` : done.replayed ? 'This order was already booked from this form.' : 'Nothing is due: it is confirmed.'}</p>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" onClick={() => onOpen(done.confirmation)}>
            Show it in All Bookings
          </Button>
          <Button
            size="sm"
            variant="outline"
            onClick={() => {
              setDone(null);
              setSubmissionKey(crypto.randomUUID());
              setText((t) => ({ ...t, name: '', email: '', phone: '', address: '', specialInstructions: '', promoCode: '' }));
            }}
          >
            Take another order
          </Button>
          <Button size="sm" variant="outline" onClick={onDone}>
            Close
          </Button>
        </div>
      </div>
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const count = (key: string) => Number(itemCounts[key] || 0);
    const { promoCode, ...details } = text;
    create.mutate(
      {
        bookingData: {
          ...details,
          pickupLocation: details.pickupLocation as (typeof pickupLocationValues)[number],
          bagQuantity: Number(bags),
          ...Object.fromEntries(flags.map((f) => [f, Boolean(extras[f])])),
          ...Object.fromEntries(counts.map(([field]) => [field, count(field)])),
          containsSportsUniforms: count('sportsUniformsCount') > 0,
        },
        promoCode: promoCode.trim() || null,
        channel,
        submissionKey,
      },
      { onSuccess: (r) => setDone(r) },
    );
  };
  return (
    <form onSubmit={submit} noValidate aria-label="New phone order" className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-slate-50 p-4">
      <p className="text-sm text-slate-600">
        For a customer who calls: the booking is priced and checked as on the website, and the customer confirms it with their card from the link we send them.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        {input('name', 'Name', { autoComplete: 'off' })}
        {input('email', 'Email', { type: 'email', autoComplete: 'off' })}
        {input('phone', 'Phone', { type: 'tel', autoComplete: 'off' })}
        {input('address', 'Address', { autoComplete: 'off' })}
        {input('city', 'City', { autoComplete: 'off' })}
        {input('zipCode', 'ZIP code', { inputMode: 'numeric', autoComplete: 'off' })}
      </div>
      <div className="grid gap-3 sm:grid-cols-3">
        <Field id={id('pickupDate')} label="Pick-up day" required error={fields.pickupDate} hint={site.serviceDaysLabel}>
          <Input type="date" {...fieldAria(id('pickupDate'), fields.pickupDate, true)} value={text.pickupDate} onChange={set('pickupDate')} />
        </Field>
        <Field id={id('pickupTime')} label="Pick-up window" required error={fields.pickupTime}>
          <select {...fieldAria(id('pickupTime'), fields.pickupTime)} className={cn(fieldClass, 'h-10 py-2')} value={text.pickupTime} onChange={set('pickupTime')}>
            {site.pickupWindows.map((w) => (
              <option key={w.value} value={w.value}>
                {w.label}
              </option>
            ))}
          </select>
        </Field>
        <Field id={id('pickupLocation')} label="Where we pick up" required error={fields.pickupLocation}>
          <select {...fieldAria(id('pickupLocation'), fields.pickupLocation)} className={cn(fieldClass, 'h-10 py-2')} value={text.pickupLocation} onChange={set('pickupLocation')}>
            {pickupLocationValues.map((v) => (
              <option key={v} value={v}>
                {pickupLocationLabels[v]}
              </option>
            ))}
          </select>
        </Field>
        <Field id={id('bagQuantity')} label="Bags" required error={fields.bagQuantity}>
          <Input type="number" min={1} inputMode="numeric" {...fieldAria(id('bagQuantity'), fields.bagQuantity)} value={bags} onChange={(e) => setBags(e.target.value)} />
        </Field>
        {input('promoCode', 'Promo code (optional)', { autoComplete: 'off' })}
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">Add-ons</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {flags.map((f) => (
            <label key={f} className="flex items-center gap-2 text-sm">
              <input type="checkbox" className="size-4 accent-[var(--color-primary)]" checked={Boolean(extras[f])} onChange={(e) => setExtras((x) => ({ ...x, [f]: e.target.checked }))} />
              {addOnLabels[f]}
            </label>
          ))}
        </div>
        <div className="grid gap-2 sm:grid-cols-2">
          {counts.map(([field, key]) => (
            <Field key={field} id={id(field)} label={`${addOnLabels[key]} (items)`} error={fields[field]}>
              <Input type="number" min={0} inputMode="numeric" {...fieldAria(id(field), fields[field])} value={itemCounts[field] ?? ''} placeholder="0" onChange={(e) => setItemCounts((c) => ({ ...c, [field]: e.target.value }))} />
            </Field>
          ))}
        </div>
      </fieldset>
      <Field id={id('specialInstructions')} label="Special instructions (optional)" error={fields.specialInstructions}>
        <Textarea {...fieldAria(id('specialInstructions'), fields.specialInstructions)} value={text.specialInstructions} onChange={set('specialInstructions')} maxLength={1000} />
      </Field>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">Send the link to confirm with a card</legend>
        <div className="flex flex-wrap gap-4">
          {payLinkChannels.map((c) => (
            <label key={c} className="flex items-center gap-2 text-sm">
              <input type="radio" name="phone-order-channel" className="size-4 accent-[var(--color-primary)]" checked={channel === c} onChange={() => setChannel(c)} />
              {payLinkChannelLabels[c]}
            </label>
          ))}
        </div>
        {fields.channel ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            {fields.channel}
          </p>
        ) : null}
      </fieldset>
      {general ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {general}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Booking...' : 'Book and send the link'}
        </Button>
        <Button type="button" variant="outline" disabled={create.isPending} onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
