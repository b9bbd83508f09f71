import { describe, expect, it } from 'vitest';
import { addOnBadges } from './add-on-badges';

const none = { rushDelivery: false, hangDriedDelicates: false, oxiClean: false, stainTreatment: false, sportsUniformsCount: 0, blanketsQueenCount: 0, blanketsKingCount: 0, mattressPadsQueenCount: 0, mattressPadsKingCount: 0 };

describe('the add-on badges of a row', () => {
  it.each([
    ['none', {}, []],
    ['rush alone', { rushDelivery: true }, ['Rush']],
    ['rush first, then the bill’s order', { stainTreatment: true, rushDelivery: true, oxiClean: true }, ['Rush', 'Oxi-clean', 'Stain']],
    ['an item’s count beside it', { sportsUniformsCount: 3, blanketsKingCount: 1, hangDriedDelicates: true }, ['Delicates', 'Uniforms ×3', 'King blanket']],
    ['every one', { rushDelivery: true, hangDriedDelicates: true, oxiClean: true, stainTreatment: true, sportsUniformsCount: 1, blanketsQueenCount: 2, blanketsKingCount: 1, mattressPadsQueenCount: 1, mattressPadsKingCount: 2 }, ['Rush', 'Delicates', 'Oxi-clean', 'Stain', 'Uniforms', 'Blanket ×2', 'King blanket', 'Mattress pad', 'King mattress pad ×2']],
  ])('%s', (_name, flags, labels) => {
    expect(addOnBadges({ ...none, ...flags }).map((b) => b.label)).toEqual(labels);
  });
});
