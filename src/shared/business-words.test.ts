// The settings in customers' words (decision 055): the spec's days and hours read as the spec
// prints them, and other choices as a person would write them.
import { describe, expect, it } from 'vitest';
import { business } from './business';
import { hourLabel, serviceDaysLabel, serviceHoursLabel } from './business-words';
import { phoneHref } from './phone';
import { defaultSettings } from './settings';

describe('the business in words', () => {
  it('reads the spec’s settings as the spec prints them', () => {
    expect(serviceDaysLabel(defaultSettings.schedule.serviceWeekdays)).toBe(business.serviceDaysLabel);
    expect(serviceHoursLabel(defaultSettings.schedule.pickupWindows)).toBe(business.serviceHoursLabel);
    expect(phoneHref(defaultSettings.business.phone)).toBe(business.phoneHref);
  });

  it.each([
    [[6], 'Saturday'],
    [[2, 4], 'Tuesday & Thursday'],
    [[5, 1, 3], 'Monday, Wednesday & Friday'],
    [[1, 2, 3, 4, 5, 6, 7], 'Monday, Tuesday, Wednesday, Thursday, Friday, Saturday & Sunday'],
  ])('days %j read %s', (days, words) => {
    expect(serviceDaysLabel(days)).toBe(words);
  });

  it.each([
    [0, '12AM'],
    [8, '8AM'],
    [11, '11AM'],
    [12, '12PM'],
    [16, '4PM'],
    [24, '12AM'],
  ])('hour %i reads %s', (hour, words) => {
    expect(hourLabel(hour)).toBe(words);
  });

  it('reads the hours from the first window’s start to the last one’s end', () => {
    expect(serviceHoursLabel([{ startHour: 14, endHour: 18 }, { startHour: 9, endHour: 13 }])).toBe('9AM – 6PM');
  });
});
