// Bulk actions on All Bookings (decision 056): the common moves of the day on the rows selected on
// this page: mark picked up, out for delivery or delivered, give them to a pro, print their bag tags. Each booking goes through its
// own endpoint; what the server refuses is listed with its reason, the rest go ahead.
import { PackageCheck, Tags, Truck, UserCheck, X, type LucideIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { fieldClass } from '../../components/ui/input';
import { cn } from '../../lib/cn';
import { toast } from '../../lib/toast';
import { useBulkMove, useLaundryProChoices, type BulkMove, type StaffBooking } from '../back-office-api';

const bookingsText = (n: number) => `${n} booking${n === 1 ? '' : 's'}`;

type StepKind = 'picked_up' | 'out_for_delivery' | 'delivered';
/** The status moves a bulk action makes, each asked first with what it does. */
const steps: Record<StepKind, { label: string; done: string; icon: LucideIcon; tells: string }> = {
  picked_up: { label: 'Mark picked up', done: 'marked picked up', icon: PackageCheck, tells: 'Each customer is told their laundry is picked up, and its delivery time is planned.' },
  out_for_delivery: { label: 'Out for delivery', done: 'out for delivery', icon: Truck, tells: 'Each customer is told by email (and by text if they agreed to texts) that their laundry is on its way today.' },
  delivered: { label: 'Mark delivered', done: 'marked delivered', icon: PackageCheck, tells: 'Each order leaves the day board as delivered.' },
};

export function BulkBar({ selected, onClear }: { selected: StaffBooking[]; onClear: () => void }) {
  const id = useId();
  const bulk = useBulkMove();
  const pros = useLaundryProChoices();
  const [proId, setProId] = useState('');
  const [asking, setAsking] = useState<BulkMove | null>(null);
  const proName = (pros.data ?? []).find((p) => p.id === proId)?.name ?? '';
  const run = (move: BulkMove) =>
    bulk.mutate(
      { bookings: selected.map((b) => ({ id: b.id, name: b.name })), move },
      {
        onSuccess: (r) => {
          setAsking(null);
          const what = move.kind === 'assign' ? `given to ${proName}` : steps[move.kind].done;
          if (r.done > 0) toast.success(`${bookingsText(r.done)} ${what}`);
          if (r.refused.length > 0) toast.error(`${bookingsText(r.refused.length)} not changed`, { description: r.refused.map((x) => `${x.name}: ${x.message}`).join(' · ') });
          if (r.refused.length === 0) onClear();
        },
        onError: (err) => {
          setAsking(null);
          toast.error('Nothing was changed.', { description: err.message });
        },
      },
    );
  const tagsHref = `/admin/print-tags?${selected.map((b) => `id=${b.id}`).join('&')}`;
  return (
    <div role="region" aria-label="Bulk actions" className="flex flex-wrap items-center gap-2 border-b border-slate-200 bg-brand-50 px-4 py-3 sm:px-6">
      <p className="text-sm font-semibold" aria-live="polite">
        {selected.length} selected
      </p>
      {(Object.keys(steps) as StepKind[]).map((kind) => {
        const Icon = steps[kind].icon;
        return (
          <Button key={kind} size="sm" variant="outline" className="bg-white" disabled={bulk.isPending} onClick={() => setAsking({ kind })}>
            <Icon aria-hidden="true" />
            {steps[kind].label}
          </Button>
        );
      })}
      <div className="flex items-center gap-1">
        <label htmlFor={`${id}-pro`} className="sr-only">
          Pro for the selected bookings
        </label>
        <select id={`${id}-pro`} className={cn(fieldClass, 'h-9 w-40 py-1')} value={proId} onChange={(e) => setProId(e.target.value)}>
          <option value="">Choose a pro</option>
          {(pros.data ?? [])
            .filter((p) => p.active)
            .map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
        </select>
        <Button size="sm" variant="outline" className="bg-white" disabled={bulk.isPending || !proId} onClick={() => setAsking({ kind: 'assign', laundryProId: proId })}>
          <UserCheck aria-hidden="true" />
          Assign
        </Button>
      </div>
      <Button asChild size="sm" variant="outline" className="bg-white">
        <a href={tagsHref} target="_blank" rel="noopener">
          <Tags aria-hidden="true" />
          Print bag tags
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      </Button>
      <Button size="sm" variant="ghost" className="ml-auto" disabled={bulk.isPending} onClick={onClear}>
        <X aria-hidden="true" />
        Clear selection
      </Button>
      <ConfirmDialog
        open={asking !== null}
        title={!asking ? '' : asking.kind === 'assign' ? `Give ${bookingsText(selected.length)} to ${proName}?` : `${steps[asking.kind].label}: ${bookingsText(selected.length)}?`}
        description={
          !asking
            ? ''
            : asking.kind === 'assign'
              ? `${proName} is emailed about each job still to pick up.`
              : `${steps[asking.kind].tells} A booking that cannot make this move is left as it is, with the reason.`
        }
        confirmLabel={!asking ? '' : asking.kind === 'assign' ? 'Assign' : steps[asking.kind].label}
        pendingLabel="Saving..."
        pending={bulk.isPending}
        onConfirm={() => asking && run(asking)}
        onCancel={() => setAsking(null)}
      />
    </div>
  );
}
