// One state for an order (decision 056): the money's status (docs/design.md 9) and the laundry's
// progress (decision 023) read as a single line, booked → picked up → washing → weighed → ready →
// out for delivery → delivered, so that one control moves it and a row can never say "Completed"
// while its laundry is only picked up. Each move is a status move or a laundry step, refused by
// the same rules the server enforces (statusMove, progressMove).
import { progressMove, type LaundryStep } from './order-progress';
import type { BookingStatus } from './schemas/back-office';
import { statusMove, type StatusMove, type StatusSubject } from './status-machine';

export const orderStates = ['pending', 'confirmed', 'in-progress', 'washing', 'completed', 'ready', 'out_for_delivery', 'delivered', 'cancelled'] as const;
export type OrderState = (typeof orderStates)[number];

export const orderStateLabels: Record<OrderState, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  'in-progress': 'Picked up',
  washing: 'Washing',
  completed: 'Weighed',
  ready: 'Ready',
  out_for_delivery: 'Out for delivery',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

export type OrderStateSubject = StatusSubject & { progress: LaundryStep | null };

const laundrySteps: readonly OrderState[] = ['washing', 'ready', 'out_for_delivery'];
const isLaundryStep = (s: OrderState): s is LaundryStep => laundrySteps.includes(s);

/** Where the order is, as one state. */
export function orderState(b: Pick<OrderStateSubject, 'bookingStatus' | 'progress'>): OrderState {
  const { bookingStatus: status, progress } = b;
  if (status === 'in-progress') return progress === 'washing' ? 'washing' : 'in-progress';
  if (status === 'completed') return progress === 'ready' || progress === 'out_for_delivery' ? progress : 'completed';
  return status;
}

/** What moving to a state does: a status move or a laundry step. */
export type OrderStateAction = { kind: 'status'; status: BookingStatus } | { kind: 'progress'; step: LaundryStep };

export function actionOf(to: OrderState): OrderStateAction | null {
  if (to === 'completed') return null;
  return isLaundryStep(to) ? { kind: 'progress', step: to } : { kind: 'status', status: to };
}

const refuse = (reason: string): StatusMove => ({ allowed: false, reason });

/** Whether staff may move the order to this state now, and if not, why. */
export function orderStateMove(b: OrderStateSubject, to: OrderState): StatusMove {
  const now = orderState(b);
  if (now === to) return { allowed: true };
  if (to === 'completed') return refuse(b.weightAdjustmentProcessed ? 'It is weighed already: the laundry moves only forward.' : 'Enter the weight: weighing charges the bill and completes the booking.');
  if (isLaundryStep(to)) {
    return progressMove(b, to);
  }
  // a status the order already has, at a later laundry step: the laundry moves only forward
  if (to === b.bookingStatus) return refuse(`It is ${orderStateLabels[now].toLowerCase()} already: progress only moves forward.`);
  // delivered straight from weighed, ready or out for delivery; back to confirmed from any step before the weighing
  return statusMove(b, to);
}
