import { describe, expect, it } from 'vitest';
import { MAX_POUNDS_PER_BAG } from '../../../shared/schemas/back-office';
import { readBagWeights } from './bag-weights';

describe('bag weights in the weight dialog (docs/design.md 5.5)', () => {
  it.each([
    [['', ''], { kind: 'none' }],
    [[' ', ''], { kind: 'none' }],
    [['8.1', '6.1'], { kind: 'all', pounds: [8.1, 6.1], totalTenths: 142 }],
    [['0.1', '0.2', '0.3'], { kind: 'all', pounds: [0.1, 0.2, 0.3], totalTenths: 6 }],
    [['8.1', ''], { kind: 'error', message: "Enter every bag's weight, or leave them all empty" }],
    [['8.1', '0'], { kind: 'error', message: "Each bag's weight must be more than 0 lb" }],
    [['8.1', 'abc'], { kind: 'error', message: "Each bag's weight must be more than 0 lb" }],
    [['8.15', '6'], { kind: 'error', message: "Enter each bag's weight to 0.1 lb" }],
    [[String(MAX_POUNDS_PER_BAG + 0.1), '1'], { kind: 'error', message: `At most ${MAX_POUNDS_PER_BAG} lb a bag` }],
  ])('%j → %j', (texts, expected) => {
    expect(readBagWeights(texts)).toEqual(expected);
  });
});
