// The settings in customers' words (decision 055): the spec's days and hours read as the spec
// prints them, and other choices as a person would write them.
import { describe, expect, it } from 'vitest';
import { business } from './business';
import { hourLabel, offeredWindows, serviceDaysLabel, serviceHoursLabel, windowHoursOf, windowLabel, windowValue } from './business-words';
import { pickupTimes } from './business';
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

  // a booking stores its window as a value; the owner's windows are whole hours (decision 055)
  it.each([
    [8, 12, '8am-12pm', '8AM – 12PM'],
    [12, 16, '12pm-4pm', '12PM – 4PM'],
    [16, 20, '4pm-8pm', '4PM – 8PM'],
    [9, 13, '9am-1pm', '9AM – 1PM'],
    [0, 4, '12am-4am', '12AM – 4AM'],
    [18, 24, '6pm-12am', '6PM – 12AM'],
  ])('the window %i to %i is stored as %s and reads %s, and its value gives its hours back', (startHour, endHour, value, label) => {
    expect(windowValue({ startHour, endHour })).toBe(value);
    expect(windowLabel({ startHour, endHour })).toBe(label);
    expect(windowHoursOf(value)).toEqual({ startHour, endHour });
  });

  it('keeps the spec’s windows’ values, so bookings made before Settings read as they did', () => {
    expect(offeredWindows(defaultSettings.schedule.pickupWindows)).toEqual(pickupTimes.map((t) => ({ value: t.value, label: t.label, startHour: t.startHour, endHour: t.startHour + 4 })));
  });

  it.each(['noon', '9pm-1am', '4pm-4pm', '13pm-2pm', '8AM-12PM', ' 8am-12pm'])('%j is no window', (value) => {
    expect(windowHoursOf(value)).toBeNull();
  });
});
