// Decision 034: what a corrected weighing does with the money, before the customer approved the
// bill. One pure function, read by the server (which moves the money) and by the back office's
// dialog (which names it before staff confirm): the new bill is `weighedAmounts`' (the booking's
// own rules), and the difference with what was already settled moves.
import { prices } from './business';

export const REWEIGH_REASON_MIN = 3;
export const REWEIGH_REASON_MAX = 500;

export type ReweighMoneyInput = {
  /** The new bill (`weighedAmounts`). */
  finalTotalCents: number;
  /** What gift cards paid of the bill as weighed before: the booking's own, and any that paid what was due (decision 064). */
  previousGiftCardAppliedCents: number;
  /** What the booking's cards paid, what was refunded of it, and what is still due. */
  capturedCents: number;
  refundedCents: number;
  amountDueCents: number;
};

export type ReweighMoney = {
  /** What gift cards pay of the new bill: first, up to the bill, never more than they already paid (decisions 034, 064). */
  giftCardAppliedCents: number;
  /** Back to the gift card: what it paid that the lower bill no longer needs. */
  giftCardReturnedCents: number;
  /** Back to the cards (decision 031's refunds), after what was due was let go. */
  refundCents: number;
  /** To charge to the saved card off-session; due if it declines or needs the customer. */
  chargeCents: number;
  /** What is due once the refund is made (or before the charge is made). */
  amountDueCents: number;
};

/**
 * The customer owes the new bill less what the gift card pays of it. Against what the cards kept
 * (captured − refunded) and what is still due: lower, the amount due goes first and the rest back
 * to the cards; higher, the difference beyond what is due is charged. A difference below the
 * card minimum is left due rather than charged (the pay link takes it with anything else).
 */
export function reweighMoney(i: ReweighMoneyInput): ReweighMoney {
  for (const [k, v] of Object.entries(i)) if (!Number.isSafeInteger(v) || v < 0) throw new Error(`${k} must be whole cents, not negative`);
  // the gift card first (docs/design.md 9): what gift cards paid stays paid, up to the new bill
  const giftCardAppliedCents = Math.min(i.finalTotalCents, i.previousGiftCardAppliedCents);
  const giftCardReturnedCents = i.previousGiftCardAppliedCents - giftCardAppliedCents;
  const cardsKept = i.capturedCents - i.refundedCents;
  const owed = i.finalTotalCents - giftCardAppliedCents - cardsKept;
  if (owed <= 0) return { giftCardAppliedCents, giftCardReturnedCents, refundCents: Math.max(0, -owed), chargeCents: 0, amountDueCents: 0 };
  const more = owed - i.amountDueCents;
  const chargeCents = more >= prices.minimumChargeCents ? more : 0;
  return { giftCardAppliedCents, giftCardReturnedCents, refundCents: 0, chargeCents, amountDueCents: owed };
}
