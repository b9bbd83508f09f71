// Decision 031: staff refund part or all of what a booking's cards paid, to the cards (split across
// its payments, newest first) or as a credit to a gift card, once per key the browser made, with a
// reason the customer reads in their email; everything else is a clear 4xx from the catalogue.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payLocalCheckout, signInOwner, testCards, type StaffCall } from '../../../tests/helpers/flows';
import { createTestApp, testDatabaseKinds, type TestContext } from '../../../tests/helpers/test-app';
import { errorMessage } from '../error-catalogue';
import { invoiceUrl } from '../booking-records/invoice-link';
import { bookingPaymentLines, receiptPaymentLines } from '../../shared/pricing-receipts';
import type { FinalReceipt, StaffBooking } from '../../shared/schemas/back-office';
import type { Invoice } from '../../shared/schemas/invoice';
import { auditLog, bookings, chargeRefunds, giftCardLedger, giftCards, outbox, paymentOperations } from '../db/schema';
import { insertGiftCard } from '../gift-cards/gift-card.factory';
import { bookingFormInput } from './booking.factory';

const ORIGIN = 'http://shop.test';
const now = () => new Date('2026-11-22T15:00:00Z');

describe.each(testDatabaseKinds)('staff refunds and credits (%s)', (kind) => {
  let t: TestContext;
  let staff: StaffCall;
  beforeAll(async () => {
    t = await createTestApp(kind, { PICKUP_CAPACITY_PER_WINDOW: '1000', PUBLIC_URL: ORIGIN, BOOKINGS_PER_IP_PER_HOUR: '100000', BOOKINGS_PER_CUSTOMER_PER_HOUR: '100000' }, { now });
    staff = await signInOwner(t, ORIGIN);
  });
  afterAll(async () => {
    await t?.close();
  });

  const row = async (id: string) => (await t.database.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
  /** A paid booking ($31.50 held for one bag), weighed at `weight` lb when given ($1.75 a lb). */
  async function booking(weight: number | null, extra: { giftCardCode?: string } = {}) {
    const res = await t.request('/api/bookings', { method: 'POST', json: { bookingData: bookingFormInput(), ...extra } });
    expect(res.status).toBe(201);
    const { booking_id: id, url } = (await res.json()) as { booking_id: string; url: string | null };
    if (url) await payLocalCheckout(t, url, testCards.ok);
    if (weight !== null) expect((await staff('POST', `/api/admin/bookings/${id}/weight`, { actualWeight: weight })).status).toBe(200);
    await t.gateway.flushEvents();
    return id;
  }
  const refund = (id: string, body: Record<string, unknown>) =>
    staff('POST', `/api/admin/bookings/${id}/refunds`, { idempotencyKey: randomUUID(), destination: 'card', reason: 'Scale misread', ...body });
  const mails = (id: string) => t.database.db.select().from(outbox).where(and(eq(outbox.bookingId, id), eq(outbox.kind, 'booking_refunded')));
  /** What the gateway has refunded of all the booking's payments. */
  async function gatewayRefunded(id: string) {
    const ops = await t.database.db.select().from(paymentOperations).where(and(eq(paymentOperations.bookingId, id), eq(paymentOperations.status, 'succeeded')));
    const intents = new Set(ops.filter((o) => ['capture', 'charge_off_session', 'checkout_payment'].includes(o.kind)).map((o) => o.gatewayRef!));
    let sum = 0;
    for (const pi of intents) sum += (await t.gateway.retrievePaymentIntent(pi)).amountRefunded;
    return sum;
  }

  it('refunds part of a weighed bill to the card with a reason: ledgered, audited, emailed, and the booking shows it', async () => {
    const id = await booking(10); // $17.50 captured of the $31.50 hold
    const key = randomUUID();
    const res = await refund(id, { idempotencyKey: key, amountCents: 500, reason: 'Weighed <b>wet</b> towels & sheets' });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({ message: 'Refunded $5.00 to the card', refund: { id: key, destination: 'card', amountCents: 500, refundedCents: 500, giftCardCode: null } });
    expect(res.json.booking).toMatchObject({ capturedAmount: 1750, refundedAmount: 500, paymentStatus: 'paid' });
    await t.gateway.flushEvents(); // the gateway's own charge.refunded event: counted once
    expect(await row(id)).toMatchObject({ refundedAmount: 500, giftCardCreditedCents: 0 });
    expect(await gatewayRefunded(id)).toBe(500);
    const ops = await t.database.db.select().from(paymentOperations).where(and(eq(paymentOperations.bookingId, id), eq(paymentOperations.kind, 'refund')));
    expect(ops).toMatchObject([{ status: 'succeeded', amountCents: 500 }]);
    const [entry] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.targetId, id), eq(auditLog.action, 'booking.refunded')));
    expect(entry).toMatchObject({ actorEmail: 'owner@example.com', after: { destination: 'card', refundedCents: 500, reason: 'Weighed <b>wet</b> towels & sheets' } });
    const [mail] = await mails(id);
    const payload = mail!.payload as { html: string; text: string };
    expect(mail!.subject).toBe(`$5.00 refunded: order WD-${id.slice(0, 6).toUpperCase()}`);
    expect(payload.text).toContain('We refunded $5.00 to your card: Weighed <b>wet</b> towels & sheets');
    // the reason is text in the HTML, never markup
    expect(payload.html).not.toContain('<b>wet</b>');
    expect(payload.html).toContain('&lt;b&gt;wet&lt;/b&gt;');
  });

  it('the same key again (a double click, a retry) refunds once and answers the same refund', async () => {
    const id = await booking(10);
    const body = { idempotencyKey: randomUUID(), amountCents: 300 };
    const [a, b] = await Promise.all([refund(id, body), refund(id, body)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const again = await refund(id, body);
    expect(again.json.refund).toEqual(a.json.refund);
    await t.gateway.flushEvents();
    expect((await row(id)).refundedAmount).toBe(300);
    expect(await gatewayRefunded(id)).toBe(300);
    expect(await mails(id)).toHaveLength(1);
    // the same key on another booking is refused, and moves nothing
    const other = await booking(10);
    const reused = await refund(other, body);
    expect(reused).toMatchObject({ status: 409, json: { error: { code: 'refund_key_reused' } } });
    expect((await row(other)).refundedAmount).toBe(0);
  });

  it('splits a refund across the extra charge and the capture, newest first, up to everything the cards paid, then refuses more', async () => {
    const id = await booking(25); // $43.75: $31.50 captured, $12.25 charged off session
    expect(await row(id)).toMatchObject({ capturedAmount: 4375 });
    const first = await refund(id, { amountCents: 1500 });
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    const ops = await t.database.db.select().from(paymentOperations).where(eq(paymentOperations.bookingId, id));
    const extra = ops.find((o) => o.kind === 'charge_off_session')!.gatewayRef!;
    const main = (await row(id)).stripePaymentIntentId!;
    expect(await t.gateway.retrievePaymentIntent(extra)).toMatchObject({ amountRefunded: 1225 });
    expect(await t.gateway.retrievePaymentIntent(main)).toMatchObject({ amountRefunded: 275 });
    expect(ops.filter((o) => o.kind === 'refund').map((o) => o.amountCents).sort()).toEqual([1225, 275]);
    await t.gateway.flushEvents();
    const rows = await t.database.db.select().from(chargeRefunds).where(eq(chargeRefunds.bookingId, id));
    expect(rows.map((r) => r.refundedCents).sort()).toEqual([1225, 275]);
    expect((await row(id)).refundedAmount).toBe(1500);

    const tooMuch = await refund(id, { amountCents: 2876 });
    expect(tooMuch).toMatchObject({ status: 400, json: { error: { code: 'refund_too_much', message: errorMessage('refund_too_much', { refundableCents: 2875 }) } } });
    expect((await refund(id, { amountCents: 2875 })).status).toBe(200);
    await t.gateway.flushEvents();
    expect(await row(id)).toMatchObject({ refundedAmount: 4375, paymentStatus: 'refunded' });
    expect(await gatewayRefunded(id)).toBe(4375);
    expect(await refund(id, { amountCents: 1 })).toMatchObject({ status: 409, json: { error: { code: 'refund_nothing_left' } } });
  });

  it('refuses what an attacker would try: bad amounts and reasons, another id, unpaid and cancelled bookings', async () => {
    const id = await booking(10);
    for (const amountCents of [-100, 0, 12.5, 1e12, '500', null])
      expect((await refund(id, { amountCents })).status, `amount ${String(amountCents)}`).toBe(400);
    for (const reason of ['', '  a ', 'x'.repeat(501), 42]) expect((await refund(id, { amountCents: 100, reason })).status).toBe(400);
    expect((await refund(id, { amountCents: 100, destination: 'cash' })).status).toBe(400);
    expect((await refund(id, { amountCents: 100, idempotencyKey: 'not-a-uuid' })).status).toBe(400);
    expect((await refund(id, { amountCents: 100, extra: true })).status).toBe(400);
    expect(await refund(randomUUID(), { amountCents: 100 })).toMatchObject({ status: 404 });
    expect((await refund('not-an-id', { amountCents: 100 })).status).toBe(404);
    expect((await row(id)).refundedAmount).toBe(0);

    const held = await booking(null); // authorised, not weighed: nothing captured
    expect(await refund(held, { amountCents: 100 })).toMatchObject({ status: 409, json: { error: { code: 'refund_nothing_paid' } } });
    expect((await staff('POST', `/api/admin/bookings/${held}/status`, { status: 'cancelled' })).status).toBe(200);
    expect(await refund(held, { amountCents: 100 })).toMatchObject({ status: 409, json: { error: { code: 'refund_cancelled' } } });
    expect(await refund(held, { amountCents: 100, destination: 'gift_card' })).toMatchObject({ status: 409, json: { error: { code: 'refund_cancelled' } } });
  });

  it("credits a gift card instead: a new card for the customer, with its code in the email; revenue counts it refunded", async () => {
    const id = await booking(10);
    const before = (await staff('GET', '/api/admin/stats')).json;
    const res = await refund(id, { amountCents: 700, destination: 'gift_card', reason: 'Late delivery' });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({ message: 'Credited $7.00 to a gift card', refund: { destination: 'gift_card', refundedCents: 700, giftCardCode: expect.stringMatching(/^•{8}[A-Z0-9]{4}$/) } });
    expect(await row(id)).toMatchObject({ refundedAmount: 700, giftCardCreditedCents: 700 });
    const [card] = await t.database.db.select().from(giftCards).where(eq(giftCards.id, res.json.refund.id as string));
    expect(card).toMatchObject({ amount: 700, balance: 700, recipientEmail: (await row(id)).email, stripeSessionId: null });
    expect(await t.database.db.select().from(giftCardLedger).where(eq(giftCardLedger.bookingId, id))).toMatchObject([{ kind: 'credit', amountCents: 700, giftCardId: card!.id }]);
    const [mail] = await mails(id);
    expect((mail!.payload as { text: string }).text).toContain('We credited $7.00 to your gift card: Late delivery');
    expect((mail!.payload as { text: string }).text).toContain(card!.code);
    // no card money moved, and revenue lost the credit; gift-card sales did not gain it
    expect(await gatewayRefunded(id)).toBe(0);
    const after = (await staff('GET', '/api/admin/stats')).json;
    expect(after.totalRevenueCents - before.totalRevenueCents).toBe(-700);
    expect(after.giftCardSalesCents).toBe(before.giftCardSalesCents);
  });

  it("credits the booking's own gift card when it was paid with one, raising its balance but not what it was sold for", async () => {
    const gift = await insertGiftCard(t.database.db, { amount: 1000, stripeSessionId: `cs_test_${randomUUID()}` });
    const id = await booking(20, { giftCardCode: gift.code }); // $35.00: $10.00 from the gift card, $25.00 from the card
    const captured = (await row(id)).capturedAmount;
    expect(captured).toBeGreaterThan(0);
    const res = await refund(id, { amountCents: 400, destination: 'gift_card', reason: 'Stain left' });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const [card] = await t.database.db.select().from(giftCards).where(eq(giftCards.id, gift.id));
    expect(card).toMatchObject({ amount: 1000, creditedCents: 400, balance: 400 });
    // a card refund after it takes the rest, no more
    const rest = captured - 400;
    expect(await refund(id, { amountCents: rest + 1 })).toMatchObject({ status: 400, json: { error: { code: 'refund_too_much' } } });
    expect((await refund(id, { amountCents: rest })).status).toBe(200);
    await t.gateway.flushEvents();
    expect(await row(id)).toMatchObject({ refundedAmount: captured, giftCardCreditedCents: 400 });
  });

  it("applies a refund made in the gateway's dashboard on an extra charge, once, with our own after it", async () => {
    const id = await booking(25);
    const ops = await t.database.db.select().from(paymentOperations).where(eq(paymentOperations.bookingId, id));
    const extra = ops.find((o) => o.kind === 'charge_off_session')!.gatewayRef!;
    await t.gateway.refund({ paymentIntentId: extra, amountCents: 225, idempotencyKey: `dashboard-${id}` });
    await t.gateway.flushEvents();
    expect((await row(id)).refundedAmount).toBe(225);
    // staff see what is left, and a split skips what the dashboard already gave back
    expect(await refund(id, { amountCents: 4151 })).toMatchObject({ status: 400, json: { error: { code: 'refund_too_much' } } });
    expect((await refund(id, { amountCents: 1100 })).status).toBe(200);
    await t.gateway.flushEvents();
    expect(await t.gateway.retrievePaymentIntent(extra)).toMatchObject({ amountRefunded: 1225 });
    expect((await row(id)).refundedAmount).toBe(1325);
    expect(await gatewayRefunded(id)).toBe(1325);
  });

  it('the staff receipt, the print sheet, the invoice page and the receipt email show what was refunded and credited; Reports and the dashboard lose it', async () => {
    const id = await booking(10); // $17.50 captured
    const figures = async () => ({
      stats: (await staff('GET', '/api/admin/stats')).json.totalRevenueCents as number,
      report: (await staff('GET', '/api/admin/reports?from=2026-11-01&to=2026-11-30')).json.figures.revenueCents as number,
    });
    const before = await figures();
    expect((await refund(id, { amountCents: 500 })).status).toBe(200);
    expect((await refund(id, { amountCents: 200, destination: 'gift_card', reason: 'Sorry for the wait' })).status).toBe(200);
    await t.gateway.flushEvents();
    const after = await figures();
    expect(after.stats - before.stats).toBe(-700);
    expect(after.report - before.report).toBe(-700);

    const receipt = (await staff('GET', `/api/admin/bookings/${id}/receipt`)).json.receipt as FinalReceipt;
    expect(receipt).toMatchObject({ chargedCents: 1050, refundedCents: 500, creditedCents: 200 });
    const refundLines = (lines: { key: string; label: string; cents: number }[]) => lines.filter((l) => ['refunded', 'credited'].includes(l.key)).map((l) => [l.label, l.cents]);
    expect(refundLines(receiptPaymentLines(receipt, 'staff'))).toEqual([['Refunded to card', 500], ['Credited to gift card', 200]]);
    const staffBooking = (await staff('GET', `/api/admin/bookings/${id}`)).json.booking as StaffBooking;
    expect(refundLines(bookingPaymentLines(staffBooking))).toEqual([['Refunded to card', 500], ['Credited to gift card', 200]]);

    const token = new URL(invoiceUrl(t.config.publicUrl, t.config.sessionSecret, await row(id), now())!).searchParams.get('token')!;
    const invoice = (await (await t.request(`/api/bookings/${id}/invoice?token=${token}`)).json()) as Invoice;
    expect(refundLines(receiptPaymentLines(invoice.payment, 'customer'))).toEqual([['Refunded to your card', 500], ['Credited to your gift card', 200]]);

    expect((await staff('POST', `/api/admin/bookings/${id}/receipt`)).status).toBe(200);
    const [sent] = await t.database.db.select().from(outbox).where(and(eq(outbox.bookingId, id), eq(outbox.kind, 'final_receipt')));
    const text = (sent!.payload as { text: string }).text;
    expect(text).toContain('Refunded to your card: $5.00');
    expect(text).toContain('Credited to your gift card: $2.00');
  });
});
