// Today's Schedule (spec: back-office 2): the day's stops not yet delivered in window order, one
// route through them (a maps link per 10 stops), the delivered ones apart, cancelled ones left out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInOwner, type StaffCall } from '../../../tests/helpers/flows';
import { createTestApp, testDatabaseKinds, type TestContext } from '../../../tests/helpers/test-app';
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

describe.each(testDatabaseKinds)("today's schedule (%s)", (kind) => {
  let t: TestContext;
  let staff: StaffCall;

  beforeAll(async () => {
    t = await createTestApp(kind, { PICKUP_CAPACITY_PER_WINDOW: '1000', PUBLIC_URL: ORIGIN }, { now });
    staff = await signInOwner(t, ORIGIN);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('the stops not yet delivered by window, then area; the route through them in that order; delivered apart; cancelled left out', async () => {
    const db = t.database.db;
    const day = '2026-11-30';
    await insertBooking(db, { pickupDate: day, pickupTime: '4pm-8pm', name: 'Evening', address: '9 Sunset Blvd', zipCode: '29072', bookingStatus: 'confirmed' });
    await insertBooking(db, { pickupDate: day, pickupTime: '8am-12pm', name: 'Morning B', address: '2 Oak St', city: 'Pelion', zipCode: '29123', bookingStatus: 'in-progress' });
    await insertBooking(db, { pickupDate: day, pickupTime: '8am-12pm', name: 'Morning A', address: '1 Elm St', zipCode: '29070', bookingStatus: 'confirmed' });
    await insertBooking(db, { pickupDate: day, pickupTime: '12pm-4pm', name: 'Noon Done', address: '5 Done Rd', bookingStatus: 'delivered' });
    await insertBooking(db, { pickupDate: day, pickupTime: '8am-12pm', name: 'Early Done', address: '4 Done Rd', bookingStatus: 'delivered' });
    await insertBooking(db, { pickupDate: day, pickupTime: '8am-12pm', name: 'Gone', bookingStatus: 'cancelled' });
    await insertBooking(db, { pickupDate: '2026-12-02', pickupTime: '8am-12pm', name: 'Another day', bookingStatus: 'confirmed' });

    const res = await staff('GET', `/api/admin/schedule?date=${day}`);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ date: day, total: 5, remaining: 3 });
    expect(res.json.windows.map((w: { label: string; stops: { name: string }[] }) => [w.label, w.stops.map((s) => s.name)])).toEqual([
      ['8AM – 12PM', ['Morning A', 'Morning B']],
      ['4PM – 8PM', ['Evening']],
    ]);
    expect(res.json.delivered.map((s: { name: string }) => s.name)).toEqual(['Early Done', 'Noon Done']);
    expect(res.json.route).toHaveLength(1);
    expect(res.json.route[0]).toMatchObject({ firstStop: 1, lastStop: 3 });
    const route = new URL(res.json.route[0].url).searchParams;
    expect(route.get('waypoints')!.split('|')).toEqual(['1 Elm St, Lexington, SC 29070', '2 Oak St, Pelion, SC 29123']);
    expect(route.get('destination')).toBe('9 Sunset Blvd, Lexington, SC 29072');
  });

  it('a day with every stop delivered has no route; a day with nothing is empty', async () => {
    const day = '2026-12-04';
    await insertBooking(t.database.db, { pickupDate: day, name: 'All Done', bookingStatus: 'delivered' });
    const done = await staff('GET', `/api/admin/schedule?date=${day}`);
    expect(done.json).toMatchObject({ total: 1, remaining: 0, windows: [], route: [] });
    expect(done.json.delivered).toHaveLength(1);
    const empty = await staff('GET', '/api/admin/schedule?date=2026-12-07');
    expect(empty.json).toEqual({ date: '2026-12-07', total: 0, remaining: 0, windows: [], route: [], delivered: [] });
  });

  it('today is the business day by default; a bad date is a clear 400', async () => {
    expect((await staff('GET', '/api/admin/schedule')).json.date).toBe('2026-11-22');
    const bad = await staff('GET', '/api/admin/schedule?date=tomorrow');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json)).toMatch(/YYYY-MM-DD/);
  });
});
