// The first sign-in with a temporary password: the admin sets their own before anything else
// (the server refuses every other staff call until then with password_change_required).
import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound, LoaderCircle } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { Field, fieldAria } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { ApiRequestError } from '../../lib/api';
import { toast } from '../../lib/toast';
import { useChangeOwnPassword } from './session-api';
import { firstPasswordSchema, staffPasswordMinLength, type FirstPasswordInput } from './auth-api';
import { forgetTemporaryPassword, rememberedTemporaryPassword } from './temporary-password';

type FieldName = keyof FirstPasswordInput;

export function FirstPasswordCard({ email }: { email: string }) {
  const uid = useId();
  const change = useChangeOwnPassword();
  // just signed in with it in this tab: not asked again (the field shows only if it is unknown or refused)
  const [known] = useState(() => rememberedTemporaryPassword(email));
  const [askCurrent, setAskCurrent] = useState(known === null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<FirstPasswordInput>({
    resolver: zodResolver(firstPasswordSchema),
    defaultValues: { currentPassword: known ?? '', newPassword: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit((values) => {
    change.mutate(
      { currentPassword: values.currentPassword, newPassword: values.newPassword },
      {
        onSuccess: () => {
          forgetTemporaryPassword();
          toast.success('Password Updated', { description: 'Your new password is saved. Use it from now on.' });
        },
        onError: (error) => {
          if (error instanceof ApiRequestError) {
            for (const [field, message] of Object.entries(error.fields)) {
              if (field === 'currentPassword') setAskCurrent(true);
              if (field === 'currentPassword' || field === 'newPassword') setError(field, { type: 'server', message });
            }
          }
          toast.error('Password Not Changed', { description: error.message });
        },
      },
    );
  });

  const ids: Record<FieldName, string> = { currentPassword: `${uid}-current`, newPassword: `${uid}-new`, confirmPassword: `${uid}-confirm` };
  return (
    <Card className="w-full max-w-md rounded-xl">
      <CardHeader className="items-center text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-slate-900 text-white">
          <KeyRound className="size-6" aria-hidden="true" />
        </span>
        <h1 className="text-2xl font-bold tracking-tight">Set your password</h1>
        <CardDescription>
          You signed in as <strong className="wrap-anywhere text-foreground">{email}</strong> with a temporary password. Choose your own to continue.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label="Set your password">
          {askCurrent ? (
            <Field id={ids.currentPassword} label="Temporary password" error={errors.currentPassword?.message}>
              <Input
                type="password"
                autoComplete="current-password"
                {...fieldAria(ids.currentPassword, errors.currentPassword?.message)}
                {...register('currentPassword')}
              />
            </Field>
          ) : null}
          <Field id={ids.newPassword} label="New password" error={errors.newPassword?.message} hint={`At least ${staffPasswordMinLength} characters.`}>
            <Input type="password" autoComplete="new-password" {...fieldAria(ids.newPassword, errors.newPassword?.message, true)} {...register('newPassword')} />
          </Field>
          <Field id={ids.confirmPassword} label="Confirm new password" error={errors.confirmPassword?.message}>
            <Input
              type="password"
              autoComplete="new-password"
              {...fieldAria(ids.confirmPassword, errors.confirmPassword?.message)}
              {...register('confirmPassword')}
            />
          </Field>
          <Button type="submit" disabled={change.isPending} className="w-full">
            {change.isPending ? (
              <>
                <LoaderCircle aria-hidden="true" className="animate-spin" />
                Saving...
              </>
            ) : (
              'Set Password and Continue'
            )}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
