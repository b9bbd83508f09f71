// The customer's contact details and preferences for their upcoming pick-ups (decision 022): shown
// as they are, changed in a form the server checks field by field; its answer says which pick-ups
// took them. The email stays: it is who they are here.
import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { detergentTypeValues, pickupLocationLabels, pickupLocationValues, waterTemperatureValues } from '../../../shared/booking-values';
import type { CustomerDetails, CustomerDetailsInput } from '../../../shared/schemas/customer-orders';
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

type FieldName = keyof CustomerDetails;
const fieldNames: FieldName[] = ['name', 'phone', 'address', 'city', 'zipCode', 'pickupLocation', 'specialInstructions', 'waterTemperature', 'detergentType', 'allergies', 'specialCareInstructions'];

function DetailsForm({ details, save, onDone }: { details: CustomerDetails; save: ReturnType<typeof useUpdateCustomerDetails>; onDone: () => void }) {
  // the server checks every field and its answer for a field goes under it (docs/decisions/050: the
  // schema stays off this page, whose budget the booking's schemas would take, decision 009)
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<CustomerDetailsInput>({ defaultValues: details });
  const general = errors.root?.server?.message;
  const text = (key: 'name' | 'phone' | 'address' | 'city' | 'zipCode' | 'allergies', label: string, autoComplete: string, required = true) => (
    <Field id={`details-${key}`} label={label} required={required} error={errors[key]?.message}>
      <Input {...fieldAria(`details-${key}`, errors[key]?.message, required)} autoComplete={autoComplete} {...register(key)} />
    </Field>
  );
  const submit = handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: onDone,
      onError: (error) => {
        const fields = error instanceof ApiRequestError ? Object.entries(error.fields).filter(([name]) => (fieldNames as string[]).includes(name)) : [];
        for (const [name, message] of fields) setError(name as FieldName, { type: 'server', message });
        if (fields.length === 0) setError('root.server', { type: 'server', message: error.message });
      },
    }),
  );
  return (
    <form onSubmit={submit} noValidate aria-label="Change your details" className="flex flex-col gap-4">
      <div className="grid gap-3 sm:grid-cols-2">
        {text('name', 'Name', 'name')}
        {text('phone', 'Phone', 'tel')}
        {text('address', 'Street address', 'street-address')}
        {text('city', 'City', 'address-level2')}
        {text('zipCode', 'ZIP code', 'postal-code')}
        <Field id="details-pickupLocation" label="Pick-up spot" error={errors.pickupLocation?.message}>
          <select {...fieldAria('details-pickupLocation', errors.pickupLocation?.message)} className={cn(fieldClass, 'h-10 py-2')} {...register('pickupLocation')}>
            {pickupLocationValues.map((v) => (
              <option key={v} value={v}>
                {pickupLocationLabels[v]}
              </option>
            ))}
          </select>
        </Field>
        <Field id="details-waterTemperature" label="Water temperature" error={errors.waterTemperature?.message}>
          <select {...fieldAria('details-waterTemperature', errors.waterTemperature?.message)} className={cn(fieldClass, 'h-10 py-2')} {...register('waterTemperature')}>
            {waterTemperatureValues.map((v) => (
              <option key={v} value={v}>
                {waterLabels[v]}
              </option>
            ))}
          </select>
        </Field>
        <Field id="details-detergentType" label="Detergent" error={errors.detergentType?.message}>
          <select {...fieldAria('details-detergentType', errors.detergentType?.message)} className={cn(fieldClass, 'h-10 py-2')} {...register('detergentType')}>
            {detergentTypeValues.map((v) => (
              <option key={v} value={v}>
                {detergentLabels[v]}
              </option>
            ))}
          </select>
        </Field>
        {text('allergies', 'Allergies', 'off', false)}
        <Field id="details-specialInstructions" label="Special instructions" error={errors.specialInstructions?.message} className="sm:col-span-2">
          <Textarea {...fieldAria('details-specialInstructions', errors.specialInstructions?.message)} rows={2} {...register('specialInstructions')} />
        </Field>
        <Field id="details-specialCareInstructions" label="Care instructions" error={errors.specialCareInstructions?.message} className="sm:col-span-2">
          <Textarea {...fieldAria('details-specialCareInstructions', errors.specialCareInstructions?.message)} rows={2} {...register('specialCareInstructions')} />
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
