// "On my way" on a job card (decision 056): the pro picks when they arrive and the customer is told,
// by text or email as the server decides; its answer (or refusal) is shown as it says it.
import { Navigation } from 'lucide-react';
import { useState } from 'react';
import { onMyWayMinutes, type OnMyWayMinutes, type ProJob } from '../../../shared/schemas/pro-portal';
import { Button } from '../../components/ui/button';
import { fieldClass } from '../../components/ui/input';
import { cn } from '../../lib/cn';
import { useOnMyWay } from './pro-portal-api';

export function OnMyWay({ job }: { job: ProJob }) {
  const [minutes, setMinutes] = useState<OnMyWayMinutes>(15);
  const tell = useOnMyWay(job.assignmentId);
  if (!job.onMyWay) return null;
  const id = `on-my-way-${job.assignmentId}`;
  return (
    <div className="flex flex-col gap-2 rounded-lg bg-slate-50 p-3">
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={id} className="shrink-0 text-sm text-slate-700">
          Arriving in
        </label>
        <select id={id} className={cn(fieldClass, 'h-9 w-auto py-1')} value={minutes} onChange={(e) => setMinutes(onMyWayMinutes.find((m) => m === Number(e.target.value)) ?? 15)}>
          {onMyWayMinutes.map((m) => (
            <option key={m} value={m}>
              {m} min
            </option>
          ))}
        </select>
        <Button variant="outline" size="sm" className="ml-auto shrink-0 bg-white" disabled={tell.isPending} onClick={() => tell.mutate(minutes)}>
          <Navigation aria-hidden="true" />
          {tell.isPending ? 'Sending...' : 'On my way'}
          <span className="sr-only"> to {job.customerName}</span>
        </Button>
      </div>
      {tell.isSuccess ? (
        <p role="status" className="text-sm font-medium text-green-800">
          {tell.data.message}
        </p>
      ) : tell.error ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {tell.error.message}
        </p>
      ) : null}
    </div>
  );
}
