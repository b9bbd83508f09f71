// The Settings form's text to values and back (decision 055): the defaults survive the round trip,
// and each refusal the issue lists is shown under its own field with a message naming it.
import { describe, expect, it } from 'vitest';
import { defaultSettings, settingsSectionNames } from '../../../shared/settings';
import { parseDollarsToCents } from '../../../shared/pricing';
import { fieldKeyOf, fromDraft, toDraft } from './settings-form';

describe('the Settings form', () => {
  it.each(settingsSectionNames)('reads the %s section’s defaults back unchanged', (section) => {
    expect(fromDraft(section, toDraft(section, defaultSettings[section]))).toEqual({ ok: true, values: defaultSettings[section] });
  });

  it.each([
    ['2', 200],
    ['2.5', 250],
    ['2.00', 200],
    ['$1.75', 175],
    [' 31.50 ', 3150],
    ['0.01', 1],
    ['2.005', null],
    ['-2', null],
    ['two', null],
    ['', null],
  ])('the form reads %j dollars as %s cents (the shared parseDollarsToCents)', (text, cents) => {
    expect(parseDollarsToCents(text)).toBe(cents);
  });

  const prices = toDraft('prices', defaultSettings.prices);
  const schedule = toDraft('schedule', defaultSettings.schedule);
  const business = toDraft('business', defaultSettings.business);
  const area = toDraft('serviceArea', defaultSettings.serviceArea);
  it.each([
    ['a price of 0', 'prices', { ...prices, perPoundCents: '0' }, 'perPoundCents', 'Price per lb must be more than $0.00'],
    ['a price that is not an amount', 'prices', { ...prices, perPoundCents: 'two' }, 'perPoundCents', 'Price per lb must be an amount in dollars, e.g. 2.00'],
    ['an add-on at 0', 'prices', { ...prices, 'addOnCents.oxiClean': '0.00' }, 'addOnCents.oxiClean', 'Oxi-clean must be more than $0.00'],
    ['a window that ends before it starts', 'schedule', { ...schedule, pickupWindows: '12-8' }, 'pickupWindows', 'A window must end after it starts'],
    ['overlapping windows', 'schedule', { ...schedule, pickupWindows: '8-12\n10-14' }, 'pickupWindows', 'Pick-up windows must not overlap'],
    ['a window written otherwise', 'schedule', { ...schedule, pickupWindows: '8am to noon' }, 'pickupWindows', 'Pick-up windows: write each as start-end hours, e.g. 8-12'],
    ['no service day', 'schedule', { ...schedule, serviceWeekdays: '' }, 'serviceWeekdays', 'Choose at least one service day'],
    ['a capacity of 0', 'schedule', { ...schedule, capacityPerWindow: '0' }, 'capacityPerWindow', 'Capacity per window must be 1 to 1000'],
    ['a capacity left empty', 'schedule', { ...schedule, capacityPerWindow: '' }, 'capacityPerWindow', 'Capacity per window must be a number'],
    ['a ZIP code of 4 digits', 'serviceArea', { ...area, zipCodes: '29072\n2907' }, 'zipCodes', 'Each ZIP code must be 5 digits'],
    ['an email that is not one', 'business', { ...business, noticesEmail: 'owner at example' }, 'noticesEmail', 'Notices email must be an email address, e.g. hello@example.com'],
    ['a phone written otherwise', 'business', { ...business, phone: '803-555-0142' }, 'phone', 'Phone must be a US number written (803) 555-0142'],
  ] as const)('refuses %s under its field', (_, section, draft, key, message) => {
    const result = fromDraft(section, draft);
    expect(result.ok).toBe(false);
    expect(result.ok === false && result.errors[key]).toBe(message);
  });

  it('turns the owner’s text into values: $2.00/lb, an empty bag estimate the rule, days and windows in order', () => {
    const result = fromDraft('prices', { ...prices, perPoundCents: '2.00', bagEstimateCents: '' });
    expect(result).toMatchObject({ ok: true, values: { perPoundCents: 200, bagEstimateCents: null } });
    expect(fromDraft('schedule', { ...schedule, serviceWeekdays: '5,1,3', pickupWindows: '9-13\n14-18' })).toMatchObject({
      ok: true,
      values: { serviceWeekdays: [1, 3, 5], pickupWindows: [{ startHour: 9, endHour: 13 }, { startHour: 14, endHour: 18 }] },
    });
  });

  it.each([
    [['pickupWindows', '1', 'endHour'], 'pickupWindows'],
    [['addOnCents', 'oxiClean'], 'addOnCents.oxiClean'],
    [['zipCodes', '0'], 'zipCodes'],
    [['nothing'], '_'],
  ])('puts the server’s message for %j under %s', (path, key) => {
    expect(fieldKeyOf(path[0] === 'addOnCents' ? 'prices' : path[0] === 'zipCodes' ? 'serviceArea' : 'schedule', path)).toBe(key);
  });
});
