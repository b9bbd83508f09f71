// Recurring pick-ups (decision 024): the dates of a series and its words. A series repeats a
// booking every one or two weeks on the same weekday and window; each occurrence is made a few
// days ahead of its day.
import { pickupWindowLabel } from './business';
import { addDays, isoWeekday, type IsoDate } from './dates';

export const seriesEveryWeeksValues = [1, 2] as const;
export type SeriesEveryWeeks = (typeof seriesEveryWeeksValues)[number];

/** How many days ahead of its day an occurrence is made (and its hold placed). */
export const seriesLeadDays = 3;

const weekdays = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** The first day after `from` the series comes, at least `after` (today), on the same weekday. */
export function firstSeriesDate(from: IsoDate, everyWeeks: number, after: IsoDate): IsoDate {
  let date = addDays(from, 7 * everyWeeks);
  while (date <= after) date = addDays(date, 7 * everyWeeks);
  return date;
}

/** Whether the occurrence of this day is to be made now (it is within the lead days). */
export function isDue(nextDate: IsoDate, today: IsoDate): boolean {
  return nextDate <= addDays(today, seriesLeadDays);
}

/** "Every week on Wednesday, 8AM – 12PM", "Every 2 weeks on Friday, 4PM – 8PM". */
export function seriesLabel(s: { everyWeeks: number; nextDate: IsoDate; pickupTime: string }): string {
  const every = s.everyWeeks === 1 ? 'Every week' : `Every ${s.everyWeeks} weeks`;
  return `${every} on ${weekdays[isoWeekday(s.nextDate) - 1]}, ${pickupWindowLabel(s.pickupTime)}`;
}

export const seriesStatusLabels = { active: 'Active', paused: 'Paused', stopped: 'Stopped' } as const;
