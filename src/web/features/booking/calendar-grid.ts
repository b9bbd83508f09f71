// The pick-up calendar's arithmetic on 'YYYY-MM-DD' strings (no Date in the browser's zone): the
// weeks of a month, and where the keyboard takes the focus (WAI-ARIA date grid: arrows move a day
// or a week, Home/End to the week's ends, PageUp/PageDown a month), skipping days that can't be
// picked the way the arrow points.
import { addDays, isoWeekday, type IsoDate } from '../../../shared/dates';

/**
 * Whether a day can be picked: from today to the last day of the booking horizon, a pick-up
 * weekday, not closed (a day the owner closed, or one whose windows are all taken). spec:
 * customer-site 5.
 */
export function isSelectableDay(iso: IsoDate, today: IsoDate, lastDay: IsoDate, closedDays: Set<IsoDate>, weekdays: readonly number[]): boolean {
  return iso >= today && iso <= lastDay && weekdays.includes(isoWeekday(iso)) && !closedDays.has(iso);
}

/** 'YYYY-MM' of a date. */
export const monthOf = (iso: IsoDate) => iso.slice(0, 7);

export function addMonths(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + n;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

export function daysInMonth(month: string): number {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/** The month's weeks, Sunday first; days of other months are null. */
export function monthWeeks(month: string): (IsoDate | null)[][] {
  const first = `${month}-01`;
  const lead = isoWeekday(first) % 7; // Sunday = 0
  const cells: (IsoDate | null)[] = Array.from({ length: lead }, () => null);
  for (let d = 0; d < daysInMonth(month); d++) cells.push(addDays(first, d));
  while (cells.length % 7) cells.push(null);
  const weeks: (IsoDate | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** "Mon Nov 23 2026": the day buttons' names (as Date.prototype.toDateString writes them). */
export function dayLabel(iso: IsoDate): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).toUTCString().replace(/^(\w{3}), (\d{2}) (\w{3}) (\d{4}).*$/, '$1 $3 $2 $4');
}

const monthNames = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** "November 2026", written out: an Intl format made as the page starts costs a slow phone's page start (decision 065). */
export function monthLabel(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return `${monthNames[m - 1]} ${y}`;
}

export type CalendarKey = 'ArrowLeft' | 'ArrowRight' | 'ArrowUp' | 'ArrowDown' | 'Home' | 'End' | 'PageUp' | 'PageDown';

/**
 * The day the focus moves to from `from` on `key`, or null when no day that way can be picked
 * (within `first`..`last`). A step lands on the next selectable day in the same direction.
 */
export function moveFocus(from: IsoDate, key: CalendarKey, selectable: (iso: IsoDate) => boolean, first: IsoDate, last: IsoDate): IsoDate | null {
  let target: IsoDate;
  let step: number;
  switch (key) {
    case 'ArrowLeft':
      [target, step] = [addDays(from, -1), -1];
      break;
    case 'ArrowRight':
      [target, step] = [addDays(from, 1), 1];
      break;
    case 'ArrowUp':
      [target, step] = [addDays(from, -7), -7];
      break;
    case 'ArrowDown':
      [target, step] = [addDays(from, 7), 7];
      break;
    case 'Home':
      [target, step] = [addDays(from, -(isoWeekday(from) % 7)), 1];
      break;
    case 'End':
      [target, step] = [addDays(from, 6 - (isoWeekday(from) % 7)), -1];
      break;
    case 'PageUp':
    case 'PageDown': {
      const month = addMonths(monthOf(from), key === 'PageUp' ? -1 : 1);
      const day = Math.min(Number(from.slice(8)), daysInMonth(month));
      [target, step] = [`${month}-${String(day).padStart(2, '0')}`, key === 'PageUp' ? -1 : 1];
      break;
    }
  }
  const dayStep = Math.sign(step);
  if (key === 'Home' || key === 'End') {
    // the first (last) selectable day of the week, looking back towards where the focus is
    for (let at = target; ; at = addDays(at, dayStep)) {
      if (at >= first && at <= last && selectable(at)) return at;
      if (at === from) return null;
    }
  }
  // a step that lands on a closed day keeps going by days, the way the key points
  for (let at = target; at >= first && at <= last; at = addDays(at, dayStep)) if (selectable(at)) return at;
  return null;
}

/** A window that cannot be chosen on this day: full, or started (or past its same-day cut-off). */
export function windowTaken(a: { full: ReadonlySet<string>; started: ReadonlySet<string> }, iso: string, value: string): boolean {
  return a.full.has(`${iso}|${value}`) || a.started.has(`${iso}|${value}`);
}

/** The days no pick-up can go on: closed by the owner, or every window full or started ('YYYY-MM-DD|window' keys). */
export function closedDays(a: { windows: readonly unknown[]; closed: readonly string[]; full: Iterable<string>; started: Iterable<string> }): Set<string> {
  const all = a.windows.length;
  const counts = new Map<string, number>(a.closed.map((d) => [d, all]));
  for (const key of [...a.full, ...a.started]) {
    const [date] = key.split('|');
    counts.set(date!, (counts.get(date!) ?? 0) + 1);
  }
  return new Set([...counts].filter(([, n]) => n >= all).map(([d]) => d));
}
