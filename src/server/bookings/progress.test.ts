// Live progress (decision 023): a paid booking picked up (the customer told), washed, weighed,
// ready, out for delivery (the customer told, once) and delivered, moved by staff and by the
// order's pro; each stage with its time in the customer's timeline; moves out of order refused
// with the reason; two at once move once; nobody else moves it.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { payLocalCheckout, signInInvitedPro, signInOwner, signInToOrders, type StaffCall } from '../../../tests/helpers/flows';
import { createTestApp, testDatabaseKinds, type TestContext } from '../../../tests/helpers/test-app';
import type { LaundryPro } from '../../shared/schemas/laundry-pros';
import type { ProPortal } from '../../shared/schemas/pro-portal';
import { auditLog, outbox } from '../db/schema';
import { bookingFormInput } from './booking.factory';

const ORIGIN = 'http://shop.test';
let clock = new Date('2026-11-23T14:00:00Z'); // Monday 9:00 in South Carolina
const now = () => clock;
const at = (iso: string) => (clock = new Date(iso));

type Step = { stage: string; state: string; at: string | null };

describe.each(testDatabaseKinds)('live progress (%s)', (kind) => {
  let t: TestContext;
  let staff: StaffCall;
  let rosa: LaundryPro;
  let pro: StaffCall;
  beforeAll(async () => {
    at('2026-11-23T14:00:00Z');
    t = await createTestApp(kind, { PICKUP_CAPACITY_PER_WINDOW: '1000', PUBLIC_URL: ORIGIN }, { now });
    staff = await signInOwner(t, ORIGIN);
    rosa = (await staff('POST', '/api/admin/pros', { name: 'Rosa Diaz', email: 'rosa.pro@example.com' })).json.pro as LaundryPro;
    pro = (await signInInvitedPro(t, ORIGIN, staff, rosa)).call;
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(() => {
    at('2026-11-23T14:00:00Z');
  });

  async function paidBooking(email: string, smsConsent = true) {
    const res = await t.request('/api/bookings', { method: 'POST', json: { bookingData: bookingFormInput({ email, smsConsent, pickupDate: '2026-11-25' }) } });
    expect(res.status, await res.clone().text()).toBe(201);
    const { booking_id, url, token } = (await res.json()) as { booking_id: string; url: string; token: string };
    await payLocalCheckout(t, url);
    tokens.set(booking_id, token);
    return booking_id;
  }
  const tokens = new Map<string, string>();
  const mails = (id: string, kind: string) => t.database.db.select().from(outbox).where(and(eq(outbox.bookingId, id), eq(outbox.kind, kind)));
  const progress = (id: string, stage: string) => staff('POST', `/api/admin/bookings/${id}/progress`, { stage });

  it('staff move an order along; the customer hears of pick-up and delivery, and follows every stage', async () => {
    const id = await paidBooking('jane@example.com');
    expect((await progress(id, 'washing')).json.error.message).toBe('Mark it picked up first.');

    at('2026-11-25T14:30:00Z');
    expect((await staff('POST', `/api/admin/bookings/${id}/status`, { status: 'in-progress' })).status).toBe(200);
    expect(await mails(id, 'laundry_picked_up')).toHaveLength(1);
    expect((await mails(id, 'laundry_picked_up_sms'))[0]!.payload).toMatchObject({ body: expect.stringContaining('we picked up your laundry') });

    at('2026-11-25T16:00:00Z');
    const washing = await progress(id, 'washing');
    expect(washing).toMatchObject({ status: 200, json: { booking: { bookingStatus: 'in-progress', progress: 'washing' } } });
    const early = await progress(id, 'ready');
    expect(early.status).toBe(409);
    expect(early.json.error).toMatchObject({ message: 'Weigh it first: it is ready once the bill is weighed and charged.', fields: { stage: expect.any(String) } });

    at('2026-11-25T18:00:00Z');
    expect((await staff('POST', `/api/admin/bookings/${id}/weight`, { actualWeight: 14.2 })).status).toBe(200);
    // weighing keeps the laundry where it is
    expect((await staff('GET', `/api/admin/bookings/${id}`)).json.booking).toMatchObject({ bookingStatus: 'completed', progress: 'washing' });
    at('2026-11-26T13:00:00Z');
    expect((await progress(id, 'ready')).json.booking.progress).toBe('ready');
    expect((await progress(id, 'washing')).json.error.message).toBe('It is ready already: progress only moves forward.');

    at('2026-11-26T15:00:00Z');
    // two clicks at once: one move, one message
    const [a, b] = await Promise.all([progress(id, 'out_for_delivery'), progress(id, 'out_for_delivery')]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(await mails(id, 'laundry_out_for_delivery')).toHaveLength(1);
    expect(await mails(id, 'laundry_out_for_delivery_sms')).toHaveLength(1);
    expect(await t.database.db.select().from(auditLog).where(and(eq(auditLog.targetId, id), eq(auditLog.action, 'booking.progress_changed')))).toHaveLength(3);
    const [out] = await mails(id, 'laundry_out_for_delivery');
    expect(out!.subject).toMatch(/^Your laundry is on its way: WD-/);
    expect((out!.payload as { text: string }).text).toContain(`${ORIGIN}/orders`);

    at('2026-11-26T17:00:00Z');
    expect((await staff('POST', `/api/admin/bookings/${id}/status`, { status: 'delivered' })).status).toBe(200);
    expect((await progress(id, 'washing')).json.error.message).toBe('It is delivered already.');

    // the customer's timeline: every stage done, each with the time it was reached
    const cookie = await signInToOrders(t, ORIGIN, 'jane@example.com', 'jane@example.com');
    const { order } = (await (await t.request(`/api/orders/${id}`, { headers: { cookie } })).json()) as { order: { statusLabel: string; timeline: Step[] } };
    expect(order.statusLabel).toBe('Delivered');
    expect(order.timeline.map((s) => [s.stage, s.state, s.at])).toEqual([
      ['booked', 'done', expect.any(String)],
      ['picked_up', 'done', '2026-11-25T14:30:00.000Z'],
      ['washing', 'done', '2026-11-25T16:00:00.000Z'],
      ['ready', 'done', '2026-11-26T13:00:00.000Z'],
      ['out_for_delivery', 'done', '2026-11-26T15:00:00.000Z'],
      ['delivered', 'current', '2026-11-26T17:00:00.000Z'],
    ]);
    // and on the confirmation page's booking
    const publicBooking = (await (await t.request(`/api/bookings/${id}?token=${tokens.get(id)}`)).json()) as { timeline: Step[] };
    expect(publicBooking.timeline.at(-1)).toMatchObject({ stage: 'delivered', state: 'current', at: '2026-11-26T17:00:00.000Z' });
  });

  it('the order’s pro moves it too; another pro cannot; no texts without consent', async () => {
    const id = await paidBooking('sam@example.com', false);
    await staff('POST', `/api/admin/bookings/${id}/laundry-pro`, { laundryProId: rosa.id });
    const job = ((await pro('GET', '/api/pro/portal')).json as ProPortal).jobs.find((j) => j.bookingStatus === 'confirmed')!;
    const step = (s: string, as = pro) => as('POST', `/api/pro/assignments/${job.assignmentId}/step`, { step: s });
    expect((await step('washing')).json.error.message).toBe('Mark it picked up first.');
    expect((await step('picked_up')).json.job).toMatchObject({ bookingStatus: 'in-progress', nextStep: 'washing' });
    expect(await mails(id, 'laundry_picked_up')).toHaveLength(1);
    expect(await mails(id, 'laundry_picked_up_sms')).toHaveLength(0);
    expect((await step('washing')).json.job).toMatchObject({ nextStep: null });

    const cruz = (await staff('POST', '/api/admin/pros', { name: 'Cruz Vega', email: 'cruz.pro@example.com' })).json.pro as LaundryPro;
    const other = (await signInInvitedPro(t, ORIGIN, staff, cruz)).call;
    expect((await step('ready', other)).status).toBe(404);

    expect((await staff('POST', `/api/admin/bookings/${id}/weight`, { actualWeight: 10 })).status).toBe(200);
    expect((await step('ready')).json.job).toMatchObject({ nextStep: 'out_for_delivery' });
    expect((await step('out_for_delivery')).json.job).toMatchObject({ nextStep: 'delivered' });
    const [entry] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.targetId, id), eq(auditLog.action, 'booking.progress_changed'), eq(auditLog.actorEmail, 'rosa.pro@example.com')));
    expect(entry!.after).toMatchObject({ by: 'pro' });
    expect((await step('delivered')).json.job.bookingStatus).toBe('delivered');
  });

  it('a status set back to booked starts the laundry steps again; bad input and strangers are refused', async () => {
    const id = await paidBooking('lee@example.com');
    await staff('POST', `/api/admin/bookings/${id}/status`, { status: 'in-progress' });
    await progress(id, 'washing');
    expect((await staff('POST', `/api/admin/bookings/${id}/status`, { status: 'confirmed' })).json.booking).toMatchObject({ bookingStatus: 'confirmed', progress: null });
    expect((await progress(id, 'drying')).status).toBe(400);
    expect((await progress('not-a-uuid', 'washing')).status).toBe(404);
    const anonymous = await t.request(`/api/admin/bookings/${id}/progress`, { method: 'POST', json: { stage: 'washing' }, headers: { origin: ORIGIN } });
    expect(anonymous.status).toBe(401);
    expect((await pro('POST', `/api/admin/bookings/${id}/progress`, { stage: 'washing' })).status).toBe(403);
  });
});
