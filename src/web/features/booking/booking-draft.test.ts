import { describe, expect, it } from 'vitest';
import { parseBagQuantity, toggleSizedItem } from './booking-draft';

describe('wizard input rules (spec: customer-site 5)', () => {
  it.each([
    ['3', 3],
    ['1', 1],
    ['0', 1],
    ['-2', 1],
    ['', 1],
    ['abc', 1],
    ['2.7', 2],
    ['99', 20],
  ])('bag quantity typed as %j becomes %i', (typed, expected) => {
    expect(parseBagQuantity(typed, 20)).toBe(expected);
  });

  it.each([
    [true, { queen: 0, king: 0 }, { queen: 1, king: 0 }],
    [true, { queen: 0, king: 2 }, { queen: 0, king: 2 }],
    [false, { queen: 3, king: 1 }, { queen: 0, king: 0 }],
  ])('toggling blankets/mattress pads %s with %j gives %j', (on, counts, expected) => {
    expect(toggleSizedItem(on, counts)).toEqual(expected);
  });
});
