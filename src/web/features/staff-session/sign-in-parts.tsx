// The sign-in cards' parts, one set for the back office and the pro portal (decision 018: the same
// better-auth calls; docs/decisions/050: the pro portal's cards are these parts, not a copy): the
// card with its icon and heading, the sign-in form, the form that emails a link, the new-password
// fields and form, the pending button, and the notice of a link that no longer works. Each form is
// react-hook-form with the shared schema (docs/decisions/050); what a card says and does once the
// server answers is its own.
import { zodResolver } from '@hookform/resolvers/zod';
import { LoaderCircle, MailCheck, type LucideIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode, type Ref } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { Link } from 'react-router';
import { Button, type ButtonProps } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { Field, fieldAria } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { toast } from '../../lib/toast';
import {
  errorMessage,
  isInvalidToken,
  requestResetSchema,
  resetPassword,
  resetPasswordSchema,
  signInSchema,
  staffPasswordMinLength,
  type RequestResetInput,
  type ResetPasswordInput,
  type SignInInput,
} from './auth-api';

/** A sign-in page's card: its icon, its heading (focusable, for a switch of form), what it is for. */
export function AuthCard({
  icon: Icon,
  title,
  description,
  headingRef,
  children,
}: {
  icon: LucideIcon;
  title: string;
  description?: ReactNode;
  headingRef?: Ref<HTMLHeadingElement>;
  children: ReactNode;
}) {
  return (
    <Card className="w-full max-w-md rounded-xl">
      <CardHeader className="items-center text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-slate-900 text-white">
          <Icon className="size-6" aria-hidden="true" />
        </span>
        <h1 ref={headingRef} tabIndex={headingRef ? -1 : undefined} className="text-2xl font-bold tracking-tight focus:outline-none">
          {title}
        </h1>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/**
 * A card that switches between its forms (sign in, ask for a link) keeps the email typed, and a
 * switch moves the focus to its heading, so that a screen reader hears where it is.
 */
export function useFormSwitch<Mode extends string>(initialMode: Mode) {
  const [mode, setMode] = useState<Mode>(initialMode);
  const [email, setEmail] = useState('');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const switched = useRef(false);
  useEffect(() => {
    if (switched.current) headingRef.current?.focus();
  }, [mode]);
  const switchTo = (next: Mode, currentEmail: string) => {
    switched.current = true;
    setEmail(currentEmail);
    setMode(next);
  };
  return { mode, email, headingRef, switchTo };
}

/** A form's submit: a spinner and what it is doing while the request is out. */
export function PendingButton({ pending, pendingLabel, children, className, ...props }: ButtonProps & { pending: boolean; pendingLabel: string }) {
  return (
    <Button type="submit" disabled={pending} className={className ?? 'w-full'} {...props}>
      {pending ? (
        <>
          <LoaderCircle aria-hidden="true" className="animate-spin" />
          {pendingLabel}
        </>
      ) : (
        children
      )}
    </Button>
  );
}

export function EmailField({ id, registration, error }: { id: string; registration: UseFormRegisterReturn; error: string | undefined }) {
  return (
    <Field id={id} label="Email" error={error}>
      <Input type="email" autoComplete="username" inputMode="email" {...fieldAria(id, error)} {...registration} />
    </Field>
  );
}

export function PasswordField({
  id,
  label,
  registration,
  error,
  hint,
  autoComplete,
}: {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
  error: string | undefined;
  hint?: string;
  autoComplete: 'current-password' | 'new-password';
}) {
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <Input type="password" autoComplete={autoComplete} {...fieldAria(id, error, Boolean(hint))} {...registration} />
    </Field>
  );
}

/** spec: back-office 5, login: the email and password, then what the card does with them. */
export function SignInForm({
  defaultEmail,
  onSignIn,
  forgotLabel,
  onForgot,
}: {
  defaultEmail: string;
  /** Signs in and says how it went; the form waits for it. */
  onSignIn: (values: SignInInput) => Promise<void>;
  forgotLabel: string;
  onForgot: (email: string) => void;
}) {
  const uid = useId();
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
      await onSignIn(values);
    } finally {
      setPending(false);
    }
  });

  return (
    // post, never get: submitted before the page is live (a prerendered form), no field reaches an address (decision 006)
    <form method="post" onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label="Sign in">
      <EmailField id={`${uid}-email`} registration={register('email')} error={errors.email?.message} />
      <PasswordField id={`${uid}-password`} label="Password" autoComplete="current-password" registration={register('password')} error={errors.password?.message} />
      <PendingButton pending={pending} pendingLabel="Signing In...">
        Sign In
      </PendingButton>
      <Button type="button" variant="link" className="self-center whitespace-normal" onClick={() => onForgot(getValues('email'))}>
        {forgotLabel}
      </Button>
    </form>
  );
}

