// The weight dialog's preview is what processing does (spec: back-office 4 and 9; docs/design.md 5.4, 9):
// for each case the preview is computed from the staff booking as the dialog reads it (the list's
// booking, at the same moment), then the weight is processed and the money compared.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payLocalCheckout, signInOwner, type StaffCall } from '../../../tests/helpers/flows';
import { createTestApp, testDatabaseKinds, type TestContext } from '../../../tests/helpers/test-app';
import { weighingPreview } from '../../shared/pricing-weighing';
import type { StaffBooking } from '../../shared/schemas/back-office';
import type { BookingFormInput } from '../../shared/schemas/booking-api';
import { bookings } from '../db/schema';
import { insertGiftCard } from '../gift-cards/gift-card.factory';
import { bookingFormInput } from './booking.factory';

const ORIGIN = 'http://shop.test';
// Sunday 2026-11-22, 10:00 in South Carolina; moved on for an expired authorisation
const start = new Date('2026-11-22T15:00:00Z');
let clock = start;

describe.each(testDatabaseKinds)('the weighing preview against processing (%s)', (kind) => {
  let t: TestContext;
  let staff: StaffCall;
  let proId = '';

  beforeAll(async () => {
    t = await createTestApp(kind, { PICKUP_CAPACITY_PER_WINDOW: '1000', PUBLIC_URL: ORIGIN }, { now: () => clock });
    staff = await signInOwner(t, ORIGIN);
    proId = ((await staff('POST', '/api/admin/pros', { name: 'Rosa Diaz', perPoundRateCents: 80 })).json.pro as { id: string }).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  async function paid(overrides: Partial<BookingFormInput>, giftCardCode?: string) {
    const res = await t.request('/api/bookings', { method: 'POST', json: { bookingData: bookingFormInput(overrides), ...(giftCardCode ? { giftCardCode } : {}) } });
    expect(res.status).toBe(201);
    const { booking_id, url } = (await res.json()) as { booking_id: string; url: string | null };
    if (url) await payLocalCheckout(t, url);
    return booking_id;
  }

  const staffBooking = async (id: string) => (await staff('GET', `/api/admin/bookings/${id}`)).json.booking as StaffBooking;
  const preview = (b: StaffBooking, tenths: number) =>
    weighingPreview({ ...b, hasCard: b.paymentIntentStatus !== null, laundryPro: b.laundryPro && { name: b.laundryPro.name, perPoundRateCents: b.laundryPro.perPoundRateCents } }, tenths, clock);

  it.each<[string, Partial<BookingFormInput>, number, { giftCardCents?: number; pro?: boolean; daysLater?: number }]>([
    ['oxi-clean, 14.2 lb, a pro at $0.80/lb: captured and released, the payout', { oxiClean: true }, 142, { pro: true }],
    ['2 bags, 40 lb: the authorization captured, the rest charged', { bagQuantity: 2 }, 400, {}],
    ['18.2 lb: $0.35 above the authorization, waived', {}, 182, {}],
    ['a $25 gift card, 12 lb: nothing charged, the hold released', {}, 120, { giftCardCents: 2500 }],
    ['8 days later, 20 lb: charged off-session in full', {}, 200, { daysLater: 8 }],
    ['a $50 gift card paid the estimate, no card: 30 lb leaves $21.00 due', {}, 300, { giftCardCents: 5000 }],
    ['rush, hang-dried and stain at 15.1 lb (two loads)', { rushDelivery: true, hangDriedDelicates: true, stainTreatment: true }, 151, { pro: true }],
  ])('%s', async (_name, overrides, tenths, o) => {
    const card = o.giftCardCents ? await insertGiftCard(t.database.db, { amount: o.giftCardCents }) : null;
    const id = await paid(overrides, card?.code);
    if (o.pro) expect((await staff('POST', `/api/admin/bookings/${id}/laundry-pro`, { laundryProId: proId })).status).toBe(200);
    clock = new Date(start.getTime() + (o.daysLater ?? 0) * 86_400_000);
    try {
      const before = await staffBooking(id);
      const p = preview(before, tenths);
      const res = await staff('POST', `/api/admin/bookings/${id}/weight`, { actualWeight: tenths / 10 });
      expect(res.status).toBe(200);
      const after = res.json.booking as StaffBooking;
      const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, id));
      expect(after.finalTotalAmount).toBe(p.finalTotalCents);
      expect(row!.giftCardAppliedCents).toBe(p.giftCardAppliedCents);
      expect(after.amountDueCents).toBe(p.card.kind === 'none' ? p.card.dueCents : 0);
      switch (p.card.kind) {
        case 'capture':
          expect(after.capturedAmount).toBe(p.card.capturedCents + p.card.extraChargeCents);
          expect(before.authorizedAmount - Math.min(after.capturedAmount, before.authorizedAmount)).toBe(p.card.releasedCents);
          break;
        case 'below_minimum':
          expect(after.capturedAmount).toBe(0);
          expect(after.paymentIntentStatus).toBe(p.card.releasedCents > 0 ? 'canceled' : before.paymentIntentStatus);
          break;
        case 'off_session':
          expect(after.capturedAmount).toBe(p.card.chargedCents);
          break;
        case 'none':
          expect(after.capturedAmount).toBe(0);
          break;
      }
      expect(after.laundryPro?.payoutCents ?? null).toBe(p.proPayout?.totalCents ?? null);
    } finally {
      clock = start;
    }
  });
});
