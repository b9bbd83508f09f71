import { describe, expect, it } from 'vitest';
import { formatCents } from './money';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const usdWhole = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 0, maximumFractionDigits: 0 });

describe('formatCents', () => {
  it.each([
    [0, {}, '$0.00'],
    [5, {}, '$0.05'],
    [50, {}, '$0.50'],
    [3150, {}, '$31.50'],
    [100000, {}, '$1,000.00'],
    [123456789, {}, '$1,234,567.89'],
    [-300, {}, '-$3.00'],
    [-123456, {}, '-$1,234.56'],
    [3000, { compact: true }, '$30'],
    [3150, { compact: true }, '$31.50'],
    [100000000, { compact: true }, '$1,000,000'],
    [-2000, { compact: true }, '-$20'],
    [-0, {}, '$0.00'],
  ])('%i cents %o reads %s', (cents, options, expected) => {
    expect(formatCents(cents, options)).toBe(expected);
  });

  it('writes what Intl writes for en-US dollars, across the amounts a bill can hold', () => {
    const amounts = [1, 9, 10, 99, 101, 999, 1000, 99999, 100001, 999999, 1000000, 99999999, 100000000, 2 ** 40];
    // and 2,000 more of every length, the same each run (a linear congruential sequence)
    let seed = 20261207;
    for (let i = 0; i < 2000; i++) {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      amounts.push(seed % 10 ** (1 + (i % 9)));
    }
    for (const cents of amounts)
      for (const signed of [cents, -cents].filter((c) => c !== 0)) {
        expect(formatCents(signed)).toBe(usd.format(signed / 100));
        if (signed % 100 === 0) expect(formatCents(signed, { compact: true })).toBe(usdWhole.format(signed / 100));
      }
  });

  it('refuses a fraction of a cent', () => {
    expect(() => formatCents(31.5)).toThrow('formatCents expects integer cents, got 31.5');
  });
});
