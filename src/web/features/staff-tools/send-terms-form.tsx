// /send-terms (spec: back-office 2 "Staff tools", 5 send terms, 8): the terms and conditions emailed
// to a client. Email required, name optional; the toast names who they went to; the form is
// cleared for the next client.
import { FileSignature, LoaderCircle } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../components/ui/button';
import { Field, fieldAria } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { toast } from '../../lib/toast';
import { recipientLabel } from './form-read';
import { useSendTerms } from './staff-tools-api';
import { newTermsFormValues, readTermsForm, termsFormField, type TermsFormValues, type TermsRequest } from './terms-form-values';
import { FormSection, toolResolver, useLiveRecheck } from './tool-form';
import { sendFailures, showProblem, showSendError } from './tool-feedback';

const resolver = toolResolver(readTermsForm);

export function SendTermsForm() {
  const uid = useId();
  const send = useSendTerms();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    trigger,
    watch,
    getValues,
    formState: { errors, isSubmitted },
  } = useForm<TermsFormValues, unknown, TermsRequest>({ resolver, defaultValues: newTermsFormValues() });
  useLiveRecheck(watch, trigger, isSubmitted);

  const onSubmit = handleSubmit(
    (request) =>
      send.mutate(request, {
        onSuccess: (answer) => {
          // the server names the recipient as it sent to them: 'Jane Doe (jane@example.com)'
          toast.success(`Terms sent to ${answer.sentTo || recipientLabel(request.clientName, request.clientEmail)}`);
          reset(newTermsFormValues());
        },
        onError: (error) =>
          showSendError(error, sendFailures.terms, (fields) => {
            let first = true;
            for (const [key, message] of Object.entries(fields)) {
              const field = termsFormField(key);
              if (!field) continue;
              setError(field, { type: 'server', message }, { shouldFocus: first });
              first = false;
            }
          }),
      }),
    () => {
      const read = readTermsForm(getValues());
      if (!read.ok) showProblem(read.problem);
    },
  );

  const id = (field: keyof TermsFormValues) => `${uid}-${field}`;
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Send terms">
      <FormSection title="Client" description="They get the terms and conditions by email, from the business's address.">
        <Field id={id('clientEmail')} label="Client email" required error={errors.clientEmail?.message}>
          <Input type="email" inputMode="email" autoComplete="off" maxLength={254} aria-required="true" {...fieldAria(id('clientEmail'), errors.clientEmail?.message)} {...register('clientEmail')} />
        </Field>
        <Field id={id('clientName')} label="Client name" hint="Optional" error={errors.clientName?.message}>
          <Input autoComplete="off" maxLength={120} {...fieldAria(id('clientName'), errors.clientName?.message, true)} {...register('clientName')} />
        </Field>
        <div className="flex justify-end">
          <Button type="submit" disabled={send.isPending} className="w-full sm:w-auto">
            {send.isPending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <FileSignature aria-hidden="true" />}
            {send.isPending ? 'Sending...' : 'Send Terms'}
          </Button>
        </div>
      </FormSection>
    </form>
  );
}
