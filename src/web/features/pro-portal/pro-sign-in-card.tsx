// /pro signed out (decision 018): a pro signs in with the email their invitation went to, or asks
// for a link to set their password (the first time, or when forgotten). The same better-auth calls
// as staff; the link lands on /pro/reset-password.
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { KeyRound, LoaderCircle, LockKeyhole, MailCheck } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { Field, fieldAria } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { toast } from '../../lib/toast';
import {
  errorMessage,
  requestPasswordReset,
  requestResetSchema,
  signIn,
  signInSchema,
  type RequestResetInput,
  type SignInInput,
} from '../staff-session';
import { proPortalKeys } from './pro-portal-api';

export const proPasswordPagePath = '/pro/reset-password';
export const linkSentText = 'If that email belongs to a Washday pro, we sent a link to set your password.';

type Mode = 'sign-in' | 'request-link';

export function ProSignInCard({ initialMode = 'sign-in' }: { initialMode?: Mode }) {
  const [mode, setMode] = useState<Mode>(initialMode);
  const [email, setEmail] = useState('');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const switched = useRef(false);

  // a switch of form moves focus to its heading, so a screen reader hears where it is
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
          {mode === 'sign-in' ? 'Pro Portal' : 'Get a password link'}
        </h1>
        <CardDescription>
          {mode === 'sign-in'
            ? 'Sign in to see your jobs, earnings and payouts.'
            : "Enter the email your invitation went to. We'll send a link to set your password."}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {mode === 'sign-in' ? (
          <SignInForm defaultEmail={email} onForgot={(e) => switchTo('request-link', e)} />
        ) : (
          <RequestLinkForm defaultEmail={email} onBack={(e) => switchTo('sign-in', e)} />
        )}
      </CardContent>
    </Card>
  );
}

function SignInForm({ defaultEmail, onForgot }: { defaultEmail: string; onForgot: (email: string) => void }) {
  const uid = useId();
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
      // the server says why (a wrong password, access revoked, no longer an active pro: decision 041)
      toast.error('Sign-in failed', { description: errorMessage(error) });
      return;
    }
    // signed in: the portal is read again, and the page shows what the server answers (a staff
    // account is told this page is for pros)
    await client.invalidateQueries({ queryKey: proPortalKeys.portal });
    setPending(false);
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
      <Button type="button" variant="link" className="self-center whitespace-normal" onClick={() => onForgot(getValues('email'))}>
        Forgot your password or first time here?
      </Button>
    </form>
  );
}

function RequestLinkForm({ defaultEmail, onBack }: { defaultEmail: string; onBack: (email: string) => void }) {
  const uid = useId();
  const [pending, setPending] = useState(false);
  const [sent, setSent] = useState(false);
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useForm<RequestResetInput>({ resolver: zodResolver(requestResetSchema), defaultValues: { email: defaultEmail } });

  const onSubmit = handleSubmit(async (values) => {
    setPending(true);
    try {
      // the answer is the same whether or not the email is a pro's: it tells nobody who is one
      await requestPasswordReset(values, proPasswordPagePath);
      setSent(true);
    } catch (error) {
      toast.error('Could not send the link', { description: errorMessage(error) });
    } finally {
      setPending(false);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label="Get a password link">
      <Field id={`${uid}-email`} label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="username" inputMode="email" {...fieldAria(`${uid}-email`, errors.email?.message)} {...register('email')} />
      </Field>
      <div role="status">
        {sent ? (
          <p className="flex items-start gap-2 rounded-lg border border-green-200 bg-green-50 p-3 text-sm text-green-900">
            <MailCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>{linkSentText} The link works once, for one hour.</span>
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
          'Send Link'
        )}
      </Button>
      <Button type="button" variant="link" className="self-center" onClick={() => onBack(getValues('email'))}>
        Back to Sign In
      </Button>
    </form>
  );
}
