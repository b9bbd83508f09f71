// /admin/login: Sign In, and the Forgot Password toggle to Reset Password (email only).
// spec: back-office 2 (/admin/login), 4 (admin session), 5 (login, reset), 8 (toasts)
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { KeyRound, LoaderCircle, LockKeyhole, MailCheck } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { Field, fieldAria } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { apiRequest, ApiRequestError } from '../../lib/api';
import { toast } from '../../lib/toast';
import { sessionKeys, useAdminMe } from './session-api';
import {
  errorMessage,
  isAccessDisabled,
  requestPasswordReset,
  requestResetSchema,
  signIn,
  signInSchema,
  signOut,
  type RequestResetInput,
  type SignInInput,
} from './auth-api';
import { accessDeniedToast, accessDisabledToast } from './session';
import { rememberTemporaryPassword } from './temporary-password';

type Mode = 'sign-in' | 'reset';

/** Someone already signed in who opens the login page goes straight to the dashboard. */
export function useSignedInRedirect() {
  const navigate = useNavigate();
  const me = useAdminMe();
  const signedIn = me.isSuccess;
  useEffect(() => {
    if (signedIn) navigate('/admin', { replace: true });
  }, [signedIn, navigate]);
}

export function LoginCard({ initialMode = 'sign-in' }: { initialMode?: Mode }) {
  const [mode, setMode] = useState<Mode>(initialMode);
  const [email, setEmail] = useState('');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const switched = useRef(false);

  // a switch of card moves focus to its heading, so a screen reader hears where it is
  useEffect(() => {
    if (switched.current) headingRef.current?.focus();
  }, [mode]);

  const switchTo = (next: Mode, currentEmail: string) => {
    switched.current = true;
    setEmail(currentEmail);
    setMode(next);
  };

  return (
    <Card className="w-full max-w-md rounded-xl">
      <CardHeader className="items-center text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-slate-900 text-white">
          {mode === 'sign-in' ? <LockKeyhole className="size-6" aria-hidden="true" /> : <KeyRound className="size-6" aria-hidden="true" />}
        </span>
        <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold tracking-tight focus:outline-none">
          {mode === 'sign-in' ? 'Admin Login' : 'Reset Password'}
        </h1>
        <CardDescription>
          {mode === 'sign-in'
            ? 'Sign in to the back office with your staff account.'
            : "Enter your email and we'll send you a link to set a new password."}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {mode === 'sign-in' ? (
          <SignInForm defaultEmail={email} onForgot={(e) => switchTo('reset', e)} />
        ) : (
          <ResetRequestForm defaultEmail={email} onBack={(e) => switchTo('sign-in', e)} />
        )}
      </CardContent>
    </Card>
  );
}

function SignInForm({ defaultEmail, onForgot }: { defaultEmail: string; onForgot: (email: string) => void }) {
  const uid = useId();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [pending, setPending] = useState(false);
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useForm<SignInInput>({ resolver: zodResolver(signInSchema), defaultValues: { email: defaultEmail, password: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setPending(true);
    try {
      await signIn(values);
    } catch (error) {
      setPending(false);
      if (isAccessDisabled(error)) accessDisabledToast();
      else toast.error('Login Failed', { description: errorMessage(error) });
      return;
    }
    // signed in: only an enabled admin or master_admin goes on (spec: back-office 4)
    try {
      const me = await apiRequest('adminMe');
      client.setQueryData(sessionKeys.me, me);
      if (me.user.mustChangePassword) rememberTemporaryPassword(values.email, values.password);
      toast.success('Login Successful', { description: 'Welcome to the admin dashboard!' });
      navigate('/admin', { replace: true });
    } catch (error) {
      const code = error instanceof ApiRequestError ? error.error.code : '';
      if (code === 'access_denied' || code === 'access_disabled') {
        if (code === 'access_denied') accessDeniedToast();
        else accessDisabledToast();
        await signOut().catch(() => undefined);
      } else {
        toast.error('Login Failed', { description: errorMessage(error) });
      }
      setPending(false);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label="Sign in">
      <Field id={`${uid}-email`} label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="username" inputMode="email" {...fieldAria(`${uid}-email`, errors.email?.message)} {...register('email')} />
      </Field>
      <Field id={`${uid}-password`} label="Password" error={errors.password?.message}>
        <Input type="password" autoComplete="current-password" {...fieldAria(`${uid}-password`, errors.password?.message)} {...register('password')} />
      </Field>
      <Button type="submit" disabled={pending} className="w-full">
        {pending ? (
          <>
            <LoaderCircle aria-hidden="true" className="animate-spin" />
            Signing In...
          </>
        ) : (
          'Sign In'
        )}
      </Button>
      <Button type="button" variant="link" className="self-center" onClick={() => onForgot(getValues('email'))}>
        Forgot Password?
      </Button>
    </form>
  );
}

function ResetRequestForm({ defaultEmail, onBack }: { defaultEmail: string; onBack: (email: string) => void }) {
  const uid = useId();
  const [pending, setPending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useForm<RequestResetInput>({ resolver: zodResolver(requestResetSchema), defaultValues: { email: defaultEmail } });

  const onSubmit = handleSubmit(async (values) => {
    setPending(true);
    try {
      await requestPasswordReset(values);
      setSentTo(values.email);
      toast.success('Password Reset Email Sent', { description: 'Check your email for the password reset link.' });
    } catch (error) {
      toast.error('Password Reset Failed', { description: errorMessage(error) });
    } finally {
      setPending(false);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label="Reset password">
      <Field id={`${uid}-email`} label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="username" inputMode="email" {...fieldAria(`${uid}-email`, errors.email?.message)} {...register('email')} />
      </Field>
      <div role="status">
        {sentTo ? (
          <p className="flex items-start gap-2 rounded-lg border border-green-200 bg-green-50 p-3 text-sm text-green-900">
            <MailCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>
              If <strong className="wrap-anywhere">{sentTo}</strong> belongs to a staff account, a reset link is on its way. It works once, for one hour.
            </span>
          </p>
        ) : null}
      </div>
      <Button type="submit" disabled={pending} className="w-full">
        {pending ? (
          <>
            <LoaderCircle aria-hidden="true" className="animate-spin" />
            Sending...
          </>
        ) : (
          'Send Reset Link'
        )}
      </Button>
      <Button type="button" variant="link" className="self-center" onClick={() => onBack(getValues('email'))}>
        Back to Sign In
      </Button>
    </form>
  );
}
