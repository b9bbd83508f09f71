// /pro/reset-password (decision 018): the invitation email's link (and a forgotten password's) lands
// here with ?token=…, or ?error=INVALID_TOKEN when better-auth found it expired or used. The pro
// chooses their password, then signs in on /pro. The staff reset card's parts (docs/decisions/050).
import { KeyRound, LinkIcon } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../lib/toast';
import { AuthCard, InvalidLinkNotice, NewPasswordForm } from '../staff-session';

export function ProPasswordCard({ token, linkError }: { token: string; linkError: boolean }) {
  const navigate = useNavigate();
  const [invalid, setInvalid] = useState(linkError || !token);
  if (invalid)
    return (
      <AuthCard icon={LinkIcon} title="This link is not valid">
        <InvalidLinkNotice requestTo="/pro?forgot=1" backTo="/pro">
          The link has expired, was used already, or was copied incompletely. A link works once, for one hour. Ask for a new one and use the newest
          email.
        </InvalidLinkNotice>
      </AuthCard>
    );
  return (
    <AuthCard icon={KeyRound} title="Set your password" description="Choose the password you will sign in to the Pro Portal with.">
      <NewPasswordForm
        token={token}
        formLabel="Set your password"
        submitLabel="Set Password"
        failureTitle="Password not set"
        onSaved={() => {
          toast.success('Password set', { description: 'Sign in with your email and new password.' });
          navigate('/pro', { replace: true });
        }}
        onInvalid={() => setInvalid(true)}
        backTo="/pro"
      />
    </AuthCard>
  );
}
