// A booking's stops in All Bookings (decision 057): the photos the pro took at the door, and a
// missed pick-up the pro reported: staff confirm it (the no-show fee is charged to the card and
// the customer emailed), dismiss it (the pick-up is to do again), or give a charged fee back. Each
// money action is confirmed first.
import { Camera, DoorClosed } from 'lucide-react';
import { useState } from 'react';
import { formatCents } from '../../../shared/money';
import { missedPickupReasonLabels, stopPhotoKinds, stopPhotoLabels } from '../../../shared/stops';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { formatDateTime } from '../../lib/format';
import { toast } from '../../lib/toast';
import { stopPhotoUrl, useConfirmMissedPickup, useDismissMissedPickup, useWaiveNoShowFee, type StaffBooking } from '../back-office-api';

type Asking = 'confirm' | 'dismiss' | 'waive' | null;

const outcomeWords = {
  charged: (fee: string) => `No-show fee of ${fee} charged`,
  waived: (fee: string) => `No-show fee of ${fee} not charged (waived)`,
  no_card: () => 'No card to charge the no-show fee to',
  failed: () => 'The card refused the no-show fee',
} as const;

/** "Missed pick-up" beside the status, while staff have to decide. */
export function MissedPickupBadge({ booking: b }: { booking: Pick<StaffBooking, 'missedPickup'> }) {
  if (b.missedPickup?.status !== 'reported') return null;
  return (
    <Badge variant="warning" className="whitespace-nowrap">
      Missed pick-up?
    </Badge>
  );
}

export function StopsBlock({ booking: b }: { booking: StaffBooking }) {
  const [asking, setAsking] = useState<Asking>(null);
  const [waiveKey] = useState(() => crypto.randomUUID());
  const confirm = useConfirmMissedPickup();
  const dismiss = useDismissMissedPickup();
  const waive = useWaiveNoShowFee();
  const photos = stopPhotoKinds.filter((k) => b.stopPhotos[k]);
  const m = b.missedPickup;
  if (photos.length === 0 && !m) return <p className="text-sm text-slate-600">No photos yet</p>;
  const fee = m?.feeCents != null ? formatCents(m.feeCents) : 'the no-show fee';
  const failed = (e: Error) => toast.error('Could not save', { description: e.message });
  const run = () => {
    const done = () => setAsking(null);
    if (asking === 'confirm')
      confirm.mutate({ id: b.id }, { onSuccess: (r) => toast.success(r.outcome === 'charged' ? 'Missed pick-up confirmed: fee charged' : 'Missed pick-up confirmed', { description: b.name }), onError: failed, onSettled: done });
    if (asking === 'dismiss') dismiss.mutate({ id: b.id }, { onSuccess: () => toast.success('Missed pick-up dismissed', { description: `${b.name}: the pick-up is to do again` }), onError: failed, onSettled: done });
    if (asking === 'waive')
      waive.mutate({ id: b.id, idempotencyKey: waiveKey }, { onSuccess: (r) => toast.success(r.refundedCents > 0 ? `Gave back ${formatCents(r.refundedCents)}` : 'Fee waived', { description: b.name }), onError: failed, onSettled: done });
  };
  const pending = confirm.isPending || dismiss.isPending || waive.isPending;
  const words = {
    confirm: { title: 'Charge the no-show fee?', description: `${b.name} missed the pick-up. The no-show fee of Settings is taken from the hold on their card, the rest of the hold is let go, the booking is cancelled and they are emailed.`, label: 'Confirm and charge' },
    dismiss: { title: 'Dismiss the missed pick-up?', description: `Nothing is charged; the pick-up of ${b.name} is to do again.`, label: 'Dismiss' },
    waive: { title: 'Give the no-show fee back?', description: `${fee} goes back to ${b.name}'s card and they are emailed.`, label: 'Give it back' },
  };
  return (
    <div className="flex flex-col gap-2 text-sm">
      {photos.length ? (
        <ul className="flex flex-col gap-0.5" aria-label="Photos">
          {photos.map((k) => (
            <li key={k}>
              <a className="inline-flex items-center gap-1 font-medium text-primary underline" href={stopPhotoUrl(b.id, k)} target="_blank" rel="noreferrer">
                <Camera className="size-3.5" aria-hidden="true" />
                {stopPhotoLabels[k]}
                <span className="sr-only"> for {b.name} (opens in a new tab)</span>
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {m ? (
        <div className="flex flex-col gap-1.5 rounded-md border-l-4 border-amber-600 bg-amber-50 p-2 text-amber-950">
          <p className="flex items-center gap-1.5 font-semibold">
            <DoorClosed className="size-4 shrink-0" aria-hidden="true" />
            Missed pick-up: {missedPickupReasonLabels[m.reason].toLowerCase()}
          </p>
          <p className="text-xs">Reported {formatDateTime(m.reportedAt)}</p>
          {m.status === 'reported' ? (
            <div className="flex flex-wrap gap-2">
              <Button size="sm" onClick={() => setAsking('confirm')} disabled={pending}>
                Confirm and charge
              </Button>
              <Button size="sm" variant="outline" className="bg-white" onClick={() => setAsking('dismiss')} disabled={pending}>
                Dismiss
              </Button>
            </div>
          ) : m.status === 'dismissed' ? (
            <p>Dismissed: the pick-up is to do again.</p>
          ) : (
            <>
              <p>{m.feeOutcome ? outcomeWords[m.feeOutcome](fee) : 'Charging the no-show fee...'}</p>
              {m.feeOutcome && m.feeOutcome !== 'waived' ? (
                <Button size="sm" variant="outline" className="self-start bg-white" onClick={() => setAsking('waive')} disabled={pending}>
                  {m.feeOutcome === 'charged' ? 'Give the fee back' : 'Waive the fee'}
                </Button>
              ) : null}
            </>
          )}
        </div>
      ) : null}
      <ConfirmDialog
        open={asking !== null}
        title={asking ? words[asking].title : ''}
        description={asking ? words[asking].description : ''}
        confirmLabel={asking ? words[asking].label : ''}
        pendingLabel="Saving..."
        pending={pending}
        destructive={asking === 'confirm'}
        onConfirm={run}
        onCancel={() => setAsking(null)}
      />
    </div>
  );
}
