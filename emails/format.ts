// How booking values read in an email. Display only: amounts come from src/shared (formatCents),
// dates from formatLongDate, windows from the value a booking stores (any window the owner set).
import { laundryPreferences, pickupWindowLabel } from '../src/shared/business';
import { hourLabel, windowHoursOf, windowLabel } from '../src/shared/business-words';
import { brand } from './brand';
import { pickupLocationLabels } from '../src/shared/booking-values';

export type PickupWindow = { value: string; label: string; startHour: number; endHour: number };

/** '4pm-8pm' -> its label and hours (decision 055: the value spells them); throws for a value that is no window. */
export function pickupWindow(value: string): PickupWindow {
  const hours = windowHoursOf(value);
  if (!hours) throw new RangeError(`Unknown pick-up window: ${value}`);
  return { value, label: windowLabel(hours), ...hours };
}

/** '4pm-8pm' -> '4PM – 8PM' (the one lookup, src/shared/business.ts), for the templates beside this file. */
export { pickupWindowLabel };

/** 14 -> '2PM', 12 -> '12PM', 0 -> '12AM' (the windows' labels' style). */
export { hourLabel };

export function pickupLocationLabel(value: string): string {
  return (pickupLocationLabels as Record<string, string>)[value] ?? value;
}

export function waterTemperatureLabel(value: string): string {
  return laundryPreferences.waterTemperatures.find((t) => t.value === value)?.label ?? value;
}

export function detergentLabel(value: string): string {
  return laundryPreferences.detergents.find((t) => t.value === value)?.label ?? value;
}

/** '12 Main St', 'Lexington', '29072' -> '12 Main St, Lexington, SC 29072' */
export function fullAddress(d: { address: string; city: string; zipCode: string }): string {
  return `${d.address.trim()}, ${d.city.trim()}, ${brand().stateCode} ${d.zipCode.trim()}`;
}

/** How long a one-time link works, from the minutes the code sets: 15 -> '15 minutes', 60 -> 'one hour', 1440 -> '24 hours'. */
export function lifetimeLabel(minutes: number): string {
  if (!Number.isSafeInteger(minutes) || minutes <= 0) throw new RangeError(`A link's lifetime is a whole number of minutes, got ${minutes}`);
  if (minutes % 60 !== 0) return minutes === 1 ? 'one minute' : `${minutes} minutes`;
  const hours = minutes / 60;
  return hours === 1 ? 'one hour' : `${hours} hours`;
}

/** A header value typed by a person, on one line (no header injection, no folded subjects). */
export function singleLine(value: string, maxLength = 150): string {
  const line = value.replace(/\s+/g, ' ').trim();
  return line.length > maxLength ? `${line.slice(0, maxLength - 1)}…` : line;
}

const receivedFormats = new Map<string, Intl.DateTimeFormat>();
const receivedFormat = (timeZone: string) => new Intl.DateTimeFormat('en-US', {
  timeZone,
  weekday: 'long',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

/** 2026-11-23T20:04Z -> 'Monday, November 23, 2026 at 3:04 PM EST' (business time zone). */
export function formatDateTime(instant: Date): string {
  const timeZone = brand().timeZone;
  let format = receivedFormats.get(timeZone);
  if (!format) receivedFormats.set(timeZone, (format = receivedFormat(timeZone)));
  return format.format(instant);
}

/** The domain of the business address, for globally unique calendar UIDs. */
export function businessDomain(): string {
  return brand().email.split('@')[1] ?? 'washday.example';
}

/** 142 -> '14.2 lb', 400 -> '40.0 lb': weights are integer tenths of a pound, shown with one decimal. */
export function formatWeightTenths(tenths: number): string {
  if (!Number.isSafeInteger(tenths) || tenths < 0) throw new RangeError(`A weight is a whole number of tenths of a pound, got ${tenths}`);
  return `${Math.floor(tenths / 10)}.${tenths % 10} lb`;
}

