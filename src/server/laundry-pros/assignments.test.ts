// spec: back-office 2 (the Laundry Pro dropdown, 'Payout: $x'), 4 (assigned, then completed when
// the weighing is processed), 9 (payout = actual weight x the pro's rate + the tip); docs/design.md 5.7.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payLocalCheckout, signInOwner, type StaffCall } from '../../../tests/helpers/flows';
import { createTestApp, testDatabaseKinds, type TestContext } from '../../../tests/helpers/test-app';
import type { AssignmentRow, LaundryPro } from '../../shared/schemas/laundry-pros';
import { invoiceUrl } from '../booking-records/invoice-link';
import { bookingFormInput } from '../bookings/booking.factory';
import { bookings, laundryAssignments } from '../db/schema';
import { errorMessage } from '../error-catalogue';

const ORIGIN = 'http://shop.test';
// Sunday 2026-11-22, 10:00 in South Carolina
const now = () => new Date('2026-11-22T15:00:00Z');

describe.each(testDatabaseKinds)('assigning laundry pros (%s)', (kind) => {
  let t: TestContext;
  let staff: StaffCall;
  let rosa: LaundryPro;
  let ben: LaundryPro;

  beforeAll(async () => {
    t = await createTestApp(kind, { PICKUP_CAPACITY_PER_WINDOW: '1000', PUBLIC_URL: ORIGIN }, { now });
    staff = await signInOwner(t, ORIGIN);
    rosa = (await staff('POST', '/api/admin/pros', { name: 'Rosa Diaz' })).json.pro as LaundryPro;
    ben = (await staff('POST', '/api/admin/pros', { name: 'Ben Ito', perPoundRateCents: 100 })).json.pro as LaundryPro;
  });
  afterAll(async () => {
    await t?.close();
  });

  async function paid() {
    const res = await t.request('/api/bookings', { method: 'POST', json: { bookingData: bookingFormInput({ oxiClean: true }) } });
    expect(res.status).toBe(201);
    const { booking_id, url } = (await res.json()) as { booking_id: string; url: string };
    await payLocalCheckout(t, url);
    return booking_id;
  }
  const assign = (bookingId: string, laundryProId: string | null, confirmWeighed?: boolean) =>
    staff('POST', `/api/admin/bookings/${bookingId}/laundry-pro`, { laundryProId, ...(confirmWeighed === undefined ? {} : { confirmWeighed }) });
  const weigh = (bookingId: string, actualWeight: number) => staff('POST', `/api/admin/bookings/${bookingId}/weight`, { actualWeight });
  const card = async (id: string) => ((await staff('GET', '/api/admin/pros')).json.pros as LaundryPro[]).find((p) => p.id === id)!;
  const assignmentsOf = async (bookingId: string) => t.database.db.select().from(laundryAssignments).where(eq(laundryAssignments.bookingId, bookingId));

  it('assign → weigh 14.2 lb → $10.65 (14.2 x $0.75) → the customer tips 18 % ($4.65) → payout $15.30, never revenue', async () => {
    const id = await paid();
    const assigned = await assign(id, rosa.id);
    expect(assigned.status).toBe(200);
    expect(assigned.json.laundryPro).toEqual({ id: rosa.id, name: 'Rosa Diaz', payoutCents: null, perPoundRateCents: 75 });
    expect((await staff('GET', `/api/admin/bookings/${id}`)).json.booking.laundryPro).toEqual({ id: rosa.id, name: 'Rosa Diaz', payoutCents: null, perPoundRateCents: 75 });
    expect(await card(rosa.id)).toMatchObject({ activeAssignments: 1, completedOrders: 0 });

    expect((await weigh(id, 14.2)).status).toBe(200);
    expect((await staff('GET', `/api/admin/bookings/${id}`)).json.booking.laundryPro).toEqual({ id: rosa.id, name: 'Rosa Diaz', payoutCents: 1065, perPoundRateCents: 75 });
    const [row] = await assignmentsOf(id);
    expect(row).toMatchObject({ status: 'completed', perPoundPayoutCents: 1065 });
    expect(row!.completedAt).not.toBeNull();

    const revenueBefore = (await staff('GET', '/api/admin/stats')).json.totalRevenueCents as number;
    expect(revenueBefore).toBeGreaterThan(0);
    const [booking] = await t.database.db.select().from(bookings).where(eq(bookings.id, id));
    const token = new URL(invoiceUrl(ORIGIN, t.config.sessionSecret, booking!, now())!).searchParams.get('token')!;
    const approved = await t.request(`/api/bookings/${id}/invoice/approve`, { method: 'POST', json: { token, tipCents: 465 } });
    expect(approved.status).toBe(200);
    expect((await staff('GET', `/api/admin/bookings/${id}`)).json.booking.laundryPro.payoutCents).toBe(1530);
    expect(await card(rosa.id)).toMatchObject({ activeAssignments: 0, completedOrders: 1, unpaid: { perPoundCents: 1065, tipCents: 465, totalCents: 1530 }, totalEarnedCents: 1530 });
    // docs/design.md 9: the tip is the pro's, not the business's revenue
    expect((await staff('GET', '/api/admin/stats')).json.totalRevenueCents).toBe(revenueBefore);
    const overview = ((await staff('GET', '/api/admin/assignments')).json.assignments as AssignmentRow[]).find((a) => a.bookingId === id)!;
    expect(overview).toMatchObject({ proName: 'Rosa Diaz', weightTenths: 142, status: 'completed', payout: { perPoundCents: 1065, tipCents: 465, totalCents: 1530 } });
  });

  it('before the weighing the assignment moves (one row) or goes; after it, moving needs a confirmation and recomputes at the new rate', async () => {
    const id = await paid();
    await assign(id, rosa.id);
    await assign(id, ben.id);
    expect((await assignmentsOf(id)).map((a) => a.laundryProId)).toEqual([ben.id]);
    expect((await assign(id, null)).json.laundryPro).toBeNull();
    expect(await assignmentsOf(id)).toEqual([]);

    await assign(id, rosa.id);
    await weigh(id, 14.2);
    const refused = await assign(id, ben.id);
    expect(refused.status).toBe(409);
    expect(refused.json.error.message).toBe(errorMessage('confirm_weighed'));
    const unassign = await assign(id, null);
    expect(unassign.status).toBe(409);
    expect(unassign.json.error.message).toBe(errorMessage('weighed_keeps_pro'));
    expect((await assignmentsOf(id))[0]).toMatchObject({ laundryProId: rosa.id, perPoundPayoutCents: 1065 });
    const moved = await assign(id, ben.id, true);
    expect(moved.json.laundryPro).toEqual({ id: ben.id, name: 'Ben Ito', payoutCents: 1420, perPoundRateCents: 100 });
    expect((await assignmentsOf(id))[0]).toMatchObject({ laundryProId: ben.id, status: 'completed', perPoundPayoutCents: 1420 });
  });

  it('a booking weighed with no pro has nothing to complete; a pro assigned afterwards is completed at once', async () => {
    const id = await paid();
    await weigh(id, 10);
    expect(await assignmentsOf(id)).toEqual([]);
    expect((await assign(id, rosa.id)).json.laundryPro).toEqual({ id: rosa.id, name: 'Rosa Diaz', payoutCents: 750, perPoundRateCents: 75 });
  });

  it('refuses an unknown or inactive pro, a cancelled or unknown booking, and a bad body, with the reason; nothing assigned', async () => {
    const id = await paid();
    const quiet = (await staff('POST', '/api/admin/pros', { name: 'Quinn Quiet', status: 'inactive' })).json.pro as LaundryPro;
    const inactive = await assign(id, quiet.id);
    expect(inactive.status).toBe(409);
    expect(inactive.json.error.message).toBe(errorMessage('assigned_pro_inactive'));
    const unknown = await assign(id, '00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    expect(unknown.json.error.message).toBe('Laundry pro not found.');
    const notUuid = await assign(id, 'rosa');
    expect(notUuid.status).toBe(400);
    const noBooking = await assign('00000000-0000-4000-8000-000000000000', rosa.id);
    expect(noBooking.status).toBe(404);
    expect(noBooking.json.error.message).toBe('Booking not found.');
    expect(await assignmentsOf(id)).toEqual([]);

    expect((await staff('POST', `/api/admin/bookings/${id}/status`, { status: 'cancelled' })).status).toBe(200);
    const cancelled = await assign(id, rosa.id);
    expect(cancelled.status).toBe(409);
    expect(cancelled.json.error.message).toBe(errorMessage('assignment_booking_cancelled'));
  });

  it('two staff choosing different pros at once leave one assignment', async () => {
    const id = await paid();
    const both = await Promise.all([assign(id, rosa.id), assign(id, ben.id)]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    const rows = await assignmentsOf(id);
    expect(rows).toHaveLength(1);
    expect([rosa.id, ben.id]).toContain(rows[0]!.laundryProId);
  });
});
