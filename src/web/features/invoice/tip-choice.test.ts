import { describe, expect, it } from 'vitest';
import { tipMessages } from '../../../shared/pricing-tips';
import { tipOfChoice, type TipChoice } from './tip-choice';

const presets = [
  { percent: 15, cents: 388 },
  { percent: 18, cents: 465 },
  { percent: 20, cents: 517 },
  { percent: 25, cents: 646 },
];
const bill = { totalCents: 2585, amountDueCents: 0 };

describe('the tip the invoice page approves', () => {
  it.each<[TipChoice, { tipCents: number; totalCents: number; payNowCents: number; error: string | null }]>([
    [{ kind: 'none' }, { tipCents: 0, totalCents: 2585, payNowCents: 0, error: null }],
    [{ kind: 'preset', percent: 18 }, { tipCents: 465, totalCents: 3050, payNowCents: 465, error: null }],
    [{ kind: 'preset', percent: 25 }, { tipCents: 646, totalCents: 3231, payNowCents: 646, error: null }],
    [{ kind: 'custom', text: '5.50' }, { tipCents: 550, totalCents: 3135, payNowCents: 550, error: null }],
    [{ kind: 'custom', text: '' }, { tipCents: 0, totalCents: 2585, payNowCents: 0, error: null }],
    [{ kind: 'custom', text: '-2' }, { tipCents: 0, totalCents: 2585, payNowCents: 0, error: tipMessages.negative }],
    [{ kind: 'custom', text: '1.234' }, { tipCents: 0, totalCents: 2585, payNowCents: 0, error: tipMessages.tooManyDecimals }],
    [{ kind: 'custom', text: '600' }, { tipCents: 0, totalCents: 2585, payNowCents: 0, error: tipMessages.tooLarge }],
    [{ kind: 'custom', text: '0.25' }, { tipCents: 25, totalCents: 2610, payNowCents: 0, error: tipMessages.belowMinimum }],
  ])('%j', (choice, expected) => {
    expect(tipOfChoice(choice, presets, bill)).toEqual(expected);
  });

  // docs/design.md 5.4: what the card did not cover is paid with the tip, in one charge
  it.each<[TipChoice, { tipCents: number; totalCents: number; payNowCents: number; error: string | null }]>([
    [{ kind: 'none' }, { tipCents: 0, totalCents: 2585, payNowCents: 300, error: null }],
    [{ kind: 'preset', percent: 18 }, { tipCents: 465, totalCents: 3050, payNowCents: 765, error: null }],
    // a tip below the card minimum is fine when it is paid with what is due
    [{ kind: 'custom', text: '0.25' }, { tipCents: 25, totalCents: 2610, payNowCents: 325, error: null }],
  ])('with $3.00 still due: %j', (choice, expected) => {
    expect(tipOfChoice(choice, presets, { totalCents: 2585, amountDueCents: 300 })).toEqual(expected);
  });
});
