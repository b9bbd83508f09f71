// A subscription's buttons (docs/design.md 9 invoices): Pause and End while it bills, Resume and End
// while paused, none once ended. Ending is final, so it asks first; the answer is toasted.
import { LoaderCircle, Pause, Play, Square } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { toast } from '../../lib/toast';
import { useSetSubscriptionStatus, type Subscription } from './invoices-api';

const done: Record<Subscription['status'], string> = { active: 'resumed', paused: 'paused', ended: 'ended' };

export function SubscriptionActions({ subscription: s }: { subscription: Subscription }) {
  const set = useSetSubscriptionStatus();
  const [ending, setEnding] = useState(false);
  if (s.status === 'ended') return <span className="text-slate-600">—</span>;
  const change = (status: Subscription['status']) =>
    set.mutate(
      { id: s.id, status },
      {
        onSuccess: ({ subscription }) => {
          setEnding(false);
          toast.success(`${s.clientName}'s subscription is ${done[subscription.status]}`, {
            description: subscription.status === 'active' ? `The next invoice goes out on ${subscription.nextBillingDate}.` : subscription.status === 'paused' ? 'No invoice goes out until it is resumed.' : 'No more invoices will go out.',
          });
        },
        onError: (err) => {
          setEnding(false);
          toast.error('Failed to update the subscription.', { description: err.message });
        },
      },
    );
  const spinner = <LoaderCircle className="animate-spin" aria-hidden="true" />;
  return (
    <div className="flex flex-wrap gap-2">
      {s.status === 'active' ? (
        <Button size="sm" variant="outline" disabled={set.isPending} onClick={() => change('paused')}>
          {set.isPending && !ending ? spinner : <Pause aria-hidden="true" />}
          Pause<span className="sr-only"> {s.clientName}&rsquo;s subscription</span>
        </Button>
      ) : (
        <Button size="sm" variant="outline" disabled={set.isPending} onClick={() => change('active')}>
          {set.isPending && !ending ? spinner : <Play aria-hidden="true" />}
          Resume<span className="sr-only"> {s.clientName}&rsquo;s subscription</span>
        </Button>
      )}
      <Button size="sm" variant="outline" disabled={set.isPending} onClick={() => setEnding(true)}>
        <Square aria-hidden="true" />
        End<span className="sr-only"> {s.clientName}&rsquo;s subscription</span>
      </Button>
      <ConfirmDialog
        open={ending}
        title={`End ${s.clientName}'s subscription?`}
        description={`No more monthly invoices for “${s.description}” will go out. Invoices already sent stay as they are. This cannot be undone: a new subscription is needed to bill this client again.`}
        confirmLabel="End Subscription"
        pendingLabel="Ending..."
        pending={set.isPending}
        destructive
        onConfirm={() => change('ended')}
        onCancel={() => setEnding(false)}
      />
    </div>
  );
}
