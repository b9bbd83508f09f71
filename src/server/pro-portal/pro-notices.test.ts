// The pro's phone (decision 056): a pro is told by email of a job given to them (not of one already
// picked up, not twice for the same choice); "On my way" tells the customer when the pro arrives,
// by text where they agreed to texts, else by email, once per ten minutes, only for a pick-up still
// to do or a delivery out for delivery, and only on the pro's own job.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { payLocalCheckout, signInInvitedPro, signInOwner, type StaffCall } from '../../../tests/helpers/flows';
import { createTestApp, type TestContext } from '../../../tests/helpers/test-app';
import type { LaundryPro } from '../../shared/schemas/laundry-pros';
import type { ProPortal } from '../../shared/schemas/pro-portal';
import { outbox } from '../db/schema';
import { bookingFormInput } from '../bookings/booking.factory';

const ORIGIN = 'http://shop.test';
let clock = new Date('2026-11-23T14:00:00Z'); // Monday 9:00 in South Carolina
const now = () => clock;

describe('the pro’s notices (pglite)', () => {
  let t: TestContext;
  let staff: StaffCall;
  let rosa: LaundryPro;
  let pro: StaffCall;
  let other: StaffCall;
  beforeAll(async () => {
    t = await createTestApp('pglite', { PICKUP_CAPACITY_PER_WINDOW: '1000', PUBLIC_URL: ORIGIN }, { now });
    staff = await signInOwner(t, ORIGIN);
    rosa = (await staff('POST', '/api/admin/pros', { name: 'Rosa Diaz', email: 'rosa.notice@example.com' })).json.pro as LaundryPro;
    pro = (await signInInvitedPro(t, ORIGIN, staff, rosa)).call;
    const cruz = (await staff('POST', '/api/admin/pros', { name: 'Cruz Vega', email: 'cruz.notice@example.com' })).json.pro as LaundryPro;
    other = (await signInInvitedPro(t, ORIGIN, staff, cruz)).call;
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(() => {
    clock = new Date('2026-11-23T14:00:00Z');
  });

  async function paidBooking(email: string, smsConsent: boolean) {
    const res = await t.request('/api/bookings', { method: 'POST', json: { bookingData: bookingFormInput({ email, smsConsent, pickupDate: '2026-11-25', address: '12 Pine Ridge Dr' }) } });
    expect(res.status, await res.clone().text()).toBe(201);
    const { booking_id, url } = (await res.json()) as { booking_id: string; url: string };
    await payLocalCheckout(t, url);
    return booking_id;
  }
  const sent = (where: { bookingId?: string; to?: string }, kind: string) =>
    t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, kind), where.bookingId ? eq(outbox.bookingId, where.bookingId) : eq(outbox.recipient, where.to!)));
  const assign = (id: string, laundryProId: string | null) => staff('POST', `/api/admin/bookings/${id}/laundry-pro`, { laundryProId });
  const jobOf = async (call: StaffCall, id: string) => ((await call('GET', '/api/pro/portal')).json as ProPortal).jobs.find((j) => j.orderId === id.slice(0, 8).toUpperCase())!;

  it('a job given to a pro emails them when and where, without the customer’s contact; once per choice', async () => {
    const id = await paidBooking('assigned@example.com', false);
    expect((await assign(id, rosa.id)).status).toBe(200);
    expect((await assign(id, rosa.id)).status).toBe(200); // the same choice again: nothing new
    const [mail, ...more] = await sent({ bookingId: id }, 'pro_job_assigned');
    expect(more).toHaveLength(0);
    expect(mail!.recipient).toBe('rosa.notice@example.com');
    const text = (mail!.payload as { text: string }).text;
    expect(mail!.subject).toContain('Wednesday, November 25, 2026, 8AM – 12PM');
    expect(text).toContain('Lexington 29072');
    expect(text).toContain('/pro');
    expect(text).not.toContain('assigned@example.com');
    expect(text).not.toContain('12 Pine Ridge Dr');

    // picked up already: the new pro is not sent to the door
    expect((await staff('POST', `/api/admin/bookings/${id}/status`, { status: 'in-progress' })).status).toBe(200);
    await assign(id, null);
    await assign(id, rosa.id);
    expect(await sent({ bookingId: id }, 'pro_job_assigned')).toHaveLength(1);
  });

  it('“On my way” texts a customer who agreed to texts, emails one who did not; once per ten minutes; the delivery too', async () => {
    const texted = await paidBooking('texted@example.com', true);
    const emailed = await paidBooking('emailed@example.com', false);
    await assign(texted, rosa.id);
    await assign(emailed, rosa.id);
    const onMyWay = async (call: StaffCall, id: string, minutes: unknown) => call('POST', `/api/pro/assignments/${(await jobOf(pro, id)).assignmentId}/on-my-way`, { minutes });

    expect((await jobOf(pro, texted)).onMyWay).toBe('pickup');
    const res = await onMyWay(pro, texted, 15);
    expect(res.json).toEqual({ sentBy: 'text', message: 'Jenna was told by text: you arrive around 9:15 AM.' });
    await onMyWay(pro, texted, 15); // a second tap
    const [sms, ...again] = await sent({ bookingId: texted }, 'on_my_way_sms');
    expect(again).toHaveLength(0);
    expect((sms!.payload as { body: string }).body).toContain('Rosa is on the way to pick up your laundry');
    expect((sms!.payload as { body: string }).body).toContain('arriving in about 15 minutes, around 9:15 AM');

    expect((await onMyWay(pro, emailed, 30)).json.sentBy).toBe('email');
    const [mail] = await sent({ bookingId: emailed }, 'on_my_way');
    expect((mail!.payload as { text: string }).text).toContain('around 9:30 AM');

    // another pro's job, a time not offered
    expect((await onMyWay(other, texted, 15)).status).toBe(404);
    const odd = await onMyWay(pro, texted, 7);
    expect(odd.status).toBe(400);
    expect(odd.json.error.message).toBe('Choose when you arrive: in 10 to 60 minutes.');

    // picked up and washing: nobody to tell; out for delivery: the way back
    const job = await jobOf(pro, texted);
    await pro('POST', `/api/pro/assignments/${job.assignmentId}/step`, { step: 'picked_up' });
    const closed = await onMyWay(pro, texted, 15);
    expect(closed.status).toBe(409);
    expect(closed.json.error.message).toMatch(/for a pick-up still to do/);
    expect((await staff('POST', `/api/admin/bookings/${texted}/weight`, { actualWeight: 10 })).status).toBe(200);
    await pro('POST', `/api/pro/assignments/${job.assignmentId}/step`, { step: 'out_for_delivery' });
    expect((await jobOf(pro, texted)).onMyWay).toBe('delivery');
    clock = new Date('2026-11-25T15:00:00Z');
    await onMyWay(pro, texted, 20);
    const texts = await sent({ bookingId: texted }, 'on_my_way_sms');
    expect(texts).toHaveLength(2);
    expect(texts.map((m) => (m.payload as { body: string }).body).some((b) => b.includes('to bring your laundry back') && b.includes('around 10:20 AM'))).toBe(true);
  });
});
