import { describe, expect, it } from 'vitest';
import { averageBillCents, capacityPercent } from './pricing-reports';
import { monthRange, offeredDaysByWeekday, reportBucket, reportDays } from './report-range';

describe('the average bill (decision 026): revenue over the weighed bookings, to the nearest cent', () => {
  it.each([
    [0, 0, 0],
    [2585, 1, 2585],
    [19_385, 4, 4846], // $48.4625
    [10, 4, 3], // 2.5 cents: half a cent up
    [5, 2, 3],
    [7, 3, 2], // 2.33
    [8, 3, 3], // 2.67
    [0, 5, 0],
    [2 ** 50, 1, 2 ** 50],
    [2 ** 50 + 1, 2, 2 ** 49 + 1],
  ])('%i cents over %i bookings is %i cents', (revenue, weighed, expected) => {
    expect(averageBillCents(revenue, weighed)).toBe(expected);
  });
  it('refuses cents that are not whole, and negative counts', () => {
    expect(() => averageBillCents(10.5, 1)).toThrow(RangeError);
    expect(() => averageBillCents(10, -1)).toThrow(RangeError);
  });
});

describe('how full a window was', () => {
  it.each([
    [0, 0, 0],
    [3, 0, 0],
    [1, 16, 6],
    [8, 8, 100],
    [9, 8, 112],
  ])('%i bookings of %i places: %i%%', (bookings, capacity, expected) => expect(capacityPercent(bookings, capacity)).toBe(expected));
});

describe('a report’s range', () => {
  it('counts its days, both ends included, and charts by day up to 62 days', () => {
    expect(reportDays('2026-12-01', '2026-12-31')).toBe(31);
    expect(reportDays('2026-12-01', '2026-12-01')).toBe(1);
    expect(reportDays('2026-12-02', '2026-12-01')).toBe(0);
    expect(reportDays('2024-01-01', '2026-12-31')).toBe(1096);
    expect(reportBucket('2026-11-01', '2027-01-01')).toBe('day'); // 62 days
    expect(reportBucket('2026-11-01', '2027-01-02')).toBe('week');
  });
  it('reads a month', () => {
    expect(monthRange('2026-12')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(monthRange('2028-02')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(monthRange('2026-13')).toBeNull();
    expect(monthRange('12-2026')).toBeNull();
  });
  it('counts the days each service weekday was offered, closed days left out', () => {
    expect(Object.fromEntries(offeredDaysByWeekday('2026-12-01', '2026-12-31', [1, 3, 5], []))).toEqual({ 1: 4, 3: 5, 5: 4 });
    expect(Object.fromEntries(offeredDaysByWeekday('2026-12-01', '2026-12-31', [1, 3, 5], ['2026-12-25', '2026-12-26', '2027-01-01']))).toEqual({ 1: 4, 3: 5, 5: 3 });
    expect(Object.fromEntries(offeredDaysByWeekday('2026-12-07', '2026-12-07', [1, 3, 5], []))).toEqual({ 1: 1, 3: 0, 5: 0 });
    // three years: 156 or 157 of each weekday
    const long = offeredDaysByWeekday('2024-01-01', '2026-12-31', [1, 3, 5], []);
    expect([...long.values()].every((n) => n === 156 || n === 157)).toBe(true);
  });
});
