// The bill staff print and read (spec: back-office 2, the printed order sheet and the Final Receipt;
// 9, the final total), through the app as staff use it: book, pay at the local checkout, weigh. The
// printed sheet lays out billLines of the staff view of the booking and the receipt dialog
// finalBillLines of the receipt; both must give the lines of what the server charged, to the cent:
// the bill's total is what the card was charged plus what is still due.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInOwner, type StaffCall } from '../../../tests/helpers/flows';
import { createTestApp, testDatabaseKinds, type TestContext } from '../../../tests/helpers/test-app';
import { billLines, finalBillLines } from '../../shared/pricing-bill';
import type { FinalReceipt, StaffBooking } from '../../shared/schemas/back-office';
import type { BookingFormInput } from '../../shared/schemas/booking-api';
import { insertGiftCard } from '../gift-cards/gift-card.factory';
import { bookingFormInput } from './booking.factory';

const ORIGIN = 'http://shop.test';
// Sunday 2026-11-22, 10:00 in South Carolina
const now = () => new Date('2026-11-22T15:00:00Z');
const okCard = '4242 4242 4242 4242';

/** The booking form as the customer sends it: the shared factory, with what these tests book. */
const form = (overrides: Partial<BookingFormInput> = {}): BookingFormInput => bookingFormInput({ pickupTime: '12pm-4pm', pickupLocation: 'porch', ...overrides });

type Row = [label: string, cents: number];

