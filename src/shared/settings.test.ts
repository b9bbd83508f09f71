import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { bagEstimateCents, businessSettingsSchema, defaultSettings, readStoredSettings, settingsSections, type SettingsSection } from './settings';

describe('the default settings are the spec’s values', () => {
  it.each([
    ['price per lb', defaultSettings.prices.perPoundCents, 175],
    ['a bag’s estimate ($1.75 × 12 lb × 1.5)', bagEstimateCents(defaultSettings.prices), 3150],
    ['rush delivery', defaultSettings.prices.addOnCents.rushDelivery, 1000],
    ['hang-dried delicates', defaultSettings.prices.addOnCents.hangDriedDelicates, 200],
    ['oxi-clean', defaultSettings.prices.addOnCents.oxiClean, 100],
    ['stain treatment', defaultSettings.prices.addOnCents.stainTreatment, 200],
    ['sports uniform', defaultSettings.prices.addOnCents.sportsUniforms, 1000],
    ['blanket twin/queen', defaultSettings.prices.addOnCents.blanketsQueen, 1500],
    ['blanket king', defaultSettings.prices.addOnCents.blanketsKing, 2000],
    ['mattress pad twin/queen', defaultSettings.prices.addOnCents.mattressPadsQueen, 1200],
    ['mattress pad king', defaultSettings.prices.addOnCents.mattressPadsKing, 1500],
    ['no-show fee', defaultSettings.prices.noShowFeeCents, 2000],
    ['a pro’s default rate per lb', defaultSettings.prices.proDefaultPerPoundCents, 75],
    ['manual invoice per lb', defaultSettings.prices.manualInvoicePerPoundCents, 140],
    ['manual invoice fabric softener', defaultSettings.prices.manualInvoiceAddOnCents.fabricSoftener, 300],
    ['manual invoice sports uniforms', defaultSettings.prices.manualInvoiceAddOnCents.sportsUniforms, 800],
    ['free cancellation, hours before pick-up', defaultSettings.schedule.freeCancellationHours, 2],
    ['turnaround, hours', defaultSettings.schedule.turnaroundHours, 48],
    ['latest turnaround, hours', defaultSettings.schedule.turnaroundLatestHours, 72],
  ])('%s', (_what, actual, expected) => expect(actual).toBe(expected));

  it('Monday, Wednesday and Friday, 8AM to 8PM in three windows, and they pass their own checks', () => {
    expect(defaultSettings.schedule.serviceWeekdays).toEqual([1, 3, 5]);
    expect(defaultSettings.schedule.pickupWindows).toEqual([
      { startHour: 8, endHour: 12 },
      { startHour: 12, endHour: 16 },
      { startHour: 16, endHour: 20 },
    ]);
    expect(z.parse(businessSettingsSchema, defaultSettings)).toEqual(defaultSettings);
  });
});

describe('a bag’s estimate', () => {
  it.each([
    [175, null, 3150],
    [200, null, 3600],
    [199, null, 3582],
    [175, 2999, 2999],
  ])('at %i¢/lb, set to %s: %i¢', (perPoundCents, set, expected) => expect(bagEstimateCents({ perPoundCents, bagEstimateCents: set })).toBe(expected));
});

/** A section with one field changed. */
function change<S extends SettingsSection>(section: S, values: Record<string, unknown>) {
  return { ...defaultSettings[section], ...values };
}

describe('bad input is refused with a message naming the field', () => {
  it.each<[string, SettingsSection, Record<string, unknown>, string]>([
    ['a price of 0', 'prices', { perPoundCents: 0 }, 'Price per lb must be more than $0.00'],
    ['a price below 0', 'prices', { noShowFeeCents: -100 }, 'No-show fee must be more than $0.00'],
    ['a price in fractions of a cent', 'prices', { perPoundCents: 17.5 }, 'Price per lb must be a whole number of cents'],
    ['an add-on at 0', 'prices', { addOnCents: { ...defaultSettings.prices.addOnCents, oxiClean: 0 } }, 'Oxi-clean must be more than $0.00'],
    ['a window that ends before it starts', 'schedule', { pickupWindows: [{ startHour: 12, endHour: 8 }] }, 'A window must end after it starts'],
    ['overlapping windows', 'schedule', { pickupWindows: [{ startHour: 8, endHour: 12 }, { startHour: 11, endHour: 15 }] }, 'Pick-up windows must not overlap'],
    ['no service day', 'schedule', { serviceWeekdays: [] }, 'Choose at least one service day'],
    ['a capacity of 0', 'schedule', { capacityPerWindow: 0 }, 'Capacity per window must be 1 to 1000'],
    ['a closed date that is no date', 'schedule', { closedDates: ['2026-02-30'] }, 'Each closed date must be a real date (YYYY-MM-DD)'],
    ['a ZIP code of 4 digits', 'serviceArea', { zipCodes: ['2907'] }, 'Each ZIP code must be 5 digits'],
    ['a ZIP code twice', 'serviceArea', { zipCodes: ['29072', '29072'] }, 'Each ZIP code once'],
    ['no town', 'serviceArea', { towns: [] }, 'Name at least one town'],
    ['an email that is not one', 'business', { noticesEmail: 'owner at home' }, 'Notices email must be an email address, e.g. hello@example.com'],
    ['no name', 'business', { name: '   ' }, 'Business name is required'],
    ['a phone not written as a US number', 'business', { phone: '555 0142' }, 'Phone must be a US number written (803) 555-0142'],
    ['a name of two lines (it would reach an email’s subject)', 'business', { name: 'Suds\nBcc: someone' }, 'Business name must be one line, without line breaks or tabs'],
    ['a tagline with a tab', 'business', { tagline: 'fresh\tfolded' }, 'Tagline must be one line, without line breaks or tabs'],
    ['a town with a line break', 'serviceArea', { towns: ['Lexing\rton'] }, 'Each town must be one line, without line breaks or tabs'],
    ['a time zone outside the list', 'business', { timeZone: 'Europe/Paris' }, 'Time zone must be one of the US time zones listed'],
  ])('%s', (_what, section, values, message) => {
    const parsed = z.safeParse(settingsSections[section], change(section, values));
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.message)).toContain(message);
  });
});

describe('stored settings read back', () => {
  it('take the defaults for a missing or broken section and keep the others', () => {
    const stored = { business: { ...defaultSettings.business, name: 'Suds & Co.' }, prices: { perPoundCents: 'two dollars' } };
    const read = readStoredSettings(stored);
    expect(read.business.name).toBe('Suds & Co.');
    expect(read.prices).toEqual(defaultSettings.prices);
    expect(read.schedule).toEqual(defaultSettings.schedule);
    expect(readStoredSettings(null)).toEqual(defaultSettings);
  });
});
