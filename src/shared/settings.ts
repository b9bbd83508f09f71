// The business as data: what an owner sets in Settings (decision 055), in four sections, each
// saved on its own. The defaults are the spec's values (src/shared/business.ts);
// every field is checked here, once, for the form and the server, with a message naming the field.
import * as z from 'zod/mini';
import { business, pickupTimes, prices } from './business';
import { addOnKeys, addOnLabels, manualAddOnKeys, manualAddOnLabels } from './add-ons';
import { isIsoDate } from './dates';
import { specPriceList } from './price-list';

// zod/mini like every schema the browser loads (docs/decisions/009)
const email = (label: string) =>
  z.pipe(
    z.string({ error: `${label} is required` }).check(z.trim(), z.minLength(1, `${label} is required`), z.maxLength(254, `${label} is too long (254 characters at most)`)),
    z.email(`${label} must be an email address, e.g. hello@example.com`),
  );
/** One line of text: a line break or control character would reach an email's subject, a text or a calendar file. */
const oneLine = (label: string) => z.regex(/^[^\p{Cc}]*$/u, `${label} must be one line, without line breaks or tabs`);
const text = (label: string, max: number) =>
  z.string({ error: `${label} is required` }).check(z.trim(), z.minLength(1, `${label} is required`), z.maxLength(max, `${label} is too long (${max} characters at most)`), oneLine(label));
/** A whole number within bounds, each refusal naming the field. */
const whole = (label: string, min: number, max: number, range: string, unit = 'a whole number') =>
  z.number({ error: `${label} must be a number` }).check(z.int(`${label} must be ${unit}`), z.minimum(min, `${label} ${range}`), z.maximum(max, `${label} ${range}`));
/** A price in cents, above zero and at most $10,000. */
const price = (label: string) =>
  z.number({ error: `${label} must be an amount` }).check(
    z.int(`${label} must be a whole number of cents`),
    z.minimum(1, `${label} must be more than $0.00`),
    z.maximum(1_000_000, `${label} must be at most $10,000.00`),
  );
const distinct = (values: readonly unknown[]) => new Set(values).size === values.length;

/** The time zones an owner can pick: the United States' (spec: customer-site 1, a US business). */
export const timeZones = ['America/New_York', 'America/Chicago', 'America/Denver', 'America/Phoenix', 'America/Los_Angeles', 'America/Anchorage', 'Pacific/Honolulu'] as const;

export const businessSection = z.strictObject({
  name: text('Business name', 80),
  tagline: z.string().check(z.trim(), z.maxLength(120, 'Tagline is too long (120 characters at most)'), oneLine('Tagline')),
  phone: z.string({ error: 'Phone is required' }).check(z.trim(), z.regex(/^\(\d{3}\) \d{3}-\d{4}$/, 'Phone must be a US number written (803) 555-0142')),
  /** What customers write to: shown on every page, email and invoice. */
  email: email('Customer email'),
  /** Where the business's own notices go: contact messages, abandoned checkouts, weight questions. */
  noticesEmail: email('Notices email'),
  streetAddress: text('Street address', 160),
  state: text('State', 40),
  stateCode: z.string({ error: 'State code is required' }).check(z.trim(), z.regex(/^[A-Z]{2}$/, 'State code must be two capital letters, e.g. SC')),
  timeZone: z.enum(timeZones, { error: 'Time zone must be one of the US time zones listed' }),
});

export const serviceAreaSection = z.strictObject({
  towns: z.array(text('Each town', 40)).check(z.minLength(1, 'Name at least one town'), z.maxLength(30, 'At most 30 towns')),
  zipCodes: z
    .array(z.string().check(z.regex(/^\d{5}$/, 'Each ZIP code must be 5 digits')))
    .check(z.minLength(1, 'Name at least one ZIP code'), z.maxLength(200, 'At most 200 ZIP codes'), z.refine(distinct, 'Each ZIP code once')),
});

const hour = (label: string) => whole(label, 0, 24, 'must be 0 to 24', 'a whole hour');
export const pickupWindow = z
  .strictObject({ startHour: hour('A window’s start'), endHour: hour('A window’s end') })
  .check(z.refine((w) => w.endHour > w.startHour, { message: 'A window must end after it starts', path: ['endHour'] }));
export type PickupWindow = z.output<typeof pickupWindow>;

const noOverlap = (windows: readonly PickupWindow[]) => [...windows].sort((a, b) => a.startHour - b.startHour).every((w, i, all) => i === 0 || w.startHour >= all[i - 1]!.endHour);

export const scheduleSection = z
  .strictObject({
    /** ISO weekdays, 1 = Monday. */
    serviceWeekdays: z
      .array(whole('Each service day', 1, 7, 'is a weekday 1 (Monday) to 7 (Sunday)'))
      .check(z.minLength(1, 'Choose at least one service day'), z.refine(distinct, 'Each service day once')),
    pickupWindows: z.array(pickupWindow).check(z.minLength(1, 'Give at least one pick-up window'), z.maxLength(6, 'At most 6 pick-up windows'), z.refine(noOverlap, 'Pick-up windows must not overlap')),
    capacityPerWindow: whole('Capacity per window', 1, 1000, 'must be 1 to 1000'),
    closedDates: z.array(z.string().check(z.refine(isIsoDate, 'Each closed date must be a real date (YYYY-MM-DD)'))).check(z.maxLength(366, 'At most 366 closed dates')),
    horizonDays: whole('Booking horizon', 1, 365, 'must be 1 to 365 days', 'whole days'),
    /** A pick-up today is taken until this many hours before its window starts (0: until it starts, as before). */
    sameDayCutoffHours: whole('Same-day cut-off', 0, 24, 'must be a number of hours from 0 to 24', 'whole hours'),
    /** The turnaround promise: back within this many hours at the earliest and the latest. */
    turnaroundHours: whole('Turnaround', 12, 168, 'must be a number of hours from 12 to 168', 'whole hours'),
    turnaroundLatestHours: whole('Latest turnaround', 12, 168, 'must be a number of hours from 12 to 168', 'whole hours'),
    /** Free cancellation until this many hours before the pick-up window starts. */
    freeCancellationHours: whole('Free cancellation', 0, 72, 'must be a number of hours from 0 to 72', 'whole hours'),
  })
  .check(z.refine((s) => s.turnaroundLatestHours >= s.turnaroundHours, { message: 'Latest turnaround must not be shorter than the turnaround', path: ['turnaroundLatestHours'] }));

