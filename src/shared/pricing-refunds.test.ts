// Decision 031: what can be refunded, the split across payments, the tip kept, the typed amount.
import { describe, expect, it } from 'vitest';
import { parseRefundAmount, refundableCents, refundAmountProblem, refundMessages, refundReasonProblem, splitRefund, tipKeptCents } from './pricing-refunds';

describe('refunds', () => {
  it('can refund what the cards paid less what went back', () => {
    expect(refundableCents({ capturedAmount: 4375, refundedAmount: 1500 })).toBe(2875);
    expect(refundableCents({ capturedAmount: 0, refundedAmount: 0 })).toBe(0);
  });

  it('splits newest payment first, each at most what it has left', () => {
    const payments = [
      { paymentIntentId: 'pi_extra', refundableCents: 1225 },
      { paymentIntentId: 'pi_main', refundableCents: 3150 },
    ];
    expect(splitRefund(500, payments)).toEqual([{ paymentIntentId: 'pi_extra', amountCents: 500 }]);
    expect(splitRefund(1500, payments)).toEqual([
      { paymentIntentId: 'pi_extra', amountCents: 1225 },
      { paymentIntentId: 'pi_main', amountCents: 275 },
    ]);
    expect(splitRefund(4375, payments)).toHaveLength(2);
    expect(splitRefund(4376, payments)).toBeNull();
    expect(splitRefund(100, [{ paymentIntentId: 'pi_spent', refundableCents: 0 }, { paymentIntentId: 'pi_main', refundableCents: 100 }])).toEqual([{ paymentIntentId: 'pi_main', amountCents: 100 }]);
  });

  it('takes a refund off the laundry first, off the tip only beyond it', () => {
    // $37.00 bill + $5.00 tip captured
    expect(tipKeptCents({ capturedAmount: 4200, refundedAmount: 0, tipAmount: 500 })).toBe(500);
    expect(tipKeptCents({ capturedAmount: 4200, refundedAmount: 3700, tipAmount: 500 })).toBe(500);
    expect(tipKeptCents({ capturedAmount: 4200, refundedAmount: 3900, tipAmount: 500 })).toBe(300);
    expect(tipKeptCents({ capturedAmount: 4200, refundedAmount: 4200, tipAmount: 500 })).toBe(0);
  });

  it('reads the dollars staff type and checks them against what is left', () => {
    expect(parseRefundAmount('12.50')).toEqual({ cents: 1250 });
    expect(parseRefundAmount('$3')).toEqual({ cents: 300 });
    expect(parseRefundAmount('1.005')).toEqual({ error: refundMessages.tooManyDecimals });
    expect(parseRefundAmount('-4')).toEqual({ error: refundMessages.amount });
    expect(parseRefundAmount('0')).toEqual({ error: refundMessages.atLeastOneCent });
    expect(parseRefundAmount('abc')).toEqual({ error: refundMessages.amount });
    expect(refundAmountProblem(1751, 1750)).toBe(refundMessages.tooMuch(1750));
    expect(refundAmountProblem(1750, 1750)).toBeNull();
    expect(refundReasonProblem(' a ')).toBe(refundMessages.reasonShort);
    expect(refundReasonProblem('x'.repeat(501))).toBe(refundMessages.reasonLong);
    expect(refundReasonProblem('Scale misread')).toBeNull();
  });
});