describe.each(testDatabaseKinds)('the printed bill and the receipt are the bill the server charged (%s)', (kind) => {
  let t: TestContext;
  let staff: StaffCall;

  beforeAll(async () => {
    t = await createTestApp(kind, { PICKUP_CAPACITY_PER_WINDOW: '1000', PUBLIC_URL: ORIGIN }, { now });
    staff = await signInOwner(t, ORIGIN);
  });
  afterAll(async () => {
    await t?.close();
  });


  /** Books through the public API; pays at the local checkout when there is something to authorise. */
  async function book(overrides: Partial<BookingFormInput>, extra: { promoCode?: string; giftCardCode?: string } = {}) {
    const res = await t.request('/api/bookings', { method: 'POST', json: { bookingData: form(overrides), ...extra } });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { booking_id: string; url: string | null; next: string };
    if (body.next === 'checkout') {
      const sessionId = new URL(body.url!).pathname.split('/').pop()!;
      const paid = await t.app.request(`/dev/checkout/${sessionId}/pay`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ number: okCard, expiry: '12/30', cvc: '123', zip: '29070' }).toString(),
      });
      expect(paid.status).toBe(303);
      await t.gateway.flushEvents();
    }
    return body.booking_id;
  }

  async function staffBooking(id: string) {
    const res = await staff('GET', `/api/admin/bookings/${id}`);
    expect(res.status).toBe(200);
    return res.json.booking as StaffBooking;
  }

  it.each([
    {
      name: '1 bag with oxi-clean at 14.2 lb: a refund, $25.85 captured',
      booking: { oxiClean: true },
      extra: {},
      pounds: 14.2,
      estimate: [
        ['Laundry (1 bag × $31.50)', 3150],
        ['Oxi-clean', 100],
        ['Estimated total', 3250],
      ],
      final: [
        ['Laundry (14.2 lb × $1.75/lb)', 2485],
        ['Oxi-clean', 100],
        ['Final total', 2585],
      ],
    },
    {
      name: '2 bags with oxi-clean and stain per bag, weighed 40 lb: per 15 lb on the final bill, the rest charged off session',
      booking: { bagQuantity: 2, oxiClean: true, stainTreatment: true },
      extra: {},
      pounds: 40,
      estimate: [
        ['Laundry (2 bags × $31.50)', 6300],
        ['Oxi-clean (2 × $1.00)', 200],
        ['Stain Treatment (2 × $2.00)', 400],
        ['Estimated total', 6900],
      ],
      final: [
        ['Laundry (40.0 lb × $1.75/lb)', 7000],
        ['Oxi-clean (3 × $1.00)', 300],
        ['Stain Treatment (3 × $2.00)', 600],
        ['Final total', 7900],
      ],
    },
    {
      name: 'FREE: every charge waived, nothing to capture',
      booking: { rushDelivery: true },
      extra: { promoCode: 'FREE' },
      pounds: 10,
      estimate: [
        ['Laundry (1 bag × $0.00, promo code FREE)', 0],
        ['24-hr Rush Delivery', 0],
        ['Estimated total', 0],
      ],
      final: [
        ['Laundry (10.0 lb × $1.75/lb)', 1750],
        ['24-hr Rush Delivery', 1000],
        ['Promo code FREE', -2750],
        ['Final total', 0],
      ],
    },
  ] as { name: string; booking: Partial<BookingFormInput>; extra: { promoCode?: string }; pounds: number; estimate: Row[]; final: Row[] }[])(
    '$name',
    async ({ booking, extra, pounds, estimate, final }) => {
      const id = await book(booking, extra);
      const before = await staffBooking(id);
      const estimated = billLines(before);
      expect(estimated.stage).toBe('estimate');
      expect(estimated.lines.map((l) => [l.label, l.cents])).toEqual(estimate);
      // before weighing the total is the estimate the card is authorised for
      expect(estimated.totalCents).toBe(before.totalAmount);
      if (before.authorizedAmount > 0) expect(estimated.totalCents).toBe(before.authorizedAmount);

      const weighed = await staff('POST', `/api/admin/bookings/${id}/weight`, { actualWeight: pounds });
      expect(weighed.status).toBe(200);
      const after = await staffBooking(id);
      const bill = billLines(after);
      expect(bill.stage).toBe('final');
      expect(bill.lines.map((l) => [l.label, l.cents])).toEqual(final);
      expect(bill.totalCents).toBe(after.finalTotalAmount);
      // the bill's total is what the card was charged, nothing left due
      expect(after.amountDueCents).toBe(0);
      expect(bill.totalCents).toBe(after.capturedAmount);

      // the receipt dialog lays out the same lines from the receipt the server built
      const receipt = await staff('GET', `/api/admin/bookings/${id}/receipt`);
      expect(receipt.status).toBe(200);
      const r = receipt.json.receipt as FinalReceipt;
      expect(finalBillLines({ ...r, giftCardAppliedCents: r.giftCardCents })).toEqual(bill);
    },
  );

  it.each([
    // gift card, weight (lb), the bill's lines, what the card was charged, what stays due
    {
      name: 'a $25 gift card, weighed 12 lb: the gift card pays all $21.00, the card nothing',
      gift: 2500,
      pounds: 12,
      final: [
        ['Laundry (12.0 lb × $1.75/lb)', 2100],
        ['Final total', 2100],
        ['Gift card applied', -2100],
        ['Total after gift card', 0],
      ],
      captured: 0,
      due: 0,
    },
    {
      name: 'a $10 gift card, weighed 20 lb: the card pays the other $25.00',
      gift: 1000,
      pounds: 20,
      final: [
        ['Laundry (20.0 lb × $1.75/lb)', 3500],
        ['Final total', 3500],
        ['Gift card applied', -1000],
        ['Total after gift card', 2500],
      ],
      captured: 2500,
      due: 0,
    },
    {
      name: 'a gift card that covered the estimate, weighed 20 lb: no card on file, $3.50 due',
      gift: 3150,
      pounds: 20,
      final: [
        ['Laundry (20.0 lb × $1.75/lb)', 3500],
        ['Final total', 3500],
        ['Gift card applied', -3150],
        ['Total after gift card', 350],
      ],
      captured: 0,
      due: 350,
    },
  ] as { name: string; gift: number; pounds: number; final: Row[]; captured: number; due: number }[])('$name', async ({ gift, pounds, final, captured, due }) => {
    const card = await insertGiftCard(t.database.db, { amount: gift });
    const id = await book({}, { giftCardCode: card.code });
    const before = billLines(await staffBooking(id));
    expect(before.lines.find((l) => l.kind === 'giftCard')?.cents).toBe(-Math.min(gift, 3150));
    expect(before.totalCents).toBe(Math.max(0, 3150 - gift));

    const weighed = await staff('POST', `/api/admin/bookings/${id}/weight`, { actualWeight: pounds });
    expect(weighed.status).toBe(200);
    const after = await staffBooking(id);
    const bill = billLines(after);
    expect(bill.lines.map((l) => [l.label, l.cents])).toEqual(final);
    expect([after.capturedAmount, after.amountDueCents]).toEqual([captured, due]);
    // docs/design.md 9: the card's part of the bill is what it was charged plus what stays due
    expect(bill.totalCents).toBe(after.capturedAmount + after.amountDueCents);

    const receipt = await staff('GET', `/api/admin/bookings/${id}/receipt`);
    expect(receipt.status).toBe(200);
    const r = receipt.json.receipt as FinalReceipt;
    expect(finalBillLines({ ...r, giftCardAppliedCents: r.giftCardCents })).toEqual(bill);
  });
});
