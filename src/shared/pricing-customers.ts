// A customer's money across their orders, for the back office's customer page: what they paid
// (card payments less refunds, plus gift-card amounts used: docs/design.md 9, revenue), what is still
// due, and what is held on their card now, each by its one definition (src/shared/money-state.ts,
// decision 036). Tips are part of what they paid.
import { assertNonNegativeInteger } from './pricing-core';
import { dueCents as owedCents, onHoldCents as heldCents, paidCents as paidOf } from './money-state';

export type CustomerOrderMoney = {
  authorizedAmount: number;
  capturedAmount: number;
  refundedAmount: number;
  /** the tip in capturedAmount (decision 015) */
  tipAmount: number;
  /** null before the weighing applied any */
  giftCardAppliedCents: number | null;
  amountDueCents: number;
  /** a cancelled order owes nothing (dueCents) */
  bookingStatus?: string;
  paymentIntentStatus: string | null;
  weightAdjustmentProcessed: boolean;
};

export type CustomerAccount = { paidCents: number; dueCents: number; onHoldCents: number };

export function customerAccount(orders: readonly CustomerOrderMoney[]): CustomerAccount {
  let paidCents = 0;
  let dueCents = 0;
  let onHoldCents = 0;
  for (const o of orders) {
    const giftCard = o.giftCardAppliedCents ?? 0;
    assertNonNegativeInteger(giftCard, 'giftCardAppliedCents');
    assertNonNegativeInteger(o.amountDueCents, 'amountDueCents');
    // decision 036: the one definition each of paid and due
    paidCents += paidOf(o);
    dueCents += owedCents({ bookingStatus: o.bookingStatus ?? '', amountDueCents: o.amountDueCents });
    // an authorization not yet captured nor released (decision 030: the one definition)
    onHoldCents += heldCents(o);
  }
  return { paidCents, dueCents, onHoldCents };
}
