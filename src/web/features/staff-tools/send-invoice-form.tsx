// /send-invoice (spec: back-office 2 "Staff tools", 3 "Manual invoice as sent", 5, 8, 9): a manual
// invoice typed by staff, its preview computed by the shared pricing as they type, a confirmation
// with its total (an email cannot be called back), then the toast with the recipient and the
// invoice number, and a fresh form.
import { FileText, LoaderCircle } from 'lucide-react';
import { useId, useRef, useState, type ComponentProps } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { formatCents } from '../../../shared/money';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Field, fieldAria } from '../../components/ui/field';
import { Input, Textarea } from '../../components/ui/input';
import { toast } from '../../lib/toast';
import { invoiceBody, invoiceFormField, invoicePreview, newInvoiceFormValues, readInvoiceForm, specManualInvoiceDefaults, type InvoiceFormValues, type ManualInvoiceDefaults, type ReadInvoice } from './invoice-form-values';
import { PageLoading } from '../../components/page-loading';
import { useSettings } from '../settings';
import { AddOnFields, CustomLineFields } from './invoice-items-fields';
import { InvoicePreview } from './invoice-preview';
import { useSendManualInvoice } from './staff-tools-api';
import { FormSection, toolResolver, useLiveRecheck } from './tool-form';
import { sendFailures, showProblem, showSendError } from './tool-feedback';

const resolver = toolResolver(readInvoiceForm);
type TextField = 'clientName' | 'clientEmail' | 'clientPhone' | 'clientAddress' | 'dueDate' | 'pricePerPound' | 'pounds' | 'tax' | 'notes';

/** The form once the settings' default prices are known (decision 055); the spec's if they cannot be read. */
export function SendInvoiceForm() {
  const settings = useSettings();
  if (settings.isPending) return <PageLoading label="Loading the invoice form..." />;
  const p = settings.data?.settings.prices;
  return <InvoiceForm defaults={p ? { perPoundCents: p.manualInvoicePerPoundCents, addOnCents: p.manualInvoiceAddOnCents } : specManualInvoiceDefaults} />;
}

