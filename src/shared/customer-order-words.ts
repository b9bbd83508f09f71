// An order in its customer's words (docs/design.md 9: the money states, said to the person who pays):
// where the order is, and what its money comes to. Staff read moneyState (./money-state.ts); the
// customer reads the same facts without the gateway's vocabulary.
import { formatCents } from './money';
import type { MoneyStateInput } from './money-state';
import { moneyState } from './money-state';
import { progressLabels, type LaundryStep } from './order-progress';

const statusWords: Record<string, string> = {
  pending: 'Waiting for your card',
  confirmed: 'Booked',
  'in-progress': 'Picked up',
  completed: 'Washed and weighed',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

/** The order's status as the customer reads it; a laundry step (decision 023) says where it is now. */
export function customerStatusLabel(status: string, progress: LaundryStep | null = null): string {
  if (progress && (status === 'in-progress' || status === 'completed')) return progressLabels[progress];
  return statusWords[status] ?? status;
}

/** What the order's money comes to, for the customer: a hold, a charge, what is due, or nothing. */
export function customerMoneyLabel(b: MoneyStateInput & { finalTotalAmount: number | null; tipAmount: number }): string {
  const state = moneyState(b);
  const tip = b.tipAmount > 0 ? ` (tip ${formatCents(b.tipAmount)} included)` : '';
  switch (state.kind) {
    case 'due':
      return `${formatCents(b.amountDueCents)} to pay`;
    case 'refunded':
      return `Charged ${formatCents(b.capturedAmount)}, ${formatCents(b.refundedAmount)} refunded`;
    case 'captured':
      return `Charged ${formatCents(b.capturedAmount)}${tip}`;
    case 'authorized':
      return `${formatCents(b.authorizedAmount)} held on your card`;
    case 'released':
      // a weighed order paid in full by a gift card releases its hold too
      return b.finalTotalAmount !== null && b.bookingStatus !== 'cancelled' ? `Paid ${formatCents(b.finalTotalAmount)}` : 'Nothing charged';
    case 'free':
      return 'Free';
    case 'pending':
      return b.bookingStatus === 'cancelled' ? 'Nothing charged' : 'Not paid yet';
  }
}

/** The details a customer may change on their upcoming pick-ups (decision 022), in words. */
export const customerDetailLabels = {
  name: 'Name',
  phone: 'Phone',
  address: 'Address',
  city: 'City',
  zipCode: 'ZIP code',
  pickupLocation: 'Pick-up spot',
  specialInstructions: 'Special instructions',
  waterTemperature: 'Water temperature',
  detergentType: 'Detergent',
  allergies: 'Allergies',
  specialCareInstructions: 'Care instructions',
} as const;
