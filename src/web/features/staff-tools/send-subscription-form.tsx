// /send-subscription-invoice (spec: back-office 2 "Staff tools", 3 "Subscription invoice", 4 next
// billing date, 5, 8): a monthly subscription and its first invoice, one line 'Monthly
// Subscription: {description}'; the preview shows that line, the month's total and the next billing
// date (this invoice's due date) as the shared pricing computes them; the toast names the client,
// the SUB- number, the due date and when the next invoice goes out, as the server recorded them.
import { CalendarSync, LoaderCircle } from 'lucide-react';
import { useId, type ComponentProps } from 'react';
import { useForm } from 'react-hook-form';
import { businessTimeZone } from '../../lib/business-time';
import { formatLongDate, todayIn } from '../../../shared/dates';
import { formatCents } from '../../../shared/money';
import { Button } from '../../components/ui/button';
import { Field, fieldAria } from '../../components/ui/field';
import { Input, Textarea } from '../../components/ui/input';
import { toast } from '../../lib/toast';
import { InvoicePreview } from './invoice-preview';
import { useSendSubscriptionInvoice } from './staff-tools-api';
import { newSubscriptionFormValues, readSubscriptionForm, subscriptionFormField, subscriptionPreview, type SubscriptionFormValues, type SubscriptionRequest } from './subscription-form-values';
import { FormSection, toolResolver, useLiveRecheck } from './tool-form';
import { sendFailures, showProblem, showSendError } from './tool-feedback';

const resolver = toolResolver(readSubscriptionForm);
type TextField = Exclude<keyof SubscriptionFormValues, 'notes'>;
const today = () => todayIn(businessTimeZone());

export function SendSubscriptionForm() {
  const uid = useId();
  const send = useSendSubscriptionInvoice();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    trigger,
    getValues,
    watch,
    formState: { errors, isSubmitted },
  } = useForm<SubscriptionFormValues, unknown, SubscriptionRequest>({ resolver, defaultValues: newSubscriptionFormValues(today()) });
  const values = watch();
  useLiveRecheck(watch, trigger, isSubmitted);
  const preview = subscriptionPreview(values, today());

  const onSubmit = handleSubmit(
    (request) =>
      send.mutate(request, {
        onSuccess: ({ invoice, subscription }) => {
          toast.success(`Subscription invoice ${invoice.invoiceNumber} sent to ${request.clientName}`, {
            description: `${formatCents(invoice.totalCents)} due ${formatLongDate(invoice.dueDate)}. The next invoice goes out on ${formatLongDate(subscription.nextBillingDate)}.`,
          });
          reset(newSubscriptionFormValues(today()));
        },
        onError: (error) =>
          showSendError(error, sendFailures.subscription, (fields) => {
            let first = true;
            for (const [key, message] of Object.entries(fields)) {
              const field = subscriptionFormField(key);
              if (!field) continue;
              setError(field, { type: 'server', message }, { shouldFocus: first });
              first = false;
            }
          }),
      }),
    () => {
      const read = readSubscriptionForm(getValues());
      if (!read.ok) showProblem(read.problem);
    },
  );

  const id = (field: keyof SubscriptionFormValues) => `${uid}-${field}`;
  const text = (field: TextField, label: string, options: { required?: boolean; hint?: string; className?: string; input?: ComponentProps<'input'> } = {}) => (
    <Field id={id(field)} label={label} required={options.required} hint={options.hint} error={errors[field]?.message} className={options.className}>
      <Input autoComplete="off" aria-required={options.required ? true : undefined} {...options.input} {...fieldAria(id(field), errors[field]?.message, Boolean(options.hint))} {...register(field)} />
    </Field>
  );

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Send subscription invoice" className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
      <div className="flex min-w-0 flex-col gap-6">
        <FormSection title="Client" className="sm:grid-cols-2">
          {text('clientName', 'Client name', { required: true, input: { maxLength: 120 } })}
          {text('clientEmail', 'Client email', { required: true, input: { type: 'email', inputMode: 'email', maxLength: 254 } })}
          {text('clientPhone', 'Phone', { input: { type: 'tel', inputMode: 'tel', maxLength: 40 } })}
          {text('clientAddress', 'Address', { input: { maxLength: 300 } })}
        </FormSection>
        <FormSection title="Subscription" className="sm:grid-cols-2">
          {text('description', 'Description', { required: true, className: 'sm:col-span-2', hint: 'e.g. Weekly wash and fold, up to 20 lb', input: { maxLength: 200 } })}
          {text('monthlyPrice', 'Monthly price ($)', { required: true, input: { type: 'number', inputMode: 'decimal', min: '0.01', step: '0.01' } })}
          {text('tax', 'Tax per month ($)', { input: { type: 'number', inputMode: 'decimal', min: '0', step: '0.01' } })}
          {text('startDate', 'Start date', { required: true, input: { type: 'date' } })}
          {text('billingDay', 'Billing day', { required: true, hint: 'Day of the month, 1 to 31 (the last day in shorter months)', input: { type: 'number', inputMode: 'numeric', min: '1', max: '31', step: '1' } })}
          <Field id={id('notes')} label="Notes" error={errors.notes?.message} className="sm:col-span-2">
            <Textarea maxLength={2000} className="min-h-20" {...fieldAria(id('notes'), errors.notes?.message)} {...register('notes')} />
          </Field>
        </FormSection>
      </div>
      <InvoicePreview
        title="Monthly invoice preview"
        invoice={preview.invoice}
        empty="Enter a monthly price to see the invoice's line."
        footer={
          <Button type="submit" size="lg" disabled={send.isPending} className="w-full">
            {send.isPending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <CalendarSync aria-hidden="true" />}
            {send.isPending ? 'Sending...' : 'Send Subscription Invoice'}
          </Button>
        }
      >
        <div className="rounded-lg bg-slate-50 p-3 text-sm">
          <p className="text-slate-600">Next billing date</p>
          <p className="font-semibold">{preview.nextBillingDate ? formatLongDate(preview.nextBillingDate) : 'Enter a start date and a billing day'}</p>
          {preview.nextBillingDate ? <p className="text-slate-600">This first invoice is due then; one follows every month on the billing day.</p> : null}
        </div>
      </InvoicePreview>
    </form>
  );
}
