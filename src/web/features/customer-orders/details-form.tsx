// The customer's contact details and preferences for their upcoming pick-ups (decision 022): shown
// as they are, changed in a form the server checks field by field; its answer says which pick-ups
// took them. The email stays: it is who they are here.
import { Pencil } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { detergentTypeValues, pickupLocationLabels, pickupLocationValues, waterTemperatureValues } from '../../../shared/booking-values';
import type { CustomerDetails } from '../../../shared/schemas/customer-orders';
import { Button } from '../../components/ui/button';
import { Field, fieldAria } from '../../components/ui/field';
import { Input, Textarea, fieldClass } from '../../components/ui/input';
import { ApiRequestError } from '../../lib/api';
import { cn } from '../../lib/cn';
import { useUpdateCustomerDetails } from './orders-api';

const waterLabels: Record<(typeof waterTemperatureValues)[number], string> = { cold: 'Cold', warm: 'Warm', hot: 'Hot' };
const detergentLabels: Record<(typeof detergentTypeValues)[number], string> = { standard: 'Standard', hypoallergenic: 'Hypoallergenic', 'bring-own': 'My own detergent' };

export function DetailsSection({ details, editable }: { details: CustomerDetails; editable: boolean }) {
  const [editing, setEditing] = useState(false);
  const save = useUpdateCustomerDetails();
  return (
    <section aria-labelledby="details-heading" className="flex flex-col gap-3 rounded-2xl border border-border bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 id="details-heading" className="text-lg font-bold">
            Your details and preferences
          </h2>
          <p className="text-sm text-muted-foreground">
            {editable ? 'What your upcoming pick-ups use.' : 'From your latest order. Your next booking takes the details you enter then.'}
          </p>
        </div>
        {editable && !editing ? (
          <Button size="sm" variant="outline" onClick={() => (save.reset(), setEditing(true))}>
            <Pencil aria-hidden="true" />
            Change details
          </Button>
        ) : null}
      </div>
      {save.isSuccess && !editing ? (
        <p role="status" className="text-sm font-medium text-green-800">
          {save.data.message}
        </p>
      ) : null}
      {editing ? (
        <DetailsForm details={details} save={save} onDone={() => setEditing(false)} />
      ) : (
        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          <Item label="Name" value={details.name} />
          <Item label="Phone" value={details.phone} />
          <Item label="Address" value={`${details.address}, ${details.city} ${details.zipCode}`} />
          <Item label="Pick-up spot" value={pickupLocationLabels[details.pickupLocation]} />
          <Item label="Special instructions" value={details.specialInstructions || 'None given'} />
          <Item label="Water temperature" value={waterLabels[details.waterTemperature]} />
          <Item label="Detergent" value={detergentLabels[details.detergentType]} />
          <Item label="Allergies" value={details.allergies || 'None given'} />
          <Item label="Care instructions" value={details.specialCareInstructions || 'None given'} />
        </dl>
      )}
    </section>
  );
}

function DetailsForm({ details, save, onDone }: { details: CustomerDetails; save: ReturnType<typeof useUpdateCustomerDetails>; onDone: () => void }) {
  const [form, setForm] = useState<CustomerDetails>(details);
  const fields = save.error instanceof ApiRequestError ? save.error.fields : {};
  const general = save.error && Object.keys(fields).length === 0 ? save.error.message : null;
  const set = <K extends keyof CustomerDetails>(key: K) => (value: CustomerDetails[K]) => setForm((f) => ({ ...f, [key]: value }));
  const text = (key: 'name' | 'phone' | 'address' | 'city' | 'zipCode' | 'allergies', label: string, autoComplete: string, required = true) => (
    <Field id={`details-${key}`} label={label} required={required} error={fields[key]}>
      <Input {...fieldAria(`details-${key}`, fields[key], required)} autoComplete={autoComplete} value={form[key]} onChange={(e) => set(key)(e.target.value)} />
    </Field>
  );
  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate(form, { onSuccess: onDone });
  }
  return (
    <form onSubmit={submit} noValidate aria-label="Change your details" className="flex flex-col gap-4">
      <div className="grid gap-3 sm:grid-cols-2">
        {text('name', 'Name', 'name')}
        {text('phone', 'Phone', 'tel')}
        {text('address', 'Street address', 'street-address')}
        {text('city', 'City', 'address-level2')}
        {text('zipCode', 'ZIP code', 'postal-code')}
        <Field id="details-pickupLocation" label="Pick-up spot" error={fields.pickupLocation}>
          <select {...fieldAria('details-pickupLocation', fields.pickupLocation)} className={cn(fieldClass, 'h-10 py-2')} value={form.pickupLocation} onChange={(e) => set('pickupLocation')(e.target.value as CustomerDetails['pickupLocation'])}>
            {pickupLocationValues.map((v) => (
              <option key={v} value={v}>
                {pickupLocationLabels[v]}
              </option>
            ))}
          </select>
        </Field>
        <Field id="details-waterTemperature" label="Water temperature" error={fields.waterTemperature}>
          <select {...fieldAria('details-waterTemperature', fields.waterTemperature)} className={cn(fieldClass, 'h-10 py-2')} value={form.waterTemperature} onChange={(e) => set('waterTemperature')(e.target.value as CustomerDetails['waterTemperature'])}>
            {waterTemperatureValues.map((v) => (
              <option key={v} value={v}>
                {waterLabels[v]}
              </option>
            ))}
          </select>
        </Field>
        <Field id="details-detergentType" label="Detergent" error={fields.detergentType}>
          <select {...fieldAria('details-detergentType', fields.detergentType)} className={cn(fieldClass, 'h-10 py-2')} value={form.detergentType} onChange={(e) => set('detergentType')(e.target.value as CustomerDetails['detergentType'])}>
            {detergentTypeValues.map((v) => (
              <option key={v} value={v}>
                {detergentLabels[v]}
              </option>
            ))}
          </select>
        </Field>
        {text('allergies', 'Allergies', 'off', false)}
        <Field id="details-specialInstructions" label="Special instructions" error={fields.specialInstructions} className="sm:col-span-2">
          <Textarea {...fieldAria('details-specialInstructions', fields.specialInstructions)} rows={2} value={form.specialInstructions} onChange={(e) => set('specialInstructions')(e.target.value)} />
        </Field>
        <Field id="details-specialCareInstructions" label="Care instructions" error={fields.specialCareInstructions} className="sm:col-span-2">
          <Textarea {...fieldAria('details-specialCareInstructions', fields.specialCareInstructions)} rows={2} value={form.specialCareInstructions} onChange={(e) => set('specialCareInstructions')(e.target.value)} />
        </Field>
      </div>
      {general ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {general}
        </p>
      ) : null}
      <p className="text-xs text-muted-foreground">
        These apply to every booked pick-up more than 2 hours before its window. Your email stays as it is. A new phone number gets no texts until you agree to them with your next booking.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save my details'}
        </Button>
        <Button type="button" size="sm" variant="outline" disabled={save.isPending} onClick={onDone}>
          Keep them as they are
        </Button>
      </div>
    </form>
  );
}

function Item({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="break-words">{value}</dd>
    </div>
  );
}
