// Live progress (decision 023): where an order is, in the customer's words, along booked → picked
// up → washing → ready → out for delivery → delivered. The money's status machine (docs/design.md 9)
// still says booked, in progress (picked up), completed (weighed and charged) and delivered; the
// three laundry steps in between are recorded beside it (bookings.progress) and move forward only,
// and "ready" and "out for delivery" only once the bill is weighed and charged.
import { laundryStepValues } from './laundry-steps';
import type { BookingStatus } from './schemas/back-office';

export const progressStages = ['booked', 'picked_up', 'washing', 'ready', 'out_for_delivery', 'delivered'] as const;
export type ProgressStage = (typeof progressStages)[number];

/** The steps recorded beside the status, between picked up and delivered. */
export { laundryStepValues };
export type LaundryStep = (typeof laundryStepValues)[number];

export const progressLabels: Record<ProgressStage, string> = {
  booked: 'Booked',
  picked_up: 'Picked up',
  washing: 'Washing',
  ready: 'Ready',
  out_for_delivery: 'Out for delivery',
  delivered: 'Delivered',
};

export type ProgressSubject = { bookingStatus: BookingStatus; progress: LaundryStep | null; weightAdjustmentProcessed: boolean };

/** Where the order is now; null when it was cancelled (or never confirmed). */
export function currentStage(b: Pick<ProgressSubject, 'bookingStatus' | 'progress'>): ProgressStage | null {
  switch (b.bookingStatus) {
    case 'confirmed':
      return 'booked';
    case 'in-progress':
    case 'completed':
      return b.progress ?? 'picked_up';
    case 'delivered':
      return 'delivered';
    default:
      return null;
  }
}

export type ProgressMove = { allowed: true } | { allowed: false; reason: string };

/** Whether staff or the order's pro may move the order to this laundry step, and if not, why. */
export function progressMove(b: ProgressSubject, to: LaundryStep): ProgressMove {
  const now = currentStage(b);
  if (now === null) return { allowed: false, reason: 'This order is not going ahead: it was cancelled or never confirmed.' };
  if (now === 'booked') return { allowed: false, reason: 'Mark it picked up first.' };
  if (now === 'delivered') return { allowed: false, reason: 'It is delivered already.' };
  if (now === to) return { allowed: true };
  if (progressStages.indexOf(to) < progressStages.indexOf(now)) return { allowed: false, reason: `It is ${progressLabels[now].toLowerCase()} already: progress only moves forward.` };
  if (to !== 'washing' && !b.weightAdjustmentProcessed) return { allowed: false, reason: 'Weigh it first: it is ready once the bill is weighed and charged.' };
  return { allowed: true };
}

/** The next laundry step the order can take, if any (the button staff and pros see). */
export function nextLaundryStep(b: ProgressSubject): LaundryStep | null {
  const now = currentStage(b);
  if (now === null) return null;
  const later = laundryStepValues.filter((step) => progressStages.indexOf(step) > progressStages.indexOf(now));
  return later.find((step) => progressMove(b, step).allowed) ?? null;
}

export type TimelineStep = { stage: ProgressStage; label: string; state: 'done' | 'current' | 'next'; at: string | null };

/** The order's timeline: every stage, which are done, which is now, and when each was reached. */
export function orderTimeline(b: Pick<ProgressSubject, 'bookingStatus' | 'progress'>, reached: Partial<Record<ProgressStage, string>>): TimelineStep[] {
  const now = currentStage(b);
  const at = now === null ? -1 : progressStages.indexOf(now);
  return progressStages.map((stage, i) => ({
    stage,
    label: progressLabels[stage],
    state: i < at ? 'done' : i === at ? 'current' : 'next',
    at: i <= at ? (reached[stage] ?? null) : null,
  }));
}
