import { describe, expect, it } from 'vitest';
import { approvalChargeCents, approvalWords, parseCustomTip, tipCentsProblem, tipMessages, tipPresetAmounts, totalWithTipCents } from './pricing-tips';

describe('tip presets on the final bill (15/18/20/25 % of the subtotal)', () => {
  it.each<[number, number[]]>([
    [2585, [388, 465, 517, 646]], // 14.2 lb x $1.75 = $24.85 + oxi-clean $1: 387.75, 465.3, 517, 646.25
    [3150, [473, 567, 630, 788]],
    [0, [0, 0, 0, 0]],
    [1, [0, 0, 0, 0]],
  ])('%i cents -> %j', (subtotal, cents) => {
    expect(tipPresetAmounts(subtotal).map((p) => p.cents)).toEqual(cents);
    expect(tipPresetAmounts(subtotal).map((p) => p.percent)).toEqual([15, 18, 20, 25]);
  });
});

describe('a custom tip in dollars', () => {
  it.each<[string, { cents: number } | { error: string }]>([
    ['', { cents: 0 }],
    ['  ', { cents: 0 }],
    ['0', { cents: 0 }],
    ['5', { cents: 500 }],
    ['5.5', { cents: 550 }],
    ['$5.50', { cents: 550 }],
    ['4.35', { cents: 435 }],
    ['.75', { cents: 75 }],
    ['500', { cents: 50_000 }],
    ['500.01', { error: tipMessages.tooLarge }],
    ['99999999999999999999', { error: tipMessages.invalid }],
    ['-1', { error: tipMessages.negative }],
    ['-0.01', { error: tipMessages.negative }],
    ['1.005', { error: tipMessages.tooManyDecimals }],
    ['abc', { error: tipMessages.invalid }],
    ['1e3', { error: tipMessages.invalid }],
    ['1,000', { error: tipMessages.invalid }],
    ['NaN', { error: tipMessages.invalid }],
    ['5.', { error: tipMessages.invalid }],
  ])('%j -> %j', (input, expected) => {
    expect(parseCustomTip(input)).toEqual(expected);
  });
});

describe('a tip in cents from the browser', () => {
  it.each<[number, string | null]>([
    [0, null],
    [465, null],
    [50_000, null],
    [50_001, tipMessages.tooLarge],
    [-1, tipMessages.negative],
    [1.5, tipMessages.invalid],
    [Number.NaN, tipMessages.invalid],
    [Number.POSITIVE_INFINITY, tipMessages.invalid],
  ])('%s -> %s', (cents, problem) => {
    expect(tipCentsProblem(cents)).toBe(problem);
  });
});

describe('what approving charges: the tip and what is still due', () => {
  it.each<[number, number, { chargeCents: number } | { error: string }]>([
    [0, 0, { chargeCents: 0 }],
    [465, 0, { chargeCents: 465 }],
    [465, 2100, { chargeCents: 2565 }],
    [0, 2100, { chargeCents: 2100 }],
    [49, 0, { error: tipMessages.belowMinimum }],
    [50, 0, { chargeCents: 50 }],
    [10, 45, { chargeCents: 55 }],
    [-5, 0, { error: tipMessages.negative }],
  ])('tip %i + due %i -> %j', (tip, due, expected) => {
    expect(approvalChargeCents(tip, due)).toEqual(expected);
  });
});

describe('the total with the tip (spec: customer-site 4)', () => {
  it.each([
    [2585, 0, 2585],
    [2585, 465, 3050],
    [0, 500, 500],
  ])('bill %i + tip %i = %i', (bill, tip, total) => {
    expect(totalWithTipCents(bill, tip)).toBe(total);
  });
  it('refuses what is not whole cents', () => {
    expect(() => totalWithTipCents(25.5, 1)).toThrow(RangeError);
  });
});

describe('approvalWords: what approving does, never a charge still to come (spec: customer-site 4)', () => {
  it.each([
    ['the card paid the bill', { billChargedCents: 2585, amountDueCents: 0 }, 'Your card has already paid $25.85 of it. Approving confirms the bill and adds a tip for your laundry pro if you like.'],
    ['part still due', { billChargedCents: 3150, amountDueCents: 2100 }, 'Your card has already paid $31.50 of it. Approving confirms the bill, pays the $21.00 still due, and adds a tip for your laundry pro if you like.'],
    ['a gift card or FREE paid it all', { billChargedCents: 0, amountDueCents: 0 }, 'Approving confirms the bill and adds a tip for your laundry pro if you like.'],
    ['no card: all of it due', { billChargedCents: 0, amountDueCents: 2585 }, 'Approving confirms the bill, pays the $25.85 still due, and adds a tip for your laundry pro if you like.'],
  ])('%s', (_name, b, words) => expect(approvalWords(b)).toBe(words));
});
