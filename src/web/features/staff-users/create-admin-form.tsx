// Create Admin (master_admin only). spec: back-office 5, create admin: email required, full name
// optional, role admin or master_admin (default admin); 8: the create-admin toasts.
import { zodResolver } from '@hookform/resolvers/zod';
import { LoaderCircle, UserPlus } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { createAdminRequestSchema } from '../../../shared/schemas/admin';
import { Button } from '../../components/ui/button';
import { Field, fieldAria } from '../../components/ui/field';
import { fieldClass, Input } from '../../components/ui/input';
import { ApiRequestError } from '../../lib/api';
import { cn } from '../../lib/cn';
import { toast } from '../../lib/toast';
import { useCreateAdmin } from './staff-users-api';
import { roleLabels } from './admin-badges';
import type { OneTimePassword } from './temporary-password-panel';

type FormInput = z.input<typeof createAdminRequestSchema>;
type FormOutput = z.output<typeof createAdminRequestSchema>;
type FieldName = keyof FormOutput;
const fieldNames: FieldName[] = ['email', 'fullName', 'role'];
const empty: FormInput = { email: '', fullName: '', role: 'admin' };

export function CreateAdminForm({ onCreated }: { onCreated: (value: OneTimePassword) => void }) {
  const uid = useId();
  const create = useCreateAdmin();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(createAdminRequestSchema), defaultValues: empty });

  const onSubmit = handleSubmit((values) => {
    create.mutate(values, {
      onSuccess: (result) => {
        reset(empty);
        onCreated({ email: values.email, password: result.temporaryPassword, reason: 'created' });
        toast.success('Admin Created Successfully', { description: `Send this password to ${values.email} securely.` });
      },
      onError: (error) => {
        if (error instanceof ApiRequestError) {
          for (const [field, message] of Object.entries(error.fields)) {
            if ((fieldNames as string[]).includes(field)) setError(field as FieldName, { type: 'server', message });
          }
        }
        toast.error('Error Creating Admin', { description: error.message });
      },
    });
  });

  const ids: Record<FieldName, string> = { email: `${uid}-email`, fullName: `${uid}-name`, role: `${uid}-role` };
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Create admin" className="grid gap-4 md:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)_minmax(0,0.8fr)_auto] md:items-start">
      <Field id={ids.email} label="Email" required error={errors.email?.message}>
        <Input type="email" autoComplete="off" inputMode="email" {...fieldAria(ids.email, errors.email?.message)} {...register('email')} />
      </Field>
      <Field id={ids.fullName} label="Full name" hint="Optional" error={errors.fullName?.message}>
        <Input autoComplete="off" {...fieldAria(ids.fullName, errors.fullName?.message, true)} {...register('fullName')} />
      </Field>
      <Field id={ids.role} label="Role" error={errors.role?.message}>
        <select className={cn(fieldClass, 'h-10 py-2')} {...fieldAria(ids.role, errors.role?.message)} {...register('role')}>
          <option value="admin">{roleLabels.admin}</option>
          <option value="master_admin">{roleLabels.master_admin}</option>
        </select>
      </Field>
      <Button type="submit" disabled={create.isPending} className="md:mt-6.5">
        {create.isPending ? (
          <>
            <LoaderCircle aria-hidden="true" className="animate-spin" />
            Creating...
          </>
        ) : (
          <>
            <UserPlus aria-hidden="true" />
            Create Admin
          </>
        )}
      </Button>
    </form>
  );
}
