// Which pick-up dates and addresses the business takes: pure rules, shared by the server (which
// refuses a booking) and the wizard (which greys days out and warns about a ZIP). spec:
// customer-site 1 (service area) and 5 (pick-up dates); docs/design.md 4 (dates in the business zone).
import { business } from './business';
import { addDays, formatLongDate, isIsoDate, isoWeekday, type IsoDate } from './dates';

export type PickupRefusal = { field: 'pickupDate' | 'zipCode'; code: string; message: string };

export type PickupDateRules = {
  /** Today in the business time zone. */
  today: IsoDate;
  /** The last bookable day is today plus this many days. */
  horizonDays: number;
  closedDates: readonly IsoDate[];
  /** ISO weekday numbers, 1 = Monday. */
  serviceWeekdays: readonly number[];
};

const refuse = (field: PickupRefusal['field'], code: string, message: string): PickupRefusal => ({ field, code, message });

/** null when `date` can be booked, else why not. */
export function checkPickupDate(date: string, rules: PickupDateRules): PickupRefusal | null {
  if (!isIsoDate(date)) return refuse('pickupDate', 'pickup_date_invalid', 'Pick-up date must be a date (YYYY-MM-DD)');
  if (date < rules.today) return refuse('pickupDate', 'pickup_date_past', 'Please choose a pick-up date that is still ahead.');
  const last = addDays(rules.today, rules.horizonDays);
  if (date > last)
    return refuse('pickupDate', 'pickup_date_too_far', `We take bookings up to ${rules.horizonDays} days ahead: please choose a day until ${formatLongDate(last)}.`);
  if (!rules.serviceWeekdays.includes(isoWeekday(date)))
    return refuse('pickupDate', 'pickup_day_not_served', `Pick-ups are on ${business.serviceDaysLabel} only`);
  if (rules.closedDates.includes(date))
    return refuse('pickupDate', 'pickup_date_closed', `We're closed on ${formatLongDate(date)}. Please choose another day.`);
  return null;
}

/** The ZIP's first five digits, or null while it has fewer. */
export const zip5 = (zip: string): string | null => /^\s*(\d{5})/.exec(zip)?.[1] ?? null;

/** null when the ZIP is in the service area (or not yet a ZIP at all: the form checks that), else the refusal. */
export function checkServiceZip(zip: string, serviceZipCodes: readonly string[]): PickupRefusal | null {
  const five = zip5(zip);
  return five && !serviceZipCodes.includes(five) ? refuse('zipCode', 'zip_not_served', `Sorry, we don't pick up in ${five} yet`) : null;
}
