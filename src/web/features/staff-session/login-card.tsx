// /admin/login: Sign In, and the Forgot Password toggle to Reset Password (email only).
// spec: back-office 2 (/admin/login), 4 (admin session), 5 (login, reset), 8 (toasts)
import { useQueryClient } from '@tanstack/react-query';
import { KeyRound, LockKeyhole } from 'lucide-react';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { apiRequest, ApiRequestError } from '../../lib/api';
import { toast } from '../../lib/toast';
import { sessionKeys, useAdminMe } from './session-api';
import { errorMessage, isAccessDisabled, requestPasswordReset, signIn, signOut, type SignInInput } from './auth-api';
import { accessDeniedToast, accessDisabledToast } from './session';
import { AuthCard, LinkRequestForm, SignInForm, useFormSwitch } from './sign-in-parts';
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
  const { mode, email, headingRef, switchTo } = useFormSwitch<Mode>(initialMode);
  return mode === 'sign-in' ? (
    <AuthCard icon={LockKeyhole} title="Admin Login" description="Sign in to the back office with your staff account." headingRef={headingRef}>
      <StaffSignIn defaultEmail={email} onForgot={(e) => switchTo('reset', e)} />
    </AuthCard>
  ) : (
    <AuthCard icon={KeyRound} title="Reset Password" description="Enter your email and we'll send you a link to set a new password." headingRef={headingRef}>
      <LinkRequestForm
        defaultEmail={email}
        formLabel="Reset password"
        submitLabel="Send Reset Link"
        failureTitle="Password Reset Failed"
        onRequest={async (values) => {
          await requestPasswordReset(values);
          toast.success('Password Reset Email Sent', { description: 'Check your email for the password reset link.' });
        }}
        sentNotice={(sentTo) => (
          <>
            If <strong className="wrap-anywhere">{sentTo}</strong> belongs to a staff account, a reset link is on its way. It works once, for one hour.
          </>
        )}
        onBack={(e) => switchTo('sign-in', e)}
      />
    </AuthCard>
  );
}

/** Signed in, only an enabled admin or master_admin goes on (spec: back-office 4). */
function StaffSignIn({ defaultEmail, onForgot }: { defaultEmail: string; onForgot: (email: string) => void }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const onSignIn = async (values: SignInInput) => {
    try {
      await signIn(values);
    } catch (error) {
      if (isAccessDisabled(error)) accessDisabledToast();
      else toast.error('Login Failed', { description: errorMessage(error) });
      return;
    }
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
    }
  };
  return <SignInForm defaultEmail={defaultEmail} onSignIn={onSignIn} forgotLabel="Forgot Password?" onForgot={onForgot} />;
}
