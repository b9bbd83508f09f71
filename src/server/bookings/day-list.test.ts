// All Bookings for the day's work: one pick-up day's bookings, and the list in the order of the day
// (pick-up date, then the window's start hour, whatever windows the owner set), counted exactly;
// the CSV takes the same day; the same for a due-back day (decision 056). A date that is no date is
// refused naming the field.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInOwner, type StaffCall } from '../../../tests/helpers/flows';
import { createTestApp, testDatabaseKinds, type TestContext } from '../../../tests/helpers/test-app';
import { bookingFormInput, insertBooking } from './booking.factory';

const ORIGIN = 'http://shop.test';
const now = () => new Date('2026-11-22T15:00:00Z');

describe.each(testDatabaseKinds)('All Bookings by pick-up day (%s)', (kind) => {
  let t: TestContext;
  let staff: StaffCall;
  beforeAll(async () => {
    t = await createTestApp(kind, { PICKUP_CAPACITY_PER_WINDOW: '1000', PUBLIC_URL: ORIGIN }, { now });
    staff = await signInOwner(t, ORIGIN);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('filters one day, sorts by day and window, counts exactly, and the CSV follows', async () => {
    const booked: Record<string, string> = {};
    // booked in this order: the newest first would be the reverse
    for (const [name, pickupDate, pickupTime] of [
      ['Wed Late', '2026-11-25', '4pm-8pm'],
      ['Mon Noon', '2026-11-23', '12pm-4pm'],
      ['Wed Morning', '2026-11-25', '8am-12pm'],
      ['Wed Noon', '2026-11-25', '12pm-4pm'],
      ['Fri Morning', '2026-11-27', '8am-12pm'],
    ] as const) {
      const res = await t.request('/api/bookings', { method: 'POST', json: { bookingData: bookingFormInput({ name, pickupDate, pickupTime }) } });
      expect(res.status).toBe(201);
      booked[name] = ((await res.json()) as { booking_id: string }).booking_id;
    }
    const names = (json: Record<string, unknown>) => (json.bookings as { name: string }[]).map((b) => b.name);

    const day = await staff('GET', '/api/admin/bookings?date=2026-11-25&sort=pickup');
    expect(day.status).toBe(200);
    expect(names(day.json)).toEqual(['Wed Morning', 'Wed Noon', 'Wed Late']);
    expect(day.json.total).toBe(3);
    // a page of a day: the total is still the day's
    const paged = await staff('GET', '/api/admin/bookings?date=2026-11-25&sort=pickup&pageSize=2&page=1');
    expect(paged.json).toMatchObject({ total: 3 });
    expect(names(paged.json)).toEqual(['Wed Morning', 'Wed Noon']);

    expect(names((await staff('GET', '/api/admin/bookings?sort=pickup')).json)).toEqual(['Mon Noon', 'Wed Morning', 'Wed Noon', 'Wed Late', 'Fri Morning']);
    expect(names((await staff('GET', '/api/admin/bookings')).json)).toEqual(['Fri Morning', 'Wed Noon', 'Wed Morning', 'Mon Noon', 'Wed Late']);
    // with the status filter too (unpaid: pending)
    expect((await staff('GET', '/api/admin/bookings?date=2026-11-23&status=pending')).json).toMatchObject({ total: 1, bookings: [{ name: 'Mon Noon' }] });
    expect((await staff('GET', '/api/admin/bookings?date=2026-11-24')).json).toMatchObject({ total: 0, bookings: [] });

    const csv = await staff.fetch('/api/admin/exports/bookings.csv?date=2026-11-25');
    expect(csv.status).toBe(200);
    const text = await csv.text();
    expect(['Wed Morning', 'Wed Noon', 'Wed Late'].every((n) => text.includes(n))).toBe(true);
    expect(text).not.toContain('Mon Noon');
    expect(text).not.toContain('Fri Morning');

    const refused = await staff('GET', '/api/admin/bookings?date=2026-02-30');
    expect(refused.status).toBe(400);
    expect(refused.json.error.fields).toMatchObject({ date: 'Pick-up date must be a date (YYYY-MM-DD)' });
    expect((await staff('GET', '/api/admin/bookings?sort=oldest')).status).toBe(400);
  });

  it('filters one due-back day and sorts by due-back day and window, those not yet picked up last; the CSV follows', async () => {
    const db = t.database.db;
    await insertBooking(db, { name: 'Due Wed Late', bookingStatus: 'completed', pickupDate: '2026-11-23', dueBackDate: '2026-12-09', dueBackTime: '4pm-8pm' });
    await insertBooking(db, { name: 'Due Wed Early', bookingStatus: 'in-progress', pickupDate: '2026-11-23', dueBackDate: '2026-12-09', dueBackTime: '8am-12pm' });
    await insertBooking(db, { name: 'Due Mon', bookingStatus: 'completed', pickupDate: '2026-11-23', dueBackDate: '2026-12-07', dueBackTime: '12pm-4pm' });
    const names = (json: Record<string, unknown>) => (json.bookings as { name: string }[]).map((b) => b.name);
    const day = await staff('GET', '/api/admin/bookings?due=2026-12-09&sort=due');
    expect(day.json).toMatchObject({ total: 2 });
    expect(names(day.json)).toEqual(['Due Wed Early', 'Due Wed Late']);
    const sorted = names((await staff('GET', '/api/admin/bookings?sort=due&pageSize=100')).json);
    expect(sorted.slice(0, 3)).toEqual(['Due Mon', 'Due Wed Early', 'Due Wed Late']);
    const text = await (await staff.fetch('/api/admin/exports/bookings.csv?due=2026-12-09')).text();
    expect(text).toContain('Due Wed Late');
    expect(text).not.toContain('Due Mon');
    const refused = await staff('GET', '/api/admin/bookings?due=monday');
    expect(refused.json.error.fields).toMatchObject({ due: 'Due-back date must be a date (YYYY-MM-DD)' });
  });
});
