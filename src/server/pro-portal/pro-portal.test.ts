// decision 018, the pro portal: staff invite a pro from their card (the link goes to the pro only),
// the pro signs in, sees their own jobs, marks them picked up and delivered, follows their earnings
// and payouts and downloads a yearly statement; a pro's session opens no staff endpoint and no
// other pro's job.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payLocalCheckout, signInInvitedPro, signInOwner, type StaffCall } from '../../../tests/helpers/flows';
import { createTestApp, testDatabaseKinds, type TestContext } from '../../../tests/helpers/test-app';
import type { LaundryPro } from '../../shared/schemas/laundry-pros';
import type { ProPortal } from '../../shared/schemas/pro-portal';
import { formatPhone } from '../../shared/phone';
import { bookingFormInput } from '../bookings/booking.factory';
import { bookings, outbox } from '../db/schema';
import { errorMessage } from '../error-catalogue';

const ORIGIN = 'http://shop.test';
// Sunday 2026-11-22, 10:00 in South Carolina
const now = () => new Date('2026-11-22T15:00:00Z');

describe.each(testDatabaseKinds)('the pro portal (%s)', (kind) => {
  let t: TestContext;
  let staff: StaffCall;
  let rosa: LaundryPro;
  let pro: StaffCall;

  beforeAll(async () => {
    t = await createTestApp(kind, { PICKUP_CAPACITY_PER_WINDOW: '1000', PUBLIC_URL: ORIGIN }, { now });
    staff = await signInOwner(t, ORIGIN);
    rosa = (await staff('POST', '/api/admin/pros', { name: 'Rosa Diaz', email: 'rosa.pro@example.com' })).json.pro as LaundryPro;
    pro = (await signInInvitedPro(t, ORIGIN, staff, rosa)).call;
  });
  afterAll(async () => {
    await t?.close();
  });

  async function paidBooking(overrides: Parameters<typeof bookingFormInput>[0] = {}) {
    const res = await t.request('/api/bookings', { method: 'POST', json: { bookingData: bookingFormInput(overrides) } });
    expect(res.status, await res.clone().text()).toBe(201);
    const { booking_id, url } = (await res.json()) as { booking_id: string; url: string };
    await payLocalCheckout(t, url);
    return booking_id;
  }
  const portal = async () => (await pro('GET', '/api/pro/portal')).json as ProPortal;

  it('the invitation goes to the pro’s email only: staff see it sent, never its link', async () => {
    const ben = (await staff('POST', '/api/admin/pros', { name: 'Ben Ito', email: 'ben.pro@example.com' })).json.pro as LaundryPro;
    const invited = await staff('POST', `/api/admin/pros/${ben.id}/portal-invite`);
    expect(invited).toMatchObject({ status: 200, json: { sentTo: 'ben.pro@example.com' } });
    expect(JSON.stringify(invited.json)).not.toContain('reset-password');
    const [mail] = await t.database.db.select().from(outbox).where(and(eq(outbox.kind, 'pro_password_link'), eq(outbox.recipient, 'ben.pro@example.com')));
    expect((mail!.payload as { text: string }).text).toMatch(/\/api\/auth\/reset-password\/[A-Za-z0-9_-]+\?callbackURL=%2Fpro%2Freset-password/);
    const shown = await staff.fetch('/api/admin/outbox');
    expect(await shown.text()).not.toContain('/api/auth/reset-password/');
    expect((await staff('GET', '/api/admin/pros')).json.pros.find((p: LaundryPro) => p.id === ben.id).portalInvited).toBe(true);

    const noEmail = (await staff('POST', '/api/admin/pros', { name: 'No Mail' })).json.pro as LaundryPro;
    const refused = await staff('POST', `/api/admin/pros/${noEmail.id}/portal-invite`);
    expect(refused.status).toBe(409);
    expect(refused.json.error.message).toBe(errorMessage('pro_invite_email_needed'));
    // a staff member's email cannot become a pro's sign-in
    const staffEmail = (await staff('POST', '/api/admin/pros', { name: 'Owner Too', email: 'owner@example.com' })).json.pro as LaundryPro;
    expect((await staff('POST', `/api/admin/pros/${staffEmail.id}/portal-invite`)).status).toBe(409);
  });

  it('sees the assigned pick-up with everything needed at the door, marks it picked up, then delivered once weighed; earnings and payouts follow', async () => {
    const id = await paidBooking({ allergies: 'Fragrance free please', specialInstructions: 'Gate code 1234', waterTemperature: 'warm', hangDriedDelicates: true });
    expect((await staff('POST', `/api/admin/bookings/${id}/laundry-pro`, { laundryProId: rosa.id })).status).toBe(200);

    const before = await portal();
    expect(before.pro).toMatchObject({ name: 'Rosa Diaz', email: 'rosa.pro@example.com' });
    const job = before.jobs.find((j) => j.orderId === id.slice(0, 8).toUpperCase() || j.assignmentId)!;
    expect(before.jobs).toHaveLength(1);
    expect(job).toMatchObject({ allergies: 'Fragrance free please', specialInstructions: 'Gate code 1234', bookingStatus: 'confirmed', nextStep: 'picked_up' });
    expect(job.preferences).toEqual(expect.arrayContaining(['Water: Warm', 'Hang-dried delicates']));
    expect(job.mapUrl).toMatch(/^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=/);
    expect(job.address).toMatch(/, SC \d{5}$/);
    // a pro sees what the job needs and the phone to call before the pick-up, not the customer's email (decision 018)
    const [booked] = await t.database.db.select({ email: bookings.email, phone: bookings.phone }).from(bookings).where(eq(bookings.id, id));
    expect(job).toMatchObject({ customerPhone: formatPhone(booked!.phone), customerPhoneHref: `tel:${booked!.phone}` });
    expect(JSON.stringify(before)).not.toContain(booked!.email);
    // the state in the address is the settings' (decision 055)
    const read = await staff('GET', '/api/admin/settings');
    const business = { ...read.json.settings.business, state: 'North Carolina', stateCode: 'NC' };
    expect((await staff('PUT', '/api/admin/settings', { section: 'business', version: read.json.version, values: business })).status).toBe(200);
    expect((await portal()).jobs[0]!.address).toMatch(/, NC \d{5}$/);
    const back = await staff('GET', '/api/admin/settings');
    expect((await staff('PUT', '/api/admin/settings', { section: 'business', version: back.json.version, values: read.json.settings.business })).status).toBe(200);

    const early = await pro('POST', `/api/pro/assignments/${job.assignmentId}/step`, { step: 'delivered' });
    expect(early.status).toBe(409);
    const picked = await pro('POST', `/api/pro/assignments/${job.assignmentId}/step`, { step: 'picked_up' });
    // the laundry steps come next (decision 023)
    expect(picked).toMatchObject({ status: 200, json: { job: { bookingStatus: 'in-progress', nextStep: 'washing' } } });
    // the same step twice changes nothing
    expect((await pro('POST', `/api/pro/assignments/${job.assignmentId}/step`, { step: 'picked_up' })).status).toBe(200);
    expect((await staff('GET', `/api/admin/bookings/${id}`)).json.booking.bookingStatus).toBe('in-progress');

    expect((await staff('POST', `/api/admin/bookings/${id}/weight`, { actualWeight: 14.2 })).status).toBe(200);
    const weighed = await portal();
    expect(weighed.jobs[0]).toMatchObject({ bookingStatus: 'completed', nextStep: 'out_for_delivery' });
    expect(weighed.earnings).toEqual([expect.objectContaining({ assignmentId: job.assignmentId, weightTenths: 142, perPoundCents: 1065, tipCents: 0, totalCents: 1065, unpaidCents: 1065 })]);
    expect(weighed.unpaid).toEqual({ perPoundCents: 1065, tipCents: 0, totalCents: 1065 });
    const delivered = await pro('POST', `/api/pro/assignments/${job.assignmentId}/step`, { step: 'delivered' });
    expect(delivered.json.job.bookingStatus).toBe('delivered');
    expect((await portal()).jobs).toEqual([]);

    // staff pay the pro: the portal lists the payout with the order it covered
    const setUp = await staff('POST', `/api/admin/pros/${rosa.id}/connect-account`);
    await t.gateway.completeOnboarding(new URL(setUp.json.url as string).pathname.split('/').pop()!);
    await staff('POST', `/api/admin/pros/${rosa.id}/connect-status`);
    expect((await staff('POST', `/api/admin/pros/${rosa.id}/payouts`, { requestKey: 'portal-test-payout-1', expectedCents: 1065 })).status).toBe(200);
    const paid = await portal();
    expect(paid.unpaid.totalCents).toBe(0);
    expect(paid.payouts).toEqual([expect.objectContaining({ amountCents: 1065, status: 'paid', orders: [expect.objectContaining({ assignmentId: job.assignmentId, amountCents: 1065 })] })]);
    expect(paid.statementYears).toEqual([2026]);

    const csv = await pro.fetch('/api/pro/statement?year=2026');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="washday-earnings-2026-rosa-diaz.csv"');
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines[0]).toBe('Completed,Order,Weight (lb),Per-lb payout ($),Tip ($),Total earned ($),Paid out ($),Unpaid ($)');
    expect(lines[1]).toMatch(/^2026-11-22,[0-9A-F]{8},14\.2,10\.65,0\.00,10\.65,10\.65,0\.00$/);
    expect(lines.at(-1)).toBe('Total 2026,1 orders,14.2,10.65,0.00,10.65,10.65,0.00');
    expect((await (await pro.fetch('/api/pro/statement?year=2025')).text()).trim().split('\r\n')).toHaveLength(2);
    expect((await pro.fetch('/api/pro/statement?year=last')).status).toBe(400);
  });

  it('another pro’s job is not found, and nothing moves', async () => {
    const cruz = (await staff('POST', '/api/admin/pros', { name: 'Cruz Vega', email: 'cruz.pro@example.com' })).json.pro as LaundryPro;
    const id = await paidBooking();
    await staff('POST', `/api/admin/bookings/${id}/laundry-pro`, { laundryProId: cruz.id });
    const theirs = (await staff('GET', '/api/admin/assignments')).json.assignments.find((a: { bookingId: string }) => a.bookingId === id) as { id: string };
    const res = await pro('POST', `/api/pro/assignments/${theirs.id}/step`, { step: 'picked_up' });
    expect(res.status).toBe(404);
    expect(res.json.error.message).toBe(errorMessage('pro_job_not_found'));
    const [b] = await t.database.db.select().from(bookings).where(eq(bookings.id, id));
    expect(b!.bookingStatus).toBe('confirmed');
    expect((await pro('POST', `/api/pro/assignments/not-an-id/step`, { step: 'picked_up' })).status).toBe(404);
    expect((await pro('POST', `/api/pro/assignments/${theirs.id}/step`, { step: 'washed' })).status).toBe(400);
  });

  it('a pro’s session opens no staff endpoint; a staff session and no session open no pro endpoint', async () => {
    for (const [method, path] of [
      ['GET', '/api/admin/me'],
      ['GET', '/api/admin/bookings'],
      ['GET', '/api/admin/pros'],
      ['POST', `/api/admin/pros/${rosa.id}/payouts`],
      ['GET', '/api/admin/outbox'],
    ] as const) {
      const res = await pro(method, path, method === 'POST' ? { requestKey: 'pro-tries-to-pay-self', expectedCents: 100 } : undefined);
      expect(res.status, path).toBe(403);
    }
    const asStaff = await staff('GET', '/api/pro/portal');
    expect(asStaff.status).toBe(403);
    expect(asStaff.json.error.message).toBe(errorMessage('pro_access_only'));
    expect((await t.request('/api/pro/portal')).status).toBe(401);
    // a write from another site is refused before anything else
    const csrf = await t.app.request('/api/pro/assignments/00000000-0000-4000-8000-000000000000/step', { method: 'POST', headers: { origin: 'https://evil.example', 'content-type': 'application/json' }, body: '{"step":"picked_up"}' });
    expect(csrf.status).toBe(403);
  });
});
