// What the website shows of the business (decision 055): its name, how to reach it, where it
// serves and what it charges, taken from the settings when the server renders a page and
// carried in the page for the browser. No schema here: every public page loads it.
import { business, pickupTimes, prices, specPriceList } from './business';
import type { PriceList } from './price-list';

export type SiteBusiness = {
  name: string;
  tagline: string;
  phone: string;
  email: string;
  state: string;
  stateCode: string;
  /** The zone of its dates and cut-offs (the server's BUSINESS_TIME_ZONE). */
  timeZone: string;
  towns: readonly string[];
  /** New bookings' prices: the rate per lb, a bag's estimate and each add-on's price. */
  prices: PriceList;
  noShowFeeCents: number;
  /** The schedule (decision 055): pick-up days (ISO weekdays, 1 = Monday), in words, the hours and the windows offered. */
  serviceWeekdays: readonly number[];
  serviceDaysLabel: string;
  serviceHoursLabel: string;
  pickupWindows: readonly { value: string; label: string; startHour: number }[];
  freeCancellationHours: number;
  /** The turnaround promise in hours, earliest and latest. */
  turnaroundHours: number;
  turnaroundLatestHours: number;
  /** Takes bookings; false while a new installation waits for its owner to open it ("opening soon"). */
  open: boolean;
};

/** The spec's business: the demo site, and what a page shows when the server did not give one. */
export const specSiteBusiness: SiteBusiness = {
  name: business.name,
  tagline: business.tagline,
  phone: business.phone,
  email: business.email,
  state: business.state,
  stateCode: business.stateCode,
  timeZone: business.timeZone,
  towns: [...business.towns],
  prices: specPriceList,
  noShowFeeCents: prices.noShowFeeCents,
  serviceWeekdays: [...business.serviceWeekdays],
  serviceDaysLabel: business.serviceDaysLabel,
  serviceHoursLabel: business.serviceHoursLabel,
  pickupWindows: pickupTimes.map((t) => ({ value: t.value, label: t.label, startHour: t.startHour })),
  freeCancellationHours: business.freeCancellationHours,
  turnaroundHours: 48,
  turnaroundLatestHours: 72,
  open: true,
};

/** The towns as a sentence: "Gilbert, Leesville, Lexington and Pelion". */
export function townsSentence(towns: readonly string[]): string {
  return towns.length < 2 ? (towns[0] ?? '') : `${towns.slice(0, -1).join(', ')} and ${towns.at(-1)}`;
}

/** A page's document title: the page's own, then the business's name; the home page's says what it does and where. */
export function pageTitle(title: string | null, site: Pick<SiteBusiness, 'name' | 'stateCode'>): string {
  return title ? `${title} | ${site.name}` : `${site.name} | Laundry pick-up & delivery in ${site.stateCode}`;
}

/** The id of the element that carries the business in a served page. */
export const siteBusinessElementId = 'washday-business';

/**
 * The business as a JSON data block for the page's head. `<` is escaped so that no value can
 * close the element; the browser does not run a data block, so the page's script policy is unchanged.
 */
export function siteBusinessScript(site: SiteBusiness): string {
  const json = JSON.stringify(site).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${siteBusinessElementId}">${json}</script>`;
}
