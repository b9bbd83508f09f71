// The day board (decision 056, replacing spec: back-office 2's Today's Schedule, in the business's
// time zone): any day's pick-ups and deliveries still to do, a run per pro, each with its route;
// what is done apart.
import { and, eq, gte, inArray, lte, or } from 'drizzle-orm';
import { business, pickupWindowLabel } from '../../shared/business';
import { windowHoursOf } from '../../shared/business-words';
import { addDays, todayIn } from '../../shared/dates';
import type { Db } from '../db/client';
import { bookings } from '../db/schema';
import type { StaffBooking } from '../../shared/schemas/back-office';
import { toStaffBookings } from './staff-booking';
import { readSettings } from '../settings/settings.service';

/** A window's start hour, from its value ('4pm-8pm' → 16), whatever windows the owner has set (decision 055). */
const startHourOf = (value: string) => windowHoursOf(value)?.startHour ?? 99;

type Place = { address: string; city: string; zipCode: string };

/** A maps link takes a destination and at most 9 waypoints (Google Maps URLs): 10 stops a leg. */
export const STOPS_PER_LEG = 10;

const placeText = (s: Place, stateCode: string) => `${s.address}, ${s.city}, ${stateCode} ${s.zipCode}`;

/**
 * A directions link through the stops in order (the first STOPS_PER_LEG), from `origin` or, with
 * none, from wherever the phone is.
 */
export function routeUrl(stops: Place[], origin?: Place, stateCode: string = business.stateCode): string | null {
  if (stops.length === 0) return null;
  const places = stops.slice(0, STOPS_PER_LEG).map((s) => placeText(s, stateCode));
  const params = new URLSearchParams({ api: '1' });
  if (origin) params.set('origin', placeText(origin, stateCode));
  params.set('destination', places[places.length - 1]!);
  const waypoints = places.slice(0, -1);
  if (waypoints.length) params.set('waypoints', waypoints.join('|'));
  params.set('travelmode', 'driving');
  return `https://www.google.com/maps/dir/?${params}`;
}

/** The route through every stop, in order: one link per 10 stops, each leg starting where the last ended, in the business's state (the settings' code, decision 055). */
export function routeLegs(stops: Place[], stateCode: string = business.stateCode): { url: string; firstStop: number; lastStop: number }[] {
  const legs = [];
  for (let start = 0; start < stops.length; start += STOPS_PER_LEG) {
    const leg = stops.slice(start, start + STOPS_PER_LEG);
    legs.push({ url: routeUrl(leg, start > 0 ? stops[start - 1] : undefined, stateCode)!, firstStop: start + 1, lastStop: start + leg.length });
  }
  return legs;
}

type Kind = 'pickup' | 'delivery';

/** How many days back today's board lists what is overdue. */
export const overdueDays = 14;
type Stop = { kind: Kind; time: string; overdue: boolean; booking: StaffBooking };

/** A run's stops in the order a driver takes them: by window (the customer's promise), then by area and street. */
function runOrder(a: Stop, b: Stop): number {
  const ba = a.booking;
  const bb = b.booking;
  return (
    startHourOf(a.time) - startHourOf(b.time) ||
    ba.zipCode.localeCompare(bb.zipCode) ||
    ba.city.localeCompare(bb.city) ||
    ba.address.localeCompare(bb.address) ||
    a.kind.localeCompare(b.kind)
  );
}

/**
 * The day board (decision 056; spec: back-office 2, Today's Schedule, for any date): the day's
 * pick-ups and deliveries still to do, grouped by pro, each pro's run in window order with its
 * maps links. A pick-up is a paid booking not yet picked up (never an unpaid or abandoned one); a
 * delivery is a picked-up order due back that day and not yet delivered. On today's board, what
 * was due on an earlier day (the last two weeks) and is not done is listed apart, as overdue, for
 * staff to deal with.
 * What is done (picked up, delivered) leaves the runs and is counted, and listed apart.
 */
