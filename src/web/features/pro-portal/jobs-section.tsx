// "Your jobs" (decision 018): the pro's jobs in the server's order (by pick-up day and window),
// and the one confirmation a step asks for. The dialog lives here rather than in a card, so it
// outlasts a card that leaves the list (a delivered job) and can put focus somewhere sensible.
import { useRef, useState } from 'react';
import type { ProStep } from '../../../shared/schemas/pro-portal';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { toast } from '../../lib/toast';
import { JobCard, jobHeadingId, stepButtonId } from './job-card';
import { stepWording } from './job-view';
import { useProStep, type ProJob } from './pro-portal-api';

/** The step being confirmed; kept (closed) after the dialog closes, so its wording stays while it goes. */
type Confirming = { job: ProJob; step: ProStep; open: boolean };

export const noJobsText = 'No jobs right now. New pick-ups assigned to you will show here.';

export function JobsSection({ jobs, today }: { jobs: ProJob[]; today: string }) {
  const step = useProStep();
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const wording = confirming ? stepWording(confirming.step, confirming.job) : null;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const close = () => setConfirming((c) => c && { ...c, open: false });

  const confirm = () => {
    if (!confirming?.open) return;
    const { job, step: which } = confirming;
    const done = stepWording(which, job).doneTitle;
    step.mutate(
      { assignmentId: job.assignmentId, step: which },
      {
        onSuccess: () => toast.success(done, { description: `Order ${job.orderId}, ${job.customerName}` }),
        // a step no longer open (staff moved the order meanwhile) is the server's message; the card
        // has been read again and shows where the order stands now
        onError: (error) => toast.error('Could not update the job', { description: error.message }),
        onSettled: close,
      },
    );
  };

  // focus goes back to the step button if the card still has one, else to the card, else (a
  // delivered job has left the list) to the list's heading
  const onCloseAutoFocus = (event: Event) => {
    const job = confirming?.job;
    if (!job || document.getElementById(stepButtonId(job))) return;
    event.preventDefault();
    (document.getElementById(jobHeadingId(job)) ?? headingRef.current)?.focus();
  };

  return (
    <section aria-labelledby="pro-jobs-heading" className="flex flex-col gap-3">
      <h2 id="pro-jobs-heading" ref={headingRef} tabIndex={-1} className="text-xl font-bold tracking-tight focus:outline-none">
        Your jobs
      </h2>
      {jobs.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-700">{noJobsText}</p>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2" aria-label="Your jobs">
          {jobs.map((job) => (
            <li key={job.assignmentId}>
              <JobCard job={job} today={today} stepPending={step.isPending} onStep={(j, s) => setConfirming({ job: j, step: s, open: true })} />
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={confirming?.open ?? false}
        title={wording?.title ?? ''}
        description={wording?.description ?? ''}
        confirmLabel={wording?.confirmLabel ?? ''}
        pendingLabel={wording?.pendingLabel ?? ''}
        pending={step.isPending}
        onConfirm={confirm}
        onCancel={close}
        onCloseAutoFocus={onCloseAutoFocus}
      />
    </section>
  );
}
