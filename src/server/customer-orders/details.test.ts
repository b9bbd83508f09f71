// A customer changes their contact details and preferences for their upcoming pick-ups (decision
// 022): every booked pick-up before its cut-off takes them; the past, a pick-up too close to its
// window and other customers' orders do not; a new phone stops texts; the audit log and an email
// say what changed; nothing changes without a valid session, and bad input names its field.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInToOrders } from '../../../tests/helpers/flows';
import { createTestApp, testDatabaseKinds, type TestContext } from '../../../tests/helpers/test-app';
import { insertBooking as insertRow } from '../bookings/booking.factory';
import { auditLog, bookings, outbox } from '../db/schema';

const ORIGIN = 'http://localhost:3000';
// a booking confirmed (paid) before the tests' day: only such a booking names a customer (decision 037)
const insertBooking = (db: Parameters<typeof insertRow>[0], row: Parameters<typeof insertRow>[1]) => insertRow(db, { confirmedAt: new Date('2026-11-20T12:00:00Z'), ...row });
const clock = new Date('2026-11-23T14:00:00Z'); // Monday 9:00 in South Carolina
const now = () => clock;

const details = {
  name: 'Jane Q. Doe',
  phone: '(803) 555-0199',
  address: '12 New Street',
  city: 'Irmo',
  zipCode: '29063',
  pickupLocation: 'back-door',
  specialInstructions: 'Gate code 1234',
  waterTemperature: 'warm',
  detergentType: 'hypoallergenic',
  allergies: 'Lavender',
  specialCareInstructions: 'Hang the silk shirt',
};