export { type AddOnKey, addOnKeys, addOnLabels, type ManualAddOnKey, manualAddOnKeys, manualAddOnLabels } from './add-ons';

type Price = ReturnType<typeof price>;
const pricesOf = <K extends string>(keys: readonly K[], labels: Record<K, string>) => z.strictObject(Object.fromEntries(keys.map((k) => [k, price(labels[k])])) as Record<K, Price>);

export const pricesSection = z.strictObject({
  perPoundCents: price('Price per lb'),
  /** A bag's estimate; null: the spec's rule, price per lb × 12 lb × 1.5. */
  bagEstimateCents: z.nullable(price('Bag estimate')),
  addOnCents: pricesOf(addOnKeys, addOnLabels),
  noShowFeeCents: price('No-show fee'),
  proDefaultPerPoundCents: price('Pros’ default rate per lb'),
  manualInvoicePerPoundCents: price('Manual invoice price per lb'),
  manualInvoiceAddOnCents: pricesOf(manualAddOnKeys, manualAddOnLabels),
});

export const settingsSections = { business: businessSection, serviceArea: serviceAreaSection, schedule: scheduleSection, prices: pricesSection } as const;
export type SettingsSection = keyof typeof settingsSections;
export const settingsSectionNames = Object.keys(settingsSections) as SettingsSection[];
export const businessSettingsSchema = z.strictObject(settingsSections);
export type BusinessSettings = z.output<typeof businessSettingsSchema>;

/** The spec's values: a new installation's settings until its owner changes them. */
export const defaultSettings: BusinessSettings = {
  business: {
    name: business.name,
    tagline: business.tagline,
    phone: business.phone,
    email: business.email,
    noticesEmail: business.email,
    streetAddress: '120 Main St, Lexington, SC 29072',
    state: business.state,
    stateCode: business.stateCode,
    timeZone: business.timeZone,
  },
  serviceArea: {
    towns: [...business.towns],
    // the four towns of the landing page: Gilbert, Leesville, Lexington (two) and Pelion
    zipCodes: ['29054', '29070', '29072', '29073', '29123'],
  },
  schedule: {
    serviceWeekdays: [...business.serviceWeekdays],
    pickupWindows: pickupTimes.map((t) => ({ startHour: t.startHour, endHour: t.startHour + 4 })),
    capacityPerWindow: 8,
    closedDates: [],
    horizonDays: 90,
    sameDayCutoffHours: 0,
    turnaroundHours: 48,
    turnaroundLatestHours: 72,
    freeCancellationHours: business.freeCancellationHours,
  },
  prices: {
    perPoundCents: prices.perPoundCents,
    bagEstimateCents: null,
    addOnCents: { ...specPriceList.addOnCents },
    noShowFeeCents: prices.noShowFeeCents,
    proDefaultPerPoundCents: prices.proDefaultPerPoundCents,
    manualInvoicePerPoundCents: prices.manualInvoicePerPoundCents,
    manualInvoiceAddOnCents: { ...prices.manualInvoiceAddOnCents },
  },
};

export { bagEstimateCents } from './price-list';

/** Stored settings read back: each section checked, a section that no longer passes (or is missing) taken from the defaults. */
export function readStoredSettings(stored: unknown): BusinessSettings {
  const raw = (stored && typeof stored === 'object' ? stored : {}) as Record<string, unknown>;
  const out = { ...defaultSettings } as Record<SettingsSection, unknown>;
  for (const name of settingsSectionNames) {
    const parsed = z.safeParse(settingsSections[name], raw[name]);
    if (parsed.success) out[name] = parsed.data;
  }
  return out as BusinessSettings;
}

/** Each field of each section as the form labels it and the audit log names a change. */
export const settingsFieldLabels: { [S in SettingsSection]: Record<keyof BusinessSettings[S], string> } = {
  business: {
    name: 'Business name',
    tagline: 'Tagline',
    phone: 'Phone',
    email: 'Customer email',
    noticesEmail: 'Notices email',
    streetAddress: 'Street address',
    state: 'State',
    stateCode: 'State code',
    timeZone: 'Time zone',
  },
  serviceArea: { towns: 'Towns', zipCodes: 'ZIP codes' },
  schedule: {
    serviceWeekdays: 'Service days',
    pickupWindows: 'Pick-up windows',
    capacityPerWindow: 'Capacity per window',
    closedDates: 'Closed dates',
    horizonDays: 'Booking horizon',
    sameDayCutoffHours: 'Same-day cut-off',
    turnaroundHours: 'Turnaround',
    turnaroundLatestHours: 'Latest turnaround',
    freeCancellationHours: 'Free cancellation',
  },
  prices: {
    perPoundCents: 'Price per lb',
    bagEstimateCents: 'Bag estimate',
    addOnCents: 'Add-on prices',
    noShowFeeCents: 'No-show fee',
    proDefaultPerPoundCents: 'Pros’ default rate per lb',
    manualInvoicePerPoundCents: 'Manual invoice price per lb',
    manualInvoiceAddOnCents: 'Manual invoice add-on prices',
  },
};
