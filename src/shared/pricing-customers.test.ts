import { describe, expect, it } from 'vitest';
import { customerAccount, type CustomerOrderMoney } from './pricing-customers';

const order = (o: Partial<CustomerOrderMoney> = {}): CustomerOrderMoney => ({
  authorizedAmount: 0,
  capturedAmount: 0,
  refundedAmount: 0,
  tipAmount: 0,
  giftCardAppliedCents: 0,
  amountDueCents: 0,
  paymentIntentStatus: null,
  weightAdjustmentProcessed: false,
  ...o,
});

describe('a customer’s money across their orders (docs/design.md 9)', () => {
  it.each([
    ['no orders', [], { paidCents: 0, dueCents: 0, onHoldCents: 0 }],
    // the spec's 14.2 lb: $25.85 captured of a $31.50 hold
    ['one weighed order', [order({ authorizedAmount: 3150, capturedAmount: 2585, paymentIntentStatus: 'succeeded' })], { paidCents: 2585, dueCents: 0, onHoldCents: 0 }],
    ['a $31.50 hold not yet weighed', [order({ authorizedAmount: 3150, paymentIntentStatus: 'requires_capture' })], { paidCents: 0, dueCents: 0, onHoldCents: 3150 }],
    ['a gift card paid $21.00, the card nothing', [order({ authorizedAmount: 3150, giftCardAppliedCents: 2100, paymentIntentStatus: 'canceled' })], { paidCents: 2100, dueCents: 0, onHoldCents: 0 }],
    ['refunded $5.00 of $25.85', [order({ authorizedAmount: 3150, capturedAmount: 2585, refundedAmount: 500 })], { paidCents: 2085, dueCents: 0, onHoldCents: 0 }],
    // decision 015: a $5.00 tip is in the $30.85 captured; it was paid, and nothing of it is on hold
    ['$25.85 and a $5.00 tip', [order({ authorizedAmount: 3250, capturedAmount: 3085, tipAmount: 500, paymentIntentStatus: 'succeeded' })], { paidCents: 3085, dueCents: 0, onHoldCents: 0 }],
    ['an extra charge refused: $6.65 due', [order({ authorizedAmount: 3150, capturedAmount: 3150, amountDueCents: 665 })], { paidCents: 3150, dueCents: 665, onHoldCents: 0 }],
    [
      'all of them together',
      [
        order({ authorizedAmount: 3150, capturedAmount: 2585 }),
        order({ authorizedAmount: 6300, paymentIntentStatus: 'requires_capture' }),
        order({ authorizedAmount: 3150, capturedAmount: 3150, amountDueCents: 665, giftCardAppliedCents: 1000 }),
      ],
      { paidCents: 2585 + 3150 + 1000, dueCents: 665, onHoldCents: 6300 },
    ],
  ])('%s', (_, orders, expected) => {
    expect(customerAccount(orders)).toEqual(expected);
  });

  it('refuses amounts that are not whole cents', () => {
    expect(() => customerAccount([order({ amountDueCents: 1.5 })])).toThrow();
  });
});
