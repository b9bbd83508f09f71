import { describe, expect, it } from 'vitest';
import { earningPaidText, payoutBadge, statementLinkText, unpaidBreakdown, weightText } from './money-view';

describe('unpaidBreakdown', () => {
  it('splits the unpaid balance into the per-lb part and tips, as the server summed them', () => {
    expect(unpaidBreakdown({ perPoundCents: 1065, tipCents: 0, totalCents: 1065 })).toBe('$10.65 per lb · $0.00 tips');
    expect(unpaidBreakdown({ perPoundCents: 123456, tipCents: 500, totalCents: 123956 })).toBe('$1,234.56 per lb · $5.00 tips');
  });
});

describe('earningPaidText', () => {
  it.each([
    [1065, { text: 'Unpaid $10.65', paid: false }],
    // a tip paid after a payout leaves just the tip unpaid (decision 018)
    [300, { text: 'Unpaid $3.00', paid: false }],
    [0, { text: 'Paid', paid: true }],
  ])('%i cents unpaid → %o', (unpaidCents, expected) => {
    expect(earningPaidText({ unpaidCents })).toEqual(expected);
  });
});

describe('weightText', () => {
  it('reads tenths of a pound as receipts do', () => {
    expect(weightText(142)).toBe('14.2 lb');
    expect(weightText(100)).toBe('10.0 lb');
    expect(weightText(0)).toBe('Not weighed');
  });
});

describe('payoutBadge', () => {
  it("uses the back office's words for a payout's status", () => {
    expect(Object.fromEntries(Object.entries(payoutBadge).map(([k, v]) => [k, v.label]))).toEqual({ processing: 'Processing', paid: 'Paid', partly_paid: 'Partly paid', failed: 'Failed' });
  });
});

describe('statementLinkText', () => {
  it('names the year and the format', () => expect(statementLinkText(2026)).toBe('Download 2026 statement (CSV)'));
});
