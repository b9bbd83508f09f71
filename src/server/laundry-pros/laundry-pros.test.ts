// spec: back-office 2 (Laundry Pros tab, Assignment Overview), 5 (add laundry pro), 9 (default
// rate 0.75): staff add and edit pros; each card's counts and earnings come from the assignments.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInOwner, type StaffCall } from '../../../tests/helpers/flows';
import { createTestApp, testDatabaseKinds, type TestContext } from '../../../tests/helpers/test-app';
import { proMessages, type AssignmentRow, type LaundryPro } from '../../shared/schemas/laundry-pros';
import { insertBooking } from '../bookings/booking.factory';
import { auditLog, laundryAssignments } from '../db/schema';

const ORIGIN = 'http://shop.test';
// Tuesday 2026-11-24, 23:30 in UTC: still Tuesday in South Carolina
const now = () => new Date('2026-11-24T23:30:00Z');

describe.each(testDatabaseKinds)('laundry pros (%s)', (kind) => {
  let t: TestContext;
  let staff: StaffCall;

  beforeAll(async () => {
    t = await createTestApp(kind, { PUBLIC_URL: ORIGIN }, { now });
    staff = await signInOwner(t, ORIGIN);
  });
  afterAll(async () => {
    await t?.close();
  });

  const add = (body: unknown) => staff('POST', '/api/admin/pros', body);

  it('adds a pro with the defaults: 0.75 a pound, 0 an hour, active, starting today in the business time zone', async () => {
    const res = await add({ name: '  Rosa Diaz  ', email: 'rosa@example.com', phone: '(803) 555-0199' });
    expect(res.status).toBe(201);
    const pro = res.json.pro as LaundryPro;
    expect(pro).toMatchObject({
      name: 'Rosa Diaz',
      email: 'rosa@example.com',
      phone: '+18035550199', // stored one way (src/shared/phone.ts); the web shows (803) 555-0199
      perPoundRateCents: 75,
      hourlyRateCents: 0,
      status: 'active',
      startDate: '2026-11-24',
      paymentAccount: 'none',
      activeAssignments: 0,
      completedOrders: 0,
      unpaid: { perPoundCents: 0, tipCents: 0, totalCents: 0 },
      totalEarnedCents: 0,
      recentAssignments: [],
    });
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, pro.id));
    expect(entry).toMatchObject({ action: 'laundry_pro.created', actorEmail: 'owner@example.com' });
  });

  it.each([
    ['a blank name', { name: '   ' }, 'name', proMessages.nameRequired],
    ['no name', {}, 'name', proMessages.nameRequired],
    ['a negative rate', { name: 'A', perPoundRateCents: -1 }, 'perPoundRateCents', proMessages.perPoundRate],
    ['a rate that is not whole cents', { name: 'A', perPoundRateCents: 75.5 }, 'perPoundRateCents', proMessages.perPoundRate],
    ['a rate that is not a number', { name: 'A', perPoundRateCents: '0.75' }, 'perPoundRateCents', proMessages.perPoundRate],
    ['a negative hourly rate', { name: 'A', hourlyRateCents: -100 }, 'hourlyRateCents', proMessages.hourlyRate],
    ['a bad email', { name: 'A', email: 'not-an-email' }, 'email', proMessages.email],
    ['a start date that is no date', { name: 'A', startDate: '2026-02-30' }, 'startDate', proMessages.startDate],
    ['an unknown status', { name: 'A', status: 'retired' }, 'status', 'Choose active or inactive'],
  ])('refuses %s with the reason beside the field, and adds nothing', async (_case, body, field, message) => {
    const before = (await staff('GET', '/api/admin/pros')).json.pros.length;
    const res = await add(body);
    expect(res.status).toBe(400);
    expect(res.json.error.fields[field]).toBe(message);
    expect((await staff('GET', '/api/admin/pros')).json.pros.length).toBe(before);
  });

  it('edits a pro (inactive, a new rate) and audits what changed; an unknown pro is "Laundry pro not found."', async () => {
    const { pro } = (await add({ name: 'Sam Edit', perPoundRateCents: 80, startDate: '2026-10-01' })).json as { pro: LaundryPro };
    const res = await staff('PUT', `/api/admin/pros/${pro.id}`, { name: 'Sam Edit', perPoundRateCents: 90, status: 'inactive' });
    expect(res.status).toBe(200);
    // the start date stays when the edit leaves it out
    expect(res.json.pro).toMatchObject({ perPoundRateCents: 90, status: 'inactive', startDate: '2026-10-01' });
    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, pro.id));
    const updated = entries.find((e) => e.action === 'laundry_pro.updated');
    expect(updated).toMatchObject({ before: { perPoundRateCents: 80, status: 'active' }, after: { perPoundRateCents: 90, status: 'inactive' } });
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      const missing = await staff('PUT', `/api/admin/pros/${id}`, { name: 'X' });
      expect(missing.status).toBe(404);
      expect(missing.json.error.message).toBe('Laundry pro not found.');
    }
  });

  it('lists pros newest first; a card counts its assignments and sums their payouts; the overview joins booking and pro', async () => {
    const { pro } = (await add({ name: 'Lee Counts' })).json as { pro: LaundryPro };
    const db = t.database.db;
    // a tip is the booking's, as the customer paid it (part of what the card paid, decision 015);
    // an open assignment earns nothing yet
    const [open, done1, done2, done3] = await Promise.all([
      insertBooking(db, { name: 'Open Order', capturedAmount: 999, tipAmount: 999 }),
      insertBooking(db, { name: 'Done One', actualWeightTenths: 142, capturedAmount: 2585 + 465, tipAmount: 465 }),
      insertBooking(db, { name: 'Done Two', actualWeightTenths: 100 }),
      insertBooking(db, { name: 'Done Three', actualWeightTenths: 50, capturedAmount: 875 + 100, tipAmount: 100 }),
    ]);
    const at = (minutes: number) => new Date(now().getTime() - minutes * 60_000);
    await db.insert(laundryAssignments).values([
      { bookingId: open.id, laundryProId: pro.id, assignedAt: at(1) },
      // 14.2 lb x $0.75 = $10.65, with a $4.65 tip
      { bookingId: done1.id, laundryProId: pro.id, status: 'completed', perPoundPayoutCents: 1065, assignedAt: at(2), completedAt: at(1) },
      { bookingId: done2.id, laundryProId: pro.id, status: 'completed', perPoundPayoutCents: 750, assignedAt: at(3), completedAt: at(1) },
      { bookingId: done3.id, laundryProId: pro.id, status: 'completed', perPoundPayoutCents: 375, assignedAt: at(4), completedAt: at(1) },
    ]);
    const { pros } = (await staff('GET', '/api/admin/pros')).json as { pros: LaundryPro[] };
    expect(pros[0]!.name).toBe('Lee Counts');
    expect(pros[0]).toMatchObject({
      activeAssignments: 1,
      completedOrders: 3,
      unpaid: { perPoundCents: 2190, tipCents: 565, totalCents: 2755 },
      totalEarnedCents: 2755,
    });
    // the first 3, newest first, order ids as 8 characters, earned only when completed
    expect(pros[0]!.recentAssignments).toEqual([
      { bookingId: open.id, orderId: open.id.slice(0, 8).toUpperCase(), status: 'assigned', earnedCents: null },
      { bookingId: done1.id, orderId: done1.id.slice(0, 8).toUpperCase(), status: 'completed', earnedCents: 1530 },
      { bookingId: done2.id, orderId: done2.id.slice(0, 8).toUpperCase(), status: 'completed', earnedCents: 750 },
    ]);

    const { assignments } = (await staff('GET', '/api/admin/assignments')).json as { assignments: AssignmentRow[] };
    const mine = assignments.filter((a) => a.proId === pro.id);
    expect(mine.map((a) => [a.customerName, a.weightTenths, a.status, a.payout?.totalCents ?? null])).toEqual([
      ['Open Order', null, 'assigned', null],
      ['Done One', 142, 'completed', 1530],
      ['Done Two', 100, 'completed', 750],
      ['Done Three', 50, 'completed', 475],
    ]);
    expect(mine[1]).toMatchObject({ proName: 'Lee Counts', payout: { perPoundCents: 1065, tipCents: 465, totalCents: 1530 } });
  });

  it('is for staff only: signed out, 401, and nothing is added', async () => {
    const res = await t.request('/api/admin/pros', { method: 'POST', json: { name: 'Mallory' }, headers: { origin: ORIGIN } });
    expect(res.status).toBe(401);
    const { pros } = (await staff('GET', '/api/admin/pros')).json as { pros: LaundryPro[] };
    expect(pros.some((p) => p.name === 'Mallory')).toBe(false);
  });
});
