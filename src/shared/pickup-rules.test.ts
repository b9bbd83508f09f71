import { describe, expect, it } from 'vitest';
import { business } from './business';
import { checkPickupDate, checkServiceZip, type PickupDateRules } from './pickup-rules';

// Tuesday 2026-11-24: today + 90 is a Monday, today + 91 a Tuesday (refused for the horizon first)
const rules: PickupDateRules = { today: '2026-11-24', horizonDays: 90, closedDates: ['2026-12-28', '2027-01-01'], serviceWeekdays: business.serviceWeekdays };
const monday: PickupDateRules = { ...rules, today: '2026-11-23' };

describe('the pick-up date', () => {
  it.each<[string, PickupDateRules, string, string | null, RegExp | null]>([
    ['today (a Monday)', monday, '2026-11-23', null, null],
    ['the next Wednesday', rules, '2026-11-25', null, null],
    ['today + 90 (the last bookable day)', rules, '2027-02-22', null, null],
    ['today + 91', rules, '2027-02-23', 'pickup_date_too_far', /up to 90 days ahead: please choose a day until Monday, February 22, 2027/],
    ['a Monday past the horizon', monday, '2027-02-22', 'pickup_date_too_far', /until Sunday, February 21, 2027/],
    ['9999-12-31', rules, '9999-12-31', 'pickup_date_too_far', /up to 90 days ahead/],
    ['a year ahead', rules, '2027-11-24', 'pickup_date_too_far', /up to 90 days ahead/],
    ['yesterday', rules, '2026-11-23', 'pickup_date_past', /still ahead/],
    ['a Tuesday', rules, '2026-12-01', 'pickup_day_not_served', /Monday, Wednesday & Friday only/],
    ['a closed Monday', rules, '2026-12-28', 'pickup_date_closed', /closed on Monday, December 28, 2026/],
    ['a closed Friday', rules, '2027-01-01', 'pickup_date_closed', /closed on Friday, January 1, 2027/],
    ['not a date', rules, '2026-02-30', 'pickup_date_invalid', /YYYY-MM-DD/],
  ])('%s', (_label, r, date, code, message) => {
    const refusal = checkPickupDate(date, r);
    if (code === null) return expect(refusal).toBeNull();
    expect(refusal).toMatchObject({ field: 'pickupDate', code });
    expect(refusal!.message).toMatch(message!);
  });

  it('follows the configured horizon and weekdays', () => {
    expect(checkPickupDate('2026-12-01', { ...rules, serviceWeekdays: [2] })).toBeNull();
    expect(checkPickupDate('2026-12-04', { ...rules, horizonDays: 10 })).toBeNull();
    expect(checkPickupDate('2026-12-07', { ...rules, horizonDays: 10 })).toEqual({
      field: 'pickupDate',
      code: 'pickup_date_too_far',
      message: 'We take bookings up to 10 days ahead: please choose a day until Friday, December 4, 2026.',
      values: { horizonDays: 10, lastDay: '2026-12-04' },
    });
  });
});

describe('the service area', () => {
  const zips = ['29054', '29070', '29072', '29073', '29123'];
  it.each<[string, string | null]>([
    ['29072', null],
    ['29072-1234', null],
    [' 29123 ', null],
    ['90210', "Sorry, we don't pick up in 90210 yet"],
    ['90210-0001', "Sorry, we don't pick up in 90210 yet"],
    ['2907', null], // not a ZIP yet: the form's own rule answers
    ['', null],
  ])('%j', (zip, message) => {
    const refusal = checkServiceZip(zip, zips);
    if (message === null) return expect(refusal).toBeNull();
    expect(refusal).toEqual({ field: 'zipCode', code: 'zip_not_served', message, values: { zip: '90210' } });
  });
});
