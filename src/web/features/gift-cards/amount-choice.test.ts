import { describe, expect, it } from 'vitest';
import { GIFT_CARD_MAX_DOLLARS } from '../../../shared/schemas/gift-card-purchase';
import { customRange, presetChoices, readCustomAmount, type CustomAmount } from './amount-choice';

describe('the custom gift-card amount (spec: customer-site 5: whole dollars, at least 1)', () => {
  it.each<[string, CustomAmount]>([
    ['', { kind: 'empty' }],
    ['   ', { kind: 'empty' }],
    ['abc', { kind: 'empty' }],
    ['0', { kind: 'invalid', message: 'The amount must be at least $1' }],
    ['-5', { kind: 'invalid', message: 'The amount must be at least $1' }],
    ['12.5', { kind: 'invalid', message: 'Enter a whole number of dollars' }],
    ['0.5', { kind: 'invalid', message: 'Enter a whole number of dollars' }],
    [String(GIFT_CARD_MAX_DOLLARS + 1), { kind: 'invalid', message: `The amount can be at most $${GIFT_CARD_MAX_DOLLARS}` }],
    ['1e9', { kind: 'invalid', message: `The amount can be at most $${GIFT_CARD_MAX_DOLLARS}` }],
    ['1', { kind: 'ok', dollars: 1 }],
    [' 25 ', { kind: 'ok', dollars: 25 }],
    [String(GIFT_CARD_MAX_DOLLARS), { kind: 'ok', dollars: GIFT_CARD_MAX_DOLLARS }],
  ])('%j', (text, expected) => expect(readCustomAmount(text)).toEqual(expected));

  it('says its range from the contract', () => {
    expect(customRange).toEqual({ min: 1, max: GIFT_CARD_MAX_DOLLARS, minLabel: '$1', maxLabel: `$${GIFT_CARD_MAX_DOLLARS}` });
  });

  it('offers the presets $30, $60 and $100 in whole dollars', () => {
    expect(presetChoices.map((p) => [p.dollars, p.label, p.title])).toEqual([
      [30, '$30', 'Small loads'],
      [60, '$60', 'Regular service'],
      [100, '$100', 'Multiple loads'],
    ]);
  });
});
