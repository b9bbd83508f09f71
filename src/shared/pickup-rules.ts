// Which pick-up dates, windows and addresses the business takes, by its schedule in Settings
// (decision 055): pure rules the server refuses a booking or a move by. spec:
// customer-site 5 (pick-up dates and windows); docs/design.md 4 (dates in the business zone). The
// service area's rule, the one the wizard runs, is in ./service-area.ts.
import { serviceDaysLabel, windowHoursOf, windowValue, type WindowHours } from './business-words';
import { type ZipRefusal, zipNotServed } from './service-area';

export { checkServiceZip, zip5 } from './service-area';
import { addDays, formatLongDate, isIsoDate, isoWeekday, type IsoDate } from './dates';

/** What each refusal says, from the values it carries: the wizard shows these words, and the
 *  server's error catalogue answers them (src/server/error-catalogue.ts, docs/decisions/046). */
export const pickupMessages = {
  zipNotServed,
  dateInvalid: 'Pick-up date must be a date (YYYY-MM-DD)',
  datePast: 'Please choose a pick-up date that is still ahead.',
  tooFar: (v: { horizonDays: number; lastDay: IsoDate }) => `We take bookings up to ${v.horizonDays} days ahead: please choose a day until ${formatLongDate(v.lastDay)}.`,
  dayNotServed: (v: { days: string }) => `Pick-ups are on ${v.days} only`,
  closed: (v: { date: IsoDate }) => `We're closed on ${formatLongDate(v.date)}. Please choose another day.`,
  windowNotOffered: 'We don’t offer that pick-up time. Please choose one of the pick-up windows shown.',
  windowStarted: (v: { cutoffHours: number }) =>
    v.cutoffHours === 0
      ? 'That pick-up window has already started today. Please choose a later time or day.'
      : `A same-day pick-up is booked at least ${v.cutoffHours} ${v.cutoffHours === 1 ? 'hour' : 'hours'} before its window starts. Please choose a later time or day.`,
} as const;

type Values<F> = F extends (values: infer V) => string ? V : never;
export type PickupRefusal =
  | { field: 'pickupDate'; code: 'pickup_date_invalid' | 'pickup_date_past'; message: string }
  | { field: 'pickupDate'; code: 'pickup_day_not_served'; message: string; values: Values<typeof pickupMessages.dayNotServed> }
  | { field: 'pickupTime'; code: 'pickup_window_not_offered'; message: string }
  | { field: 'pickupTime'; code: 'pickup_window_started'; message: string; values: Values<typeof pickupMessages.windowStarted> }
  | { field: 'pickupDate'; code: 'pickup_date_too_far'; message: string; values: Values<typeof pickupMessages.tooFar> }
  | { field: 'pickupDate'; code: 'pickup_date_closed'; message: string; values: Values<typeof pickupMessages.closed> }
  | ZipRefusal;

export type PickupDateRules = {
  /** Today in the business time zone. */
  today: IsoDate;
  /** The last bookable day is today plus this many days. */
  horizonDays: number;
  closedDates: readonly IsoDate[];
  /** ISO weekday numbers, 1 = Monday. */
  serviceWeekdays: readonly number[];
};

/** null when `date` can be booked, else why not. */
export function checkPickupDate(date: string, rules: PickupDateRules): PickupRefusal | null {
  const field = 'pickupDate';
  if (!isIsoDate(date)) return { field, code: 'pickup_date_invalid', message: pickupMessages.dateInvalid };
  if (date < rules.today) return { field, code: 'pickup_date_past', message: pickupMessages.datePast };
  const last = addDays(rules.today, rules.horizonDays);
  if (date > last) {
    const values = { horizonDays: rules.horizonDays, lastDay: last };
    return { field, code: 'pickup_date_too_far', message: pickupMessages.tooFar(values), values };
  }
  if (!rules.serviceWeekdays.includes(isoWeekday(date))) {
    const values = { days: serviceDaysLabel(rules.serviceWeekdays) };
    return { field, code: 'pickup_day_not_served', message: pickupMessages.dayNotServed(values), values };
  }
  if (rules.closedDates.includes(date)) return { field, code: 'pickup_date_closed', message: pickupMessages.closed({ date }), values: { date } };
  return null;
}

export type PickupWindowRules = {
  /** Now in the business time zone: the date and the minutes since midnight. */
  now: { date: IsoDate; minutes: number };
  windows: readonly WindowHours[];
  /** A window today is booked until this many hours before it starts (0: until it starts). */
  sameDayCutoffHours: number;
};

/** The offered window a stored value names, or null (a value from windows the owner has since changed). */
export function offeredWindow(time: string, windows: readonly WindowHours[]): WindowHours | null {
  return windows.find((w) => windowValue(w) === time) ?? null;
}

/** Whether a window on a day is past its same-day cut-off. */
export function windowClosedToday(date: IsoDate, w: WindowHours, rules: Pick<PickupWindowRules, 'now' | 'sameDayCutoffHours'>): boolean {
  return date < rules.now.date || (date === rules.now.date && rules.now.minutes >= (w.startHour - rules.sameDayCutoffHours) * 60);
}

/** null when the window is offered and still bookable on `date`, else why not. spec: customer-site 5; decision 055. */
export function checkPickupWindow(date: IsoDate, time: string, rules: PickupWindowRules): PickupRefusal | null {
  const field = 'pickupTime';
  const w = windowHoursOf(time) && offeredWindow(time, rules.windows);
  if (!w) return { field, code: 'pickup_window_not_offered', message: pickupMessages.windowNotOffered };
  if (windowClosedToday(date, w, rules)) {
    const values = { cutoffHours: rules.sameDayCutoffHours };
    return { field, code: 'pickup_window_started', message: pickupMessages.windowStarted(values), values };
  }
  return null;
}

/** The days and windows a booked pick-up is measured against when the schedule changes. */
export type ScheduleShape = { serviceWeekdays: readonly number[]; closedDates: readonly string[]; windows: readonly WindowHours[] };

/**
 * Why a booked pick-up no longer fits the schedule, or null: a change of days, windows or closed
 * dates never moves or cancels one (decision 055), it stays, flagged for the staff to call.
 */
export function outsideSchedule(date: IsoDate, time: string, schedule: ScheduleShape): string | null {
  if (!schedule.serviceWeekdays.includes(isoWeekday(date))) return 'No longer a pick-up day';
  if (schedule.closedDates.includes(date)) return 'Closed that day';
  if (!offeredWindow(time, schedule.windows)) return 'Window no longer offered';
  return null;
}
