import { describe, expect, it } from 'vitest';
import { moneyState, type MoneyStateInput } from './money-state';

const base: MoneyStateInput = { paymentStatus: 'pending', paymentIntentStatus: null, totalAmount: 3150, authorizedAmount: 0, capturedAmount: 0, refundedAmount: 0, amountDueCents: 0, weightAdjustmentProcessed: false };

describe('one label for a booking’s money (docs/design.md 9)', () => {
  it.each<[string, Partial<MoneyStateInput>, string]>([
    ['a booking waiting for its checkout', {}, 'Pending payment'],
    ['a declined card at the checkout', { paymentStatus: 'failed' }, 'Pending payment'],
    ['the card authorised', { paymentStatus: 'paid', paymentIntentStatus: 'requires_capture', authorizedAmount: 3150 }, 'Authorized $31.50'],
    ['weighed and captured', { paymentStatus: 'paid', paymentIntentStatus: 'succeeded', authorizedAmount: 3250, capturedAmount: 2585 }, 'Captured $25.85'],
    ['captured, then an extra charge off session', { paymentStatus: 'paid', paymentIntentStatus: 'succeeded', authorizedAmount: 6300, capturedAmount: 7000 }, 'Captured $70.00'],
    ['captured and partly refunded', { paymentStatus: 'paid', paymentIntentStatus: 'succeeded', authorizedAmount: 3150, capturedAmount: 2500, refundedAmount: 500 }, 'Captured $25.00 · refunded $5.00'],
    ['captured and fully refunded', { paymentStatus: 'refunded', paymentIntentStatus: 'succeeded', authorizedAmount: 3150, capturedAmount: 2500, refundedAmount: 2500 }, 'Captured $25.00 · refunded $25.00'],
    ['an extra charge the card refused', { paymentStatus: 'paid', paymentIntentStatus: 'succeeded', authorizedAmount: 3150, capturedAmount: 3150, amountDueCents: 1200 }, 'Payment due $12.00'],
    ['cancelled before the weighing: the hold let go', { paymentStatus: 'paid', paymentIntentStatus: 'canceled', authorizedAmount: 3150 }, 'Released'],
    ['a gift card paid it all at the weighing: the hold let go', { paymentStatus: 'paid', paymentIntentStatus: 'canceled', authorizedAmount: 650 }, 'Released'],
    ['a checkout left: the booking cancelled before any money moved', { bookingStatus: 'cancelled' }, 'Released'],
    ['a free booking (FREE, or a gift card for all of it)', { paymentStatus: 'paid', totalAmount: 0 }, 'Free'],
    ['a free booking weighed above its gift card', { paymentStatus: 'paid', totalAmount: 0, amountDueCents: 350 }, 'Payment due $3.50'],
  ])('%s: %s', (_case, overrides, label) => expect(moneyState({ ...base, ...overrides }).label).toBe(label));
});
