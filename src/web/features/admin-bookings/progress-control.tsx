// Live progress (decision 023): where a picked-up order is (washing, ready, out for delivery) and the
// one button that moves it on, offered by the same rule the server enforces. Out for delivery tells
// the customer, so it asks first.
import { ArrowRight, LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { currentStage, nextLaundryStep, progressLabels, type LaundryStep } from '../../../shared/order-progress';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { toast } from '../../lib/toast';
import { useSetBookingProgress, type StaffBooking } from '../back-office-api';

export function ProgressControl({ booking: b }: { booking: StaffBooking }) {
  const update = useSetBookingProgress();
  const [confirming, setConfirming] = useState(false);
  const stage = currentStage(b);
  const next = nextLaundryStep(b);
  if (b.bookingStatus !== 'in-progress' && b.bookingStatus !== 'completed') return null;
  const move = (to: LaundryStep) =>
    update.mutate(
      { id: b.id, stage: to },
      {
        onSuccess: () => toast.success(`${b.name}: ${progressLabels[to].toLowerCase()}`),
        onError: (err) => toast.error(err.message),
        onSettled: () => setConfirming(false),
      },
    );
  return (
    <div className="flex flex-col items-start gap-1 text-xs">
      <span className="text-slate-600">
        Laundry: <span className="font-semibold text-slate-900">{stage ? progressLabels[stage] : ''}</span>
      </span>
      {next ? (
        <Button size="sm" variant="outline" className="h-7 px-2 text-xs" disabled={update.isPending} aria-label={`Mark ${progressLabels[next]} for ${b.name}`} onClick={() => (next === 'out_for_delivery' ? setConfirming(true) : move(next))}>
          {update.isPending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <ArrowRight aria-hidden="true" />}
          {progressLabels[next]}
        </Button>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title="Out for delivery?"
        description={`${b.name} is told by email (and by text if they agreed to texts) that their laundry is on its way today.`}
        confirmLabel="Mark out for delivery"
        pendingLabel="Saving..."
        pending={update.isPending}
        onConfirm={() => move('out_for_delivery')}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
