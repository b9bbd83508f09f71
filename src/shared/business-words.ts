// The business's settings in the words customers read (decision 055): its service days and hours
// as the site, the emails and the terms print them. No schema here: pages and emails load it.

/** The ISO weekdays' names, 1 = Monday at index 0. */
export const dayNames = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

/** [1, 3, 5] → 'Monday, Wednesday & Friday' (ISO weekdays, 1 = Monday, in the week's order). */
export function serviceDaysLabel(weekdays: readonly number[]): string {
  const names = [...new Set(weekdays)].sort((a, b) => a - b).map((d) => dayNames[d - 1] ?? String(d));
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} & ${names.at(-1)}`;
}

/** 8 → '8AM', 12 → '12PM', 0 and 24 → '12AM', 16 → '4PM'. */
export function hourLabel(hour: number): string {
  const h = hour % 24;
  return `${h % 12 === 0 ? 12 : h % 12}${h < 12 ? 'AM' : 'PM'}`;
}

/** The hours of the day from the first window's start to the last one's end: '8AM – 8PM'. */
export function serviceHoursLabel(windows: readonly { startHour: number; endHour: number }[]): string {
  if (windows.length === 0) return '';
  const start = Math.min(...windows.map((w) => w.startHour));
  const end = Math.max(...windows.map((w) => w.endHour));
  return `${hourLabel(start)} – ${hourLabel(end)}`;
}

/** A pick-up window as the owner sets it: whole hours, the end after the start (24: midnight). */
export type WindowHours = { startHour: number; endHour: number };

/** 8 → '8am', 12 → '12pm', 24 → '12am': the hour as a window's stored value spells it. */
function hourValue(hour: number): string {
  return hourLabel(hour).toLowerCase();
}

/** The value a booking stores for a window: { 8, 12 } → '8am-12pm' (the spec's three windows keep their values). */
export function windowValue(w: WindowHours): string {
  return `${hourValue(w.startHour)}-${hourValue(w.endHour)}`;
}

/** The window as customers read it: { 8, 12 } → '8AM – 12PM'. */
export function windowLabel(w: WindowHours): string {
  return `${hourLabel(w.startHour)} – ${hourLabel(w.endHour)}`;
}

/** What a stored value spells: a well-formed pick-up window value. */
export const windowValuePattern = /^(1[0-2]|[1-9])(am|pm)-(1[0-2]|[1-9])(am|pm)$/;

/** The hours of a stored value ('4pm-8pm' → { 16, 20 }; '6pm-12am' ends at midnight, 24), or null when it is no window of one day. */
export function windowHoursOf(value: string): WindowHours | null {
  const m = windowValuePattern.exec(value);
  if (!m) return null;
  const hour = (h: string, half: string) => (Number(h) % 12) + (half === 'pm' ? 12 : 0);
  const startHour = hour(m[1]!, m[2]!);
  const end = hour(m[3]!, m[4]!);
  const endHour = end === 0 ? 24 : end;
  return endHour > startHour ? { startHour, endHour } : null;
}

/** The windows a business offers, in the day's order, with their values and labels. */
export function offeredWindows(windows: readonly WindowHours[]): { value: string; label: string; startHour: number; endHour: number }[] {
  return [...windows].sort((a, b) => a.startHour - b.startHour).map((w) => ({ value: windowValue(w), label: windowLabel(w), startHour: w.startHour, endHour: w.endHour }));
}
