// A booking's money state in one label, the same in every view (docs/design.md 9, money states: Pending
// payment, Authorized $x, Captured $x, Captured $x · refunded $y, Payment due $x, Released, Free).
import { formatCents } from './money';

export type MoneyStateInput = {
  bookingStatus?: string;
  paymentStatus: string;
  paymentIntentStatus: string | null;
  totalAmount: number;
  authorizedAmount: number;
  capturedAmount: number;
  refundedAmount: number;
  amountDueCents: number;
  weightAdjustmentProcessed: boolean;
};

/**
 * What is on hold on the customer's card now (decision 030: the one definition, the same as the
 * database's booking_on_hold_cents, migration 0014): an authorisation not yet captured nor
 * released. Once weighed nothing of it is open any more: captured, let go, or lapsed.
 */
export function onHoldCents(b: Pick<MoneyStateInput, 'paymentIntentStatus' | 'weightAdjustmentProcessed' | 'authorizedAmount'>): number {
  return b.paymentIntentStatus === 'requires_capture' && !b.weightAdjustmentProcessed ? b.authorizedAmount : 0;
}

/**
 * A booking's revenue (decision 015; the database's booking_revenue_cents, migration 0014): what
 * the card paid less refunds and less the tip (the pro's), never below nothing, plus what a gift
 * card paid of the final bill.
 */
export function revenueCents(b: { capturedAmount: number; refundedAmount: number; tipAmount: number; giftCardAppliedCents: number | null }): number {
  return Math.max(b.capturedAmount - b.tipAmount - b.refundedAmount, 0) + (b.giftCardAppliedCents ?? 0);
}

/**
 * What the customer paid for a booking (decision 036; the database's booking_paid_cents, migration
 * 0034): what their cards paid, tip included, less what was given back (to the card or a gift card),
 * plus what a gift card paid of the final bill.
 */
export function paidCents(b: { capturedAmount: number; refundedAmount: number; giftCardAppliedCents: number | null }): number {
  return b.capturedAmount - b.refundedAmount + (b.giftCardAppliedCents ?? 0);
}

/** What the customer still owes on a booking (decision 036; booking_due_cents): nothing on a cancelled one. */
export function dueCents(b: { bookingStatus: string; amountDueCents: number }): number {
  return b.bookingStatus === 'cancelled' ? 0 : b.amountDueCents;
}

export type MoneyStateKind = 'pending' | 'authorized' | 'captured' | 'refunded' | 'due' | 'released' | 'free';

export type MoneyState = { kind: MoneyStateKind; label: string };

/** What a booking's money comes to now, first what is owed, then what the card did. */
export function moneyState(b: MoneyStateInput): MoneyState {
  if (b.amountDueCents > 0) return { kind: 'due', label: `Payment due ${formatCents(b.amountDueCents)}` };
  if (b.capturedAmount > 0 && b.refundedAmount > 0)
    return { kind: 'refunded', label: `Captured ${formatCents(b.capturedAmount)} · refunded ${formatCents(b.refundedAmount)}` };
  if (b.capturedAmount > 0) return { kind: 'captured', label: `Captured ${formatCents(b.capturedAmount)}` };
  if (onHoldCents(b) > 0) return { kind: 'authorized', label: `Authorized ${formatCents(onHoldCents(b))}` };
  // a hold let go, or a booking cancelled before any money moved: nothing held, nothing owed
  if (b.authorizedAmount > 0 || b.paymentIntentStatus === 'canceled' || b.bookingStatus === 'cancelled') return { kind: 'released', label: 'Released' };
  if (b.totalAmount === 0 && b.paymentStatus === 'paid') return { kind: 'free', label: 'Free' };
  return { kind: 'pending', label: 'Pending payment' };
}
