// The bag's hold said with its numbers (spec: customer-site 9: $1.75/lb, about 12 lb a bag, held at $31.50).
import { describe, expect, it } from 'vitest';
import { bagHoldWords } from './promises';

describe('bagHoldWords', () => {
  it.each([
    ["the spec's prices: $21.00 weighed, held at $31.50", 175, 3150, '$1.75/lb × 12 lb is $21.00, plus 50% in case a bag weighs more'],
    ['$2.00/lb, held at $30.00', 200, 3000, '$2.00/lb × 12 lb is $24.00, plus 25% in case a bag weighs more'],
    ['an estimate set at the weighed price: no buffer to name', 200, 2400, '$2.00/lb × 12 lb is $24.00'],
    ['an estimate below it', 200, 2000, '$2.00/lb × 12 lb is $24.00'],
  ])('%s', (_name, perPoundCents, bagEstimateCents, words) => {
    expect(bagHoldWords({ perPoundCents, bagEstimateCents })).toBe(words);
  });
});
