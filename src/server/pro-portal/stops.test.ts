// A stop's photos and a missed pick-up (decision 057; spec: customer-site 9, the $20 no-show fee):
// the pro photographs the pick-up, the delivery or the closed door, on their own jobs only; staff
// and the order's customer see the photo, nobody else. A missed pick-up is reported with its
// photo, refused once the laundry is picked up, and staff confirm it once: the fee is taken from
// the hold (the rest let go), ledgered and emailed; dismissed, the pick-up is to do again; waived,
// the fee goes back. What the customer paid is always what their order says.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payLocalCheckout, signInInvitedPro, signInOwner, signInToOrders, type StaffCall } from '../../../tests/helpers/flows';
import { createTestApp, type TestContext } from '../../../tests/helpers/test-app';
import type { LaundryPro } from '../../shared/schemas/laundry-pros';
import type { ProJob, ProPortal } from '../../shared/schemas/pro-portal';
import type { CustomerOrders } from '../../shared/schemas/customer-orders';
import type { StaffBooking } from '../../shared/schemas/back-office';
import { bookingMoneyFromLedger } from '../booking-money/booking-money';
import { bookings, outbox, stopPhotos } from '../db/schema';
import { bookingFormInput } from '../bookings/booking.factory';

const ORIGIN = 'http://shop.test';
const now = () => new Date('2026-11-23T14:00:00Z'); // Monday 9:00 in South Carolina

const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9]);
const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');

