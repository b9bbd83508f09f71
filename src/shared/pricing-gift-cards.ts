// A gift card's price (spec: customer-site 3, 5, 9). Apart from pricing.ts so that /book, which
// never sells one, does not carry it (docs/decisions/009).
import { prices } from './business';
import { assertInteger } from './pricing-core';

/** A gift card is bought in whole dollars (at least 1): what its checkout charges, in cents. */
export function giftCardPurchaseCents(dollars: number): number {
  assertInteger(dollars, 'dollars');
  if (dollars * 100 < prices.giftCardMinimumCents) throw new RangeError(`A gift card is at least ${prices.giftCardMinimumCents / 100} dollar, got ${dollars}`);
  return dollars * 100;
}

/** A preset gift card's amount in the purchase contract's unit, whole dollars (spec: customer-site 3). */
export function giftCardPresetDollars(cents: number): number {
  assertInteger(cents, 'cents');
  if (cents % 100 !== 0) throw new RangeError(`a gift card preset is whole dollars, got ${cents} cents`);
  return cents / 100;
}
