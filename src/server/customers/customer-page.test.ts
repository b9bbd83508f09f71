// The back office's customer page: every order of the customer (their email however written),
// the money paid, due and on hold from the shared rule, and staff notes (audited); staff only.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInOwner, type StaffCall } from '../../../tests/helpers/flows';
import { createTestApp, bothDatabaseKinds, type TestContext } from '../../../tests/helpers/test-app';
import { insertBooking } from '../bookings/booking.factory';
import { auditLog, bookingRatings } from '../db/schema';

const ORIGIN = 'http://localhost:3000';

describe.each(bothDatabaseKinds)('a customer’s page in the back office (%s)', (kind) => {
  let t: TestContext;
  let staff: StaffCall;
  let janeFirst = '';
  let janeSecond = '';
  let sam = '';
  beforeAll(async () => {
    t = await createTestApp(kind);
    staff = await signInOwner(t, ORIGIN);
    // Jane: weighed at 14.2 lb ($25.85 captured of $31.50), and one held for $31.50, her email written two ways
    janeFirst = (await insertBooking(t.database.db, { name: 'Jane Doe', email: 'Jane.Doe@Gmail.com', phone: '(803) 555-0142', pickupDate: '2026-11-09', bookingStatus: 'delivered', paymentStatus: 'paid', authorizedAmount: 3150, capturedAmount: 2585, finalTotalAmount: 2585, weightAdjustmentProcessed: true })).id;
    janeSecond = (await insertBooking(t.database.db, { name: 'Jane Doe', email: 'janedoe@gmail.com', phone: '(803) 555-0142', pickupDate: '2026-11-23', bookingStatus: 'confirmed', paymentStatus: 'paid', paymentIntentStatus: 'requires_capture', authorizedAmount: 3150 })).id;
    sam = (await insertBooking(t.database.db, { name: 'Sam Other', email: 'sam@example.com', amountDueCents: 665, bookingStatus: 'completed', paymentStatus: 'paid', authorizedAmount: 3150, capturedAmount: 3150 })).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('from either of her bookings: both orders, $25.85 paid, $31.50 on hold, nothing due', async () => {
    for (const id of [janeFirst, janeSecond]) {
      const { status, json } = await staff('GET', `/api/admin/bookings/${id}/customer`);
      expect(status).toBe(200);
      expect(json).toMatchObject({ name: 'Jane Doe', email: 'janedoe@gmail.com', phone: '(803) 555-0142', paidCents: 2585, onHoldCents: 3150, dueCents: 0, notes: [] });
      expect(json.orders.map((o: { id: string }) => o.id)).toEqual([janeSecond, janeFirst]);
      expect(json.orders.map((o: { moneyLabel: string }) => o.moneyLabel)).toEqual(['Authorized $31.50', 'Captured $25.85']);
    }
    const other = await staff('GET', `/api/admin/bookings/${sam}/customer`);
    expect(other.json).toMatchObject({ name: 'Sam Other', dueCents: 665, paidCents: 3150 });
    expect(other.json.orders).toHaveLength(1);
  });

  it('each order shows how she rated it, and her comment (decision 063)', async () => {
    await t.database.db.insert(bookingRatings).values({ bookingId: janeFirst, stars: 2, comment: 'Two shirts came back damp.', ratedAt: new Date('2026-11-12T15:00:00Z') });
    const { json } = await staff('GET', `/api/admin/bookings/${janeSecond}/customer`);
    expect(json.orders.map((o: { rating: unknown }) => o.rating)).toEqual([null, { label: '2 out of 5 (Fair)', comment: 'Two shirts came back damp.' }]);
    await t.database.db.delete(bookingRatings).where(eq(bookingRatings.bookingId, janeFirst));
  });

  it('a note is kept on the customer, shown from any of their bookings, audited; never on another customer', async () => {
    const added = await staff('POST', `/api/admin/bookings/${janeFirst}/customer/notes`, { body: '  Gate code 4411; the dog is friendly  ' });
    expect(added.status).toBe(201);
    expect(added.json.note).toMatchObject({ body: 'Gate code 4411; the dog is friendly', authorEmail: 'owner@example.com' });
    const page = await staff('GET', `/api/admin/bookings/${janeSecond}/customer`);
    expect(page.json.notes.map((n: { body: string }) => n.body)).toEqual(['Gate code 4411; the dog is friendly']);
    expect((await staff('GET', `/api/admin/bookings/${sam}/customer`)).json.notes).toEqual([]);
    const [entry] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'customer.note_added'), eq(auditLog.targetId, janeFirst)));
    expect(entry).toMatchObject({ actorEmail: 'owner@example.com', after: { body: 'Gate code 4411; the dog is friendly' } });
  });

  it('bad input and unknown bookings get a clear 4xx; nobody but staff reads the page', async () => {
    for (const body of [{ body: '' }, { body: ' ' }, { body: 'x'.repeat(2001) }, {}]) {
      const res = await staff('POST', `/api/admin/bookings/${janeFirst}/customer/notes`, body);
      expect(res.status).toBe(400);
      expect(res.json.error.message).toMatch(/Write the note/);
    }
    expect((await staff('GET', '/api/admin/bookings/00000000-0000-4000-8000-000000000000/customer')).status).toBe(404);
    expect((await staff('GET', '/api/admin/bookings/not-an-id/customer')).status).toBe(404);
    expect((await t.request(`/api/admin/bookings/${janeFirst}/customer`)).status).toBe(401);
    expect((await t.request(`/api/admin/bookings/${janeFirst}/customer/notes`, { method: 'POST', json: { body: 'x' }, headers: { origin: ORIGIN } })).status).toBe(401);
  });
});
