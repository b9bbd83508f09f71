// docs/design.md 9, status machine (the spec's statuses, back-office 4): pending → confirmed →
// in-progress (picked up) → completed (weighed and charged) → delivered; one step back to correct a
// mistake; cancelled only before the weighing. Weighing is the only way into completed. The server
// enforces it (booking-status.service.ts, weighing.service.ts) and the status dropdown offers the
// same moves, saying why the others are not open. The spec's "set any status directly" is narrowed
// on purpose: a status now moves money and messages.
import { bookingStatusLabels, type BookingStatus, type PaymentStatus } from './schemas/back-office';

/** The way a booking goes, in order; cancelled sits beside it. */
export const statusPath = ['pending', 'confirmed', 'in-progress', 'completed', 'delivered'] as const satisfies readonly BookingStatus[];

export type StatusSubject = {
  bookingStatus: BookingStatus;
  paymentStatus: PaymentStatus;
  totalAmount: number;
  weightAdjustmentProcessed: boolean;
  /** Set while a weight is being charged, before weightAdjustmentProcessed. */
  finalTotalAmount: number | null;
};

export type StatusMove = { allowed: true } | { allowed: false; reason: string };

const refuse = (reason: string): StatusMove => ({ allowed: false, reason });
const label = (s: BookingStatus) => bookingStatusLabels[s];

/** Whether staff may move the booking to `to` from where it is, and if not, why. */
export function statusMove(b: StatusSubject, to: BookingStatus): StatusMove {
  const from = b.bookingStatus;
  if (from === to) return { allowed: true };
  if (from === 'cancelled') return refuse('A cancelled booking cannot be reopened: its window and card hold were let go. Ask the customer to book again.');
  const weighing = b.finalTotalAmount !== null && !b.weightAdjustmentProcessed;
  if (to === 'cancelled') {
    if (b.weightAdjustmentProcessed) return refuse('It is weighed and charged: it can no longer be cancelled.');
    if (weighing) return refuse('A weight is being charged right now: wait for it to finish.');
    return { allowed: true };
  }
  const step = statusPath.indexOf(to) - statusPath.indexOf(from as (typeof statusPath)[number]);
  if (to === 'completed' && from === 'in-progress') return refuse('Enter the weight: weighing charges the bill and completes the booking.');
  if (step > 1 || step < -1) {
    const next = statusPath[statusPath.indexOf(from as (typeof statusPath)[number]) + Math.sign(step)]!;
    if (to === 'completed' || (to === 'delivered' && !b.weightAdjustmentProcessed)) return refuse('It is completed by entering the weight, which charges the bill.');
    return refuse(`One step at a time: move it to ${label(next)} first.`);
  }
  if (from === 'completed' && step < 0 && b.weightAdjustmentProcessed) return refuse('It is weighed and charged: the weighing cannot be undone.');
  if (to === 'confirmed' && from === 'pending' && b.paymentStatus !== 'paid' && b.totalAmount > 0)
    return refuse("The customer has not paid yet: it is confirmed when their card is authorized.");
  if (to === 'pending' && b.paymentStatus === 'paid') return refuse('Its payment is authorized: it stays confirmed.');
  return { allowed: true };
}

/** What weighing does to the status: from confirmed it passes through in-progress (picked up). */
export function canWeighFrom(status: BookingStatus): boolean {
  return status === 'confirmed' || status === 'in-progress';
}