function InvoiceForm({ defaults }: { defaults: ManualInvoiceDefaults }) {
  const uid = useId();
  const send = useSendManualInvoice();
  const [confirming, setConfirming] = useState<ReadInvoice | null>(null);
  // a field the server refused is focused once the confirmation has closed
  const focusAfterClose = useRef<Path<InvoiceFormValues> | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setFocus,
    trigger,
    setValue,
    getValues,
    watch,
    formState: { errors, isSubmitted },
  } = useForm<InvoiceFormValues, unknown, ReadInvoice>({ resolver, defaultValues: newInvoiceFormValues(defaults) });
  const values = watch();
  useLiveRecheck(watch, trigger, isSubmitted);
  const preview = invoicePreview(values);

  const onSubmit = handleSubmit(setConfirming, () => {
    const read = readInvoiceForm(getValues());
    if (!read.ok) showProblem(read.problem);
  });

  const confirm = () => {
    if (!confirming) return;
    const { clientName, clientEmail } = confirming;
    send.mutate(invoiceBody(confirming), {
      onSuccess: ({ invoice }) => {
        toast.success(`Invoice ${invoice.invoiceNumber} sent to ${clientName}`, { description: `${formatCents(invoice.totalCents)} to ${clientEmail}` });
        reset(newInvoiceFormValues(defaults));
        setConfirming(null);
      },
      onError: (error) => {
        showSendError(error, sendFailures.invoice, (fields) => {
          const { sent } = readInvoiceForm(getValues());
          for (const [key, message] of Object.entries(fields)) {
            const field = invoiceFormField(key, sent) as Path<InvoiceFormValues> | undefined;
            if (!field) continue;
            setError(field, { type: 'server', message });
            focusAfterClose.current ??= field;
          }
        });
        setConfirming(null);
      },
    });
  };

  const id = (field: TextField) => `${uid}-${field}`;
  const text = (field: TextField, label: string, options: { required?: boolean; hint?: string; className?: string; input?: ComponentProps<'input'> } = {}) => (
    <Field id={id(field)} label={label} required={options.required} hint={options.hint} error={errors[field]?.message} className={options.className}>
      <Input autoComplete="off" aria-required={options.required ? true : undefined} {...options.input} {...fieldAria(id(field), errors[field]?.message, Boolean(options.hint))} {...register(field)} />
    </Field>
  );

  return (
    <>
      <form noValidate onSubmit={onSubmit} aria-label="Send invoice" className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
        <div className="flex min-w-0 flex-col gap-6">
          <FormSection title="Client" className="sm:grid-cols-2">
            {text('clientName', 'Client name', { required: true, input: { maxLength: 120 } })}
            {text('clientEmail', 'Client email', { required: true, input: { type: 'email', inputMode: 'email', maxLength: 254 } })}
            {text('clientPhone', 'Phone', { input: { type: 'tel', inputMode: 'tel', maxLength: 40 } })}
            {text('dueDate', 'Due date', { required: true, input: { type: 'date' } })}
            {text('clientAddress', 'Address', { className: 'sm:col-span-2', input: { maxLength: 300 } })}
          </FormSection>
          <FormSection title="Laundry by weight" description="Leave the pounds empty when there is no wash-and-fold to bill." className="grid-cols-2">
            {text('pricePerPound', 'Price per lb ($)', { input: { type: 'number', inputMode: 'decimal', min: '0', step: '0.01' } })}
            {text('pounds', 'Pounds', { input: { type: 'number', inputMode: 'decimal', min: '0', step: '0.1' } })}
          </FormSection>
          <FormSection title="Add-ons" description="Tick what the client had: each is billed at its price times its quantity.">
            <AddOnFields uid={uid} register={register} errors={errors} values={values.addOns} />
          </FormSection>
          <FormSection title="Custom lines" description="Lines without a description, or without a price above $0, are left off the invoice.">
            <CustomLineFields
              uid={uid}
              register={register}
              errors={errors}
              lines={values.customLines}
              setLines={(next, focusIndex) => {
                setValue('customLines', next, { shouldDirty: true, shouldValidate: isSubmitted });
                // the new line's description, once it is on the page
                if (focusIndex !== undefined) requestAnimationFrame(() => setFocus(`customLines.${focusIndex}.description`));
              }}
            />
          </FormSection>
          <FormSection title="Tax and notes" className="sm:grid-cols-2">
            {text('tax', 'Tax ($)', { input: { type: 'number', inputMode: 'decimal', min: '0', step: '0.01' } })}
            <Field id={id('notes')} label="Notes" error={errors.notes?.message} className="sm:col-span-2">
              <Textarea maxLength={2000} className="min-h-20" {...fieldAria(id('notes'), errors.notes?.message)} {...register('notes')} />
            </Field>
          </FormSection>
        </div>
        <InvoicePreview
          title="Invoice preview"
          invoice={preview}
          empty="Nothing to bill yet: enter the pounds, tick an add-on or add a line."
          footer={
            <Button type="submit" size="lg" disabled={send.isPending} className="w-full">
              {send.isPending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <FileText aria-hidden="true" />}
              {send.isPending ? 'Sending...' : 'Send Invoice'}
            </Button>
          }
        />
      </form>
      <ConfirmDialog
        open={confirming !== null}
        title="Send this invoice?"
        description={confirming ? `Send invoice of ${formatCents(confirming.invoice.totalCents)} to ${confirming.clientEmail}?` : ''}
        confirmLabel="Send Invoice"
        pendingLabel="Sending..."
        pending={send.isPending}
        onConfirm={confirm}
        onCancel={() => setConfirming(null)}
        onCloseAutoFocus={(event) => {
          const field = focusAfterClose.current;
          focusAfterClose.current = null;
          if (!field) return;
          event.preventDefault();
          setFocus(field);
        }}
      />
    </>
  );
}
