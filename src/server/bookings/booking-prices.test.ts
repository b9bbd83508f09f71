// decision 055: a booking keeps the prices it was quoted. The owner moves the price per lb to $2.00
// and oxi-clean to $3.00 between two bookings: the first is weighed and billed at $1.75/lb and
// $1.00, the second at $2.00/lb and $3.00, with a bag estimate of $36.00 (the spec's rule), and the
// staff see the list each carries. What each customer's card paid equals its bill.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payLocalCheckout, signInOwner, testCards, type StaffCall } from '../../../tests/helpers/flows';
import { createTestApp, testDatabaseKinds, type TestContext } from '../../../tests/helpers/test-app';
import { defaultSettings } from '../../shared/settings';
import { bookings } from '../db/schema';
import { bookingFormInput } from './booking.factory';

const ORIGIN = 'http://shop.test';
const now = () => new Date('2026-11-22T15:00:00Z');

describe.each(testDatabaseKinds)('a booking keeps the prices it was quoted (%s)', (kind) => {
  let t: TestContext;
  let staff: StaffCall;
  beforeAll(async () => {
    t = await createTestApp(kind, { PICKUP_CAPACITY_PER_WINDOW: '1000', PUBLIC_URL: ORIGIN }, { now });
    staff = await signInOwner(t, ORIGIN);
  });
  afterAll(async () => {
    await t?.close();
  });

  const row = async (id: string) => (await t.database.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
  async function book() {
    const res = await t.request('/api/bookings', { method: 'POST', json: { bookingData: bookingFormInput({ oxiClean: true }) } });
    expect(res.status).toBe(201);
    const { booking_id, url } = (await res.json()) as { booking_id: string; url: string };
    await payLocalCheckout(t, url, testCards.ok);
    return booking_id;
  }

  it('before and after a price change: each weighed and billed at its own prices', async () => {
    const before = await book();
    expect(await row(before)).toMatchObject({ totalAmount: 3150 + 100, pricePerPoundCents: 175 });

    const read = await staff('GET', '/api/admin/settings');
    const prices = { ...defaultSettings.prices, perPoundCents: 200, addOnCents: { ...defaultSettings.prices.addOnCents, oxiClean: 300 } };
    expect((await staff('PUT', '/api/admin/settings', { section: 'prices', version: read.json.version as number, values: prices })).status).toBe(200);

    // the wizard's quote and the new booking: $2.00 × 12 lb × 1.5 = $36.00 a bag, oxi-clean $3.00
    const availability = (await (await t.request('/api/availability?from=2026-11-23&to=2026-11-30')).json()) as { prices: { bagEstimateCents: number } };
    expect(availability.prices).toMatchObject({ perPoundCents: 200, bagEstimateCents: 3600 });
    const after = await book();
    expect(await row(after)).toMatchObject({ totalAmount: 3600 + 300, pricePerPoundCents: 200, priceList: { perPoundCents: 200, bagEstimateCents: 3600 } });
    expect(await row(before)).toMatchObject({ totalAmount: 3250, pricePerPoundCents: 175 });

    // the staff see which prices each carries
    expect((await staff('GET', `/api/admin/bookings/${before}`)).json.booking.priceList).toMatchObject({ perPoundCents: 175, bagEstimateCents: 3150, addOnCents: { oxiClean: 100 } });
    expect((await staff('GET', `/api/admin/bookings/${after}`)).json.booking.priceList).toMatchObject({ perPoundCents: 200, bagEstimateCents: 3600, addOnCents: { oxiClean: 300 } });

    // weighed at 14.2 lb (one load of oxi-clean): $24.85 + $1.00 before, $28.40 + $3.00 after
    for (const [id, total] of [
      [before, 2485 + 100],
      [after, 2840 + 300],
    ] as const) {
      expect((await staff('POST', `/api/admin/bookings/${id}/weight`, { actualWeight: 14.2 })).status).toBe(200);
      const weighed = await row(id);
      expect(weighed.finalTotalAmount).toBe(total);
      // what the card paid is the bill: under the hold, captured in full, nothing due
      expect(weighed.capturedAmount).toBe(total);
      expect(weighed.amountDueCents).toBe(0);
    }
  });
});
