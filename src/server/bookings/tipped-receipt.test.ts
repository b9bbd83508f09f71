// A tipped bill everywhere a bill is shown (customer-site 4, 9; back-office 2, 7; docs/design.md 5.4,
// 5.5; decision 015: the tip is in captured_amount and in tip_amount): the invoice page, the receipt
// email, the staff receipt and the printed order sheet show the tip as a tip, never an additional
// charge, and what the bill released of the hold to the cent.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payLocalCheckout, signInOwner, testCards, type StaffCall } from '../../../tests/helpers/flows';
import { createTestApp, testDatabaseKinds, type TestContext } from '../../../tests/helpers/test-app';
import { formatCents } from '../../shared/money';
import { bookingPaymentLines } from '../../shared/pricing-receipts';
import type { FinalReceipt, StaffBooking } from '../../shared/schemas/back-office';
import type { Invoice } from '../../shared/schemas/invoice';
import { outbox } from '../db/schema';
import { bookingFormInput } from './booking.factory';

const ORIGIN = 'http://shop.test';
const now = () => new Date('2026-11-22T15:00:00Z');
const invoiceLink = /https?:\/\/\S+\/invoice\?[^\s\]]+/;

// 1 bag + oxi-clean: $32.50 held on the card (customer-site 9); $1.75 per lb, oxi-clean $1 per 15 lb (back-office 9)
const cases = [
  {
    name: 'a bill below the hold with a $5.00 tip',
    card: testCards.ok,
    actualWeight: 14.2,
    tipCents: 500,
    checkout: false,
    payment: { authorizedCents: 3250, billChargedCents: 2585, tipCents: 500, chargedCents: 3085, releasedCents: 665, extraChargedCents: 0, amountDueCents: 0 },
    email: ['Authorized on your card: $32.50', 'Charged to your card: $25.85', 'Tip: $5.00', 'Total charged to your card: $30.85', 'Released back to your card: $6.65'],
    sheet: [['Authorized', 3250], ['Charged to card', 2585], ['Tip', 500], ['Total charged to card', 3085], ['Released (refund)', 665]],
  },
  {
    // 20 lb: $35.00 + oxi-clean ×2 = $37.00: the $32.50 hold captured and $4.50 charged off-session at the weighing
    name: 'a bill above the hold with a $5.00 tip',
    card: testCards.ok,
    actualWeight: 20,
    tipCents: 500,
    checkout: false,
    payment: { authorizedCents: 3250, billChargedCents: 3700, tipCents: 500, chargedCents: 4200, releasedCents: 0, extraChargedCents: 450, amountDueCents: 0 },
    email: ['Authorized on your card: $32.50', 'Additional charge: $4.50', 'Charged to your card: $37.00', 'Tip: $5.00', 'Total charged to your card: $42.00'],
    sheet: [['Authorized', 3250], ['Additional charge', 450], ['Charged to card', 3700], ['Tip', 500], ['Total charged to card', 4200]],
  },
  {
    // 30 lb: $52.50 + oxi-clean ×2 = $54.50: the hold captured, the $22.00 above it refused, then paid with a $1.00 tip at a checkout
    name: 'the amount due paid with the tip in the same approval',
    card: testCards.failsLater,
    actualWeight: 30,
    tipCents: 100,
    checkout: true,
    payment: { authorizedCents: 3250, billChargedCents: 5450, tipCents: 100, chargedCents: 5550, releasedCents: 0, extraChargedCents: 2200, amountDueCents: 0 },
    email: ['Authorized on your card: $32.50', 'Additional charge: $22.00', 'Charged to your card: $54.50', 'Tip: $1.00', 'Total charged to your card: $55.50'],
    sheet: [['Authorized', 3250], ['Additional charge', 2200], ['Charged to card', 5450], ['Tip', 100], ['Total charged to card', 5550]],
  },
] as const;