export async function dayBoard(db: Db, ctx: { timeZone: string; now: Date; date?: string | undefined }) {
  const today = todayIn(ctx.timeZone, ctx.now);
  const date = ctx.date ?? today;
  // today's board reaches back this far for what is overdue; older is for staff to close in All Bookings
  const since = addDays(today, -overdueDays);
  const onDay = (column: typeof bookings.pickupDate | typeof bookings.dueBackDate) => (date === today ? and(lte(column, date), gte(column, since))! : eq(column, date));
  const [pickupRows, deliveryRows, doneRows] = await Promise.all([
    db.select().from(bookings).where(and(onDay(bookings.pickupDate), eq(bookings.bookingStatus, 'confirmed'))),
    db.select().from(bookings).where(and(onDay(bookings.dueBackDate), inArray(bookings.bookingStatus, ['in-progress', 'completed']))),
    // done that day: picked up from a pick-up of the day, or delivered on its due-back day
    db
      .select()
      .from(bookings)
      .where(
        or(
          and(eq(bookings.pickupDate, date), inArray(bookings.bookingStatus, ['in-progress', 'completed', 'delivered'])),
          and(eq(bookings.dueBackDate, date), eq(bookings.bookingStatus, 'delivered')),
        ),
      ),
  ]);
  const staff = new Map((await toStaffBookings(db, [...pickupRows, ...deliveryRows])).map((b) => [b.id, b]));
  const all: Stop[] = [
    ...pickupRows.map((r) => ({ kind: 'pickup' as const, time: r.pickupTime, overdue: r.pickupDate < date, booking: staff.get(r.id)! })),
    ...deliveryRows.map((r) => ({ kind: 'delivery' as const, time: r.dueBackTime!, overdue: r.dueBackDate! < date, booking: staff.get(r.id)! })),
  ];
  // what was due earlier is listed apart, to be dealt with, not put on a run
  const stops = all.filter((s) => !s.overdue);
  const overdue = all
    .filter((s) => s.overdue)
    .sort((a, b) => (a.kind === 'pickup' ? a.booking.pickupDate : a.booking.dueBackDate!).localeCompare(b.kind === 'pickup' ? b.booking.pickupDate : b.booking.dueBackDate!) || runOrder(a, b));
  const stateCode = (await readSettings(db)).settings.business.stateCode;
  // one run per pro, by name; the stops nobody is assigned to last, to be given out
  const byPro = new Map<string | null, Stop[]>();
  for (const stop of stops) {
    const key = stop.booking.laundryPro?.id ?? null;
    byPro.set(key, [...(byPro.get(key) ?? []), stop]);
  }
  const doneStaff = await toStaffBookings(db, doneRows);
  const runs = [...byPro.entries()]
    .map(([proId, list]) => {
      const ordered = [...list].sort(runOrder);
      const pro = ordered[0]!.booking.laundryPro;
      return {
        pro: proId && pro ? { id: pro.id, name: pro.name } : null,
        stops: ordered.map((s) => ({ kind: s.kind, time: s.time, label: pickupWindowLabel(s.time), overdue: false, booking: s.booking })),
        pickups: ordered.filter((s) => s.kind === 'pickup').length,
        deliveries: ordered.filter((s) => s.kind === 'delivery').length,
        done: doneStaff.filter((b) => (b.laundryPro?.id ?? null) === proId).length,
        route: routeLegs(
          ordered.map((s) => s.booking),
          stateCode,
        ),
      };
    })
    .sort((a, b) => (a.pro === null ? 1 : b.pro === null ? -1 : a.pro.name.localeCompare(b.pro.name)));
  const done = doneStaff.map((b) => ({ kind: (b.bookingStatus === 'delivered' && b.dueBackDate === date ? 'delivery' : 'pickup') as Kind, booking: b }));
  const view = (s: Stop) => ({ kind: s.kind, time: s.time, label: pickupWindowLabel(s.time), overdue: s.overdue, booking: s.booking });
  return { date, today, remaining: stops.length, runs, done, overdue: overdue.map(view) };
}
