// The day board (decision 056; spec: back-office 2, Today's Schedule): any day's paid pick-ups and
// deliveries due, a run per pro in window order with its route (a maps link per 10 stops); unpaid
// and cancelled ones left out; what is done apart; today's board with what is overdue.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInOwner, type StaffCall } from '../../../tests/helpers/flows';
import { createTestApp, testDatabaseKinds, type TestContext } from '../../../tests/helpers/test-app';
import { laundryAssignments, laundryPros } from '../db/schema';
import { insertBooking } from './booking.factory';
import { routeLegs, routeUrl } from './schedule.service';

const ORIGIN = 'http://shop.test';
// Sunday 2026-11-22, 10:00 in South Carolina
const now = () => new Date('2026-11-22T15:00:00Z');

const place = (n: number) => ({ address: `${n} A St`, city: 'Lexington', zipCode: '29072' });
const text = (n: number) => `${n} A St, Lexington, SC 29072`;

describe('the route link', () => {
  it('opens the stops in order, from where the phone is; no stops, no link', () => {
    expect(routeUrl([])).toBeNull();
    const url = new URL(routeUrl([place(1), { address: '2 B St', city: 'Pelion', zipCode: '29123' }])!);
    expect(url.origin + url.pathname).toBe('https://www.google.com/maps/dir/');
    expect(url.searchParams.get('api')).toBe('1');
    expect(url.searchParams.get('origin')).toBeNull();
    expect(url.searchParams.get('waypoints')).toBe(text(1));
    expect(url.searchParams.get('destination')).toBe('2 B St, Pelion, SC 29123');
    // the business's state as the settings have it (decision 055)
    expect(new URL(routeUrl([place(1)], undefined, 'NC')!).searchParams.get('destination')).toBe('1 A St, Lexington, NC 29072');
    expect(url.searchParams.get('travelmode')).toBe('driving');
  });

  it('a link takes 10 stops (9 waypoints and the destination); the next leg starts at the last stop of the one before', () => {
    expect(routeLegs([])).toEqual([]);
    const stops = Array.from({ length: 23 }, (_, i) => place(i + 1));
    const legs = routeLegs(stops);
    expect(legs.map((l) => [l.firstStop, l.lastStop])).toEqual([
      [1, 10],
      [11, 20],
      [21, 23],
    ]);
    const [first, second, third] = legs.map((l) => new URL(l.url).searchParams);
    expect(first!.get('origin')).toBeNull();
    expect(first!.get('waypoints')!.split('|')).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9].map(text));
    expect(first!.get('destination')).toBe(text(10));
    expect(second!.get('origin')).toBe(text(10));
    expect(second!.get('waypoints')!.split('|')).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19].map(text));
    expect(second!.get('destination')).toBe(text(20));
    expect(third!.get('origin')).toBe(text(20));
    expect(third!.get('waypoints')!.split('|')).toEqual([text(21), text(22)]);
    expect(third!.get('destination')).toBe(text(23));
  });
});

