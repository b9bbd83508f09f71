// The refund dialog's checks are the shared refund rules (decision 031), run before anything is sent.
import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { refundMessages } from '../../../shared/pricing-refunds';
import { readRefundAmount, refundFormSchema } from './refund-form';

const messages = (values: unknown) => {
  const parsed = z.safeParse(refundFormSchema(1750), values);
  return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('refund form', () => {
  it('takes an amount up to what can be refunded, to the card or a gift card, with a reason', () => {
    expect(messages({ amount: '5', destination: 'card', reason: 'Weighed wet towels' })).toEqual({});
    expect(messages({ amount: '$17.50', destination: 'gift_card', reason: 'Weighed wet towels' })).toEqual({});
    expect(readRefundAmount('5', 1750)).toEqual({ cents: 500 });
  });

  it('refuses more than can be refunded, a part of a cent, nothing, and says so in the rules’ words', () => {
    expect(messages({ amount: '18', destination: 'card', reason: 'Weighed wet towels' })).toEqual({ amount: refundMessages.tooMuch(1750) });
    expect(messages({ amount: '1.005', destination: 'card', reason: 'Weighed wet towels' })).toEqual({ amount: refundMessages.tooManyDecimals });
    expect(messages({ amount: '', destination: 'card', reason: 'Weighed wet towels' })).toEqual({ amount: refundMessages.amount });
    expect(readRefundAmount('0', 1750)).toEqual({ error: refundMessages.atLeastOneCent });
  });

  it('wants a reason the customer can read, and a destination', () => {
    expect(messages({ amount: '5', destination: 'card', reason: '  ' })).toEqual({ reason: refundMessages.reasonShort });
    expect(messages({ amount: '5', destination: 'cash', reason: 'Weighed wet towels' })).toHaveProperty('destination');
  });
});
