// A customer's contact details and preferences as a form (decision 022): the fields that do not
// change the price, checked by the server field by field. The customer's own page and staff's
// "Edit details" (decision 057) both use it.
import { useForm } from 'react-hook-form';
import { detergentTypeValues, pickupLocationLabels, pickupLocationValues, waterTemperatureValues } from '../../shared/booking-values';
import type { CustomerDetails, CustomerDetailsInput } from '../../shared/schemas/customer-orders';
import { Button } from './ui/button';
import { Field, fieldAria } from './ui/field';
import { Input, Textarea, fieldClass } from './ui/input';
import { ApiRequestError } from '../lib/api';
import { cn } from '../lib/cn';

export const waterLabels: Record<(typeof waterTemperatureValues)[number], string> = { cold: 'Cold', warm: 'Warm', hot: 'Hot' };
export const detergentLabels: Record<(typeof detergentTypeValues)[number], string> = { standard: 'Standard', hypoallergenic: 'Hypoallergenic', 'bring-own': 'My own detergent' };

type FieldName = keyof CustomerDetails;
const fieldNames: FieldName[] = ['name', 'phone', 'address', 'city', 'zipCode', 'pickupLocation', 'specialInstructions', 'waterTemperature', 'detergentType', 'allergies', 'specialCareInstructions'];

/**
 * The form: `save` gets the values and a callback for the server's refusal, whose field messages go
 * under their fields and any other above the buttons.
 */
export function CustomerDetailsForm(p: {
  idPrefix: string;
  label: string;
  details: CustomerDetails;
  pending: boolean;
  save: (values: CustomerDetailsInput, refused: (error: Error) => void) => void;
  onCancel: () => void;
  note: string;
  submitLabel: string;
  cancelLabel: string;
}) {
  const { details } = p;
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
    <Field id={id(key)} label={label} required={required} error={errors[key]?.message}>
      <Input {...fieldAria(id(key), errors[key]?.message, required)} autoComplete={autoComplete} {...register(key)} />
    </Field>
  );
  const submit = handleSubmit((values) =>
    p.save(values, (error) => {
      const fields = error instanceof ApiRequestError ? Object.entries(error.fields).filter(([name]) => (fieldNames as string[]).includes(name)) : [];
      for (const [name, message] of fields) setError(name as FieldName, { type: 'server', message });
      if (fields.length === 0) setError('root.server', { type: 'server', message: error.message });
    }),
  );
  const id = (key: string) => `${p.idPrefix}-${key}`;
  return (
    <form onSubmit={submit} noValidate aria-label={p.label} className="flex flex-col gap-4">
      <div className="grid gap-3 sm:grid-cols-2">
        {text('name', 'Name', 'name')}
        {text('phone', 'Phone', 'tel')}
        {text('address', 'Street address', 'street-address')}
        {text('city', 'City', 'address-level2')}
        {text('zipCode', 'ZIP code', 'postal-code')}
        <Field id={id('pickupLocation')} label="Pick-up spot" error={errors.pickupLocation?.message}>
          <select {...fieldAria(id('pickupLocation'), errors.pickupLocation?.message)} className={cn(fieldClass, 'h-10 py-2')} {...register('pickupLocation')}>
            {pickupLocationValues.map((v) => (
              <option key={v} value={v}>
                {pickupLocationLabels[v]}
              </option>
            ))}
          </select>
        </Field>
        <Field id={id('waterTemperature')} label="Water temperature" error={errors.waterTemperature?.message}>
          <select {...fieldAria(id('waterTemperature'), errors.waterTemperature?.message)} className={cn(fieldClass, 'h-10 py-2')} {...register('waterTemperature')}>
            {waterTemperatureValues.map((v) => (
              <option key={v} value={v}>
                {waterLabels[v]}
              </option>
            ))}
          </select>
        </Field>
        <Field id={id('detergentType')} label="Detergent" error={errors.detergentType?.message}>
          <select {...fieldAria(id('detergentType'), errors.detergentType?.message)} className={cn(fieldClass, 'h-10 py-2')} {...register('detergentType')}>
            {detergentTypeValues.map((v) => (
              <option key={v} value={v}>
                {detergentLabels[v]}
              </option>
            ))}
          </select>
        </Field>
        {text('allergies', 'Allergies', 'off', false)}
        <Field id={id('specialInstructions')} label="Special instructions" error={errors.specialInstructions?.message} className="sm:col-span-2">
          <Textarea {...fieldAria(id('specialInstructions'), errors.specialInstructions?.message)} rows={2} {...register('specialInstructions')} />
        </Field>
        <Field id={id('specialCareInstructions')} label="Care instructions" error={errors.specialCareInstructions?.message} className="sm:col-span-2">
          <Textarea {...fieldAria(id('specialCareInstructions'), errors.specialCareInstructions?.message)} rows={2} {...register('specialCareInstructions')} />
        </Field>
      </div>
      {general ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {general}
        </p>
      ) : null}
      <p className="text-xs text-muted-foreground">{p.note}</p>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={p.pending}>
          {p.pending ? 'Saving...' : p.submitLabel}
        </Button>
        <Button type="button" size="sm" variant="outline" disabled={p.pending} onClick={p.onCancel}>
          {p.cancelLabel}
        </Button>
      </div>
    </form>
  );
}

