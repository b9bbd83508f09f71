// The first sign-in with a temporary password: the admin sets their own before anything else
// (the server refuses every other staff call until then with password_change_required).
import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ApiRequestError } from '../../lib/api';
import { toast } from '../../lib/toast';
import { useChangeOwnPassword } from './session-api';
import { firstPasswordSchema, type FirstPasswordInput } from './auth-api';
import { AuthCard, NewPasswordFields, PasswordField, PendingButton } from './sign-in-parts';
import { forgetTemporaryPassword, rememberedTemporaryPassword } from './temporary-password';

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

  return (
    <AuthCard
      icon={KeyRound}
      title="Set your password"
      description={
        <>
          You signed in as <strong className="wrap-anywhere text-foreground">{email}</strong> with a temporary password. Choose your own to continue.
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label="Set your password">
        {askCurrent ? (
          <PasswordField
            id={`${uid}-current`}
            label="Temporary password"
            autoComplete="current-password"
            registration={register('currentPassword')}
            error={errors.currentPassword?.message}
          />
        ) : null}
        <NewPasswordFields uid={uid} newPassword={register('newPassword')} confirmPassword={register('confirmPassword')} errors={errors} />
        <PendingButton pending={change.isPending} pendingLabel="Saving...">
          Set Password and Continue
        </PendingButton>
      </form>
    </AuthCard>
  );
}