describe.each(testDatabaseKinds)('changing details for upcoming pick-ups (%s)', (kind) => {
  let t: TestContext;
  let cookie = '';
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp(kind, {}, { now });
    const jane = { email: 'jane@example.com', phone: '+18035550101', name: 'Jane Doe', smsConsent: true, bookingStatus: 'confirmed' as const, paymentStatus: 'paid' as const };
    ids.wednesday = (await insertBooking(t.database.db, { ...jane, pickupDate: '2026-11-25' })).id;
    ids.friday = (await insertBooking(t.database.db, { ...jane, pickupDate: '2026-11-27', pickupTime: '4pm-8pm' })).id;
    // today 8am–12pm: its window has started, past the cut-off
    ids.today = (await insertBooking(t.database.db, { ...jane, pickupDate: '2026-11-23' })).id;
    ids.delivered = (await insertBooking(t.database.db, { ...jane, pickupDate: '2026-11-16', bookingStatus: 'delivered' })).id;
    ids.other = (await insertBooking(t.database.db, { email: 'sam@example.com', phone: '+18035550102', bookingStatus: 'confirmed', pickupDate: '2026-11-25' })).id;
    cookie = await signInToOrders(t, ORIGIN, 'jane@example.com', 'jane@example.com');
  });
  afterAll(async () => {
    await t?.close();
  });

  const put = (body: unknown, headers: Record<string, string> = { cookie, origin: ORIGIN }) => t.request('/api/orders/details', { method: 'PUT', json: body, headers });
  const row = async (id: string) => (await t.database.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;

  it('the order page starts the form from the next pick-up, and says it can change', async () => {
    const res = await t.request('/api/orders', { headers: { cookie } });
    const body = (await res.json()) as { details: { name: string; phone: string }; detailsEditable: boolean; canErase: boolean };
    expect(body.details).toMatchObject({ name: 'Jane Doe', phone: '(803) 555-0101' });
    expect(body.detailsEditable).toBe(true);
    // open orders keep the data: deletion waits
    expect(body.canErase).toBe(false);
  });

  it('bad input: each field named, nothing changed', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...details, name: '' }, 'name'],
      [{ ...details, phone: '555' }, 'phone'],
      [{ ...details, zipCode: 'abc' }, 'zipCode'],
      [{ ...details, pickupLocation: 'roof' }, 'pickupLocation'],
      [{ ...details, waterTemperature: 'boiling' }, 'waterTemperature'],
      [{ ...details, allergies: 'x'.repeat(1001) }, 'allergies'],
      // the price and the sign-in are not details
      [{ ...details, bagQuantity: 9 }, 'bagQuantity'],
      [{ ...details, email: 'other@example.com' }, 'email'],
    ];
    for (const [body, field] of cases) {
      const res = await put(body);
      expect(res.status, field).toBe(400);
      const { error } = (await res.json()) as { error: { fields?: Record<string, string> } };
      expect(Object.keys(error.fields ?? {}), field).toContain(field);
    }
    expect(await row(ids.wednesday!)).toMatchObject({ name: 'Jane Doe', address: expect.not.stringContaining('New Street') });
  });

  it('signed out, a forged origin: refused, nothing changed', async () => {
    expect((await put(details, { origin: ORIGIN })).status).toBe(401);
    expect((await put(details, { cookie: 'wd_orders=stolen-or-made-up', origin: ORIGIN })).status).toBe(401);
    expect((await put(details, { cookie, origin: 'https://evil.example' })).status).toBe(403);
    expect((await row(ids.wednesday!)).name).toBe('Jane Doe');
  });

  it('saves to every upcoming pick-up before its cut-off, and only those', async () => {
    const res = await put(details);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { changed: string[]; message: string };
    expect(body.changed).toHaveLength(2);
    expect(body.message).toMatch(/Your 2 upcoming pick-ups use these details/);
    for (const id of [ids.wednesday!, ids.friday!]) {
      expect(await row(id)).toMatchObject({ name: 'Jane Q. Doe', phone: '+18035550199', phoneKey: '8035550199', address: '12 New Street', city: 'Irmo', zipCode: '29063', pickupLocation: 'back-door', waterTemperature: 'warm', detergentType: 'hypoallergenic', allergies: 'Lavender', email: 'jane@example.com', smsConsent: false });
    }
    // a pick-up past its cut-off, a past order and another customer's keep theirs
    for (const id of [ids.today!, ids.delivered!]) expect(await row(id)).toMatchObject({ name: 'Jane Doe', phone: '+18035550101', smsConsent: true });
    expect((await row(ids.other!)).phone).toBe('+18035550102');

    const [entry] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.targetId, ids.wednesday!), eq(auditLog.action, 'booking.details_changed')));
    expect(entry).toMatchObject({ actorId: null, before: { name: 'Jane Doe', phone: '+18035550101' }, after: { name: 'Jane Q. Doe', by: 'customer', textsStopped: true } });
    const mails = await t.database.db.select().from(outbox).where(eq(outbox.kind, 'customer_details_changed'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.recipient).toBe('jane@example.com');
    const text = (mails[0]!.payload as { text: string }).text;
    expect(text).toContain('Address: 12 New Street');
    expect(text).toContain('Phone: (803) 555-0199');
    expect(text).toContain('Pick-up spot: Back door');
    expect(text).toContain('If you did not make this change');
  });

  it('the same details again change nothing and send nothing', async () => {
    const res = await put(details);
    expect(await res.json()).toEqual({ changed: [], message: 'Nothing to change: your upcoming pick-ups already have these details.' });
    expect(await t.database.db.select().from(outbox).where(eq(outbox.kind, 'customer_details_changed'))).toHaveLength(1);
  });

  it('two saves at once: both answer, the rows end with one of them whole', async () => {
    const a = { ...details, address: '1 First Street' };
    const b = { ...details, address: '2 Second Street', city: 'Chapin' };
    const [ra, rb] = await Promise.all([put(a), put(b)]);
    expect([ra.status, rb.status]).toEqual([200, 200]);
    const [w, f] = [await row(ids.wednesday!), await row(ids.friday!)];
    expect([w.address, w.city]).toEqual([f.address, f.city]);
    expect([['1 First Street', 'Irmo'], ['2 Second Street', 'Chapin']]).toContainEqual([w.address, w.city]);
  });

  it('signed in by phone, the phone stays: changing it is refused with the reason', async () => {
    // a link asked for by phone comes by text (decision 037)
    await insertBooking(t.database.db, { email: 'pat@example.com', phone: '+18035550177', bookingStatus: 'confirmed', pickupDate: '2026-11-25', smsConsent: true });
    const byPhone = await signInToOrders(t, ORIGIN, '(803) 555-0177', '+18035550177');
    const res = await put(details, { cookie: byPhone, origin: ORIGIN });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { fields: Record<string, string> } }).error.fields.phone).toMatch(/sign in with your email/);
    expect((await put({ ...details, phone: '803-555-0177' }, { cookie: byPhone, origin: ORIGIN })).status).toBe(200);
  });

  it('nothing upcoming that can change: refused with what to do', async () => {
    await insertBooking(t.database.db, { email: 'old@example.com', bookingStatus: 'delivered', pickupDate: '2026-11-02' });
    const old = await signInToOrders(t, ORIGIN, 'old@example.com', 'old@example.com');
    const res = await put(details, { cookie: old, origin: ORIGIN });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/no booked pick-up that can still change/);
  });
});

describe('a signed-in customer\'s writes are limited per customer', () => {
  it('moves, details and deletion share the hourly limit; past it, 429 with the reason', async () => {
    const t = await createTestApp('pglite', { ORDER_CHANGES_PER_CUSTOMER_PER_HOUR: '2' }, { now });
    try {
      await insertBooking(t.database.db, { email: 'busy@example.com', phone: '+18035550133', bookingStatus: 'confirmed', pickupDate: '2026-11-25' });
      const cookie = await signInToOrders(t, ORIGIN, 'busy@example.com', 'busy@example.com');
      const put = () => t.request('/api/orders/details', { method: 'PUT', json: details, headers: { cookie, origin: ORIGIN } });
      expect((await put()).status).toBe(200);
      expect((await put()).status).toBe(200);
      const refused = await put();
      expect(refused.status).toBe(429);
      expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(/Too many requests/);
      expect((await t.request('/api/orders/erase', { method: 'POST', json: { confirm: 'DELETE' }, headers: { cookie, origin: ORIGIN } })).status).toBe(429);
    } finally {
      await t.close();
    }
  });
});
