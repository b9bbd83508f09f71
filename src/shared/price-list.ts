// The prices a booking is quoted, weighed and billed at (decision 055): the rate per lb, a bag's
// estimate and each add-on's price, taken from the settings when it is booked and kept with it, so
// a price changed later never reaches a booking already made. No schema here: the wizard loads it.
import type { AddOnKey } from './add-ons';
import { type PriceList, prices, specPriceList } from './business';

export type { PriceList } from './business';

/** The settings' prices as the pricing functions need them. */
type PricesSetting = { perPoundCents: number; bagEstimateCents: number | null; addOnCents: Record<AddOnKey, number> };

/** A bag's estimate under these prices: the set one, or the spec's rule (price × 12 lb × 1.5, rounded to the cent). */
export function bagEstimateCents(p: Pick<PricesSetting, 'perPoundCents' | 'bagEstimateCents'>): number {
  return p.bagEstimateCents ?? Math.round(p.perPoundCents * prices.poundsPerBag * prices.estimateBuffer);
}

/** The price list new bookings are quoted at, from the settings' prices. */
export function priceListOf(p: PricesSetting): PriceList {
  return { perPoundCents: p.perPoundCents, bagEstimateCents: bagEstimateCents(p), addOnCents: { ...p.addOnCents } };
}

// the spec's list is kept with the spec's business (the public pages' start-up code loads it, not the rest of this file)
export { specPriceList } from './business';

/** A booking's own price list: the one stored with it; a booking stored before prices were settings has the spec's. */
export function bookingPriceList(b: { priceList: PriceList | null }): PriceList {
  return b.priceList ?? specPriceList;
}
