// A booking's money state in one label, the same in every view (DESIGN.md 9, money states: Pending
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
};

export type MoneyStateKind = 'pending' | 'authorized' | 'captured' | 'refunded' | 'due' | 'released' | 'free';

export type MoneyState = { kind: MoneyStateKind; label: string };

/** What a booking's money comes to now, first what is owed, then what the card did. */
export function moneyState(b: MoneyStateInput): MoneyState {
  if (b.amountDueCents > 0) return { kind: 'due', label: `Payment due ${formatCents(b.amountDueCents)}` };
  if (b.capturedAmount > 0 && b.refundedAmount > 0)
    return { kind: 'refunded', label: `Captured ${formatCents(b.capturedAmount)} · refunded ${formatCents(b.refundedAmount)}` };
  if (b.capturedAmount > 0) return { kind: 'captured', label: `Captured ${formatCents(b.capturedAmount)}` };
  if (b.paymentIntentStatus === 'requires_capture' && b.authorizedAmount > 0) return { kind: 'authorized', label: `Authorized ${formatCents(b.authorizedAmount)}` };
  // a hold let go, or a booking cancelled before any money moved: nothing held, nothing owed
  if (b.authorizedAmount > 0 || b.paymentIntentStatus === 'canceled' || b.bookingStatus === 'cancelled') return { kind: 'released', label: 'Released' };
  if (b.totalAmount === 0 && b.paymentStatus === 'paid') return { kind: 'free', label: 'Free' };
  return { kind: 'pending', label: 'Pending payment' };
}