/** spec: back-office 5, reset: the email a link is sent to; the notice says what to look for. */
export function LinkRequestForm({
  defaultEmail,
  formLabel,
  submitLabel,
  onRequest,
  failureTitle,
  sentNotice,
  onBack,
}: {
  defaultEmail: string;
  formLabel: string;
  submitLabel: string;
  /** Asks for the link (the answer is the same whether or not the email has an account). */
  onRequest: (values: RequestResetInput) => Promise<void>;
  failureTitle: string;
  sentNotice: (email: string) => ReactNode;
  onBack: (email: string) => void;
}) {
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
      await onRequest(values);
      setSentTo(values.email);
    } catch (error) {
      toast.error(failureTitle, { description: errorMessage(error) });
    } finally {
      setPending(false);
    }
  });

  return (
    <form method="post" onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label={formLabel}>
      <EmailField id={`${uid}-email`} registration={register('email')} error={errors.email?.message} />
      <div role="status">
        {sentTo !== null ? (
          <p className="flex items-start gap-2 rounded-lg border border-green-200 bg-green-50 p-3 text-sm text-green-900">
            <MailCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>{sentNotice(sentTo)}</span>
          </p>
        ) : null}
      </div>
      <PendingButton pending={pending} pendingLabel="Sending...">
        {submitLabel}
      </PendingButton>
      <Button type="button" variant="link" className="self-center" onClick={() => onBack(getValues('email'))}>
        Back to Sign In
      </Button>
    </form>
  );
}

/** A new password typed twice (the reset link's form and the first sign-in's). */
export function NewPasswordFields({
  uid,
  newPassword,
  confirmPassword,
  errors,
}: {
  uid: string;
  newPassword: UseFormRegisterReturn;
  confirmPassword: UseFormRegisterReturn;
  errors: { newPassword?: { message?: string }; confirmPassword?: { message?: string } };
}) {
  return (
    <>
      <PasswordField
        id={`${uid}-new`}
        label="New password"
        autoComplete="new-password"
        hint={`At least ${staffPasswordMinLength} characters.`}
        registration={newPassword}
        error={errors.newPassword?.message}
      />
      <PasswordField id={`${uid}-confirm`} label="Confirm new password" autoComplete="new-password" registration={confirmPassword} error={errors.confirmPassword?.message} />
    </>
  );
}

/** The emailed link's form: a new password for the token it carries; a spent link says so. */
export function NewPasswordForm({
  token,
  formLabel,
  submitLabel,
  failureTitle,
  onSaved,
  onInvalid,
  backTo,
}: {
  token: string;
  formLabel: string;
  submitLabel: string;
  failureTitle: string;
  onSaved: () => void;
  onInvalid: () => void;
  /** Where "Back to Sign In" goes. */
  backTo: string;
}) {
  const uid = useId();
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
      onSaved();
    } catch (error) {
      setPending(false);
      if (isInvalidToken(error)) onInvalid();
      else toast.error(failureTitle, { description: errorMessage(error) });
    }
  });

  return (
    <form method="post" onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label={formLabel}>
      <NewPasswordFields uid={uid} newPassword={register('newPassword')} confirmPassword={register('confirmPassword')} errors={errors} />
      <PendingButton pending={pending} pendingLabel="Saving...">
        {submitLabel}
      </PendingButton>
      <Button asChild variant="link" className="self-center">
        <Link to={backTo}>Back to Sign In</Link>
      </Button>
    </form>
  );
}

/** An emailed link that is expired, used or cut short: what to do instead. */
export function InvalidLinkNotice({ children, requestTo, backTo }: { children: ReactNode; requestTo: string; backTo: string }) {
  return (
    <div className="flex flex-col gap-4 text-center">
      <p role="alert" className="text-sm text-muted-foreground">
        {children}
      </p>
      <Button asChild>
        <Link to={requestTo}>Request a new link</Link>
      </Button>
      <Button asChild variant="link">
        <Link to={backTo}>Back to Sign In</Link>
      </Button>
    </div>
  );
}