describe('a stop’s photos and a missed pick-up (pglite)', () => {
  let t: TestContext;
  let staff: StaffCall;
  let pro: StaffCall;
  let other: StaffCall;
  let rosa: LaundryPro;
  beforeAll(async () => {
    t = await createTestApp('pglite', { PICKUP_CAPACITY_PER_WINDOW: '1000', PUBLIC_URL: ORIGIN }, { now });
    staff = await signInOwner(t, ORIGIN);
    rosa = (await staff('POST', '/api/admin/pros', { name: 'Rosa Diaz', email: 'rosa.stops@example.com' })).json.pro as LaundryPro;
    pro = (await signInInvitedPro(t, ORIGIN, staff, rosa)).call;
    const cruz = (await staff('POST', '/api/admin/pros', { name: 'Cruz Vega', email: 'cruz.stops@example.com' })).json.pro as LaundryPro;
    other = (await signInInvitedPro(t, ORIGIN, staff, cruz)).call;
  });
  afterAll(async () => {
    await t?.close();
  });

  async function assignedJob(email: string): Promise<{ id: string; job: ProJob }> {
    const res = await t.request('/api/bookings', { method: 'POST', json: { bookingData: bookingFormInput({ email, pickupDate: '2026-11-25' }) } });
    expect(res.status, await res.clone().text()).toBe(201);
    const { booking_id: id, url } = (await res.json()) as { booking_id: string; url: string };
    await payLocalCheckout(t, url);
    expect((await staff('POST', `/api/admin/bookings/${id}/laundry-pro`, { laundryProId: rosa.id })).status).toBe(200);
    return { id, job: await jobOf(id) };
  }
  const jobOf = async (id: string) => ((await pro('GET', '/api/pro/portal')).json as ProPortal).jobs.find((j) => j.orderId === id.slice(0, 8).toUpperCase())!;
  const photo = (call: StaffCall, job: ProJob, kind: string, bytes: Uint8Array = jpeg, type = 'image/jpeg') => call.upload(`/api/pro/assignments/${job.assignmentId}/photos/${kind}`, bytes, type);
  const staffBooking = async (id: string) => (await staff('GET', `/api/admin/bookings/${id}`)).json.booking as StaffBooking;
  const row = async (id: string) => (await t.database.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;

  it('the pro photographs the pick-up and the delivery of their own job; staff and the customer see them, nobody else', async () => {
    const { id, job } = await assignedJob('photos@example.com');
    expect(job.photoAsked).toBe('pickup');
    const kept = await photo(pro, job, 'pickup');
    expect(kept.status, JSON.stringify(kept.json)).toBe(200);
    expect(kept.json).toEqual({ kind: 'pickup', takenAt: now().toISOString() });
    expect((await photo(pro, job, 'pickup')).status).toBe(200); // an offline retry: kept once
    expect((await jobOf(id)).photos.pickup).toBe(now().toISOString());

    // refused: another pro's job, an image type not allowed, an empty body, a kind that does not exist, the delivery's before the weighing
    const refusals: [StaffCall, string, Uint8Array, number, string][] = [
      [other, 'pickup', jpeg, 404, 'Job not found'],
      [pro, 'pickup', gif, 415, 'The photo must be a JPEG, PNG or WebP image.'],
      [pro, 'pickup', new Uint8Array(), 400, 'Take or choose a photo first.'],
      [pro, 'selfie', jpeg, 404, 'Photos are of a pick-up, a delivery or a missed pick-up.'],
      [pro, 'delivery', jpeg, 409, 'The delivery photo is taken when the order is delivered: this order is not weighed yet.'],
    ];
    for (const [call, kind, bytes, status, message] of refusals) {
      const res = await photo(call, job, kind, bytes);
      expect([kind, res.status]).toEqual([kind, status]);
      expect(res.json.error.message).toContain(message.replace('Job not found', ''));
    }

    await pro('POST', `/api/pro/assignments/${job.assignmentId}/step`, { step: 'picked_up' });
    expect((await staff('POST', `/api/admin/bookings/${id}/weight`, { actualWeight: 10 })).status).toBe(200);
    await pro('POST', `/api/pro/assignments/${job.assignmentId}/step`, { step: 'out_for_delivery' });
    expect((await jobOf(id)).photoAsked).toBe('delivery');
    expect((await photo(pro, job, 'delivery')).status).toBe(200);

    // staff see both
    const seen = await staffBooking(id);
    expect(seen.stopPhotos).toEqual({ pickup: now().toISOString(), delivery: now().toISOString(), no_show: null });
    const image = await staff.fetch(`/api/admin/bookings/${id}/photos/delivery`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(new Uint8Array(jpeg));
    expect((await staff.fetch(`/api/admin/bookings/${id}/photos/no_show`)).status).toBe(404);

    // the customer sees their own order's photos; another customer, a pro or a stranger does not
    const mine = await signInToOrders(t, ORIGIN, 'photos@example.com', 'photos@example.com');
    const orders = (await (await t.request('/api/orders', { headers: { cookie: mine } })).json()) as CustomerOrders;
    const order = [...orders.upcoming, ...orders.past].find((o) => o.id === id)!;
    expect(order.photos.map((p) => [p.kind, p.label, p.url])).toEqual([
      ['pickup', 'Photo at pick-up', `/api/orders/${id}/photos/pickup`],
      ['delivery', 'Photo at delivery', `/api/orders/${id}/photos/delivery`],
    ]);
    expect((await t.request(order.photos[0]!.url, { headers: { cookie: mine } })).status).toBe(200);
    await assignedJob('someone.else@example.com');
    const theirs = await signInToOrders(t, ORIGIN, 'someone.else@example.com', 'someone.else@example.com');
    expect((await t.request(order.photos[0]!.url, { headers: { cookie: theirs } })).status).toBe(404);
    expect((await t.request(order.photos[0]!.url)).status).toBe(401);
    expect((await pro.fetch(`/api/admin/bookings/${id}/photos/pickup`)).status).toBe(403);
  });

  it('a booking staff delete takes its photos with it: the rows and the files', async () => {
    const { id, job } = await assignedJob('deleted.photos@example.com');
    expect((await photo(pro, job, 'pickup')).status).toBe(200);
    const [kept] = await t.database.db.select().from(stopPhotos).where(eq(stopPhotos.bookingId, id));
    expect(await t.files.get(kept!.fileKey)).not.toBeNull();
    const deleted = await staff('DELETE', `/api/admin/bookings/${id}`);
    expect(deleted.status, JSON.stringify(deleted.json)).toBe(200);
    expect(await t.database.db.select().from(stopPhotos).where(eq(stopPhotos.bookingId, id))).toHaveLength(0);
    expect(await t.files.get(kept!.fileKey)).toBeNull();
  });

  it('a missed pick-up: a photo first, refused once picked up, confirmed once; the fee taken from the hold, ledgered, emailed', async () => {
    const { id, job } = await assignedJob('missed@example.com');
    const held = (await row(id)).authorizedAmount;
    const report = () => pro('POST', `/api/pro/assignments/${job.assignmentId}/missed-pickup`, { reason: 'no_one_home' });
    expect((await report()).json.error.message).toBe('Take a photo of the door or the pick-up spot first: it shows the customer why the fee was charged.');
    expect((await pro('POST', `/api/pro/assignments/${job.assignmentId}/missed-pickup`, { reason: 'door' })).status).toBe(400);
    expect((await photo(pro, job, 'no_show')).status).toBe(200);
    expect((await other('POST', `/api/pro/assignments/${job.assignmentId}/missed-pickup`, { reason: 'no_one_home' })).status).toBe(404);
    expect((await report()).json).toEqual({ reason: 'no_one_home', status: 'reported' });
    expect((await report()).status).toBe(200); // twice: once
    const waiting = await jobOf(id);
    expect([waiting.nextStep, waiting.canReportMissed, waiting.missedPickup]).toEqual([null, false, { reason: 'no_one_home', status: 'reported' }]);
    expect((await staffBooking(id)).missedPickup).toMatchObject({ reason: 'no_one_home', status: 'reported', feeCents: null, feeOutcome: null });

    const confirmed = await staff('POST', `/api/admin/bookings/${id}/missed-pickup/confirm`);
    expect(confirmed.status, JSON.stringify(confirmed.json)).toBe(200);
    expect(confirmed.json.outcome).toBe('charged');
    const again = await staff('POST', `/api/admin/bookings/${id}/missed-pickup/confirm`);
    expect([again.status, again.json.error.message]).toEqual([409, 'This missed pick-up was already confirmed.']);

    const b = await row(id);
    expect([b.bookingStatus, b.capturedAmount, b.refundedAmount, b.paymentIntentStatus, b.authorizedAmount]).toEqual(['cancelled', 2000, 0, 'succeeded', held]);
    expect(await bookingMoneyFromLedger(t.database.db, id)).toMatchObject({ captured: 2000, refunded: 0 });
    const [mail, ...more] = await t.database.db.select().from(outbox).where(and(eq(outbox.bookingId, id), eq(outbox.kind, 'missed_pickup')));
    expect(more).toHaveLength(0);
    expect((mail!.payload as { text: string }).text).toContain('your card was charged $20.00 and the rest of the hold on it is let go');
    // the job leaves the pro's list
    expect(await jobOf(id)).toBeUndefined();

    // the customer's order: what they paid is what it says
    const cookie = await signInToOrders(t, ORIGIN, 'missed@example.com', 'missed@example.com');
    const orders = (await (await t.request('/api/orders', { headers: { cookie } })).json()) as CustomerOrders;
    const order = orders.past.find((o) => o.id === id)!;
    expect(order.moneyLabel).toBe('Charged $20.00');
    expect(order.missedPickup).toEqual({ label: 'Missed pick-up: no one home', note: 'As our terms say, a missed pick-up costs $20.00: your card was charged $20.00 and the rest of the hold on it is let go.' });
    expect(order.photos.map((p) => p.kind)).toEqual(['no_show']);

    // staff give the fee back: once
    const key = crypto.randomUUID();
    const waived = await staff('POST', `/api/admin/bookings/${id}/missed-pickup/waive`, { idempotencyKey: key });
    expect(waived.status, JSON.stringify(waived.json)).toBe(200);
    expect(waived.json.refundedCents).toBe(2000);
    expect((await staff('POST', `/api/admin/bookings/${id}/missed-pickup/waive`, { idempotencyKey: key })).json.refundedCents).toBe(0);
    const back = await row(id);
    expect([back.capturedAmount, back.refundedAmount]).toEqual([2000, 2000]);
    expect((await staffBooking(id)).missedPickup?.feeOutcome).toBe('waived');
  });

  it('a missed pick-up on an order already picked up is refused; a dismissed one is picked up after all', async () => {
    const late = await assignedJob('late@example.com');
    await photo(pro, late.job, 'no_show');
    await pro('POST', `/api/pro/assignments/${late.job.assignmentId}/step`, { step: 'picked_up' });
    const refused = await pro('POST', `/api/pro/assignments/${late.job.assignmentId}/missed-pickup`, { reason: 'no_bags_out' });
    expect([refused.status, refused.json.error.message]).toEqual([409, 'Only a pick-up still to do can be reported missed: this order is already picked up, delivered or cancelled.']);
    expect((await staff('POST', `/api/admin/bookings/${late.id}/missed-pickup/confirm`)).status).toBe(404);

    const { id, job } = await assignedJob('dismissed@example.com');
    await photo(pro, job, 'no_show');
    await pro('POST', `/api/pro/assignments/${job.assignmentId}/missed-pickup`, { reason: 'no_bags_out' });
    expect((await staff('POST', `/api/admin/bookings/${id}/missed-pickup/dismiss`)).status).toBe(200);
    expect((await staff('POST', `/api/admin/bookings/${id}/missed-pickup/confirm`)).json.error.message).toBe('This missed pick-up was already dismissed.');
    expect((await staff('POST', `/api/admin/bookings/${id}/missed-pickup/waive`, { idempotencyKey: crypto.randomUUID() })).status).toBe(409);
    expect((await jobOf(id)).nextStep).toBe('picked_up');
    expect((await pro('POST', `/api/pro/assignments/${job.assignmentId}/step`, { step: 'picked_up' })).status).toBe(200);
    const b = await row(id);
    expect([b.bookingStatus, b.capturedAmount]).toEqual(['in-progress', 0]);
  });
});
