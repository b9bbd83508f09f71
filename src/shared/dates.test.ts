import { describe, expect, it } from 'vitest';
import { addDays, formatLongDate, isIsoDate, isoWeekday, todayIn } from './dates';

describe('business dates', () => {
  it.each([
    ['2026-11-22', true],
    ['2026-02-29', false],
    ['2028-02-29', true],
    ['2026-13-01', false],
    ['26-11-22', false],
    ['2026-11-22T00:00', false],
  ])('isIsoDate(%s) is %s', (value, expected) => {
    expect(isIsoDate(value)).toBe(expected);
  });

  it.each([
    ['2026-11-23', 1],
    ['2026-11-25', 3],
    ['2026-11-27', 5],
    ['2026-11-22', 7],
  ])('isoWeekday(%s) is %i', (date, weekday) => {
    expect(isoWeekday(date)).toBe(weekday);
  });

  it('adds days across months and years', () => {
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it("uses the business time zone for today, not the server's", () => {
    // 03:30 UTC on the 23rd is still the 22nd in South Carolina
    const now = new Date('2026-11-23T03:30:00Z');
    expect(todayIn('America/New_York', now)).toBe('2026-11-22');
    expect(todayIn('UTC', now)).toBe('2026-11-23');
  });

  it('formats the long date', () => {
    expect(formatLongDate('2026-11-27')).toBe('Friday, November 27, 2026');
  });
});
