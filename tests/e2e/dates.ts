// Dates the browser tests book on, shared by the spec files.

/** The next Monday, Wednesday or Friday at least two days ahead, in the business's time zone. */
export function nextServiceDay(): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 2);
  while (![1, 3, 5].includes(d.getUTCDay())) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** A day `days` from today in the business's time zone, at noon UTC. */
export function todayPlus(days: number): Date {
  const d = new Date(`${new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date())}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d;
}

/** The month (YYYY-MM) reports.spec.ts fills and reads whole: 40 days ahead on a desktop, 70 on a phone. No other spec books in it. */
export function reportsMonth(project: 'desktop' | 'phone'): string {
  return todayPlus(project === 'phone' ? 70 : 40).toISOString().slice(0, 7);
}

/**
 * The Mondays, Wednesdays and Fridays no other spec books, for a spec that reads a whole day (the
 * schedule): past the days the journeys book (up to two weeks and a half ahead, a series' next
 * two included, and the closed day two weeks ahead), within the 90 days one can book, and outside
 * both months Reports reads.
 */
export function quietServiceDays(): string[] {
  const reports = new Set([reportsMonth('desktop'), reportsMonth('phone')]);
  const days: string[] = [];
  for (let n = 19; n <= 88; n++) {
    const d = todayPlus(n);
    const day = d.toISOString().slice(0, 10);
    if ([1, 3, 5].includes(d.getUTCDay()) && !reports.has(day.slice(0, 7))) days.push(day);
  }
  return days;
}
