// A stop's photo on a job card (decision 057): at the door, one tap opens the camera and the photo
// records the step with it ("Photo & Picked Up", "Photo & Delivered": the photo is the
// confirmation, so a stop takes two taps). The photo is kept on the phone until the server has it
// (photo-queue.ts); the card says whether it is sent or waiting. And "No one home": the pro reports
// a missed pick-up with a photo of the door, for staff to confirm.
import { CheckCircle2, CloudOff, DoorClosed } from 'lucide-react';
import { useId, useState } from 'react';
import { missedPickupReasonLabels, missedPickupReasons, stopPhotoLabels, type MissedPickupReason, type StopPhotoKind } from '../../../shared/stops';
import { Button } from '../../components/ui/button';
import { CameraButton as CameraInput } from '../../components/ui/camera-button';
import { shrinkPhoto } from '../../lib/shrink-photo';
import { queuePhoto, usePhotoWaiting } from './photo-queue';
import { useReportMissedPickup, type ProJob, type ProStep } from './pro-portal-api';

const timeOf = (iso: string) => new Date(iso).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });

/** Keeps the photo (on the phone first), then records the step it stands for. */
export function PhotoStepButton({ job, step, pending, onStepNow }: { job: ProJob; step: Extract<ProStep, 'picked_up' | 'delivered'>; pending: boolean; onStepNow: (job: ProJob, step: ProStep) => void }) {
  const kind: StopPhotoKind = step === 'picked_up' ? 'pickup' : 'delivery';
  const take = async (file: File) => {
    const blob = await shrinkPhoto(file);
    // kept before anything is sent: no signal loses nothing
    void queuePhoto({ assignmentId: job.assignmentId, kind, blob, takenAt: new Date().toISOString() }).catch(() => undefined);
    // without a signal the step waits: the card says the photo is kept, and the step is recorded
    // once the photo has gone (its button asks again then)
    if (navigator.onLine) onStepNow(job, step);
  };
  return <CameraInput label={step === 'picked_up' ? 'Photo & Picked Up' : 'Photo & Delivered'} disabled={pending} onPhoto={(f) => void take(f)} />;
}

/** Whether the stop's photo is with staff, waiting on the phone, or not taken. */
export function PhotoLine({ job, kind }: { job: ProJob; kind: StopPhotoKind }) {
  const waiting = usePhotoWaiting(job.assignmentId, kind);
  const taken = job.photos[kind];
  if (waiting)
    return (
      <p role="status" className="flex items-center gap-1.5 text-sm font-medium text-amber-900">
        <CloudOff className="size-4 shrink-0" aria-hidden="true" />
        {stopPhotoLabels[kind]}: kept on this phone, sent when you are back online.
      </p>
    );
  if (!taken) return null;
  return (
    <p className="flex items-center gap-1.5 text-sm text-green-800">
      <CheckCircle2 className="size-4 shrink-0" aria-hidden="true" />
      {stopPhotoLabels[kind]} sent ({timeOf(taken)}).
    </p>
  );
}

/** "No one home / no bags out": the reason and a photo of the door, reported to staff. */
export function MissedPickupPanel({ job }: { job: ProJob }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<MissedPickupReason>('no_one_home');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const report = useReportMissedPickup(job.assignmentId);
  const name = useId();
  if (job.missedPickup?.status === 'reported')
    return (
      <p role="status" className="flex items-start gap-1.5 rounded-lg border-l-4 border-amber-600 bg-amber-50 p-3 text-sm text-amber-950">
        <DoorClosed className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        Reported: {missedPickupReasonLabels[job.missedPickup.reason].toLowerCase()}. Staff decide on the no-show fee; nothing more to do here.
      </p>
    );
  if (!job.canReportMissed) return null;
  if (!open)
    return (
      <Button type="button" variant="ghost" className="self-start text-slate-700" onClick={() => setOpen(true)}>
        <DoorClosed aria-hidden="true" />
        No one home?
      </Button>
    );
  const send = async (file: File) => {
    setSending(true);
    setError(null);
    try {
      const blob = await shrinkPhoto(file);
      await queuePhoto({ assignmentId: job.assignmentId, kind: 'no_show', blob, takenAt: new Date().toISOString() });
      await report.mutateAsync(reason);
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Could not report the missed pick-up. Try again.');
    } finally {
      setSending(false);
    }
  };
  return (
    <fieldset className="flex flex-col gap-3 rounded-lg border border-slate-300 p-3">
      <legend className="px-1 text-sm font-semibold">Missed pick-up</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-2">
        {missedPickupReasons.map((r) => (
          <label key={r} className="flex min-h-11 items-center gap-2 text-sm">
            <input type="radio" name={name} value={r} checked={reason === r} onChange={() => setReason(r)} className="size-4" />
            {missedPickupReasonLabels[r]}
          </label>
        ))}
      </div>
      <p className="text-sm text-slate-700">Take a photo of the door or the pick-up spot: it is sent with the report and shows the customer why the fee was charged.</p>
      <PhotoLine job={job} kind="no_show" />
      {error ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
      <CameraInput label={sending ? 'Reporting...' : 'Photo & Report'} disabled={sending} onPhoto={(f) => void send(f)} />
      <Button type="button" variant="outline" disabled={sending} onClick={() => setOpen(false)}>
        Cancel
      </Button>
    </fieldset>
  );
}
