// Decision 064: a gift card pays what is still due after the weighing, from the pay link or the
// invoice link, up to its balance. The customer never loses a cent: after every step what the gift
// cards and the card paid plus what is due is the bill, the booking's ledger sums to its columns,
// and every cent a gift card lost is on this booking. A corrected weighing gives back to the
// newest gift card first, never more than it paid.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payLocalCheckout, signInOwner, testCards, type StaffCall } from '../../../tests/helpers/flows';
import { createTestApp, testDatabaseKinds, type TestContext } from '../../../tests/helpers/test-app';
import { bookingMoneyFromLedger } from '../booking-money/booking-money';
import { invoiceUrl } from '../booking-records/invoice-link';
import { payAmountDueToken } from '../booking-records/pay-link';
import { bookings, giftCardLedger, giftCards } from '../db/schema';
import { insertGiftCard } from '../gift-cards/gift-card.factory';
import { bookingFormInput } from './booking.factory';

const ORIGIN = 'http://shop.test';
// Sunday 2026-11-22, 10:00 in South Carolina
const now = () => new Date('2026-11-22T15:00:00Z');

describe.each(testDatabaseKinds)('a gift card pays what is due (%s)', (kind) => {
  let t: TestContext;
  let staff: StaffCall;

  beforeAll(async () => {
    t = await createTestApp(kind, { PICKUP_CAPACITY_PER_WINDOW: '1000', PUBLIC_URL: ORIGIN, LOG_LEVEL: 'error', GIFT_CARD_VALIDATE_PER_MINUTE: '1000' }, { now });
    staff = await signInOwner(t, ORIGIN);
  });
  afterAll(async () => {
    // the gateway's last events delivered before the database closes
    await t?.gateway.flushEvents();
    await t?.close();
  });

  const row = async (id: string) => (await t.database.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
  const balance = async (id: string) => (await t.database.db.select({ b: giftCards.balance }).from(giftCards).where(eq(giftCards.id, id)))[0]!.b;

  /** Weighed at 30 lb ($52.50) on a card that refuses the rest: $21.00 due; with a gift card, it paid first. */
  async function weighedWithDue(giftCardCode?: string) {
    const res = await t.request('/api/bookings', { method: 'POST', json: { bookingData: bookingFormInput({ pickupTime: '12pm-4pm', pickupLocation: 'porch' }), ...(giftCardCode ? { giftCardCode } : {}) } });
    expect(res.status).toBe(201);
    const { booking_id: id, url } = (await res.json()) as { booking_id: string; url: string };
    await payLocalCheckout(t, url, testCards.failsLater);
    expect((await staff('POST', `/api/admin/bookings/${id}/weight`, { actualWeight: 30 })).json.outcome).toBe('charge_failed');
    return id;
  }
  const payToken = (id: string) => payAmountDueToken(t.config.sessionSecret, id);
  const invoiceToken = async (id: string) => new URL(invoiceUrl(ORIGIN, t.config.sessionSecret, await row(id), now())!).searchParams.get('token')!;
  const byPayLink = (id: string, giftCardCode: string, token = payToken(id)) => t.request(`/api/bookings/${id}/amount-due/gift-card`, { method: 'POST', json: { token, giftCardCode } });
  const byInvoice = async (id: string, giftCardCode: string, token?: string) =>
    t.request(`/api/bookings/${id}/invoice/gift-card`, { method: 'POST', json: { token: token ?? (await invoiceToken(id)), giftCardCode } });

  /** The customer never loses a cent, and the ledgers agree with the columns. */
  async function expectWhole(id: string) {
    const b = await row(id);
    expect((b.giftCardAppliedCents ?? 0) + b.capturedAmount - b.tipAmount - b.refundedAmount + b.amountDueCents, 'paid + due = bill').toBe(b.finalTotalAmount);
    const ledger = await bookingMoneyFromLedger(t.database.db, id);
    expect(ledger).toMatchObject({ giftCardApplied: b.giftCardAppliedCents ?? 0, due: b.amountDueCents, captured: b.capturedAmount, refunded: b.refundedAmount });
    // every cent gift cards gave this booking is on their ledgers
    const entries = await t.database.db.select().from(giftCardLedger).where(eq(giftCardLedger.bookingId, id));
    const net = entries.reduce((sum, e) => sum + (e.kind === 'hold' || e.kind === 'payment' ? e.amountCents : e.kind === 'release' ? -e.amountCents : 0), 0);
    expect(net, 'gift cards paid = gift card part of the bill').toBe(b.giftCardAppliedCents ?? 0);
    return b;
  }

  it('from the pay link: a card with less than is due pays its balance, a second pays the rest, and the order is paid', async () => {
    const id = await weighedWithDue();
    const small = await insertGiftCard(t.database.db, { amount: 1500 });
    const first = await byPayLink(id, ` ${small.code.toLowerCase()} `);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({
      amountDue: { confirmation: expect.any(String), finalTotalCents: 5250, paidCents: 4650, giftCardCents: 1500, cardCents: 3150, amountDueCents: 600 },
      giftCard: { paidCents: 1500, balanceCents: 0 },
    });
    expect(await balance(small.id)).toBe(0);
    await expectWhole(id);

    const big = await insertGiftCard(t.database.db, { amount: 1000 });
    const second = await byPayLink(id, big.code);
    expect(await second.json()).toMatchObject({ amountDue: { paidCents: 5250, giftCardCents: 2100, amountDueCents: 0 }, giftCard: { paidCents: 600, balanceCents: 400 } });
    const b = await expectWhole(id);
    expect(b).toMatchObject({ amountDueCents: 0, giftCardAppliedCents: 2100, paymentStatus: 'paid' });
    // nothing is due any more: the card keeps its $4.00
    const again = await byPayLink(id, big.code);
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: { message: string } }).error.message).toBe('Nothing is due on this order any more. Thank you!');
    expect(await balance(big.id)).toBe(400);
  });

  it('from the invoice: the gift card pays the due before the approval, which then charges only the tip part', async () => {
    const id = await weighedWithDue();
    const card = await insertGiftCard(t.database.db, { amount: 5000 });
    const res = await byInvoice(id, card.code);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { invoice: { payment: { amountDueCents: number }; bill: { lines: { kind: string; cents: number }[] } }; giftCard: unknown };
    expect(body.giftCard).toEqual({ paidCents: 2100, balanceCents: 2900 });
    expect(body.invoice.payment.amountDueCents).toBe(0);
    // the bill names the gift card's part
    expect(body.invoice.bill.lines.find((l) => l.kind === 'giftCard')?.cents).toBe(-2100);
    await expectWhole(id);
    // approving with no tip charges nothing more: approved, and the total paid is the bill, by both payers
    const approved = await t.request(`/api/bookings/${id}/invoice/approve`, { method: 'POST', json: { token: await invoiceToken(id), tipCents: 0 } });
    expect(approved.status).toBe(200);
    expect(((await approved.json()) as { invoice: { approved: unknown } }).invoice.approved).toMatchObject({ tipCents: 0, totalPaidCents: 5250, giftCardCents: 2100 });
  });

  it('a card checkout of the due left open is closed first: it can no longer be paid on top', async () => {
    const id = await weighedWithDue();
    const open = await t.request(`/api/bookings/${id}/amount-due/checkout`, { method: 'POST', json: { token: payToken(id) } });
    const { url } = (await open.json()) as { url: string };
    const card = await insertGiftCard(t.database.db, { amount: 5000 });
    expect((await byPayLink(id, card.code)).status).toBe(200);
    const sessionId = new URL(url).pathname.split('/').pop()!;
    expect((await t.gateway.retrieveCheckout(sessionId)).status).toBe('expired');
    expect((await t.gateway.pay(sessionId, { number: testCards.ok, expiry: '12/30', cvc: '123', zip: '29072' })).outcome).toBe('declined');
    await t.gateway.flushEvents();
    expect(await expectWhole(id)).toMatchObject({ amountDueCents: 0, capturedAmount: 3150 });
  });

  it('a corrected weighing gives back to the newest gift card first, never more than each paid', async () => {
    // gift card A ($20.00) at booking; the card holds $11.50; 30 lb is $52.50: $21.00 due, paid by gift card B ($30.00)
    const a = await insertGiftCard(t.database.db, { amount: 2000 });
    const id = await weighedWithDue(a.code);
    const b = await insertGiftCard(t.database.db, { amount: 3000 });
    expect((await byPayLink(id, b.code)).status).toBe(200);
    expect(await expectWhole(id)).toMatchObject({ giftCardAppliedCents: 4100, capturedAmount: 1150, amountDueCents: 0 });
    expect([await balance(a.id), await balance(b.id)]).toEqual([0, 900]);

    const reweigh = (actualWeight: number) => staff('POST', `/api/admin/bookings/${id}/reweigh`, { actualWeight, reason: 'Scale misread', requestKey: crypto.randomUUID() });
    // 20 lb ($35.00): the card's $11.50 back to it, and $6.00 of B's payment back to B
    expect((await reweigh(20)).status).toBe(200);
    expect(await expectWhole(id)).toMatchObject({ giftCardAppliedCents: 3500, refundedAmount: 1150, amountDueCents: 0 });
    expect([await balance(a.id), await balance(b.id)]).toEqual([0, 1500]);
    // 10 lb ($17.50): B gets all it paid back ($21.00 in all), A the rest ($2.50)
    expect((await reweigh(10)).status).toBe(200);
    expect(await expectWhole(id)).toMatchObject({ giftCardAppliedCents: 1750 });
    expect([await balance(a.id), await balance(b.id)]).toEqual([250, 3000]);
  });

  it('what it leaves due is nothing or at least the card minimum ($0.50), as at booking', async () => {
    const id = await weighedWithDue();
    // $20.80 on a $21.00 due would leave $0.20, which no card can take: it pays $20.50 and leaves $0.50
    const almost = await insertGiftCard(t.database.db, { amount: 2080 });
    expect(await (await byPayLink(id, almost.code)).json()).toMatchObject({ amountDue: { amountDueCents: 50 }, giftCard: { paidCents: 2050, balanceCents: 30 } });
    // $0.30 left on it cannot pay any of the $0.50 without leaving less than a card takes: refused beside the field
    const refused = await byPayLink(id, almost.code);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { fields: Record<string, string> } }).error.fields.giftCardCode).toBe(
      'This gift card would leave less than $0.50 to pay, which a card cannot take. Please use a gift card with more on it, or pay by card.',
    );
    expect(await balance(almost.id)).toBe(30);
    await expectWhole(id);
  });

  it('bad input: a wrong or spent code is refused beside its field and nothing moves; a link that is not the booking’s opens nothing', async () => {
    const id = await weighedWithDue();
    const other = await weighedWithDue();
    const spent = await insertGiftCard(t.database.db, { amount: 1000, balance: 0 });
    const before = await row(id);
    for (const [res, status, field] of [
      [await byPayLink(id, 'NOPE-NOPE'), 400, 'giftCardCode'],
      [await byPayLink(id, spent.code), 400, 'giftCardCode'],
      [await byPayLink(id, '   '), 400, 'giftCardCode'],
      [await byPayLink(id, 'A'.repeat(60)), 400, 'giftCardCode'],
      [await byInvoice(id, 'NOPE-NOPE'), 400, 'giftCardCode'],
      [await byInvoice(id, ''), 400, 'giftCardCode'],
    ] as const) {
      expect(res.status).toBe(status);
      const body = (await res.json()) as { error: { fields?: Record<string, string> } };
      expect(body.error.fields?.[field]).toMatch(/gift card/i);
    }
    const card = await insertGiftCard(t.database.db, { amount: 1000 });
    expect((await byPayLink(id, card.code, payToken(other))).status).toBe(403);
    expect((await byPayLink(id, card.code, 'made-up')).status).toBe(403);
    expect((await byInvoice(id, card.code, await invoiceToken(other))).status).toBe(404);
    expect((await byInvoice(id, card.code, 'made-up')).status).toBe(404);
    // nothing moved, and the card is whole
    expect(await row(id)).toMatchObject({ amountDueCents: before.amountDueCents, giftCardAppliedCents: before.giftCardAppliedCents });
    expect(await balance(card.id)).toBe(1000);
  });
});

