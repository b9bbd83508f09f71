// /admin/reset-password: the emailed link lands here with ?token=… (or ?error=INVALID_TOKEN when
// better-auth found it expired or used). docs/design.md 7: set a new password from the emailed link.
import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound, LinkIcon, LoaderCircle } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { Field, fieldAria } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { toast } from '../../lib/toast';
import { errorMessage, isInvalidToken, resetPassword, resetPasswordSchema, staffPasswordMinLength, type ResetPasswordInput } from './auth-api';

export function ResetPasswordCard({ token, linkError }: { token: string; linkError: boolean }) {
  const [invalid, setInvalid] = useState(linkError || !token);
  return (
    <Card className="w-full max-w-md rounded-xl">
      <CardHeader className="items-center text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-slate-900 text-white">
          {invalid ? <LinkIcon className="size-6" aria-hidden="true" /> : <KeyRound className="size-6" aria-hidden="true" />}
        </span>
        <h1 className="text-2xl font-bold tracking-tight">{invalid ? 'This reset link is not valid' : 'Set a New Password'}</h1>
        {invalid ? null : <CardDescription>Choose a new password for your staff account.</CardDescription>}
      </CardHeader>
      <CardContent>{invalid ? <InvalidLink /> : <NewPasswordForm token={token} onInvalid={() => setInvalid(true)} />}</CardContent>
    </Card>
  );
}

function InvalidLink() {
  return (
    <div className="flex flex-col gap-4 text-center">
      <p role="alert" className="text-sm text-muted-foreground">
        The link has expired, was used already, or was copied incompletely. Reset links work once, for one hour. Ask for a new one and use the
        newest email.
      </p>
      <Button asChild>
        <Link to="/admin/login?forgot=1">Request a new link</Link>
      </Button>
      <Button asChild variant="link">
        <Link to="/admin/login">Back to Sign In</Link>
      </Button>
    </div>
  );
}

function NewPasswordForm({ token, onInvalid }: { token: string; onInvalid: () => void }) {
  const uid = useId();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ResetPasswordInput>({ resolver: zodResolver(resetPasswordSchema), defaultValues: { newPassword: '', confirmPassword: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setPending(true);
    try {
      await resetPassword({ newPassword: values.newPassword, token });
      toast.success('Password Updated', { description: 'Sign in with your new password.' });
      navigate('/admin/login', { replace: true });
    } catch (error) {
      setPending(false);
      if (isInvalidToken(error)) onInvalid();
      else toast.error('Password Reset Failed', { description: errorMessage(error) });
    }
  });

  const ids = { newPassword: `${uid}-new`, confirmPassword: `${uid}-confirm` };
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label="Set a new password">
      <Field id={ids.newPassword} label="New password" error={errors.newPassword?.message} hint={`At least ${staffPasswordMinLength} characters.`}>
        <Input type="password" autoComplete="new-password" {...fieldAria(ids.newPassword, errors.newPassword?.message, true)} {...register('newPassword')} />
      </Field>
      <Field id={ids.confirmPassword} label="Confirm new password" error={errors.confirmPassword?.message}>
        <Input type="password" autoComplete="new-password" {...fieldAria(ids.confirmPassword, errors.confirmPassword?.message)} {...register('confirmPassword')} />
      </Field>
      <Button type="submit" disabled={pending} className="w-full">
        {pending ? (
          <>
            <LoaderCircle aria-hidden="true" className="animate-spin" />
            Saving...
          </>
        ) : (
          'Set New Password'
        )}
      </Button>
      <Button asChild variant="link" className="self-center">
        <Link to="/admin/login">Back to Sign In</Link>
      </Button>
    </form>
  );
}
