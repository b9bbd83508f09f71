// /pro signed out (decision 018): a pro signs in with the email their invitation went to, or asks
// for a link to set their password (the first time, or when forgotten). The same better-auth calls
// as staff, in the staff sign-in's parts (docs/decisions/050); the link lands on /pro/reset-password.
import { useQueryClient } from '@tanstack/react-query';
import { KeyRound, LockKeyhole } from 'lucide-react';
import { toast } from '../../lib/toast';
import { AuthCard, errorMessage, LinkRequestForm, requestPasswordReset, signIn, SignInForm, useFormSwitch, type SignInInput } from '../staff-session';
import { proPortalKeys } from './pro-portal-api';

export const proPasswordPagePath = '/pro/reset-password';
export const linkSentText = 'If that email belongs to a Washday pro, we sent a link to set your password.';

type Mode = 'sign-in' | 'request-link';

export function ProSignInCard({ initialMode = 'sign-in' }: { initialMode?: Mode }) {
  const { mode, email, headingRef, switchTo } = useFormSwitch<Mode>(initialMode);
  return mode === 'sign-in' ? (
    <AuthCard icon={LockKeyhole} title="Pro Portal" description="Sign in to see your jobs, earnings and payouts." headingRef={headingRef}>
      <ProSignIn defaultEmail={email} onForgot={(e) => switchTo('request-link', e)} />
    </AuthCard>
  ) : (
    <AuthCard
      icon={KeyRound}
      title="Get a password link"
      description="Enter the email your invitation went to. We'll send a link to set your password."
      headingRef={headingRef}
    >
      <LinkRequestForm
        defaultEmail={email}
        formLabel="Get a password link"
        submitLabel="Send Link"
        failureTitle="Could not send the link"
        // the answer is the same whether or not the email is a pro's: it tells nobody who is one
        onRequest={(values) => requestPasswordReset(values, proPasswordPagePath)}
        sentNotice={() => `${linkSentText} The link works once, for one hour.`}
        onBack={(e) => switchTo('sign-in', e)}
      />
    </AuthCard>
  );
}

function ProSignIn({ defaultEmail, onForgot }: { defaultEmail: string; onForgot: (email: string) => void }) {
  const client = useQueryClient();
  const onSignIn = async (values: SignInInput) => {
    try {
      await signIn(values);
    } catch (error) {
      // the server says why (a wrong password, access revoked, no longer an active pro: decision 041)
      toast.error('Sign-in failed', { description: errorMessage(error) });
      return;
    }
    // signed in: the portal is read again, and the page shows what the server answers (a staff
    // account is told this page is for pros)
    await client.invalidateQueries({ queryKey: proPortalKeys.portal });
  };
  return <SignInForm defaultEmail={defaultEmail} onSignIn={onSignIn} forgotLabel="Forgot your password or first time here?" onForgot={onForgot} />;
}
