// One of the pro's jobs as a card (decision 018): what the job needs at the door (the day and
// window, the customer with a call button, the address with a map link, where the bags are, how many, the
// preferences) with the allergies and instructions highlighted, the status in words, and the
// step the pro can record now.
import { CalendarClock, CheckCircle2, Clock, ExternalLink, Hourglass, MapPinned, PackageCheck, PackageOpen, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { proStepLabels, type ProStep } from '../../../shared/schemas/pro-portal';
import type { BookingStatus } from '../../../shared/schemas/back-office';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { bagsText, jobDayLabel, jobNotes, jobStatusText, type JobNote } from './job-view';
import type { ProJob } from './pro-portal-api';
import { OnMyWay } from './on-my-way';
import { MissedPickupPanel, PhotoLine, PhotoStepButton } from './stop-photo';

export const jobHeadingId = (job: Pick<ProJob, 'assignmentId'>) => `job-${job.assignmentId}`;
export const stepButtonId = (job: Pick<ProJob, 'assignmentId'>) => `job-${job.assignmentId}-step`;

const statusLook: Record<BookingStatus, { variant: 'default' | 'warning' | 'success' | 'secondary'; icon: ReactNode }> = {
  pending: { variant: 'secondary', icon: <Hourglass className="size-3.5" aria-hidden="true" /> },
  confirmed: { variant: 'default', icon: <Clock className="size-3.5" aria-hidden="true" /> },
  'in-progress': { variant: 'warning', icon: <Hourglass className="size-3.5" aria-hidden="true" /> },
  completed: { variant: 'success', icon: <PackageCheck className="size-3.5" aria-hidden="true" /> },
  delivered: { variant: 'success', icon: <CheckCircle2 className="size-3.5" aria-hidden="true" /> },
  cancelled: { variant: 'secondary', icon: <Clock className="size-3.5" aria-hidden="true" /> },
};

const noteLook: Record<JobNote['key'], string> = {
  allergies: 'border-red-700 bg-red-50 text-red-900',
  specialInstructions: 'border-amber-600 bg-amber-50 text-amber-950',
  specialCareInstructions: 'border-amber-600 bg-amber-50 text-amber-950',
};

function Fact({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={cn('min-w-0', wide && 'col-span-2')}>
      <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{label}</dt>
      <dd className="mt-0.5 wrap-anywhere text-slate-900">{children}</dd>
    </div>
  );
}

/** The step a photo records at the door (decision 057): picked up or delivered, when its photo is not taken yet. */
function photoStep(job: ProJob): 'picked_up' | 'delivered' | null {
  if (job.nextStep === 'picked_up' && !job.photos.pickup) return 'picked_up';
  if (job.nextStep === 'delivered' && !job.photos.delivery) return 'delivered';
  return null;
}

export function JobCard({
  job,
  today,
  stepPending,
  onStep,
  onStepNow,
}: {
  job: ProJob;
  today: string;
  stepPending: boolean;
  /** A step to confirm first. */
  onStep: (job: ProJob, step: ProStep) => void;
  /** A step the photo just taken confirms. */
  onStepNow: (job: ProJob, step: ProStep) => void;
}) {
  const day = jobDayLabel(job.pickupDate, today);
  const look = statusLook[job.bookingStatus];
  const notes = jobNotes(job);
  return (
    <article aria-labelledby={jobHeadingId(job)} className="flex h-full flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 text-sm shadow-sm">
      <div className="flex flex-col gap-1.5">
        <p className={cn('flex items-center gap-1.5 font-semibold', day === 'Today' ? 'text-brand-800' : 'text-slate-700')}>
          <CalendarClock className="size-4 shrink-0" aria-hidden="true" />
          <span>
            {day} · {job.pickupTime}
          </span>
        </p>
        <h3 id={jobHeadingId(job)} tabIndex={-1} className="text-lg leading-tight font-bold wrap-anywhere text-slate-900 focus:outline-none">
          {job.customerName}
        </h3>
        <p className="font-mono text-xs text-slate-600">
          <span className="sr-only">Order </span>
          {job.orderId}
        </p>
        <Badge variant={look.variant} className="self-start whitespace-normal">
          {look.icon}
          {jobStatusText[job.bookingStatus]}
        </Badge>
      </div>

      {/* the customer is called before the pick-up (spec: customer-site 1): one tap from the card */}
      <div className="flex items-center justify-between gap-3 rounded-lg bg-slate-50 p-3">
        <p className="flex min-w-0 items-center gap-1.5">
          <Phone className="size-4 shrink-0 text-slate-600" aria-hidden="true" />
          <span className="whitespace-nowrap">
            <span className="sr-only">Phone: </span>
            {job.customerPhone}
          </span>
        </p>
        <Button asChild variant="outline" size="sm" className="shrink-0 bg-white">
          <a href={job.customerPhoneHref}>
            <Phone aria-hidden="true" />
            Call
            <span className="sr-only"> {job.customerName}</span>
          </a>
        </Button>
      </div>

      <OnMyWay job={job} />

      <div className="flex items-start justify-between gap-3 rounded-lg bg-slate-50 p-3">
        <p className="flex min-w-0 items-start gap-1.5">
          <MapPinned className="mt-0.5 size-4 shrink-0 text-slate-600" aria-hidden="true" />
          <span className="wrap-anywhere">
            <span className="sr-only">Address: </span>
            {job.address}
          </span>
        </p>
        <Button asChild variant="outline" size="sm" className="shrink-0 bg-white">
          <a href={job.mapUrl} target="_blank" rel="noopener noreferrer">
            <ExternalLink aria-hidden="true" />
            Map
            <span className="sr-only"> of {job.address} (opens in a new tab)</span>
          </a>
        </Button>
      </div>

      <dl className="grid grid-cols-2 gap-x-4 gap-y-3">
        <Fact label="Pick-up spot">{job.pickupLocation}</Fact>
        <Fact label="Bags">{bagsText(job.bagQuantity)}</Fact>
        {job.dueBack && job.bookingStatus !== 'delivered' ? (
          <Fact label="Due back" wide>
            {job.dueBack}
          </Fact>
        ) : null}
        <div className="col-span-2">
          <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">Preferences</dt>
          <dd className="mt-1">
            <ul className="flex flex-wrap gap-1.5" aria-label="Preferences">
              {job.preferences.map((line) => (
                <li key={line} className="rounded-full border border-slate-200 bg-white px-2.5 py-0.5 text-slate-800">
                  {line}
                </li>
              ))}
            </ul>
          </dd>
        </div>
      </dl>

      {notes.length > 0 ? (
        <ul className="flex flex-col gap-2" aria-label="Allergies and instructions">
          {notes.map((note) => (
            <li key={note.key} className={cn('rounded-lg border-l-4 p-3', noteLook[note.key])}>
              <p className="text-xs font-bold tracking-wide uppercase">{note.label}</p>
              <p className="mt-0.5 font-semibold whitespace-pre-wrap wrap-anywhere">{note.text}</p>
            </li>
          ))}
        </ul>
      ) : null}

      {job.photoAsked ? <PhotoLine job={job} kind={job.photoAsked} /> : null}
      <MissedPickupPanel job={job} />

      {job.nextStep ? (
        <div className="mt-auto flex flex-col gap-2">
          {photoStep(job) ? (
            <>
              <PhotoStepButton job={job} step={photoStep(job)!} pending={stepPending} onStepNow={onStepNow} />
              <Button id={stepButtonId(job)} variant="outline" className="w-full" disabled={stepPending} onClick={() => onStep(job, job.nextStep!)}>
                {proStepLabels[job.nextStep]} without a photo
                <span className="sr-only"> for {job.customerName}</span>
              </Button>
            </>
          ) : (
            <Button id={stepButtonId(job)} className="w-full" size="lg" disabled={stepPending} onClick={() => onStep(job, job.nextStep!)}>
              {job.nextStep === 'picked_up' ? <PackageCheck aria-hidden="true" /> : <PackageOpen aria-hidden="true" />}
              {proStepLabels[job.nextStep]}
              <span className="sr-only"> for {job.customerName}</span>
            </Button>
          )}
        </div>
      ) : null}
    </article>
  );
}
