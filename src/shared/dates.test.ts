import { describe, expect, it } from 'vitest';
import { addDays, formatLongDate, isIsoDate, isoWeekday, nowIn, todayIn } from './dates';

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

describe('nowIn', () => {
  it('gives the business date and minutes past midnight', () => {
    // 14:30 UTC in November is 09:30 in New York (EST, UTC-5)
    expect(nowIn('America/New_York', new Date('2026-11-23T14:30:00Z'))).toEqual({ date: '2026-11-23', minutes: 570 });
    // 02:15 UTC on the 24th is 21:15 on the 23rd
    expect(nowIn('America/New_York', new Date('2026-11-24T02:15:00Z'))).toEqual({ date: '2026-11-23', minutes: 1275 });
  });

  it('keeps each time zone apart (its formats are built once per zone and reused)', () => {
    const now = new Date('2026-11-24T02:15:00Z');
    for (let i = 0; i < 2; i++) {
      expect(nowIn('America/New_York', now)).toEqual({ date: '2026-11-23', minutes: 1275 });
      expect(nowIn('UTC', now)).toEqual({ date: '2026-11-24', minutes: 135 });
      expect(nowIn('America/Los_Angeles', now)).toEqual({ date: '2026-11-23', minutes: 1095 });
    }
    expect(() => nowIn('Not/A_Zone', now)).toThrow(RangeError);
  });
});
