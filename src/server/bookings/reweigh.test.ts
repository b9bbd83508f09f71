// Decision 034: staff correct a weighing before the customer approved the bill. The new bill is the
// shared pricing's, and after every correction what the customer paid equals what the bill says:
// captured − refunded + gift card applied + amount due = final total. Everything else is a 409.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInOwner, testCards, type StaffCall } from '../../../tests/helpers/flows';
import { createTestApp, testDatabaseKinds, type TestContext } from '../../../tests/helpers/test-app';
import type { LaundryPro } from '../../shared/schemas/laundry-pros';
import { invoiceUrl } from '../booking-records/invoice-link';
import { payAmountDueToken } from '../booking-records/pay-link';
import { auditLog, bookings, giftCards, laundryAssignments, outbox, paymentOperations } from '../db/schema';
import { insertGiftCard } from '../gift-cards/gift-card.factory';
import { bookingFormInput, updateBooking } from './booking.factory';

const ORIGIN = 'http://shop.test';
const now = () => new Date('2026-11-22T15:00:00Z');

type Case = {
  name: string;
  card: string;
  giftCents?: number;
  weighed: number;
  corrected: number;
  /** The booking after the correction, and what the answer says moved. */
  after: { finalTotalAmount: number; capturedAmount: number; refundedAmount: number; amountDueCents: number; giftCardAppliedCents: number };
  moved: { refundedCents: number; chargedCents: number; giftCardReturnedCents: number; amountDueCents: number };
  giftCardBalance?: number;
  paymentDueMail?: boolean;
};

// one bag held at $31.50; $1.75 a lb: 20 lb = $35.00, 14.2 lb = $24.85, 5 lb = $8.75
const cases: Case[] = [
  {
    name: '20 lb → 14.2 lb: the difference goes back to the card',
    card: testCards.ok,
    weighed: 20,
    corrected: 14.2,
    after: { finalTotalAmount: 2485, capturedAmount: 3500, refundedAmount: 1015, amountDueCents: 0, giftCardAppliedCents: 0 },
    moved: { refundedCents: 1015, chargedCents: 0, giftCardReturnedCents: 0, amountDueCents: 0 },
  },
  {
    name: '14.2 lb → 20 lb: the difference is charged to the saved card',
    card: testCards.ok,
    weighed: 14.2,
    corrected: 20,
    after: { finalTotalAmount: 3500, capturedAmount: 3500, refundedAmount: 0, amountDueCents: 0, giftCardAppliedCents: 0 },
    moved: { refundedCents: 0, chargedCents: 1015, giftCardReturnedCents: 0, amountDueCents: 0 },
  },
  {
    name: '14.2 lb → 20 lb on a card that declines: the difference is due, with the pay link',
    card: testCards.failsLater,
    weighed: 14.2,
    corrected: 20,
    after: { finalTotalAmount: 3500, capturedAmount: 2485, refundedAmount: 0, amountDueCents: 1015, giftCardAppliedCents: 0 },
    moved: { refundedCents: 0, chargedCents: 0, giftCardReturnedCents: 0, amountDueCents: 1015 },
    paymentDueMail: true,
  },
  {
    name: '20 lb → 14.2 lb while $3.50 is due: the due goes first, the rest back to the card',
    card: testCards.needsAuthentication,
    weighed: 20,
    corrected: 14.2,
    after: { finalTotalAmount: 2485, capturedAmount: 3150, refundedAmount: 665, amountDueCents: 0, giftCardAppliedCents: 0 },
    moved: { refundedCents: 665, chargedCents: 0, giftCardReturnedCents: 0, amountDueCents: 0 },
  },
  {
    name: 'a gift card paid $10.00 of 20 lb → 5 lb: the card gets back all it paid, the gift card what the bill no longer needs',
    card: testCards.ok,
    giftCents: 1000,
    weighed: 20,
    corrected: 5,
    after: { finalTotalAmount: 875, capturedAmount: 2500, refundedAmount: 2500, amountDueCents: 0, giftCardAppliedCents: 875 },
    moved: { refundedCents: 2500, chargedCents: 0, giftCardReturnedCents: 125, amountDueCents: 0 },
    giftCardBalance: 125,
  },
];

