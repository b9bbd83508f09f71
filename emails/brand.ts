// The business an email speaks for, from its owner's settings (decision 055): its name, contacts,
// area, days and hours, prices as the terms say them. The server reads the settings once per email and renders it inside
// `withBrand`; every template, the calendar file and the invoice PDF read `brand()`. Node's
// AsyncLocalStorage carries it through React's asynchronous rendering, so two emails rendered at
// once for different settings cannot mix. Outside `withBrand` (previews, tests) it is the spec's.
import { AsyncLocalStorage } from 'node:async_hooks';
import { serviceDaysLabel, serviceHoursLabel } from '../src/shared/business-words';
import { phoneHref } from '../src/shared/phone';
import { type PriceList, priceListOf } from '../src/shared/price-list';
import { type BusinessSettings, defaultSettings } from '../src/shared/settings';

export type Brand = {
  name: string;
  tagline: string;
  phone: string;
  phoneHref: string;
  email: string;
  streetAddress: string;
  state: string;
  stateCode: string;
  timeZone: string;
  towns: readonly string[];
  serviceDaysLabel: string;
  serviceHoursLabel: string;
  freeCancellationHours: number;
  turnaroundHours: number;
  turnaroundLatestHours: number;
  /** New bookings' prices and the no-show fee, as the terms say them. */
  prices: PriceList;
  noShowFeeCents: number;
};

/** The settings as an email needs them. */
export function brandOf(settings: BusinessSettings): Brand {
  const { business, serviceArea, schedule } = settings;
  return {
    name: business.name,
    tagline: business.tagline,
    phone: business.phone,
    phoneHref: phoneHref(business.phone),
    email: business.email,
    streetAddress: business.streetAddress,
    state: business.state,
    stateCode: business.stateCode,
    timeZone: business.timeZone,
    towns: serviceArea.towns,
    serviceDaysLabel: serviceDaysLabel(schedule.serviceWeekdays),
    serviceHoursLabel: serviceHoursLabel(schedule.pickupWindows),
    freeCancellationHours: schedule.freeCancellationHours,
    turnaroundHours: schedule.turnaroundHours,
    turnaroundLatestHours: schedule.turnaroundLatestHours,
    prices: priceListOf(settings.prices),
    noShowFeeCents: settings.prices.noShowFeeCents,
  };
}

const current = new AsyncLocalStorage<Brand>();
const spec = brandOf(defaultSettings);

/** Runs `render` speaking for this business. */
export function withBrand<T>(brand: Brand, render: () => Promise<T>): Promise<T> {
  return current.run(brand, render);
}

/** The business the email being rendered speaks for. */
export function brand(): Brand {
  return current.getStore() ?? spec;
}
