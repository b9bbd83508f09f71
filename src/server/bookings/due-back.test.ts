// When the laundry comes back (decision 056): planned at the pick-up, whoever records it (staff,
// the pro, the weighing), from the settings' schedule; shown to staff, the pro and the customer;
// told in the picked-up message; the customer may choose another offered window until it is out
// for delivery, nobody else's order and no other time.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { payLocalCheckout, signInInvitedPro, signInOwner, signInToOrders, type StaffCall } from '../../../tests/helpers/flows';
import { createTestApp, type TestContext } from '../../../tests/helpers/test-app';
import type { LaundryPro } from '../../shared/schemas/laundry-pros';
import type { ProPortal } from '../../shared/schemas/pro-portal';
import type { CustomerOrder } from '../../shared/schemas/customer-orders';
import { auditLog, bookingProgress, bookings, outbox } from '../db/schema';

import { planMissingDeliveries } from './progress.service';
import { bookingFormInput, insertBooking } from './booking.factory';

const ORIGIN = 'http://shop.test';
let clock = new Date('2026-11-23T14:00:00Z'); // Monday 9:00 in South Carolina
const now = () => clock;
const at = (iso: string) => (clock = new Date(iso));

describe('the delivery planned at the pick-up (pglite)', () => {
  let t: TestContext;
  let staff: StaffCall;
  let rosa: LaundryPro;
  let pro: StaffCall;
  beforeAll(async () => {
    t = await createTestApp('pglite', { PICKUP_CAPACITY_PER_WINDOW: '1000', PUBLIC_URL: ORIGIN }, { now });
    staff = await signInOwner(t, ORIGIN);
    rosa = (await staff('POST', '/api/admin/pros', { name: 'Rosa Diaz', email: 'rosa.due@example.com' })).json.pro as LaundryPro;
    pro = (await signInInvitedPro(t, ORIGIN, staff, rosa)).call;
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(() => {
    at('2026-11-23T14:00:00Z');
  });

  async function paidBooking(email: string, rushDelivery = false) {
    const res = await t.request('/api/bookings', { method: 'POST', json: { bookingData: bookingFormInput({ email, rushDelivery, pickupDate: '2026-11-25' }) } });
    expect(res.status, await res.clone().text()).toBe(201);
    const { booking_id, url } = (await res.json()) as { booking_id: string; url: string };
    await payLocalCheckout(t, url);
    return booking_id;
  }
  const row = async (id: string) => (await t.database.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
  const mails = (id: string, kind: string) => t.database.db.select().from(outbox).where(and(eq(outbox.bookingId, id), eq(outbox.kind, kind)));

  it.each([
    // Wednesday 9:30: 48 hours on is Friday 9:30, so Friday's 12PM window
    ['standard, by staff', false, '2026-11-25T14:30:00Z', { dueBackDate: '2026-11-27', dueBackTime: '12pm-4pm' }, 'Friday, November 27, 2026, 12PM – 4PM'],
    // rush: the last window starting within 24 hours, Wednesday's 4PM (Thursday is no service day)
    ['rush, by staff', true, '2026-11-25T14:30:00Z', { dueBackDate: '2026-11-25', dueBackTime: '4pm-8pm' }, 'Wednesday, November 25, 2026, 4PM – 8PM'],
  ])('%s: planned, shown to staff, told to the customer', async (_name, rush, pickedUpAt, planned, label) => {
    const id = await paidBooking(`due-${rush}@example.com`, rush);
    at(pickedUpAt);
    const res = await staff('POST', `/api/admin/bookings/${id}/status`, { status: 'in-progress' });
    expect(res.status).toBe(200);
    expect(res.json.booking).toMatchObject(planned);
    expect(await row(id)).toMatchObject(planned);
    const [mail] = await mails(id, 'laundry_picked_up');
    expect((mail!.payload as { text: string }).text).toContain(`We bring it back on ${label}`);
    // back to booked (a mistake corrected): nothing is planned any more
    expect((await staff('POST', `/api/admin/bookings/${id}/status`, { status: 'confirmed' })).json.booking).toMatchObject({ dueBackDate: null, dueBackTime: null });
  });

  it('the pro’s pick-up plans it, and the job card shows it; the weighing of an order not yet picked up plans it too', async () => {
    const id = await paidBooking('pro-due@example.com');
    const weighed = await paidBooking('weighed-due@example.com');
    await staff('POST', `/api/admin/bookings/${id}/laundry-pro`, { laundryProId: rosa.id });
    const job = ((await pro('GET', '/api/pro/portal')).json as ProPortal).jobs.find((j) => j.bookingStatus === 'confirmed')!;
    expect(job.dueBack).toBeNull();
    at('2026-11-25T21:30:00Z'); // Wednesday 4:30 PM: Friday has no window 48 hours on, so Monday
    const picked = await pro('POST', `/api/pro/assignments/${job.assignmentId}/step`, { step: 'picked_up' });
    expect(picked.json.job).toMatchObject({ bookingStatus: 'in-progress', dueBack: 'Monday, November 30, 2026, 8AM – 12PM' });

    at('2026-11-25T14:30:00Z');
    expect((await staff('POST', `/api/admin/bookings/${weighed}/weight`, { actualWeight: 10 })).status).toBe(200);
    expect(await row(weighed)).toMatchObject({ dueBackDate: '2026-11-27', dueBackTime: '12pm-4pm' });
  });

  it('an order picked up before deliveries were planned gets its window from its pick-up, once', async () => {
    const old = await insertBooking(t.database.db, { email: 'before@example.com', pickupDate: '2026-11-23', bookingStatus: 'in-progress', confirmedAt: new Date('2026-11-20T12:00:00Z'), paymentStatus: 'paid' });
    await t.database.db.insert(bookingProgress).values({ bookingId: old.id, stage: 'picked_up', at: new Date('2026-11-23T14:30:00Z') });
    expect(await planMissingDeliveries(t.database.db)).toBeGreaterThanOrEqual(1);
    // Monday 9:30: Wednesday's 12PM window, 48 hours on
    expect(await row(old.id)).toMatchObject({ dueBackDate: '2026-11-25', dueBackTime: '12pm-4pm' });
    expect(await planMissingDeliveries(t.database.db)).toBe(0);
  });

  it('the customer sees it and chooses a later window; not an unoffered one, not after it is out for delivery, not someone else’s', async () => {
    const id = await paidBooking('chooser@example.com');
    await paidBooking('stranger@example.com');
    at('2026-11-25T14:30:00Z');
    await staff('POST', `/api/admin/bookings/${id}/status`, { status: 'in-progress' });
    const jane = await signInToOrders(t, ORIGIN, 'chooser@example.com', 'chooser@example.com');
    const order = async () => ((await (await t.request(`/api/orders/${id}`, { headers: { cookie: jane } })).json()) as { order: CustomerOrder }).order;
    const choose = (cookie: string, body: unknown) => t.request(`/api/orders/${id}/delivery`, { method: 'POST', json: body, headers: { cookie, origin: ORIGIN } });

    const before = await order();
    expect(before.dueBackLabel).toBe('Friday, November 27, 2026, 12PM – 4PM');
    // the planned window first, then every later one for a week: Friday's two, Monday's, Wednesday's and Friday's three
    expect(before.deliveryChoices[0]).toEqual({ date: '2026-11-27', time: '12pm-4pm', label: 'Fri, Nov 27, 12PM – 4PM', current: true });
    expect(before.deliveryChoices.filter((c) => c.current)).toHaveLength(1);
    expect(before.deliveryChoices).toHaveLength(11);

    const cases: [unknown, number, RegExp][] = [
      [{ dueBackDate: '2026-11-27', dueBackTime: '8am-12pm' }, 400, /not one you can choose/], // earlier than the turnaround allows
      [{ dueBackDate: '2026-11-28', dueBackTime: '12pm-4pm' }, 400, /not one you can choose/], // Saturday: no service day
      [{ dueBackDate: '2026-12-30', dueBackTime: '12pm-4pm' }, 400, /not one you can choose/], // beyond the week
      [{ dueBackDate: '2026-11-30', dueBackTime: '7am-9am' }, 400, /not one you can choose/],
      [{ dueBackDate: 'friday', dueBackTime: '12pm-4pm' }, 400, /Choose a delivery day/],
    ];
    for (const [body, status, message] of cases) {
      const res = await choose(jane, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(message);
    }
    const stranger = await signInToOrders(t, ORIGIN, 'stranger@example.com', 'stranger@example.com');
    expect((await choose(stranger, { dueBackDate: '2026-11-30', dueBackTime: '4pm-8pm' })).status).toBe(404);
    expect(await row(id)).toMatchObject({ dueBackDate: '2026-11-27', dueBackTime: '12pm-4pm' });

    const res = await choose(jane, { dueBackDate: '2026-11-30', dueBackTime: '4pm-8pm' });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { order: CustomerOrder }).order.dueBackLabel).toBe('Monday, November 30, 2026, 4PM – 8PM');
    // chose later, and can come back to the planned one
    at('2026-11-25T15:00:00Z');
    expect((await choose(jane, { dueBackDate: '2026-11-27', dueBackTime: '12pm-4pm' })).status).toBe(200);
    at('2026-11-25T15:01:00Z');
    expect((await choose(jane, { dueBackDate: '2026-11-30', dueBackTime: '4pm-8pm' })).status).toBe(200);
    expect(await mails(id, 'delivery_moved')).toHaveLength(3);
    const moves = await t.database.db.select().from(auditLog).where(and(eq(auditLog.targetId, id), eq(auditLog.action, 'booking.delivery_moved')));
    expect(moves.at(-1)).toMatchObject({ actorId: null, after: { dueBackDate: '2026-11-30', dueBackTime: '4pm-8pm', by: 'customer' } });

    expect((await staff('POST', `/api/admin/bookings/${id}/weight`, { actualWeight: 10 })).status).toBe(200);
    expect((await staff('POST', `/api/admin/bookings/${id}/progress`, { stage: 'out_for_delivery' })).status).toBe(200);
    expect((await order()).deliveryChoices).toEqual([]);
    const late = await choose(jane, { dueBackDate: '2026-12-02', dueBackTime: '4pm-8pm' });
    expect(late.status).toBe(409);
    expect(((await late.json()) as { error: { message: string } }).error.message).toMatch(/until it is out for delivery/);
  });
});
