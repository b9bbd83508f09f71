// A customer moves their own pick-up (decision 021): another day and window with a place left, up
// to two hours before the window it is in; the hold stays as it is, the places follow, the calendar
// invitation is revised, the audit log says who. Anyone else's order, a full window, a closed day
// or a late move changes nothing.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInToOrders } from '../../../tests/helpers/flows';
import { createTestApp, testDatabaseKinds, type TestContext } from '../../../tests/helpers/test-app';
import { insertBooking } from '../bookings/booking.factory';
import { auditLog, bookings, outbox, pickupSlots } from '../db/schema';

const ORIGIN = 'http://localhost:3000';
let clock = new Date('2026-11-22T15:00:00Z'); // Sunday 10:00 in South Carolina
const now = () => clock;
const MONDAY = '2026-11-23';
const WEDNESDAY = '2026-11-25';
const FRIDAY = '2026-11-27';
const CLOSED_FRIDAY = '2026-12-04';

type Attachment = { filename: string; content: string };

describe.each(testDatabaseKinds)('moving a pick-up (%s)', (kind) => {
  let t: TestContext;
  let jane = '';
  let sam = '';
  beforeAll(async () => {
    t = await createTestApp(kind, { PICKUP_CAPACITY_PER_WINDOW: '2', CLOSED_DATES: CLOSED_FRIDAY }, { now });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A paid booking with its place in its window, as the booking flow leaves it. */
  async function booked(email: string, pickupDate = MONDAY, pickupTime = '8am-12pm') {
    const b = await insertBooking(t.database.db, { email, pickupDate, pickupTime, bookingStatus: 'confirmed', confirmedAt: new Date('2026-11-20T12:00:00Z'), paymentStatus: 'paid', paymentIntentStatus: 'requires_capture', authorizedAmount: 3150, stripePaymentIntentId: 'pi_test' });
    await t.database.db
      .insert(pickupSlots)
      .values({ pickupDate, pickupTime, booked: 1 })
      .onConflictDoUpdate({ target: [pickupSlots.pickupDate, pickupSlots.pickupTime], set: { booked: 2 } });
    return b;
  }
  const places = async (date: string, time: string) =>
    (await t.database.db.select().from(pickupSlots).where(and(eq(pickupSlots.pickupDate, date), eq(pickupSlots.pickupTime, time))))[0]?.booked ?? 0;
  const move = (cookie: string, id: string, body: unknown) => t.request(`/api/orders/${id}/reschedule`, { method: 'POST', json: body, headers: { cookie, origin: ORIGIN } });

  it('to another window with a place: the booking, its places, the hold, the invitation and the audit log', async () => {
    const b = await booked('jane@example.com');
    jane = await signInToOrders(t, ORIGIN, 'jane@example.com', 'jane@example.com');
    const res = await move(jane, b.id, { pickupDate: WEDNESDAY, pickupTime: '12pm-4pm' });
    expect(res.status).toBe(200);
    const { order } = (await res.json()) as { order: { pickupLabel: string; moneyLabel: string } };
    expect(order.pickupLabel).toBe('Wednesday, November 25, 2026, 12PM – 4PM');
    // the hold is the same hold: nothing at the gateway moved
    expect(order.moneyLabel).toBe('$31.50 held on your card');
    const [after] = await t.database.db.select().from(bookings).where(eq(bookings.id, b.id));
    expect(after).toMatchObject({ pickupDate: WEDNESDAY, pickupTime: '12pm-4pm', authorizedAmount: 3150, paymentIntentStatus: 'requires_capture', stripePaymentIntentId: 'pi_test' });
    expect(await places(MONDAY, '8am-12pm')).toBe(0);
    expect(await places(WEDNESDAY, '12pm-4pm')).toBe(1);

    const [mail] = await t.database.db.select().from(outbox).where(and(eq(outbox.bookingId, b.id), eq(outbox.kind, 'booking_rescheduled')));
    const payload = mail!.payload as { text: string; attachments: Attachment[] };
    expect(mail!.subject).toContain('Wednesday, November 25, 2026, 12PM – 4PM');
    expect(payload.text).toContain('it was Monday, November 23, 2026, 8AM – 12PM');
    const ics = payload.attachments[0]!.content;
    // the same event (its UID), a later revision, at the new time (12:00 in South Carolina is 17:00 UTC)
    expect(ics).toContain(`UID:pickup-${b.id}@`);
    expect(Number(/SEQUENCE:(\d+)/.exec(ics)![1])).toBeGreaterThan(0);
    expect(ics).toContain('DTSTART:20261125T170000Z');

    const [entry] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.targetId, b.id), eq(auditLog.action, 'booking.rescheduled')));
    expect(entry).toMatchObject({ actorId: null, before: { pickupDate: MONDAY, pickupTime: '8am-12pm' }, after: { pickupDate: WEDNESDAY, pickupTime: '12pm-4pm', by: 'customer' } });
  });

  it('a full window, a closed day, a day past the horizon, the same window: refused with the reason, nothing moved', async () => {
    const b = await booked('jane@example.com', MONDAY, '4pm-8pm');
    await booked('other1@example.com', FRIDAY, '8am-12pm');
    await booked('other2@example.com', FRIDAY, '8am-12pm');
    expect(await places(FRIDAY, '8am-12pm')).toBe(2);
    const cases: [unknown, number, RegExp][] = [
      [{ pickupDate: FRIDAY, pickupTime: '8am-12pm' }, 409, /window is full/],
      [{ pickupDate: CLOSED_FRIDAY, pickupTime: '8am-12pm' }, 400, /closed|not available|choose another/i],
      [{ pickupDate: '2027-06-04', pickupTime: '8am-12pm' }, 400, /ahead|horizon|up to|days/i],
      [{ pickupDate: '2026-11-24', pickupTime: '8am-12pm' }, 400, /Monday|Wednesday|Friday|pick-up day|service/i],
      [{ pickupDate: MONDAY, pickupTime: '4pm-8pm' }, 400, /already your pick-up time/],
      [{ pickupDate: 'soon', pickupTime: '8am-12pm' }, 400, /Choose a pick-up date/],
      [{ pickupDate: FRIDAY, pickupTime: 'noon' }, 400, /Choose a pick-up time/],
    ];
    for (const [body, status, message] of cases) {
      const res = await move(jane, b.id, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(message);
    }
    const [after] = await t.database.db.select().from(bookings).where(eq(bookings.id, b.id));
    expect(after).toMatchObject({ pickupDate: MONDAY, pickupTime: '4pm-8pm' });
    expect(await places(FRIDAY, '8am-12pm')).toBe(2);
    expect(await places(MONDAY, '4pm-8pm')).toBe(1);
  });

  it('two customers at once for the last place: one moves, the other is told the window is full', async () => {
    const a = await booked('jane@example.com', MONDAY, '12pm-4pm');
    const b = await booked('sam@example.com', MONDAY, '12pm-4pm');
    sam = await signInToOrders(t, ORIGIN, 'sam@example.com', 'sam@example.com');
    await booked('third@example.com', WEDNESDAY, '8am-12pm');
    const answers = await Promise.all([move(jane, a.id, { pickupDate: WEDNESDAY, pickupTime: '8am-12pm' }), move(sam, b.id, { pickupDate: WEDNESDAY, pickupTime: '8am-12pm' })]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await places(WEDNESDAY, '8am-12pm')).toBe(2);
  });

  it('another customer’s order, no session and a late move change nothing', async () => {
    const b = await booked('jane@example.com', MONDAY, '8am-12pm');
    const theirs = await move(sam, b.id, { pickupDate: FRIDAY, pickupTime: '4pm-8pm' });
    expect(theirs.status).toBe(404);
    expect((await move('', b.id, { pickupDate: FRIDAY, pickupTime: '4pm-8pm' })).status).toBe(401);
    // Monday 6:00 is two hours before the 8am window: from then on it is too late to move it online
    clock = new Date('2026-11-23T11:00:00Z');
    try {
      const late = await move(jane, b.id, { pickupDate: FRIDAY, pickupTime: '4pm-8pm' });
      expect(late.status).toBe(409);
      expect(((await late.json()) as { error: { message: string } }).error.message).toMatch(/too late to move this pick-up online/);
    } finally {
      clock = new Date('2026-11-22T15:00:00Z');
    }
    const [after] = await t.database.db.select().from(bookings).where(eq(bookings.id, b.id));
    expect(after).toMatchObject({ pickupDate: MONDAY, pickupTime: '8am-12pm' });
  });
});
