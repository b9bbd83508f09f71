// Which pick-up dates and addresses the business takes: pure rules, shared by the server (which
// refuses a booking) and the wizard (which greys days out and warns about a ZIP). spec:
// customer-site 1 (service area) and 5 (pick-up dates); docs/design.md 4 (dates in the business zone).
import { business } from './business';
import { addDays, formatLongDate, isIsoDate, isoWeekday, type IsoDate } from './dates';

/** What each refusal says, from the values it carries: the wizard shows these words, and the
 *  server's error catalogue answers them (src/server/error-catalogue.ts, docs/decisions/046). */
export const pickupMessages = {
  dateInvalid: 'Pick-up date must be a date (YYYY-MM-DD)',
  datePast: 'Please choose a pick-up date that is still ahead.',
  tooFar: (v: { horizonDays: number; lastDay: IsoDate }) => `We take bookings up to ${v.horizonDays} days ahead: please choose a day until ${formatLongDate(v.lastDay)}.`,
  dayNotServed: `Pick-ups are on ${business.serviceDaysLabel} only`,
  closed: (v: { date: IsoDate }) => `We're closed on ${formatLongDate(v.date)}. Please choose another day.`,
  zipNotServed: (v: { zip: string }) => `Sorry, we don't pick up in ${v.zip} yet`,
} as const;

type Values<F> = F extends (values: infer V) => string ? V : never;
export type PickupRefusal =
  | { field: 'pickupDate'; code: 'pickup_date_invalid' | 'pickup_date_past' | 'pickup_day_not_served'; message: string }
  | { field: 'pickupDate'; code: 'pickup_date_too_far'; message: string; values: Values<typeof pickupMessages.tooFar> }
  | { field: 'pickupDate'; code: 'pickup_date_closed'; message: string; values: Values<typeof pickupMessages.closed> }
  | { field: 'zipCode'; code: 'zip_not_served'; message: string; values: Values<typeof pickupMessages.zipNotServed> };

export type PickupDateRules = {
  /** Today in the business time zone. */
  today: IsoDate;
  /** The last bookable day is today plus this many days. */
  horizonDays: number;
  closedDates: readonly IsoDate[];
  /** ISO weekday numbers, 1 = Monday. */
  serviceWeekdays: readonly number[];
};

/** null when `date` can be booked, else why not. */
export function checkPickupDate(date: string, rules: PickupDateRules): PickupRefusal | null {
  const field = 'pickupDate';
  if (!isIsoDate(date)) return { field, code: 'pickup_date_invalid', message: pickupMessages.dateInvalid };
  if (date < rules.today) return { field, code: 'pickup_date_past', message: pickupMessages.datePast };
  const last = addDays(rules.today, rules.horizonDays);
  if (date > last) {
    const values = { horizonDays: rules.horizonDays, lastDay: last };
    return { field, code: 'pickup_date_too_far', message: pickupMessages.tooFar(values), values };
  }
  if (!rules.serviceWeekdays.includes(isoWeekday(date))) return { field, code: 'pickup_day_not_served', message: pickupMessages.dayNotServed };
  if (rules.closedDates.includes(date)) return { field, code: 'pickup_date_closed', message: pickupMessages.closed({ date }), values: { date } };
  return null;
}

/** The ZIP's first five digits, or null while it has fewer. */
export const zip5 = (zip: string): string | null => /^\s*(\d{5})/.exec(zip)?.[1] ?? null;

/** null when the ZIP is in the service area (or not yet a ZIP at all: the form checks that), else the refusal. */
export function checkServiceZip(zip: string, serviceZipCodes: readonly string[]): PickupRefusal | null {
  const five = zip5(zip);
  if (!five || serviceZipCodes.includes(five)) return null;
  return { field: 'zipCode', code: 'zip_not_served', message: pickupMessages.zipNotServed({ zip: five }), values: { zip: five } };
}
