import { describe, expect, it } from 'vitest';
import { isoWeekday } from '../../../shared/dates';
import { addMonths, dayLabel, daysInMonth, isSelectableDay, monthLabel, monthWeeks, moveFocus, type CalendarKey } from './calendar-grid';

describe('the month grid', () => {
  it.each([
    ['2026-11', 30, 5, 0], // November 2026 starts on a Sunday
    ['2026-02', 28, 4, 0], // February 2026: Sunday to Saturday, four full weeks
    ['2028-02', 29, 5, 2], // a leap February starting on a Tuesday
    ['2026-05', 31, 6, 5], // May 2026 starts on a Friday: six rows
  ])('%s has %i days in %i weeks, the 1st in column %i', (month, days, weeks, column) => {
    const grid = monthWeeks(month);
    expect(daysInMonth(month)).toBe(days);
    expect(grid).toHaveLength(weeks);
    expect(grid.every((w) => w.length === 7)).toBe(true);
    expect(grid[0]!.indexOf(`${month}-01`)).toBe(column);
    expect(grid.flat().filter(Boolean)).toHaveLength(days);
    // every day sits in its weekday's column (Sunday first)
    for (const week of grid) week.forEach((d, i) => d && expect(isoWeekday(d) % 7).toBe(i));
  });

  it.each([
    ['2026-11', 1, '2026-12'],
    ['2026-12', 1, '2027-01'],
    ['2027-01', -1, '2026-12'],
    ['2026-03', -14, '2025-01'],
  ])('%s plus %i months is %s', (month, n, expected) => expect(addMonths(month, n)).toBe(expected));

  it('names days as toDateString does and months in words', () => {
    expect(dayLabel('2026-11-23')).toBe('Mon Nov 23 2026');
    expect(dayLabel('2026-03-02')).toBe(new Date(2026, 2, 2).toDateString());
    expect(monthLabel('2026-11')).toBe('November 2026');
    // every month as Intl would name it
    const intl = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
    for (let m = 1; m <= 12; m++) expect(monthLabel(`2027-${String(m).padStart(2, '0')}`)).toBe(intl.format(new Date(Date.UTC(2027, m - 1, 1))));
  });
});

describe('moving the focus with the keyboard', () => {
  // Mondays, Wednesdays and Fridays from Mon 2026-11-23 to 2027-02-21, the 27th of November full
  const first = '2026-11-23';
  const last = '2027-02-21';
  const selectable = (iso: string) => [1, 3, 5].includes(isoWeekday(iso)) && iso !== '2026-11-27' && iso >= first && iso <= last;

  it.each<[string, CalendarKey, string | null]>([
    ['2026-11-23', 'ArrowRight', '2026-11-25'], // Mon → Wed, Tuesday skipped
    ['2026-11-25', 'ArrowRight', '2026-11-30'], // Wed → the full Friday skipped → Mon
    ['2026-11-25', 'ArrowLeft', '2026-11-23'],
    ['2026-11-23', 'ArrowLeft', null], // nothing before the first day
    ['2026-11-23', 'ArrowDown', '2026-11-30'], // a week on
    ['2026-11-30', 'ArrowUp', '2026-11-23'],
    ['2026-11-25', 'ArrowUp', null], // a week back is before the first day
    ['2026-11-20', 'ArrowDown', '2026-11-30'], // a week on is the full Friday: the next open day
    ['2026-12-02', 'Home', '2026-11-30'], // the week's first open day (its Monday)
    ['2026-11-30', 'End', '2026-12-04'], // the week's last open day (Friday)
    ['2026-11-25', 'End', '2026-11-25'], // the week's Friday is full: stay on Wednesday
    ['2026-11-23', 'PageDown', '2026-12-23'], // the same day next month (a Wednesday)
    ['2026-12-26', 'PageUp', '2026-11-25'], // the 26th of November is a Thursday: the open day before it
    ['2027-02-19', 'PageDown', null], // past the last day
    ['2027-02-19', 'ArrowRight', null],
  ])('from %s, %s goes to %s', (from, key, expected) => {
    expect(moveFocus(from, key, selectable, first, last)).toBe(expected);
  });
});

describe('the days that can be picked', () => {
  // today Tuesday 2026-11-24, a 90-day horizon (to Monday 2027-02-22), Monday 2026-12-28 closed
  const today = '2026-11-24';
  const lastDay = '2027-02-22';
  const closed = new Set(['2026-12-28']);
  const weekdays = [1, 3, 5];
  const selectable = (iso: string) => isSelectableDay(iso, today, lastDay, closed, weekdays);

  it.each<[string, boolean]>([
    ['2026-11-23', false], // yesterday
    ['2026-11-24', false], // today, a Tuesday
    ['2026-11-25', true],
    ['2026-12-28', false], // closed
    ['2026-12-30', true],
    ['2027-02-22', true], // the last day of the horizon
    ['2027-02-24', false], // past it
    ['9999-12-31', false],
  ])('%s: %s', (iso, expected) => expect(selectable(iso)).toBe(expected));

  it('moves the focus over a closed day and not past the horizon', () => {
    expect(moveFocus('2026-12-25', 'ArrowRight', selectable, today, lastDay)).toBe('2026-12-30');
    expect(moveFocus('2026-12-21', 'ArrowDown', selectable, today, lastDay)).toBe('2026-12-30');
    expect(moveFocus('2027-02-22', 'ArrowRight', selectable, today, lastDay)).toBeNull();
    expect(moveFocus('2027-02-19', 'End', selectable, today, lastDay)).toBe('2027-02-19');
  });
});
