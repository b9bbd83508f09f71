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
