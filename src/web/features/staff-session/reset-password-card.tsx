// /admin/reset-password: the emailed link lands here with ?token=… (or ?error=INVALID_TOKEN when
// better-auth found it expired or used). docs/design.md 7: set a new password from the emailed link.
import { KeyRound, LinkIcon } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../lib/toast';
import { AuthCard, InvalidLinkNotice, NewPasswordForm } from './sign-in-parts';

export function ResetPasswordCard({ token, linkError }: { token: string; linkError: boolean }) {
  const navigate = useNavigate();
  const [invalid, setInvalid] = useState(linkError || !token);
  if (invalid)
    return (
      <AuthCard icon={LinkIcon} title="This reset link is not valid">
        <InvalidLinkNotice requestTo="/admin/login?forgot=1" backTo="/admin/login">
          The link has expired, was used already, or was copied incompletely. Reset links work once, for one hour. Ask for a new one and use the newest
          email.
        </InvalidLinkNotice>
      </AuthCard>
    );
  return (
    <AuthCard icon={KeyRound} title="Set a New Password" description="Choose a new password for your staff account.">
      <NewPasswordForm
        token={token}
        formLabel="Set a new password"
        submitLabel="Set New Password"
        failureTitle="Password Reset Failed"
        onSaved={() => {
          toast.success('Password Updated', { description: 'Sign in with your new password.' });
          navigate('/admin/login', { replace: true });
        }}
        onInvalid={() => setInvalid(true)}
        backTo="/admin/login"
      />
    </AuthCard>
  );
}
