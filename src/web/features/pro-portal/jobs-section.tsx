// "Your jobs" (decision 018): the pro's jobs in the server's order (by pick-up day and window),
// and the one confirmation a step asks for. The dialog lives here rather than in a card, so it
// outlasts a card that leaves the list (a delivered job) and can put focus somewhere sensible.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ProStep } from '../../../shared/schemas/pro-portal';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { toast } from '../../lib/toast';
import { JobCard, jobHeadingId, stepButtonId } from './job-card';
import { stepWording } from './job-view';
import { proPortalKeys, useProStep, type ProJob } from './pro-portal-api';
import { usePhotoQueue, type PhotoRefusal } from './photo-queue';
import { ScanTagButton } from '../../components/scan-tag-button';
import { tagNamesOrder } from '../../../shared/bag-tags';

/** The step being confirmed; kept (closed) after the dialog closes, so its wording stays while it goes. */
type Confirming = { job: ProJob; step: ProStep; open: boolean };

export const noJobsText = 'No jobs right now. New pick-ups assigned to you will show here.';

export function JobsSection({ jobs, today }: { jobs: ProJob[]; today: string }) {
  const step = useProStep();
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const wording = confirming ? stepWording(confirming.step, confirming.job) : null;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const close = () => setConfirming((c) => c && { ...c, open: false });

  // a photo sent from the phone's queue shows on its card; one the server refused says why
  const client = useQueryClient();
  const photoSent = useCallback(() => void client.invalidateQueries({ queryKey: proPortalKeys.portal }), [client]);
  const photoRefused = useCallback((r: PhotoRefusal) => toast.error('A photo was not kept', { description: r.message }), []);
  usePhotoQueue(photoSent, photoRefused);

  /** Where focus goes once a card is drawn again: its step button, else its heading, else the list's. */
  const focusAfter = (job: ProJob) => (document.getElementById(stepButtonId(job)) ?? document.getElementById(jobHeadingId(job)) ?? headingRef.current)?.focus();

  // the job whose card is to take focus once the list shows the step recorded (or refused)
  const [refocus, setRefocus] = useState<{ job: ProJob; step: ProStep | null } | null>(null);
  useEffect(() => {
    if (!refocus) return;
    const now = jobs.find((j) => j.assignmentId === refocus.job.assignmentId);
    if (now && refocus.step !== null && now.nextStep === refocus.step) return; // the list is not read again yet
    focusAfter(refocus.job);
    setRefocus(null);
  }, [refocus, jobs]);

  /** A scanned bag tag (decision 056): its job's card, brought into view; another order is refused. */
  const openScanned = (code: string): string | null => {
    const job = jobs.find((j) => tagNamesOrder(code, j.orderId));
    if (!job) return `Order ${code} is not one of your jobs.`;
    const heading = document.getElementById(jobHeadingId(job));
    heading?.scrollIntoView({ block: 'start' });
    heading?.focus();
    return null;
  };

  const record = (job: ProJob, which: ProStep, confirmed = true) => {
    const done = stepWording(which, job).doneTitle;
    step.mutate(
      { assignmentId: job.assignmentId, step: which },
      {
        onSuccess: () => {
          toast.success(done, { description: `Order ${job.orderId}, ${job.customerName}` });
          // a step the photo recorded had no dialog to hand focus on: once the card is drawn again
          if (!confirmed) setRefocus({ job, step: which });
        },
        // a step no longer open (staff moved the order meanwhile) is the server's message; the card
        // has been read again and shows where the order stands now
        onError: (error) => {
          toast.error('Could not update the job', { description: error.message });
          if (!confirmed) setRefocus({ job, step: null });
        },
        onSettled: () => confirmed && close(),
      },
    );
  };
  const confirm = () => {
    if (confirming?.open) record(confirming.job, confirming.step);
  };

  // focus goes to the card's step button if it still has one (the new step's, when the card was
  // drawn again), else to the card, else (a delivered job has left the list) to the list's heading
  const onCloseAutoFocus = (event: Event) => {
    const job = confirming?.job;
    if (!job) return;
    event.preventDefault();
    focusAfter(job);
  };

  return (
    <section aria-labelledby="pro-jobs-heading" className="flex flex-col gap-3">
      <h2 id="pro-jobs-heading" ref={headingRef} tabIndex={-1} className="text-xl font-bold tracking-tight focus:outline-none">
        Your jobs
      </h2>
      {jobs.length > 0 ? <ScanTagButton onCode={openScanned} /> : null}
      {jobs.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-700">{noJobsText}</p>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2" aria-label="Your jobs">
          {jobs.map((job) => (
            <li key={job.assignmentId}>
              <JobCard job={job} today={today} stepPending={step.isPending} onStep={(j, s) => setConfirming({ job: j, step: s, open: true })} onStepNow={(j, s) => record(j, s, false)} />
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