describe.each(testDatabaseKinds)('the day board (%s)', (kind) => {
  let t: TestContext;
  let staff: StaffCall;

  beforeAll(async () => {
    t = await createTestApp(kind, { PICKUP_CAPACITY_PER_WINDOW: '1000', PUBLIC_URL: ORIGIN }, { now });
    staff = await signInOwner(t, ORIGIN);
  });
  afterAll(async () => {
    await t?.close();
  });

  type Run = { pro: { name: string } | null; stops: { kind: string; label: string; overdue: boolean; booking: { name: string } }[]; pickups: number; deliveries: number; done: number; route: { url: string }[] };
  const names = (run: Run) => run.stops.map((s) => `${s.kind} ${s.booking.name}${s.overdue ? ' (overdue)' : ''}`);

  it('the paid pick-ups and the deliveries due, a run per pro in window order; unpaid, cancelled and other days left out; what is done apart', async () => {
    const db = t.database.db;
    const day = '2026-11-30';
    const [rosa] = await db.insert(laundryPros).values({ name: 'Rosa Diaz', startDate: '2026-11-01' }).returning();
    const assign = async (bookingId: string) => db.insert(laundryAssignments).values({ bookingId, laundryProId: rosa!.id });
    await assign((await insertBooking(db, { pickupDate: day, pickupTime: '4pm-8pm', name: 'Evening', address: '9 Sunset Blvd', zipCode: '29072', bookingStatus: 'confirmed' })).id);
    await assign((await insertBooking(db, { pickupDate: '2026-11-27', dueBackDate: day, dueBackTime: '8am-12pm', name: 'Back Home', address: '3 Birch Ln', bookingStatus: 'completed' })).id);
    await insertBooking(db, { pickupDate: day, pickupTime: '8am-12pm', name: 'Morning B', address: '2 Oak St', city: 'Pelion', zipCode: '29123', bookingStatus: 'confirmed' });
    await insertBooking(db, { pickupDate: day, pickupTime: '8am-12pm', name: 'Morning A', address: '1 Elm St', zipCode: '29070', bookingStatus: 'confirmed' });
    await insertBooking(db, { pickupDate: day, pickupTime: '8am-12pm', name: 'Unpaid', bookingStatus: 'pending' });
    await insertBooking(db, { pickupDate: day, pickupTime: '8am-12pm', name: 'Gone', bookingStatus: 'cancelled' });
    await insertBooking(db, { pickupDate: day, pickupTime: '12pm-4pm', name: 'Picked', dueBackDate: '2026-12-02', dueBackTime: '12pm-4pm', bookingStatus: 'in-progress' });
    await insertBooking(db, { pickupDate: '2026-11-25', dueBackDate: day, dueBackTime: '12pm-4pm', name: 'Delivered', bookingStatus: 'delivered' });
    await insertBooking(db, { pickupDate: '2026-12-02', pickupTime: '8am-12pm', name: 'Another day', bookingStatus: 'confirmed' });

    const res = await staff('GET', `/api/admin/schedule?date=${day}`);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ date: day, today: '2026-11-22', remaining: 4 });
    const runs = res.json.runs as Run[];
    expect(runs.map((r) => [r.pro?.name ?? null, names(r), r.pickups, r.deliveries, r.done])).toEqual([
      ['Rosa Diaz', ['delivery Back Home', 'pickup Evening'], 1, 1, 0],
      [null, ['pickup Morning A', 'pickup Morning B'], 2, 0, 2],
    ]);
    expect(runs[0]!.stops[0]!.label).toBe('8AM – 12PM');
    expect(res.json.done.map((d: { kind: string; booking: { name: string } }) => `${d.kind} ${d.booking.name}`).sort()).toEqual(['delivery Delivered', 'pickup Picked']);
    // each run its own route, through its stops in order
    const route = new URL(runs[1]!.route[0]!.url).searchParams;
    expect(route.get('waypoints')).toBe('1 Elm St, Lexington, SC 29070');
    expect(route.get('destination')).toBe('2 Oak St, Pelion, SC 29123');
    // the delivery's day moves the stop: on 2 December, "Picked" is a delivery
    const later = (await staff('GET', '/api/admin/schedule?date=2026-12-02')).json;
    expect((later.runs as Run[]).flatMap(names).sort()).toEqual(['delivery Picked', 'pickup Another day']);
  });

  it("today's board lists what was due in the last two weeks and is not done apart, as overdue, the oldest first; another day's does not", async () => {
    await insertBooking(t.database.db, { pickupDate: '2026-11-18', dueBackDate: '2026-11-20', dueBackTime: '4pm-8pm', name: 'Late Return', bookingStatus: 'completed' });
    await insertBooking(t.database.db, { pickupDate: '2026-11-18', pickupTime: '8am-12pm', name: 'Missed', bookingStatus: 'confirmed' });
    // more than two weeks ago: for staff to close in All Bookings, not on the day's board
    await insertBooking(t.database.db, { pickupDate: '2026-11-06', pickupTime: '8am-12pm', name: 'Long Gone', bookingStatus: 'confirmed' });
    const today = (await staff('GET', '/api/admin/schedule')).json;
    expect(today).toMatchObject({ date: '2026-11-22', remaining: 0, runs: [] });
    expect(today.overdue.map((s: Run['stops'][number]) => `${s.kind} ${s.booking.name}${s.overdue ? ' (overdue)' : ''}`)).toEqual(['pickup Missed (overdue)', 'delivery Late Return (overdue)']);
    const friday = (await staff('GET', '/api/admin/schedule?date=2026-11-20')).json;
    expect((friday.runs as Run[]).flatMap(names)).toEqual(['delivery Late Return']);
    expect(friday.overdue).toEqual([]);
  });

  it('a day with nothing is empty; a bad date is a clear 400', async () => {
    const empty = await staff('GET', '/api/admin/schedule?date=2026-12-07');
    expect(empty.json).toEqual({ date: '2026-12-07', today: '2026-11-22', remaining: 0, runs: [], done: [], overdue: [] });
    const bad = await staff('GET', '/api/admin/schedule?date=tomorrow');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json)).toMatch(/YYYY-MM-DD/);
  });
});
