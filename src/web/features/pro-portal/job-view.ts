// How a pro's job reads on its card (decision 018: what a job needs at the door): the day, the
// status in the pro's words, the notes to heed, and the wording of the step's confirmation. Pure,
// so the wording is tested beside it (job-view.test.ts).
import { addDays, isIsoDate } from '../../../shared/dates';
import type { BookingStatus } from '../../../shared/schemas/back-office';
import { proStepLabels, type ProJob, type ProStep } from '../../../shared/schemas/pro-portal';

// the pick-up date is a calendar day, not an instant: formatted as UTC so no clock zone moves it
const shortDay = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });

/** "Today" and "Tomorrow" by the business's calendar (`today` is the server's), else "Fri, Nov 27". */
export function jobDayLabel(pickupDate: string, today: string): string {
  if (!isIsoDate(pickupDate)) return pickupDate;
  if (pickupDate === today) return 'Today';
  if (isIsoDate(today) && pickupDate === addDays(today, 1)) return 'Tomorrow';
  return shortDay.format(new Date(`${pickupDate}T00:00:00Z`));
}

/** Where the job stands, as the pro reads it. */
export const jobStatusText: Record<BookingStatus, string> = {
  pending: 'Waiting for the customer to pay',
  confirmed: 'To pick up',
  'in-progress': 'Picked up — waiting to be weighed',
  completed: 'Weighed — ready to deliver',
  delivered: 'Delivered',
  cancelled: 'Cancelled — do not pick up',
};

export type JobNote = { key: 'allergies' | 'specialInstructions' | 'specialCareInstructions'; label: string; text: string };

/** The customer's notes that need heeding, only those given (a blank one is not shown). */
export function jobNotes(job: Pick<ProJob, JobNote['key']>): JobNote[] {
  const notes: JobNote[] = [
    { key: 'allergies', label: 'Allergies', text: job.allergies.trim() },
    { key: 'specialInstructions', label: 'Special instructions', text: job.specialInstructions.trim() },
    { key: 'specialCareInstructions', label: 'Special care', text: job.specialCareInstructions.trim() },
  ];
  return notes.filter((n) => n.text.length > 0);
}

/** "1 bag", "3 bags". */
export function bagsText(count: number): string {
  return `${count} ${count === 1 ? 'bag' : 'bags'}`;
}

export type StepWording = { title: string; description: string; confirmLabel: string; pendingLabel: string; doneTitle: string };

/** The confirmation asked before a step, and the toast after it. */
export function stepWording(step: ProStep, job: Pick<ProJob, 'customerName' | 'orderId'>): StepWording {
  const confirmLabel = proStepLabels[step];
  if (step === 'picked_up') {
    return {
      title: 'Mark this order picked up?',
      description: `Confirm you have ${job.customerName}'s laundry (order ${job.orderId}). Staff weigh it next.`,
      confirmLabel,
      pendingLabel: 'Saving...',
      doneTitle: 'Marked picked up',
    };
  }
  if (step !== 'delivered') {
    const words = { washing: ['washing', 'is in the wash'], ready: ['ready', 'is washed, folded and ready to go back'], out_for_delivery: ['out for delivery', 'is on its way back (the customer is told)'] }[step];
    return {
      title: `Mark this order ${words[0]}?`,
      description: `Confirm ${job.customerName}'s laundry (order ${job.orderId}) ${words[1]}.`,
      confirmLabel,
      pendingLabel: 'Saving...',
      doneTitle: `Marked ${words[0]}`,
    };
  }
  return {
    title: 'Mark this order delivered?',
    description: `Confirm you have returned ${job.customerName}'s laundry (order ${job.orderId}).`,
    confirmLabel,
    pendingLabel: 'Saving...',
    doneTitle: 'Marked delivered',
  };
}
