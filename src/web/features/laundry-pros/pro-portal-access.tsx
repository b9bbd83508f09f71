// A pro's portal access on their card (decisions 018, 041): the email they sign in with (a new one
// from the card waits for the pro's confirmation), the invitation (it goes to the pro only; staff
// see that it was sent, never the link), and Revoke Portal Access, confirmed first, which signs the
// pro out everywhere. Inviting a revoked pro again gives the access back.
import { LoaderCircle, Send, ShieldOff } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { toast } from '../../lib/toast';
import { useInviteProToPortal, useRevokeProPortal, type LaundryPro } from './laundry-pros-api';

function inviteLabel(pro: LaundryPro): string {
  if (pro.portalRevoked) return 'Invite Again';
  return pro.portalInvited ? 'Resend Portal Invite' : 'Invite to Pro Portal';
}

export function ProPortalAccess({ pro }: { pro: LaundryPro }) {
  const invite = useInviteProToPortal();
  const revoke = useRevokeProPortal();
  const [confirming, setConfirming] = useState(false);
  const send = () =>
    invite.mutate(pro.id, {
      onSuccess: ({ sentTo }) => toast.success(`Invitation sent to ${sentTo}`, { description: `${pro.name} sets a password from the email, then signs in at /pro.` }),
      onError: (err) => toast.error('Failed to send the portal invitation.', { description: err.message }),
    });
  const confirmRevoke = () =>
    revoke.mutate(pro.id, {
      onSuccess: () => {
        setConfirming(false);
        toast.success(`Portal access revoked for ${pro.name}`, { description: 'They are signed out everywhere and cannot sign in until invited again.' });
      },
      onError: (err) => {
        setConfirming(false);
        toast.error('Failed to revoke portal access.', { description: err.message });
      },
    });

  return (
    <div className="flex flex-col gap-2">
      {pro.portalEmail ? (
        <p className="text-slate-700">
          Portal sign-in: <span className="font-semibold wrap-anywhere text-slate-900">{pro.portalEmail}</span>
          {pro.portalRevoked ? (
            <Badge variant="destructive" className="ml-2 whitespace-nowrap">
              <ShieldOff className="size-3.5" aria-hidden="true" />
              Access revoked
            </Badge>
          ) : null}
        </p>
      ) : null}
      {pro.portalEmailPending ? (
        <p className="rounded-md bg-amber-50 p-2 text-amber-900">
          <span className="wrap-anywhere">{pro.portalEmailPending}</span> becomes the sign-in once {pro.name} confirms it from the link sent there. Invitations go to the sign-in above until then.
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="outline" onClick={send} disabled={invite.isPending || revoke.isPending}>
          {invite.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Send aria-hidden="true" />}
          {inviteLabel(pro)}
          <span className="sr-only"> for {pro.name}</span>
        </Button>
        {pro.portalInvited && !pro.portalRevoked ? (
          <Button size="sm" variant="outline" onClick={() => setConfirming(true)} disabled={invite.isPending || revoke.isPending}>
            <ShieldOff aria-hidden="true" />
            Revoke Portal Access<span className="sr-only"> for {pro.name}</span>
          </Button>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirming}
        title="Revoke portal access?"
        description={`${pro.name} is signed out of the pro portal everywhere at once and cannot sign in again until you invite them again. Their jobs, earnings and payouts stay as they are.`}
        confirmLabel="Revoke Access"
        pendingLabel="Revoking..."
        pending={revoke.isPending}
        destructive
        onCancel={() => setConfirming(false)}
        onConfirm={confirmRevoke}
      />
    </div>
  );
}
