// A booking cancelled (by staff) while its card checkout is still open, then paid there anyway:
// the booking stays cancelled and the card is not left held: the authorisation is released once,
// with its ledger row. The same for a booking deleted meanwhile.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payLocalCheckout, signInOwner, type StaffCall } from '../../../tests/helpers/flows';
import { createTestApp, testDatabaseKinds, type TestContext } from '../../../tests/helpers/test-app';
import { NO_EXTRAS } from '../../shared/pricing';
import { bookings, paymentOperations } from '../db/schema';

const ORIGIN = 'http://shop.test';
const now = () => new Date('2026-11-22T15:00:00Z');
let seq = 0;
const form = () => {
  seq += 1;
  return {
    name: `Cy Latecase ${seq}`,
    email: `cy${seq}@example.com`,
    phone: `(803) 555-${String(8000 + seq).slice(-4)}`,
    address: `${seq} Main St`,
    city: 'Leesville',
    zipCode: '29070',
    pickupDate: '2026-11-23',
    pickupTime: '12pm-4pm',
    pickupLocation: 'porch',
    bagQuantity: 1,
    ...NO_EXTRAS,
    termsAccepted: true,
  };
};

describe.each(testDatabaseKinds)('a checkout paid after its booking was cancelled or deleted (%s)', (kind) => {
  let t: TestContext;
  let staff: StaffCall;
  beforeAll(async () => {
    t = await createTestApp(kind, { PICKUP_CAPACITY_PER_WINDOW: '1000', PUBLIC_URL: ORIGIN }, { now });
    staff = await signInOwner(t, ORIGIN);
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each(['cancelled', 'deleted'] as const)('%s: the card is not left held', async (what) => {
    const res = await t.request('/api/bookings', { method: 'POST', json: { bookingData: form() } });
    const { booking_id, url } = (await res.json()) as { booking_id: string; url: string };
    const change = what === 'cancelled' ? await staff('POST', `/api/admin/bookings/${booking_id}/status`, { status: 'cancelled' }) : await staff('DELETE', `/api/admin/bookings/${booking_id}`);
    expect(change.status).toBe(200);
    const { sessionId } = await payLocalCheckout(t, url);
    // the success page asks as well: nothing more happens
    await t.request(`/api/bookings/session/${sessionId}`);
    const session = await t.gateway.retrieveCheckout(sessionId);
    expect((await t.gateway.retrievePaymentIntent(session.paymentIntentId!)).status).toBe('canceled');
    const releases = (await t.database.db.select().from(paymentOperations).where(eq(paymentOperations.gatewayRef, session.paymentIntentId!))).map((o) => [o.kind, o.status, o.bookingId]);
    expect(releases).toEqual([['release', 'succeeded', what === 'cancelled' ? booking_id : null]]);
    const [stored] = await t.database.db.select().from(bookings).where(eq(bookings.id, booking_id));
    if (what === 'cancelled') expect(stored).toMatchObject({ bookingStatus: 'cancelled', capturedAmount: 0 });
    else expect(stored).toBeUndefined();
  });
});
