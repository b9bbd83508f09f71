// Calendar dates as 'YYYY-MM-DD' strings in the business time zone (docs/design.md 4), never the
// server's clock zone.

export type IsoDate = string;

const isoDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isIsoDate(value: string): boolean {
  const m = isoDatePattern.exec(value);
  if (!m) return false;
  const [, y, mo, d] = m.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

// Building an Intl.DateTimeFormat costs far more than formatting with one (two per quote were a
// tenth of the quote's CPU time): each is built once per time zone, and kept.
const dayFormats = new Map<string, Intl.DateTimeFormat>();
const clockFormats = new Map<string, Intl.DateTimeFormat>();
let longDateFormat: Intl.DateTimeFormat | undefined;

function formatIn(formats: Map<string, Intl.DateTimeFormat>, timeZone: string, make: () => Intl.DateTimeFormat): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = make();
    formats.set(timeZone, format);
  }
  return format;
}

/** Today's date in `timeZone`. */
export function todayIn(timeZone: string, now: Date = new Date()): IsoDate {
  const format = formatIn(dayFormats, timeZone, () => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }));
  return format.format(now); // en-CA formats as YYYY-MM-DD
}

function toUtc(date: IsoDate): Date {
  if (!isIsoDate(date)) throw new RangeError(`Not a calendar date: ${date}`);
  return new Date(`${date}T00:00:00Z`);
}

export function addDays(date: IsoDate, days: number): IsoDate {
  const d = toUtc(date);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** ISO weekday: 1 = Monday ... 7 = Sunday. */
export function isoWeekday(date: IsoDate): number {
  const day = toUtc(date).getUTCDay();
  return day === 0 ? 7 : day;
}

/** "Friday, November 27, 2026" */
export function formatLongDate(date: IsoDate): string {
  longDateFormat ??= new Intl.DateTimeFormat('en-US', { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
  return longDateFormat.format(toUtc(date));
}

/** The date and minutes past midnight in `timeZone` at `now`. */
export function nowIn(timeZone: string, now: Date = new Date()): { date: IsoDate; minutes: number } {
  const format = formatIn(clockFormats, timeZone, () => new Intl.DateTimeFormat('en-US', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }));
  const parts = format.formatToParts(now);
  const hour = Number(parts.find((p) => p.type === 'hour')?.value ?? 0);
  const minute = Number(parts.find((p) => p.type === 'minute')?.value ?? 0);
  return { date: todayIn(timeZone, now), minutes: hour * 60 + minute };
}

const instantFormats = new Map<string, Intl.DateTimeFormat>();

/** The instant a wall-clock hour of a date is in `timeZone` (24: the next midnight). */
export function instantAt(date: IsoDate, hour: number, timeZone: string): Date {
  const guess = toUtc(date);
  guess.setUTCHours(hour);
  // the zone's offset at that wall-clock time, found by formatting a UTC guess
  const format = formatIn(instantFormats, timeZone, () => new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' }));
  const parts = format.formatToParts(guess);
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  const asIfUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'));
  return new Date(guess.getTime() - (asIfUtc - guess.getTime()));
}
