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

/**
 * What the order's money comes to, for the customer: a hold, a charge, what is due, or nothing, and
 * what a gift card paid before any of it (docs/design.md 9: the gift card pays first).
 */
export function customerMoneyLabel(b: MoneyStateInput & { finalTotalAmount: number | null; tipAmount: number; giftCardAppliedCents: number | null }): string {
  const state = moneyState(b);
  const giftCardCents = b.giftCardAppliedCents ?? 0;
  const card = cardWords(state.kind, b);
  // a cancelled order's gift card amount went back to the gift card (gift-cards.service: release)
  if (giftCardCents <= 0 || b.bookingStatus === 'cancelled') return card ?? 'Nothing charged';
  if (card === null) return `Paid ${formatCents(giftCardCents)} by gift card`;
  return `${formatCents(giftCardCents)} by gift card, ${card.charAt(0).toLowerCase()}${card.slice(1)}`;
}

/** What the card did (or what is owed) in words; null when a gift card paid it all and the card did nothing. */
function cardWords(kind: ReturnType<typeof moneyState>['kind'], b: Parameters<typeof customerMoneyLabel>[0]): string | null {
  const tip = b.tipAmount > 0 ? ` (tip ${formatCents(b.tipAmount)} included)` : '';
  const byGiftCard = (b.giftCardAppliedCents ?? 0) > 0;
  switch (kind) {
    case 'due':
      return `${formatCents(b.amountDueCents)} to pay`;
    case 'refunded':
      return `${byGiftCard ? `${formatCents(b.capturedAmount)} charged to your card` : `Charged ${formatCents(b.capturedAmount)}`}, ${formatCents(b.refundedAmount)} refunded`;
    case 'captured':
      return byGiftCard ? `${formatCents(b.capturedAmount)} charged to your card${tip}` : `Charged ${formatCents(b.capturedAmount)}${tip}`;
    case 'authorized':
      return `${formatCents(b.authorizedAmount)} held on your card`;
    case 'released':
      if (byGiftCard && b.bookingStatus !== 'cancelled') return null;
      // a weighed order paid in full by a gift card releases its hold too
      return b.finalTotalAmount !== null && b.bookingStatus !== 'cancelled' ? `Paid ${formatCents(b.finalTotalAmount)}` : 'Nothing charged';
    case 'free':
      return byGiftCard ? null : 'Free';
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
