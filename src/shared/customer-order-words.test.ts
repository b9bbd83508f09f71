import { describe, expect, it } from 'vitest';
import { customerMoneyLabel, customerStatusLabel } from './customer-order-words';

const base = {
  bookingStatus: 'confirmed',
  paymentStatus: 'paid',
  paymentIntentStatus: null as string | null,
  totalAmount: 3150,
  authorizedAmount: 0,
  capturedAmount: 0,
  refundedAmount: 0,
  amountDueCents: 0,
  finalTotalAmount: null as number | null,
  tipAmount: 0,
  giftCardAppliedCents: null as number | null,
  weightAdjustmentProcessed: false,
};

describe('an order in its customer words', () => {
  it.each([
    ['pending', 'Waiting for your card'],
    ['confirmed', 'Booked'],
    ['in-progress', 'Picked up'],
    ['completed', 'Washed and weighed'],
    ['delivered', 'Delivered'],
    ['cancelled', 'Cancelled'],
  ])('status %s reads "%s"', (status, words) => {
    expect(customerStatusLabel(status)).toBe(words);
  });

  it.each([
    ['in-progress', 'washing', 'Washing'],
    ['completed', 'ready', 'Ready'],
    ['completed', 'out_for_delivery', 'Out for delivery'],
    // delivered and cancelled say so whatever step was last recorded
    ['delivered', 'out_for_delivery', 'Delivered'],
    ['cancelled', 'washing', 'Cancelled'],
  ] as const)('status %s at %s reads "%s"', (status, progress, words) => {
    expect(customerStatusLabel(status, progress)).toBe(words);
  });

  // the spec's numbers: a $31.50 estimate held; 14.2 lb weighed to $25.85, captured; a $4.65 tip
  it.each([
    ['a $31.50 hold', { paymentIntentStatus: 'requires_capture', authorizedAmount: 3150 }, '$31.50 held on your card'],
    ['captured $25.85', { bookingStatus: 'completed', paymentIntentStatus: 'succeeded', authorizedAmount: 3150, capturedAmount: 2585, finalTotalAmount: 2585 }, 'Charged $25.85'],
    ['captured with a tip', { bookingStatus: 'delivered', capturedAmount: 3050, finalTotalAmount: 2585, tipAmount: 465 }, 'Charged $30.50 (tip $4.65 included)'],
    ['refunded in part', { bookingStatus: 'delivered', capturedAmount: 2585, refundedAmount: 500 }, 'Charged $25.85, $5.00 refunded'],
    ['$6.65 due', { bookingStatus: 'completed', amountDueCents: 665 }, '$6.65 to pay'],
    ['cancelled before any money moved', { bookingStatus: 'cancelled', paymentStatus: 'pending' }, 'Nothing charged'],
    ['cancelled, hold released', { bookingStatus: 'cancelled', paymentIntentStatus: 'canceled', authorizedAmount: 3150 }, 'Nothing charged'],
    ['paid in full by gift card, hold released', { bookingStatus: 'completed', paymentIntentStatus: 'canceled', authorizedAmount: 3150, finalTotalAmount: 2585 }, 'Paid $25.85'],
    ['free', { totalAmount: 0 }, 'Free'],
    ['left at the checkout', { bookingStatus: 'pending', paymentStatus: 'pending' }, 'Not paid yet'],
    // docs/design.md 9: a gift card pays first; every payer is named
    ['$20.00 gift card, $11.50 held', { paymentIntentStatus: 'requires_capture', authorizedAmount: 1150, giftCardAppliedCents: 2000 }, '$20.00 by gift card, $11.50 held on your card'],
    ['$20.00 gift card, $5.85 charged', { bookingStatus: 'completed', paymentIntentStatus: 'succeeded', authorizedAmount: 1150, capturedAmount: 585, finalTotalAmount: 2585, giftCardAppliedCents: 2000 }, '$20.00 by gift card, $5.85 charged to your card'],
    ['gift card and a tip', { bookingStatus: 'delivered', capturedAmount: 1050, finalTotalAmount: 2585, tipAmount: 465, giftCardAppliedCents: 2000 }, '$20.00 by gift card, $10.50 charged to your card (tip $4.65 included)'],
    ['gift card, refunded in part', { bookingStatus: 'delivered', capturedAmount: 585, refundedAmount: 100, giftCardAppliedCents: 2000 }, '$20.00 by gift card, $5.85 charged to your card, $1.00 refunded'],
    ['gift card, $6.65 due', { bookingStatus: 'completed', amountDueCents: 665, giftCardAppliedCents: 2000 }, '$20.00 by gift card, $6.65 to pay'],
    ['paid in full by gift card before weighing', { totalAmount: 0, giftCardAppliedCents: 3150 }, 'Paid $31.50 by gift card'],
    ['cancelled: the gift card got it back', { bookingStatus: 'cancelled', paymentIntentStatus: 'canceled', authorizedAmount: 1150, giftCardAppliedCents: 2000 }, 'Nothing charged'],
    ['paid in full by gift card, weighed', { bookingStatus: 'completed', paymentIntentStatus: 'canceled', totalAmount: 0, finalTotalAmount: 2585, giftCardAppliedCents: 2585 }, 'Paid $25.85 by gift card'],
  ])('%s', (_, over, words) => {
    expect(customerMoneyLabel({ ...base, ...over })).toBe(words);
  });
});