describe.each(testDatabaseKinds)('correcting a weighing before approval (%s)', (kind) => {
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
  async function booking(weight: number | null, card = testCards.ok, extra: { giftCardCode?: string } = {}) {
    const res = await t.request('/api/bookings', { method: 'POST', json: { bookingData: bookingFormInput(), ...extra } });
    expect(res.status).toBe(201);
    const { booking_id: id, url } = (await res.json()) as { booking_id: string; url: string | null };
    if (url) {
      const sessionId = new URL(url).pathname.split('/').pop()!;
      const paid = await t.gateway.pay(sessionId, { number: card, expiry: '12/30', cvc: '123', zip: '29072' });
      if (paid.outcome === 'authenticate') await t.gateway.authenticate(sessionId, true);
    }
    await t.gateway.flushEvents();
    if (weight !== null) expect((await staff('POST', `/api/admin/bookings/${id}/weight`, { actualWeight: weight })).status).toBe(200);
    await t.gateway.flushEvents();
    return id;
  }
  const reweigh = (id: string, body: Record<string, unknown>) => staff('POST', `/api/admin/bookings/${id}/reweigh`, { requestKey: randomUUID(), reason: 'Enter pressed too early', ...body });
  const invoiceToken = async (id: string) => new URL(invoiceUrl(ORIGIN, t.config.sessionSecret, await row(id), now())!).searchParams.get('token')!;
  /** What the gateway refunded of all the booking's payments. */
  async function gatewayRefunded(id: string) {
    const ops = await t.database.db.select().from(paymentOperations).where(and(eq(paymentOperations.bookingId, id), eq(paymentOperations.status, 'succeeded')));
    const intents = new Set(ops.filter((o) => ['capture', 'charge_off_session', 'checkout_payment'].includes(o.kind)).map((o) => o.gatewayRef!));
    let sum = 0;
    for (const pi of intents) sum += (await t.gateway.retrievePaymentIntent(pi)).amountRefunded;
    return sum;
  }

  it.each(cases)('$name', async (c) => {
    const gift = c.giftCents ? await insertGiftCard(t.database.db, { amount: c.giftCents, stripeSessionId: `cs_test_${randomUUID()}` }) : null;
    const id = await booking(c.weighed, c.card, gift ? { giftCardCode: gift.code } : {});
    const oldToken = await invoiceToken(id);
    const res = await reweigh(id, { actualWeight: c.corrected, reason: 'Weighed with the <b>basket</b>' });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.reweigh).toMatchObject({ toWeightTenths: Math.round(c.corrected * 10), toTotalCents: c.after.finalTotalAmount, ...c.moved });
    await t.gateway.flushEvents(); // the gateway's own refund events: counted once
    const b = await row(id);
    expect(b).toMatchObject({ ...c.after, actualWeightTenths: Math.round(c.corrected * 10), weightAdjustmentProcessed: true, customerApprovedAt: null });
    // what the customer paid equals what the bill says
    expect(b.capturedAmount - b.refundedAmount + (b.giftCardAppliedCents ?? 0) + b.amountDueCents).toBe(b.finalTotalAmount);
    expect(await gatewayRefunded(id)).toBe(c.after.refundedAmount);
    if (gift) expect((await t.database.db.select().from(giftCards).where(eq(giftCards.id, gift.id)))[0]!.balance).toBe(c.giftCardBalance);

    // the old invoice link opens nothing; the new one (in the email, with the reason) shows the corrected bill
    expect((await t.request(`/api/bookings/${id}/invoice?token=${encodeURIComponent(oldToken)}`)).status).toBe(404);
    const [mail] = await t.database.db.select().from(outbox).where(and(eq(outbox.bookingId, id), eq(outbox.kind, 'laundry_reweighed')));
    const text = (mail!.payload as { text: string; html: string }).text;
    expect(text).toContain('Weighed with the <b>basket</b>');
    expect((mail!.payload as { html: string }).html).not.toContain('<b>basket</b>');
    const newToken = await invoiceToken(id);
    expect(text).toContain(newToken);
    const invoice = await t.request(`/api/bookings/${id}/invoice?token=${encodeURIComponent(newToken)}`);
    expect(invoice.status).toBe(200);
    expect(await invoice.json()).toMatchObject({ weightTenths: Math.round(c.corrected * 10), subtotalCents: c.after.finalTotalAmount, payment: { refundedCents: c.after.refundedAmount, amountDueCents: c.after.amountDueCents } });
    const dueMails = await t.database.db.select().from(outbox).where(and(eq(outbox.bookingId, id), eq(outbox.kind, 'payment_due'), eq(outbox.dedupeKey, `payment-due:reweigh:${res.json.reweigh.id as string}`)));
    expect(dueMails).toHaveLength(c.paymentDueMail ? 1 : 0);
    const [entry] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.targetId, id), eq(auditLog.action, 'booking.reweighed')));
    expect(entry).toMatchObject({ actorEmail: 'owner@example.com', after: { toWeightTenths: Math.round(c.corrected * 10), reason: 'Weighed with the <b>basket</b>', ...c.moved } });
  });

  it('the same key again (a double click, a retry) corrects once and answers the same correction; another booking may not use it', async () => {
    const id = await booking(20);
    const body = { requestKey: randomUUID(), actualWeight: 14.2 };
    const [a, b] = await Promise.all([reweigh(id, body), reweigh(id, body)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(b.json.reweigh).toEqual(a.json.reweigh);
    expect((await reweigh(id, body)).json.reweigh).toEqual(a.json.reweigh);
    await t.gateway.flushEvents();
    expect(await row(id)).toMatchObject({ refundedAmount: 1015, finalTotalAmount: 2485 });
    expect(await gatewayRefunded(id)).toBe(1015);
    expect(await t.database.db.select().from(outbox).where(and(eq(outbox.bookingId, id), eq(outbox.kind, 'laundry_reweighed')))).toHaveLength(1);
    const other = await booking(20);
    expect(await reweigh(other, { ...body })).toMatchObject({ status: 409, json: { error: { code: 'reweigh_key_reused' } } });
    expect(await row(other)).toMatchObject({ finalTotalAmount: 3500, refundedAmount: 0 });
  });

  it("moves the pro's per-pound payout to the corrected weight, and is refused once the pro was paid", async () => {
    const pro = (await staff('POST', '/api/admin/pros', { name: 'Lee Counts', email: `lee-${randomUUID()}@example.com`, perPoundRateCents: 75 })).json.pro as LaundryPro;
    const setUp = await staff('POST', `/api/admin/pros/${pro.id}/connect-account`);
    await t.gateway.completeOnboarding(new URL(setUp.json.url as string).pathname.split('/').pop()!);
    await staff('POST', `/api/admin/pros/${pro.id}/connect-status`);
    const id = await booking(null);
    expect((await staff('POST', `/api/admin/bookings/${id}/laundry-pro`, { laundryProId: pro.id })).status).toBe(200);
    expect((await staff('POST', `/api/admin/bookings/${id}/weight`, { actualWeight: 20 })).status).toBe(200);
    const payout = async () => (await t.database.db.select().from(laundryAssignments).where(eq(laundryAssignments.bookingId, id)))[0]!.perPoundPayoutCents;
    expect(await payout()).toBe(1500);
    expect((await reweigh(id, { actualWeight: 14.2 })).status).toBe(200);
    expect(await payout()).toBe(1065);
    const paid = await staff('POST', `/api/admin/pros/${pro.id}/payouts`, { requestKey: randomUUID(), expectedCents: 1065 });
    expect(paid.status, JSON.stringify(paid.json)).toBe(200);
    expect(await reweigh(id, { actualWeight: 12 })).toMatchObject({ status: 409, json: { error: { code: 'reweigh_pro_paid' } } });
    expect(await row(id)).toMatchObject({ actualWeightTenths: 142, finalTotalAmount: 2485 });
  });

  it('refuses an approved, a tipped, a cancelled and an unweighed booking, and bad weights and reasons', async () => {
    const approved = await booking(20);
    expect((await t.request(`/api/bookings/${approved}/invoice/approve`, { method: 'POST', json: { token: await invoiceToken(approved), tipCents: 0 } })).status).toBe(200);
    expect(await reweigh(approved, { actualWeight: 14.2 })).toMatchObject({ status: 409, json: { error: { code: 'reweigh_approved' } } });

    const tipped = await booking(20);
    await updateBooking(t.database.db, tipped, { tipAmount: 100 });
    expect(await reweigh(tipped, { actualWeight: 14.2 })).toMatchObject({ status: 409, json: { error: { code: 'reweigh_tipped' } } });

    const unweighed = await booking(null);
    expect(await reweigh(unweighed, { actualWeight: 14.2 })).toMatchObject({ status: 409, json: { error: { code: 'reweigh_not_weighed' } } });
    expect((await staff('POST', `/api/admin/bookings/${unweighed}/status`, { status: 'cancelled' })).status).toBe(200);
    expect(await reweigh(unweighed, { actualWeight: 14.2 })).toMatchObject({ status: 409, json: { error: { code: 'reweigh_cancelled' } } });

    const id = await booking(20);
    for (const actualWeight of [0, -1, 12.55, 1e6, '14', null]) expect((await reweigh(id, { actualWeight })).status, `weight ${String(actualWeight)}`).toBe(400);
    expect(await reweigh(id, { actualWeight: 20 })).toMatchObject({ status: 400, json: { error: { code: 'reweigh_unchanged' } } });
    expect((await reweigh(id, { actualWeight: 14.2, bagWeights: [10, 4] })).status).toBe(400);
    expect((await reweigh(id, { actualWeight: 14.2, bagWeights: [7.1, 7.1] })).status).toBe(400); // one bag booked
    for (const reason of ['', ' a ', 'x'.repeat(501), 42]) expect((await reweigh(id, { actualWeight: 14.2, reason })).status).toBe(400);
    expect((await reweigh(id, { actualWeight: 14.2, requestKey: 'not-a-uuid' })).status).toBe(400);
    expect((await reweigh(id, { actualWeight: 14.2, extra: true })).status).toBe(400);
    expect((await reweigh(randomUUID(), { actualWeight: 14.2 })).status).toBe(404);
    expect(await row(id)).toMatchObject({ actualWeightTenths: 200, finalTotalAmount: 3500, refundedAmount: 0 });
    // a bag weight that adds up is kept with the corrected weight
    expect((await reweigh(id, { actualWeight: 14.2, bagWeights: [14.2] })).status).toBe(200);
    expect(await row(id)).toMatchObject({ actualWeightTenths: 142, bagWeightsTenths: [142] });
  });

  it('a second correction after the first moves only the new difference', async () => {
    const id = await booking(20);
    expect((await reweigh(id, { actualWeight: 14.2 })).status).toBe(200);
    const again = await reweigh(id, { actualWeight: 16 });
    expect(again.status, JSON.stringify(again.json)).toBe(200);
    await t.gateway.flushEvents();
    const b = await row(id);
    // 16 lb = $28.00: $10.15 refunded, then $3.15 charged again
    expect(b).toMatchObject({ finalTotalAmount: 2800, capturedAmount: 3815, refundedAmount: 1015, amountDueCents: 0 });
    expect(b.capturedAmount - b.refundedAmount + b.amountDueCents).toBe(b.finalTotalAmount);
  });

  it('a payment made on the pay link is applied before the correction', async () => {
    const id = await booking(20, testCards.needsAuthentication); // $3.50 due
    const opened = await t.request(`/api/bookings/${id}/amount-due/checkout`, { method: 'POST', json: { token: payAmountDueToken(t.config.sessionSecret, id) }, headers: { 'x-forwarded-for': '198.51.100.9' } });
    expect(opened.status).toBe(200);
    const url = ((await opened.json()) as { url: string }).url;
    await t.gateway.pay(new URL(url).pathname.split('/').pop()!, { number: testCards.ok, expiry: '12/30', cvc: '123', zip: '29072' });
    const res = await reweigh(id, { actualWeight: 14.2 });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    await t.gateway.flushEvents();
    const b = await row(id);
    expect(b).toMatchObject({ finalTotalAmount: 2485, capturedAmount: 3500, refundedAmount: 1015, amountDueCents: 0 });
  });
});
