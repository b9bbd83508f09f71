import { zodResolver } from '@hookform/resolvers/zod';
import { LoaderCircle, Send } from 'lucide-react';
import { useEffect, useId, type ReactNode } from 'react';
import { useForm, type FieldError } from 'react-hook-form';
import { business } from '../../../shared/business';
import { contactMessageInputSchema, type ContactMessageInput } from '../../../shared/schemas/contact';
import { Button } from '../../components/ui/button';
import { Input, Textarea } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { ApiRequestError } from '../../lib/api';
import { QueryProvider } from '../../lib/query';
import { toast } from '../../lib/toast';
import { useCreateContactMessage } from './contact-api';

type FieldName = keyof ContactMessageInput;
const fieldNames: FieldName[] = ['name', 'email', 'phone', 'subject', 'message'];
const emptyMessage: ContactMessageInput = { name: '', email: '', phone: '', subject: '', message: '' };

function Field({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error: FieldError | undefined;
  children: ReactNode;
}) {
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>
        {label}
        {hint ? <span className="font-normal text-muted-foreground"> {hint}</span> : null}
      </Label>
      {children}
      {error?.message ? (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive">
          {error.message}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The landing page's contact form. It validates with the same shared schema as the server, and
 * shows the server's field errors under their fields. `subjectRequest` lets another section (the
 * gift cards) fill in the subject.
 */
export function ContactForm({ subjectRequest }: { subjectRequest?: { subject: string; id: number } | null }) {
  const uid = useId();
  const ids = Object.fromEntries(fieldNames.map((name) => [name, `${uid}-${name}`])) as Record<FieldName, string>;
  const mutation = useCreateContactMessage();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setValue,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(contactMessageInputSchema),
    defaultValues: emptyMessage,
  });

  useEffect(() => {
    if (subjectRequest) setValue('subject', subjectRequest.subject, { shouldDirty: true, shouldValidate: true });
  }, [subjectRequest, setValue]);

  const onSubmit = handleSubmit((values) => {
    mutation.mutate(values, {
      onSuccess: () => {
        reset(emptyMessage);
        toast.success('Message Sent!', {
          description: `We'll get back to you within ${business.contactReplyHours} hours.`,
        });
      },
      onError: (error) => {
        if (error instanceof ApiRequestError) {
          for (const [field, message] of Object.entries(error.fields)) {
            if ((fieldNames as string[]).includes(field)) setError(field as FieldName, { type: 'server', message });
          }
        }
        toast.error('Error', { description: error.message || 'Something went wrong. Please try again.' });
      },
    });
  });

  const a11y = (name: FieldName) => ({
    id: ids[name],
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${ids[name]}-error` : undefined,
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label="Contact form">
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id={ids.name} label="Name" error={errors.name}>
          <Input {...a11y('name')} autoComplete="name" {...register('name')} />
        </Field>
        <Field id={ids.email} label="Email" error={errors.email}>
          <Input {...a11y('email')} type="email" autoComplete="email" inputMode="email" {...register('email')} />
        </Field>
        <Field id={ids.phone} label="Phone" hint="(optional)" error={errors.phone}>
          <Input {...a11y('phone')} type="tel" autoComplete="tel" inputMode="tel" {...register('phone')} />
        </Field>
        <Field id={ids.subject} label="Subject" error={errors.subject}>
          <Input {...a11y('subject')} {...register('subject')} />
        </Field>
      </div>
      <Field id={ids.message} label="Message" error={errors.message}>
        <Textarea {...a11y('message')} rows={5} className="min-h-36 resize-y" {...register('message')} />
      </Field>
      <div className="flex justify-end">
        <Button type="submit" size="lg" disabled={mutation.isPending} className="w-full sm:w-auto">
          {mutation.isPending ? (
            <>
              <LoaderCircle aria-hidden="true" className="animate-spin" />
              Sending...
            </>
          ) : (
            <>
              <Send aria-hidden="true" />
              Send Message
            </>
          )}
        </Button>
      </div>
    </form>
  );
}

/** The form with its server state, as the landing page loads it when it is about to be used. */
export default function ContactFormPart(props: { subjectRequest?: { subject: string; id: number } | null }) {
  return (
    <QueryProvider>
      <ContactForm {...props} />
    </QueryProvider>
  );
}
