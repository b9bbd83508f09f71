// The business's promises in the one set of words every page, email and the terms use: when the
// laundry comes back, and how the add-ons are counted. docs/design.md 7 ("Turnaround, said one way
// everywhere", "Add-on units"); src/web/promises.test.ts holds every page and email to them.
import { prices } from './business';
import { formatCents } from './money';
import type { PriceList } from './price-list';

/** The turnaround as the owner sets it in Settings (decision 055): back within this many hours at the earliest and the latest. */
export type TurnaroundHours = { turnaroundHours: number; turnaroundLatestHours: number };

/** The turnaround's words at these hours (the spec's: 48 and 72). */
export function turnaroundOf(hours: TurnaroundHours) {
  const { turnaroundHours: from, turnaroundLatestHours: to } = hours;
  return {
    /** The hero badge: the same hours as every promise (not the earliest alone beside "48-72" everywhere else). */
    badge: from === to ? `${from}hr Turnaround` : `${from}-${to}hr Turnaround`,
    /** Every promise of when the laundry is returned (services card, confirmation, emails, terms). */
    promise: from === to ? `back within ${from} hours` : `back within ${from}-${to} hours`,
    /** The same promise with 24-hr Rush Delivery. */
    rush: 'back within 24 hours',
  };
}
export type Turnaround = ReturnType<typeof turnaroundOf>;

/** The spec's turnaround: the demo site, and what a page says when the server gave no settings. */
export const turnaround: Turnaround = turnaroundOf({ turnaroundHours: 48, turnaroundLatestHours: 72 });

/** "Back within 48-72 hours": the promise as a list item or a sentence's start. */
export const promiseOf = (t: Turnaround) => capitalise(t.promise);
export const turnaroundPromise = promiseOf(turnaround);
/** "Back within 24 hours": the rush add-on's promise. */
export const rushPromise = capitalise(turnaround.rush);

/** The three badges under the hero's headline (spec: customer-site 2). */
export const heroBenefitsOf = (t: Turnaround) => ['Premium Care', t.badge, 'Pickup & Delivery'] as const;
export const heroBenefits = heroBenefitsOf(turnaround);

// docs/design.md 4 and 7: oxi-clean and stain treatment are estimated per bag and billed per 15 lb,
// rounded up; every other add-on is per order or per item.
export const addOnUnits = {
  estimate: 'per bag',
  final: `per ${prices.finalAddOnPounds} lb, rounded up`,
} as const;

/** An add-on counted by weight, both ways: "$1 per bag on the estimate", "$1 per 15 lb, rounded up, on the final bill". */
export function byWeightAddOnPrice(cents: number): { estimate: string; final: string } {
  const price = formatCents(cents, { compact: true });
  return { estimate: `${price} ${addOnUnits.estimate} on the estimate`, final: `${price} ${addOnUnits.final}, on the final bill` };
}

/** The sentence that says it once, for the terms, the wizard and the emails. */
export const byWeightAddOnsNote = `Oxi-clean and stain treatment are estimated ${addOnUnits.estimate}; the final bill charges them ${addOnUnits.final}.`;

/** The add-on grid of the landing page at these prices (spec: customer-site 9; docs/design.md 7, the units above). */
export function addOnMenuOf(list: PriceList) {
  const c = list.addOnCents;
  return [
    { name: '24-hr Rush Delivery', cents: c.rushDelivery, unit: 'per order', note: rushPromise },
    { name: 'Hang Dried Delicates', cents: c.hangDriedDelicates, unit: 'per order' },
    { name: 'Oxi-clean', cents: c.oxiClean, unit: addOnUnits.estimate, note: `Final bill: ${addOnUnits.final}` },
    { name: 'Stain Treatment', cents: c.stainTreatment, unit: addOnUnits.estimate, note: `Final bill: ${addOnUnits.final}` },
    { name: 'Sports Uniforms', cents: c.sportsUniforms, unit: 'per uniform' },
    { name: 'Blankets & Comforters', cents: c.blanketsQueen, unit: 'Twin-Queen per item', secondCents: c.blanketsKing, secondUnit: 'King per item' },
    { name: 'Mattress Pads', cents: c.mattressPadsQueen, unit: 'Twin-Queen per item', secondCents: c.mattressPadsKing, secondUnit: 'King per item' },
  ] as const;
}
export type AddOnMenuItem = ReturnType<typeof addOnMenuOf>[number];

/** The one pricing plan shown on the landing page at these prices (spec: customer-site 3, "Pricing plan display"). */
export function pricingPlanOf(list: PriceList, t: Turnaround = turnaround) {
  return {
    name: 'Wash & Fold',
    priceCents: list.perPoundCents,
    unit: 'per lb',
    description: `Everything included. Estimated at ${formatCents(list.bagEstimateCents)} per 13-gallon bag (about ${prices.poundsPerBag} lb).`,
    features: ['Wash, dry & fold', 'Choice of detergent', 'Towels and sheets included', 'Free pick-up and delivery', promiseOf(t)],
  } as const;
}

/**
 * What a bag's hold is made of, said with its numbers (not "a small buffer"): the rate × 12 lb, and
 * what the estimate adds on top, as a percentage of it (the spec's 50 %: $1.75 × 12 lb is $21.00,
 * held at $31.50). An estimate set at or below the weighed price says only the first part.
 */
export function bagHoldWords(list: Pick<PriceList, 'perPoundCents' | 'bagEstimateCents'>): string {
  const weighed = list.perPoundCents * prices.poundsPerBag;
  const base = `${formatCents(list.perPoundCents)}/lb × ${prices.poundsPerBag} lb is ${formatCents(weighed)}`;
  if (weighed <= 0 || list.bagEstimateCents <= weighed) return base;
  return `${base}, plus ${Math.round(((list.bagEstimateCents - weighed) * 100) / weighed)}% in case a bag weighs more`;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
