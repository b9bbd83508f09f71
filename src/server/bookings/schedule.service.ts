// Today's Schedule (spec: back-office 2, in the business's time zone): the day's stops still to do,
// in pick-up window order, with one route through them; the delivered ones apart.
import { and, asc, eq, ne } from 'drizzle-orm';
import { business, pickupWindowLabel } from '../../shared/business';
import { windowHoursOf } from '../../shared/business-words';
import { todayIn } from '../../shared/dates';
import type { Db } from '../db/client';
import { bookings } from '../db/schema';
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

/**
 * spec: back-office 2, Today's Schedule: the day's bookings (cancelled ones left out). Those not yet
 * delivered are the stops, by window, then by area, and the route runs through them in that order;
 * delivered ones are listed apart.
 */
export async function todaysSchedule(db: Db, ctx: { timeZone: string; now: Date; date?: string | undefined }) {
  const date = ctx.date ?? todayIn(ctx.timeZone, ctx.now);
  const rows = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.pickupDate, date), ne(bookings.bookingStatus, 'cancelled')))
    .orderBy(asc(bookings.zipCode), asc(bookings.city), asc(bookings.address), asc(bookings.createdAt));
  const all = await toStaffBookings(db, rows);
  const delivered = all.filter((b) => b.bookingStatus === 'delivered');
  const remaining = all.filter((b) => b.bookingStatus !== 'delivered');
  // by window in the day's order (a booked window the schedule no longer offers included), then by area
  const times = [...new Set(remaining.map((r) => r.pickupTime))].sort((a, b) => startHourOf(a) - startHourOf(b) || a.localeCompare(b));
  const windows = times.map((time) => ({ pickupTime: time, label: pickupWindowLabel(time), stops: remaining.filter((r) => r.pickupTime === time) }));
  const stops = windows.flatMap((w) => w.stops);
  return { date, total: all.length, remaining: stops.length, windows: windows.filter((w) => w.stops.length > 0), route: routeLegs(stops, (await readSettings(db)).settings.business.stateCode), delivered };
}
