// Decision 033: the items a booking counted are billed each on the final bill, and staff correct the
// counts at the weighing to what came in the bags; the bill charges the corrected counts, the
// booking keeps them, and the audit entry records both.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payLocalCheckout, signInOwner, type StaffCall } from '../../../tests/helpers/flows';
import { createTestApp, testDatabaseKinds, type TestContext } from '../../../tests/helpers/test-app';
import { auditLog, bookings } from '../db/schema';
import { bookingFormInput } from './booking.factory';

// Sunday 2026-11-22, 10:00 in South Carolina
const now = () => new Date('2026-11-22T15:00:00Z');

describe.each(testDatabaseKinds)('item counts at the weighing (%s)', (kind) => {
  let t: TestContext;
  let staff: StaffCall;
  beforeAll(async () => {
    t = await createTestApp(kind, { PICKUP_CAPACITY_PER_WINDOW: '1000' }, { now });
    staff = await signInOwner(t, 'http://localhost:3000');
  });
  afterAll(async () => {
    await t?.close();
  });
  const row = async (id: string) => (await t.database.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;

  /** One bag and one king blanket booked: $31.50 + $20.00 = $51.50 held. */
  async function bookedWithBlanket() {
    const res = await t.request('/api/bookings', { method: 'POST', json: { bookingData: bookingFormInput({ pickupDate: '2026-11-23', pickupTime: '4pm-8pm', blanketsKingCount: 1 }) } });
    expect(res.status).toBe(201);
    const b = (await res.json()) as { booking_id: string; url: string };
    await payLocalCheckout(t, b.url);
    expect(await row(b.booking_id)).toMatchObject({ authorizedAmount: 5150, blanketsKingCount: 1 });
    return b.booking_id;
  }

  it.each([
    // 10 lb $17.50 + the booked king blanket $20.00
    { name: 'as booked', itemCounts: undefined, total: 3750, kings: 1, uniforms: 0 },
    // 10 lb $17.50 + 2 king blankets $40.00 + a uniform $10.00: $51.50 from the hold, $16.00 more
    { name: 'two blankets and a uniform counted', itemCounts: { sportsUniformsCount: 1, blanketsQueenCount: 0, blanketsKingCount: 2, mattressPadsQueenCount: 0, mattressPadsKingCount: 0 }, total: 6750, kings: 2, uniforms: 1 },
    // no blanket in the bags after all: the laundry alone
    { name: 'the blanket was not there', itemCounts: { sportsUniformsCount: 0, blanketsQueenCount: 0, blanketsKingCount: 0, mattressPadsQueenCount: 0, mattressPadsKingCount: 0 }, total: 1750, kings: 0, uniforms: 0 },
  ])('$name: the bill charges the counted items and the booking keeps them', async ({ itemCounts, total, kings, uniforms }) => {
    const id = await bookedWithBlanket();
    const weighed = await staff('POST', `/api/admin/bookings/${id}/weight`, { actualWeight: 10, ...(itemCounts ? { itemCounts } : {}) });
    expect(weighed.status, JSON.stringify(weighed.json)).toBe(200);
    expect(await row(id)).toMatchObject({ finalTotalAmount: total, capturedAmount: total, amountDueCents: 0, blanketsKingCount: kings, sportsUniformsCount: uniforms });
    const [entry] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'booking.weight_processed'), eq(auditLog.targetId, id)));
    expect((entry!.after as { itemCounts?: unknown }).itemCounts).toEqual(itemCounts);
    // the staff view and the invoice read the same bill
    const view = await staff('GET', `/api/admin/bookings/${id}`);
    expect(view.json.booking).toMatchObject({ blanketsKingCount: kings, sportsUniformsCount: uniforms, finalTotalAmount: total });
  });

  it('refuses a count that is not a whole number from 0 to 50, naming the item, and charges nothing', async () => {
    const id = await bookedWithBlanket();
    for (const [bad, message] of [
      [-1, 'Blankets (King): not below 0'],
      [51, 'Blankets (King): at most 50'],
      [1.5, 'Blankets (King): enter a whole number'],
    ] as const) {
      const res = await staff('POST', `/api/admin/bookings/${id}/weight`, {
        actualWeight: 10,
        itemCounts: { sportsUniformsCount: 0, blanketsQueenCount: 0, blanketsKingCount: bad, mattressPadsQueenCount: 0, mattressPadsKingCount: 0 },
      });
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.json)).toContain(message);
    }
    expect(await row(id)).toMatchObject({ weightAdjustmentProcessed: false, capturedAmount: 0, blanketsKingCount: 1 });
  });
});
