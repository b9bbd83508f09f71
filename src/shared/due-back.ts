// When a picked-up order comes back (decision 056): a delivery window of the schedule the owner set
// (decision 055), chosen at the pick-up from the turnaround promise, and the later windows the
// customer may move it to.
import { windowHoursOf, windowValue, type WindowHours } from './business-words';
import { pickupWindowLabel } from './business';
import { addDays, formatLongDate, instantAt, isoWeekday, todayIn, type IsoDate } from './dates';

/** The schedule a delivery is planned on: the same days, windows and closed dates as the pick-ups. */
export type DeliverySchedule = {
  timeZone: string;
  serviceWeekdays: readonly number[];
  closedDates: readonly string[];
  pickupWindows: readonly WindowHours[];
  /** The standard promise: back no sooner than this many hours after the pick-up (the spec's 48). */
  turnaroundHours: number;
};

/** 24-hr Rush Delivery (spec: customer-site 9): back within this many hours of the pick-up. */
export const rushHours = 24;

/** How many days after the planned one a customer may move their delivery to. */
export const deliveryChoiceDays = 7;

export type DeliveryWindow = { date: IsoDate; time: string };
type Slot = DeliveryWindow & { start: Date };

/** Every window of the schedule that starts after `from` and no later than `days` days after it, in order. */
function slotsAfter(from: Date, days: number, s: DeliverySchedule): Slot[] {
  const windows = [...s.pickupWindows].sort((a, b) => a.startHour - b.startHour);
  const first = todayIn(s.timeZone, from);
  const slots: Slot[] = [];
  for (let i = 0; i <= days; i++) {
    const date = addDays(first, i);
    if (!s.serviceWeekdays.includes(isoWeekday(date)) || s.closedDates.includes(date)) continue;
    for (const w of windows) {
      const start = instantAt(date, w.startHour, s.timeZone);
      if (start > from) slots.push({ date, time: windowValue(w), start });
    }
  }
  return slots;
}

const hours = (at: Date, h: number) => new Date(at.getTime() + h * 3_600_000);

/**
 * The delivery window planned at the pick-up. Standard: the first window starting at least the
 * turnaround's hours later. Rush: the last window starting within 24 hours, which gives the laundry
 * the most time the promise allows (the first one after, when no service day falls within them).
 * Null only when the schedule has no service day for weeks.
 */
export function plannedDelivery(pickedUpAt: Date, rush: boolean, s: DeliverySchedule): DeliveryWindow | null {
  const slots = slotsAfter(pickedUpAt, 21, s);
  const pick = rush ? (slots.filter((x) => x.start <= hours(pickedUpAt, rushHours)).at(-1) ?? slots[0]) : slots.find((x) => x.start >= hours(pickedUpAt, s.turnaroundHours));
  return pick ? { date: pick.date, time: pick.time } : null;
}

/** The windows a customer may move a planned delivery to: the planned one and those in the week after it, still to come at `now`. */
export function deliveryChoices(planned: DeliveryWindow, now: Date, s: DeliverySchedule): DeliveryWindow[] {
  const plannedStart = instantAt(planned.date, windowHoursOf(planned.time)?.startHour ?? 0, s.timeZone);
  const from = plannedStart > now ? new Date(plannedStart.getTime() - 1) : now;
  return slotsAfter(from, deliveryChoiceDays, s).map(({ date, time }) => ({ date, time }));
}

/** A delivery window in words: 'Wednesday, December 9, 2026, 12PM – 4PM'. */
export function deliveryLabel(w: DeliveryWindow): string {
  return `${formatLongDate(w.date)}, ${pickupWindowLabel(w.time)}`;
}

// made on first use, as money.ts explains
let shortDay: Intl.DateTimeFormat | undefined;

/** A delivery window in a few words, for a list to choose from: 'Fri, Nov 27, 12PM – 4PM'. */
export function shortDeliveryLabel(w: DeliveryWindow): string {
  shortDay ??= new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });
  return `${shortDay.format(new Date(`${w.date}T00:00:00Z`))}, ${pickupWindowLabel(w.time)}`;
}

/** The planned delivery of a row, when it has one. */
export function dueBackOf(b: { dueBackDate: string | null; dueBackTime: string | null }): DeliveryWindow | null {
  return b.dueBackDate && b.dueBackTime ? { date: b.dueBackDate, time: b.dueBackTime } : null;
}
