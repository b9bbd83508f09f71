// Recurring pick-ups (decision 024), table-driven: the first date after the booking it repeats,
// when an occurrence is due, and the series in words.
import { describe, expect, it } from 'vitest';
import { firstSeriesDate, isDue, seriesLabel } from './series';

describe('a series in time', () => {
  it.each([
    // booked Wed Nov 25, today Mon Nov 23: weekly → Dec 2; every two weeks → Dec 9
    ['2026-11-25', 1, '2026-11-23', '2026-12-02'],
    ['2026-11-25', 2, '2026-11-23', '2026-12-09'],
    // started from an order weeks ago: the first date still ahead of today
    ['2026-11-02', 1, '2026-11-23', '2026-11-30'],
    ['2026-11-02', 2, '2026-11-23', '2026-11-30'],
    ['2026-11-09', 2, '2026-11-23', '2026-12-07'],
    // today itself is too late for a new occurrence
    ['2026-11-16', 1, '2026-11-23', '2026-11-30'],
  ] as const)('from %s every %i week(s), today %s: first %s', (from, every, today, first) => {
    expect(firstSeriesDate(from, every, today)).toBe(first);
  });

  it.each([
    ['2026-12-02', '2026-11-28', false],
    ['2026-12-02', '2026-11-29', true],
    ['2026-12-02', '2026-12-01', true],
  ] as const)('the occurrence of %s is due on %s: %s', (next, today, due) => {
    expect(isDue(next, today)).toBe(due);
  });

  it.each([
    [{ everyWeeks: 1, nextDate: '2026-12-02', pickupTime: '8am-12pm' }, 'Every week on Wednesday, 8AM – 12PM'],
    [{ everyWeeks: 2, nextDate: '2026-12-04', pickupTime: '4pm-8pm' }, 'Every 2 weeks on Friday, 4PM – 8PM'],
  ])('%o reads "%s"', (s, words) => {
    expect(seriesLabel(s)).toBe(words);
  });
});
