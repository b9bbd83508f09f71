// A report's range (decision 026): two calendar dates in the business time zone, both included,
// at most three years; a per-day series up to about two months, per week beyond.
import { addDays, isIsoDate, isoWeekday, type IsoDate } from './dates';

/** Three years of days: enough for any comparison staff make, small enough to chart. */
export const maxReportDays = 3 * 366;
/** Up to this many days the chart has a point per day; longer ranges have one per 7 days. */
export const maxDailyReportDays = 62;

export const reportRangeMessages = {
  from: 'The start date must be a date (YYYY-MM-DD)',
  to: 'The end date must be a date (YYYY-MM-DD)',
  order: 'The end date must be on or after the start date',
  length: 'A report covers at most 3 years: choose a shorter range',
} as const;

/** Days from `from` to `to`, both included (0 when `to` is before `from`). */
export function reportDays(from: IsoDate, to: IsoDate): number {
  const days = Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
  return Math.max(days, 0);
}

export type ReportBucket = 'day' | 'week';

export const reportBucket = (from: IsoDate, to: IsoDate): ReportBucket => (reportDays(from, to) <= maxDailyReportDays ? 'day' : 'week');

/** The first and last day of the month `yyyyMm` ('2026-11'), or null when it is not a month. */
export function monthRange(yyyyMm: string): { from: IsoDate; to: IsoDate } | null {
  const m = /^(\d{4})-(\d{2})$/.exec(yyyyMm);
  if (!m || !isIsoDate(`${yyyyMm}-01`)) return null;
  const [y, mo] = [Number(m[1]), Number(m[2])];
  const next = mo === 12 ? `${y + 1}-01-01` : `${y}-${String(mo + 1).padStart(2, '0')}-01`;
  return { from: `${yyyyMm}-01`, to: addDays(next, -1) };
}

/**
 * How many times each ISO weekday (1 = Monday) falls in the range, leaving out closed dates: the
 * days a pick-up window was offered, when `weekdays` are the service days.
 */
export function offeredDaysByWeekday(from: IsoDate, to: IsoDate, weekdays: readonly number[], closedDates: readonly IsoDate[]): Map<number, number> {
  const counts = new Map<number, number>(weekdays.map((d) => [d, 0]));
  const days = reportDays(from, to);
  // whole weeks at once, then the days left over: a 3-year range costs a few steps, not 1,000
  const weeks = Math.floor(days / 7);
  for (const d of weekdays) counts.set(d, weeks);
  for (let i = weeks * 7; i < days; i += 1) {
    const wd = isoWeekday(addDays(from, i));
    if (counts.has(wd)) counts.set(wd, counts.get(wd)! + 1);
  }
  for (const date of closedDates) {
    const wd = isoWeekday(date);
    if (date >= from && date <= to && counts.has(wd)) counts.set(wd, Math.max(counts.get(wd)! - 1, 0));
  }
  return counts;
}
