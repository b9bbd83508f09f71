// decision 018: staff invite a pro to the pro portal. The email with the link to set a password
// goes to the pro only; staff see that it was sent, never the link.
import { LoaderCircle, Send } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { toast } from '../../lib/toast';
import { useInviteProToPortal, type LaundryPro } from './laundry-pros-api';

export function ProPortalInvite({ pro }: { pro: LaundryPro }) {
  const invite = useInviteProToPortal();
  const send = () =>
    invite.mutate(pro.id, {
      onSuccess: ({ sentTo }) => toast.success(`Invitation sent to ${sentTo}`, { description: `${pro.name} sets a password from the email, then signs in at /pro.` }),
      onError: (err) => toast.error('Failed to send the portal invitation.', { description: err.message }),
    });
  return (
    <Button size="sm" variant="outline" onClick={send} disabled={invite.isPending}>
      {invite.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Send aria-hidden="true" />}
      {pro.portalInvited ? 'Resend Portal Invite' : 'Invite to Pro Portal'}
      <span className="sr-only"> for {pro.name}</span>
    </Button>
  );
}
