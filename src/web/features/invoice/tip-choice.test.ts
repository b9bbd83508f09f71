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
  it.each<[TipChoice, { tipCents: number; totalCents: number; error: string | null }]>([
    [{ kind: 'none' }, { tipCents: 0, totalCents: 2585, error: null }],
    [{ kind: 'preset', percent: 18 }, { tipCents: 465, totalCents: 3050, error: null }],
    [{ kind: 'preset', percent: 25 }, { tipCents: 646, totalCents: 3231, error: null }],
    [{ kind: 'custom', text: '5.50' }, { tipCents: 550, totalCents: 3135, error: null }],
    [{ kind: 'custom', text: '' }, { tipCents: 0, totalCents: 2585, error: null }],
    [{ kind: 'custom', text: '-2' }, { tipCents: 0, totalCents: 2585, error: tipMessages.negative }],
    [{ kind: 'custom', text: '1.234' }, { tipCents: 0, totalCents: 2585, error: tipMessages.tooManyDecimals }],
    [{ kind: 'custom', text: '600' }, { tipCents: 0, totalCents: 2585, error: tipMessages.tooLarge }],
    [{ kind: 'custom', text: '0.25' }, { tipCents: 25, totalCents: 2610, error: tipMessages.belowMinimum }],
  ])('%j', (choice, expected) => {
    expect(tipOfChoice(choice, presets, bill)).toEqual(expected);
  });
});
