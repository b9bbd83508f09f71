// Refunds and credits of a booking (decision 031): what can still be given back, how a refund is
// split across the payments that took the money, what of it came off the tip, and the amount staff
// type in dollars. The back office's dialog and the server read the same functions.
import { formatCents } from './money';
import { parseDollarsToCents } from './pricing';

export const REFUND_REASON_MIN = 3;
export const REFUND_REASON_MAX = 500;
/** Far above any booking: a typing slip of many digits is refused before anything is asked. */
export const REFUND_MAX_CENTS = 10_000_000;

export const refundMessages = {
  amount: 'Enter the amount in dollars, for example 12 or 12.50.',
  tooManyDecimals: 'An amount has at most two decimals (cents).',
  atLeastOneCent: 'Refund at least $0.01.',
  reasonShort: `Say why, in ${REFUND_REASON_MIN} characters or more: the customer reads it.`,
  reasonLong: `The reason is ${REFUND_REASON_MAX} characters at most.`,
  tooMuch: (refundableCents: number) => `At most ${formatCents(refundableCents)} can be refunded on this booking.`,
} as const;

export type RefundMoney = { capturedAmount: number; refundedAmount: number };

/** What the booking's cards paid and was not given back yet (refunds and gift-card credits). */
export function refundableCents(b: RefundMoney): number {
  return Math.max(b.capturedAmount - b.refundedAmount, 0);
}

/**
 * A refund off the laundry first, off the tip only beyond it (decision 031): what the pro keeps of
 * the tip once `refundedAmount` is given back. The laundry is what the cards paid less the tip.
 */
export function tipKeptCents(b: RefundMoney & { tipAmount: number }): number {
  return Math.max(Math.min(b.tipAmount, b.capturedAmount - b.refundedAmount), 0);
}

export type RefundablePayment = { paymentIntentId: string; refundableCents: number };
export type RefundPiece = { paymentIntentId: string; amountCents: number };

/**
 * Splits a refund across the booking's payments, newest first (decision 031: the last charge, an
 * extra charge or the tip's checkout, goes back before the hold's capture), each at most what it
 * has left. Null when together they have less than the amount.
 */
export function splitRefund(amountCents: number, payments: RefundablePayment[]): RefundPiece[] | null {
  const pieces: RefundPiece[] = [];
  let left = amountCents;
  for (const p of payments) {
    if (left === 0) break;
    const take = Math.min(left, Math.max(p.refundableCents, 0));
    if (take > 0) pieces.push({ paymentIntentId: p.paymentIntentId, amountCents: take });
    left -= take;
  }
  return left === 0 ? pieces : null;
}

/** The amount as staff type it: dollars, two decimals at most, at least a cent. */
export function parseRefundAmount(input: string): { cents: number } | { error: string } {
  const text = input.trim();
  if (/^\$?\d*\.\d{3,}$/.test(text)) return { error: refundMessages.tooManyDecimals };
  const cents = parseDollarsToCents(text);
  if (cents === null) return { error: refundMessages.amount };
  if (cents < 1) return { error: refundMessages.atLeastOneCent };
  return { cents };
}

/** The amount in cents against what the booking can give back: null when it is acceptable. */
export function refundAmountProblem(cents: number, refundable: number): string | null {
  if (!Number.isSafeInteger(cents)) return refundMessages.amount;
  if (cents < 1) return refundMessages.atLeastOneCent;
  if (cents > refundable) return refundMessages.tooMuch(refundable);
  return null;
}

/** The reason the customer reads: null when it is acceptable. */
export function refundReasonProblem(reason: string): string | null {
  const text = reason.trim();
  if (text.length < REFUND_REASON_MIN) return refundMessages.reasonShort;
  if (text.length > REFUND_REASON_MAX) return refundMessages.reasonLong;
  return null;
}
