import { describe, expect, it } from 'vitest';
import { instantAt } from './dates';
import { deliveryChoices, plannedDelivery, type DeliverySchedule } from './due-back';

// The spec's schedule: Monday, Wednesday and Friday, three four-hour windows, back in 48-72 hours.
// 2026-12-07 is a Monday; New York is five hours behind UTC in December.
const spec: DeliverySchedule = {
  timeZone: 'America/New_York',
  serviceWeekdays: [1, 3, 5],
  closedDates: [],
  pickupWindows: [
    { startHour: 8, endHour: 12 },
    { startHour: 12, endHour: 16 },
    { startHour: 16, endHour: 20 },
  ],
  turnaroundHours: 48,
};
const et = (date: string, hhmm: string) => new Date(`${date}T${hhmm}:00-05:00`);

describe('the delivery planned at the pick-up', () => {
  it.each([
    ['standard, Monday 9:30: the first window 48 hours on', et('2026-12-07', '09:30'), false, {}, { date: '2026-12-09', time: '12pm-4pm' }],
    ['standard, Monday 8:00: a window starting at 48 hours exactly', et('2026-12-07', '08:00'), false, {}, { date: '2026-12-09', time: '8am-12pm' }],
    ['standard, Wednesday 18:00: Friday has no window left, Monday', et('2026-12-09', '18:00'), false, {}, { date: '2026-12-14', time: '8am-12pm' }],
    ['standard, Friday 17:00: over the weekend, Monday morning', et('2026-12-11', '17:00'), false, {}, { date: '2026-12-14', time: '8am-12pm' }],
    ['standard, Wednesday closed: Friday', et('2026-12-07', '09:30'), false, { closedDates: ['2026-12-09'] }, { date: '2026-12-11', time: '8am-12pm' }],
    ['standard, a 24-hour turnaround: Tuesday is no service day, Wednesday', et('2026-12-07', '09:30'), false, { turnaroundHours: 24 }, { date: '2026-12-09', time: '8am-12pm' }],
    ['rush, Monday 9:30: the last window within 24 hours, the same evening', et('2026-12-07', '09:30'), true, {}, { date: '2026-12-07', time: '4pm-8pm' }],
    ['rush, every day served, Monday 17:00: Tuesday 4pm within 24 hours', et('2026-12-07', '17:00'), true, { serviceWeekdays: [1, 2, 3, 4, 5, 6, 7] }, { date: '2026-12-08', time: '4pm-8pm' }],
    ['rush, Friday 17:00: none within 24 hours, the first after', et('2026-12-11', '17:00'), true, {}, { date: '2026-12-14', time: '8am-12pm' }],
    ['owner’s windows: 9-1 and 2-6', et('2026-12-07', '13:00'), false, { pickupWindows: [{ startHour: 9, endHour: 13 }, { startHour: 14, endHour: 18 }] }, { date: '2026-12-09', time: '2pm-6pm' }],
  ])('%s', (_name, pickedUpAt, rush, change, expected) => {
    expect(plannedDelivery(pickedUpAt, rush, { ...spec, ...change })).toEqual(expected);
  });

  it('is null when no day is served for three weeks', () => {
    const closed = Array.from({ length: 30 }, (_, i) => new Date(Date.UTC(2026, 11, 7 + i)).toISOString().slice(0, 10));
    expect(plannedDelivery(et('2026-12-07', '09:30'), false, { ...spec, closedDates: closed })).toBeNull();
  });
});

describe('the windows a customer may move the delivery to', () => {
  it('are the planned one and every later window for a week, while still to come', () => {
    const choices = deliveryChoices({ date: '2026-12-09', time: '12pm-4pm' }, et('2026-12-07', '10:00'), spec);
    expect(choices[0]).toEqual({ date: '2026-12-09', time: '12pm-4pm' });
    expect(choices.map((c) => c.date)).toEqual(['2026-12-09', '2026-12-09', ...Array(3).fill('2026-12-11'), ...Array(3).fill('2026-12-14'), ...Array(3).fill('2026-12-16')]);
  });

  it('leave out a window that has started', () => {
    const choices = deliveryChoices({ date: '2026-12-09', time: '12pm-4pm' }, et('2026-12-09', '13:00'), spec);
    expect(choices[0]).toEqual({ date: '2026-12-09', time: '4pm-8pm' });
    expect(choices).toHaveLength(10);
  });
});

describe('a wall-clock hour in the business’s zone', () => {
  it.each([
    ['2026-12-07', 8, '2026-12-07T13:00:00.000Z'],
    ['2027-03-15', 8, '2027-03-15T12:00:00.000Z'],
    ['2026-12-07', 24, '2026-12-08T05:00:00.000Z'],
  ])('%s at %i is %s', (date, hour, iso) => {
    expect(instantAt(date, hour, 'America/New_York').toISOString()).toBe(iso);
  });
});