describe.each(testDatabaseKinds)('a tipped bill on the invoice, the receipt email, the staff receipt and the order sheet (%s)', (kind) => {
  let t: TestContext;
  let staff: StaffCall;

  beforeAll(async () => {
    t = await createTestApp(kind, { PICKUP_CAPACITY_PER_WINDOW: '1000', PUBLIC_URL: ORIGIN }, { now });
    staff = await signInOwner(t, ORIGIN);
  });
  afterAll(async () => {
    await t?.close();
  });

  let ip = 0;
  const headers = () => ({ 'x-forwarded-for': `203.0.113.${(ip += 1)}` });
  const mails = (id: string, kind: 'laundry_weighed' | 'payment_due' | 'final_receipt') =>
    t.database.db.select().from(outbox).where(and(eq(outbox.bookingId, id), eq(outbox.kind, kind)));

  it.each(cases)('$name', async ({ card, actualWeight, tipCents, checkout, payment, email, sheet }) => {
    const res = await t.request('/api/bookings', { method: 'POST', json: { bookingData: bookingFormInput({ pickupLocation: 'porch', oxiClean: true }) } });
    expect(res.status).toBe(201);
    const { booking_id: id, url } = (await res.json()) as { booking_id: string; url: string };
    await payLocalCheckout(t, url, card);
    expect((await staff('POST', `/api/admin/bookings/${id}/weight`, { actualWeight })).status).toBe(200);
    // the customer's link: in "your laundry is weighed", or in the payment-due email when something is owed
    const [notice] = await mails(id, payment.extraChargedCents > 0 && checkout ? 'payment_due' : 'laundry_weighed');
    const token = new URL(invoiceLink.exec((notice!.payload as { text: string }).text)![0]).searchParams.get('token')!;

    const approved = await t.request(`/api/bookings/${id}/invoice/approve`, { method: 'POST', json: { token, tipCents }, headers: headers() });
    expect(approved.status).toBe(200);
    const answer = (await approved.json()) as { url: string | null };
    if (checkout) await payLocalCheckout(t, answer.url!, testCards.ok);
    else expect(answer.url).toBeNull();

    // the invoice page's figures
    const shown = (await (await t.request(`/api/bookings/${id}/invoice?token=${token}`, { headers: headers() })).json()) as Invoice;
    expect(shown.approved).toMatchObject({ tipCents });
    expect(shown.payment).toEqual({ ...payment, refundedCents: 0, creditedCents: 0 });

    // the staff receipt
    const receipt = await staff('GET', `/api/admin/bookings/${id}/receipt`);
    expect(receipt.status).toBe(200);
    const { authorizedCents, billChargedCents, chargedCents, releasedCents, extraChargedCents, amountDueCents } = receipt.json.receipt as FinalReceipt;
    expect({ authorizedCents, billChargedCents, tipCents: (receipt.json.receipt as FinalReceipt).tipCents, chargedCents, releasedCents, extraChargedCents, amountDueCents }).toEqual(payment);

    // the receipt email, sent after the approval
    expect((await staff('POST', `/api/admin/bookings/${id}/receipt`)).status).toBe(200);
    const [sent] = await mails(id, 'final_receipt');
    const text = (sent!.payload as { text: string }).text;
    const block = text.slice(text.indexOf('\nPayment\n') + '\nPayment\n'.length).replace(/^\n+/, '');
    expect(block.slice(0, block.indexOf('\n\n')).split('\n')).toEqual(email);
    expect(text).toContain(`Thank you for your tip of ${formatCents(tipCents)}`);
    if (payment.extraChargedCents > 0) expect(text).toContain(`the difference of ${formatCents(payment.extraChargedCents)} was charged to the same card`);
    else expect(text).not.toMatch(/Additional charge|more than the amount authorized/);

    // the printed order sheet lays out the staff view of the booking
    const booking = await staff('GET', `/api/admin/bookings/${id}`);
    expect(booking.status).toBe(200);
    expect(bookingPaymentLines(booking.json.booking as StaffBooking).map((l) => [l.label, l.cents])).toEqual(sheet);
  });
});
