// spec: back-office 2 — the Laundry Pro dropdown on each booking: the active pros, 'Payout: $x'
// once the weighing completed the assignment. A weighed booking's payout moves to another pro only
// after staff confirm; a cancelled booking needs no pro.
import { useId, useState } from 'react';
import { formatCents } from '../../../shared/money';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { fieldClass } from '../../components/ui/input';
import { cn } from '../../lib/cn';
import { toast } from '../../lib/toast';
import { useAssignLaundryPro, useLaundryProChoices, type StaffBooking } from '../back-office-api';

export function LaundryProSelect({ booking: b }: { booking: StaffBooking }) {
  const id = useId();
  const choices = useLaundryProChoices();
  const assign = useAssignLaundryPro();
  const [moving, setMoving] = useState<{ id: string; name: string } | null>(null);
  const current = b.laundryPro;
  const weighed = b.weightAdjustmentProcessed;
  // the active pros, and the assigned one even when no longer active (it stays shown, not offered)
  const options = (choices.data ?? []).filter((p) => p.active || p.id === current?.id);
  if (current && !options.some((p) => p.id === current.id)) options.unshift({ id: current.id, name: current.name, active: false });

  const save = (laundryProId: string | null, confirmWeighed: boolean) =>
    assign.mutate(
      { bookingId: b.id, laundryProId, confirmWeighed },
      {
        onSuccess: (r) => {
          setMoving(null);
          toast.success(r.laundryPro ? `${r.laundryPro.name} is assigned` : 'No laundry pro assigned', { description: `${b.name} · ${b.confirmation}` });
        },
        onError: (err) => {
          setMoving(null);
          toast.error('Failed to assign laundry pro.', { description: err.message });
        },
      },
    );

  const change = (value: string) => {
    const next = value === '' ? null : value;
    if (next === (current?.id ?? null)) return;
    const pro = options.find((p) => p.id === next);
    // docs/design.md 5.7: a weighed booking's payout moves only when staff say so
    if (weighed && current && pro) return setMoving({ id: pro.id, name: pro.name });
    save(next, false);
  };

  return (
    <div className="flex min-w-36 flex-col gap-1">
      <label htmlFor={id} className="sr-only">
        Laundry Pro for {b.name}
      </label>
      <select
        id={id}
        className={cn(fieldClass, 'h-9 py-1 text-sm')}
        value={current?.id ?? ''}
        disabled={b.bookingStatus === 'cancelled' || assign.isPending || choices.isPending}
        aria-busy={assign.isPending || undefined}
        onChange={(e) => change(e.target.value)}
      >
        {/* a weighed booking keeps a pro: "none" is not offered once one is assigned */}
        {!(weighed && current) ? <option value="">{choices.isError ? 'Pros could not be loaded' : 'Not assigned'}</option> : null}
        {options.map((p) => (
          <option key={p.id} value={p.id} disabled={!p.active}>
            {p.active ? p.name : `${p.name} (inactive)`}
          </option>
        ))}
      </select>
      {current?.payoutCents ? <span className="text-xs text-slate-600 tabular-nums">Payout: {formatCents(current.payoutCents)}</span> : null}
      <ConfirmDialog
        open={moving !== null}
        title="Move this booking's payout?"
        description={
          <>
            {b.name}&apos;s laundry is already weighed{current?.payoutCents ? `: ${current.name}'s payout of ${formatCents(current.payoutCents)}` : ''}. The payout moves to{' '}
            {moving?.name}, at their rate per lb.
          </>
        }
        confirmLabel={`Assign ${moving?.name ?? ''}`}
        pendingLabel="Assigning..."
        pending={assign.isPending}
        onConfirm={() => moving && save(moving.id, true)}
        onCancel={() => setMoving(null)}
      />
    </div>
  );
}