describe.each(testDatabaseKinds)('guessing gift-card codes through a pay link (%s)', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(kind, { PUBLIC_URL: ORIGIN, LOG_LEVEL: 'error', GIFT_CARD_VALIDATE_PER_MINUTE: '3' }, { now });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('counts against the per-address gift-card limit, with the other places that take a code', async () => {
    const id = crypto.randomUUID();
    const token = payAmountDueToken(t.config.sessionSecret, id);
    // the balance check takes one of the three
    expect((await t.request('/api/gift-cards/validate', { method: 'POST', json: { giftCardCode: 'GUESS1' } })).status).toBe(200);
    const statuses: number[] = [];
    for (const code of ['GUESS2', 'GUESS3', 'GUESS4']) statuses.push((await t.request(`/api/bookings/${id}/amount-due/gift-card`, { method: 'POST', json: { token, giftCardCode: code } })).status);
    expect(statuses.slice(0, 2).every((s) => s !== 429)).toBe(true);
    expect(statuses[2]).toBe(429);
    const limited = await t.request(`/api/bookings/${id}/invoice/gift-card`, { method: 'POST', json: { token: 'x', giftCardCode: 'GUESS5' } });
    expect(limited.status).toBe(429);
    expect(((await limited.json()) as { error: { message: string } }).error.message).toBe('Too many gift card attempts. Please wait a minute and try again.');
  });
});
