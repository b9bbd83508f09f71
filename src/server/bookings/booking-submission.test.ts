// The wizard's submission key (booking-submission.ts): the same submission sent again, from the
// same tab or at the same moment, answers its booking; it never makes a second booking or hold.
import { and, count, eq, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDatabaseKinds, type TestContext } from '../../../tests/helpers/test-app';
import type { BookingFormInput } from '../../shared/schemas/booking-api';
import { cancelToken } from '../booking-records/cancel-link';
import { bookings, checkouts, giftCardLedger, giftCards, pickupSlots } from '../db/schema';
import { insertGiftCard } from '../gift-cards/gift-card.factory';
import { bookingFormInput } from './booking.factory';

// Sunday 2026-11-22, 10:00 in South Carolina
const now = () => new Date('2026-11-22T15:00:00Z');
const MONDAY = '2026-11-23';
const WEDNESDAY = '2026-11-25';
const FRIDAY = '2026-11-27';

type Answer = {
  booking_id: string;
  confirmation: string;
  token: string;
  next: 'confirmed' | 'checkout';
  url: string | null;
  replayed: boolean;
  quote: { totalCents: number; giftCardDiscountCents: number };
  error?: { code: string; message: string; fields?: Record<string, string> };
};

const sessionOf = (url: string | null) => new URL(url!).pathname.split('/').pop()!;

describe.each(testDatabaseKinds)('the same booking submission sent again (%s)', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(kind, { PICKUP_CAPACITY_PER_WINDOW: '1000' }, { now });
  });
  afterAll(async () => {
    await t?.close();
  });

  const submission = (overrides: Partial<BookingFormInput> = {}, extra: Record<string, unknown> = {}) => ({
    bookingData: bookingFormInput({ pickupDate: MONDAY, bagQuantity: 2, rushDelivery: true, ...overrides }),
    submissionKey: crypto.randomUUID(),
    ...extra,
  });
  async function send(body: unknown, on = t) {
    const res = await on.request('/api/bookings', { method: 'POST', json: body });
    return { status: res.status, json: (await res.json()) as Answer };
  }
  async function bookingsOf(key: string, on = t) {
    return on.database.db.select().from(bookings).where(eq(bookings.submissionKey, key));
  }
  async function bookingsByEmail(email: string, on = t) {
    return on.database.db.select().from(bookings).where(eq(bookings.email, email));
  }
  async function pay(sessionId: string, on = t) {
    const res = await on.app.request(`/dev/checkout/${sessionId}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', zip: '29072' }).toString(),
    });
    expect(res.status).toBe(303);
    await on.gateway.flushEvents();
  }

  it('answers the same booking and the same checkout, and claims one place', async () => {
    const body = submission({ pickupTime: '4pm-8pm', pickupDate: FRIDAY });
    const first = await send(body);
    expect(first.status).toBe(201);
    expect(first.json).toMatchObject({ next: 'checkout', replayed: false });
    const again = await send(body);
    expect(again.status).toBe(200);
    expect(again.json).toEqual({ ...first.json, replayed: true });
    expect(await bookingsOf(body.submissionKey)).toHaveLength(1);
    const [slot] = await t.database.db.select().from(pickupSlots).where(and(eq(pickupSlots.pickupDate, FRIDAY), eq(pickupSlots.pickupTime, '4pm-8pm')));
    expect(slot!.booked).toBe(1);
    const [opened] = await t.database.db.select({ n: count() }).from(checkouts).where(eq(checkouts.subjectId, first.json.booking_id));
    expect(opened!.n).toBe(1);
  });

  it('two identical submissions at once make one booking', async () => {
    const body = submission({ bagQuantity: 3 });
    const answers = await Promise.all([send(body), send(body), send(body)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 201]);
    expect(new Set(answers.map((a) => a.json.booking_id)).size).toBe(1);
    expect(new Set(answers.map((a) => a.json.url)).size).toBe(1);
    expect(await bookingsByEmail(body.bookingData.email)).toHaveLength(1);
  });

  it('two identical gift-card submissions at once hold the card once', async () => {
    const card = await insertGiftCard(t.database.db, { amount: 2000 });
    const body = submission({}, { giftCardCode: card.code });
    const answers = await Promise.all([send(body), send(body)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 201]);
    expect(answers.map((a) => a.json.quote.giftCardDiscountCents)).toEqual([2000, 2000]);
    expect(await bookingsByEmail(body.bookingData.email)).toHaveLength(1);
    const [held] = await t.database.db.select({ total: sum(giftCardLedger.amountCents) }).from(giftCardLedger).where(eq(giftCardLedger.giftCardId, card.id));
    expect(Number(held!.total)).toBe(2000);
    const [after] = await t.database.db.select().from(giftCards).where(eq(giftCards.id, card.id));
    expect(after!.balance).toBe(0);
  });

  it('a free submission sent again answers its confirmation, not "one open free booking"', async () => {
    const body = submission({}, { promoCode: 'FREE' });
    const first = await send(body);
    const again = await send(body);
    expect(again.status).toBe(200);
    expect(again.json).toMatchObject({ booking_id: first.json.booking_id, next: 'confirmed', url: null, replayed: true, token: first.json.token });
  });

  it('after paying, the same submission goes to the confirmation of the paid booking', async () => {
    const body = submission();
    const first = await send(body);
    await pay(sessionOf(first.json.url));
    const again = await send(body);
    expect(again.status).toBe(200);
    expect(again.json).toMatchObject({ booking_id: first.json.booking_id, next: 'confirmed', url: null, replayed: true, token: first.json.token });
    const page = await t.request(`/api/bookings/${again.json.booking_id}?token=${again.json.token}`);
    expect(await page.json()).toMatchObject({ payment_status: 'paid', payment_intent_status: 'requires_capture', authorized_amount: first.json.quote.totalCents });
    // one booking, one checkout, one authorisation
    const [booked] = await bookingsByEmail(body.bookingData.email);
    expect(await bookingsByEmail(body.bookingData.email)).toHaveLength(1);
    expect(booked!.authorizedAmount).toBe(first.json.quote.totalCents);
    const [opened] = await t.database.db.select({ n: count() }).from(checkouts).where(eq(checkouts.subjectId, booked!.id));
    expect(opened!.n).toBe(1);
  });

  it('paid, then cancelled from its link (the card hold and the gift card let go): the same submission answers it, and holds nothing again', async () => {
    const card = await insertGiftCard(t.database.db, { amount: 1000 });
    const body = submission({}, { giftCardCode: card.code });
    const first = await send(body);
    await pay(sessionOf(first.json.url));
    const cancelled = await t.request(`/api/bookings/${first.json.booking_id}/cancel`, { method: 'POST', json: { token: cancelToken(t.config.sessionSecret, first.json.booking_id) } });
    expect(cancelled.status).toBe(200);
    const [before] = await bookingsByEmail(body.bookingData.email);
    expect(before).toMatchObject({ bookingStatus: 'cancelled', paymentStatus: 'refunded' });

    const again = await send(body);
    expect(again.status).toBe(200);
    expect(again.json).toMatchObject({ booking_id: first.json.booking_id, next: 'confirmed', url: null, replayed: true });
    // one booking, one checkout, and the gift card's amount back on it, not held again
    expect(await bookingsByEmail(body.bookingData.email)).toHaveLength(1);
    const [opened] = await t.database.db.select({ n: count() }).from(checkouts).where(eq(checkouts.subjectId, first.json.booking_id));
    expect(opened!.n).toBe(1);
    const [after] = await t.database.db.select().from(giftCards).where(eq(giftCards.id, card.id));
    expect(after!.balance).toBe(1000);
    const holds = await t.database.db.select().from(giftCardLedger).where(and(eq(giftCardLedger.giftCardId, card.id), eq(giftCardLedger.kind, 'hold')));
    expect(holds).toHaveLength(1);
  });

  it('after leaving the checkout, the same submission books again with the gift card, holding it once', async () => {
    const card = await insertGiftCard(t.database.db, { amount: 1000 });
    const body = submission({}, { giftCardCode: card.code });
    const first = await send(body);
    const left = await t.request('/api/bookings/abandoned', { method: 'POST', json: { session_id: sessionOf(first.json.url) } });
    expect(await left.json()).toEqual({ recorded: true });
    await t.gateway.flushEvents();
    const again = await send(body);
    expect(again.status).toBe(201);
    expect(again.json).toMatchObject({ next: 'checkout', replayed: false, quote: { giftCardDiscountCents: 1000 } });
    expect(again.json.booking_id).not.toBe(first.json.booking_id);
    expect(again.json.url).not.toBe(first.json.url);
    const rows = await bookingsByEmail(body.bookingData.email);
    expect(rows.map((r) => [r.id === first.json.booking_id ? 'first' : 'again', r.bookingStatus, r.submissionKey]).sort()).toEqual([
      ['again', 'pending', body.submissionKey],
      ['first', 'cancelled', null],
    ]);
    const [after] = await t.database.db.select().from(giftCards).where(eq(giftCards.id, card.id));
    expect(after!.balance).toBe(0);
    // and once more: the second booking's checkout, not a third booking
    const third = await send(body);
    expect(third.json).toMatchObject({ booking_id: again.json.booking_id, url: again.json.url, replayed: true });
  });

  it('refuses another request under the same key with a sentence, writes nothing and tells nothing', async () => {
    const body = submission({ address: '40 Secret Hollow Ln' });
    const first = await send(body);
    const before = await t.database.db.select({ n: count() }).from(bookings);
    for (const other of [
      { ...body, bookingData: { ...body.bookingData, bagQuantity: 3 } },
      { ...body, promoCode: 'TEST1' },
      { ...body, bookingData: bookingFormInput({ pickupDate: MONDAY }) },
    ]) {
      const refused = await send(other);
      expect(refused.status).toBe(409);
      expect(refused.json.error).toMatchObject({ code: 'submission_mismatch', message: expect.stringMatching(/^These booking details differ .+\.$/) });
      const text = JSON.stringify(refused.json);
      for (const secret of [first.json.booking_id, first.json.token, 'Secret Hollow', body.bookingData.email]) expect(text).not.toContain(secret);
    }
    expect(await t.database.db.select({ n: count() }).from(bookings)).toEqual(before);
  });

  it('refuses a key that is not a UUID', async () => {
    for (const submissionKey of ['', 'abc', 42, `${crypto.randomUUID()}x`]) {
      const refused = await send(submission({}, { submissionKey }));
      expect(refused.status).toBe(400);
      expect(refused.json.error!.fields!.submissionKey).toBe('This booking form is out of date. Please reload the page and press Pay again.');
    }
    const quote = await t.request('/api/bookings/quote', { method: 'POST', json: submission() });
    expect(quote.status).toBe(400);
  });
});

describe.each(testDatabaseKinds)('a submission whose checkout settled before its event arrived (%s)', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    // one place a window, and the gateway's events lost on the way: only the gateway knows
    t = await createTestApp(kind, { PICKUP_CAPACITY_PER_WINDOW: '1' }, { now });
    t.gateway.setDelivery(async () => undefined);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function send(body: unknown) {
    const res = await t.request('/api/bookings', { method: 'POST', json: body });
    return { status: res.status, json: (await res.json()) as Answer };
  }
  const submission = (pickupTime: BookingFormInput['pickupTime'], pickupDate = MONDAY) => ({ bookingData: bookingFormInput({ pickupDate, pickupTime }), submissionKey: crypto.randomUUID() });

  it('the last place of a window: the same submission answers it instead of "the window is full"', async () => {
    const body = submission('4pm-8pm', WEDNESDAY);
    const first = await send(body);
    expect(first.status).toBe(201);
    const again = await send(body);
    expect(again.status).toBe(200);
    expect(again.json).toMatchObject({ booking_id: first.json.booking_id, url: first.json.url, replayed: true });
  });

  it('paid at the gateway: the same submission confirms it and goes to its confirmation', async () => {
    const body = submission('8am-12pm');
    const first = await send(body);
    const paid = await t.app.request(`/dev/checkout/${sessionOf(first.json.url)}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', zip: '29072' }).toString(),
    });
    expect(paid.status).toBe(303);
    const [pending] = await t.database.db.select().from(bookings).where(eq(bookings.id, first.json.booking_id));
    expect(pending!.paymentStatus).toBe('pending');
    const again = await send(body);
    expect(again.json).toMatchObject({ booking_id: first.json.booking_id, next: 'confirmed', url: null, replayed: true });
    const [confirmed] = await t.database.db.select().from(bookings).where(eq(bookings.id, first.json.booking_id));
    expect(confirmed).toMatchObject({ paymentStatus: 'paid', bookingStatus: 'confirmed' });
  });

  it('lapsed at the gateway: the same submission books again in the place it gave back', async () => {
    const body = submission('12pm-4pm');
    const first = await send(body);
    await t.gateway.expireCheckout(sessionOf(first.json.url));
    const again = await send(body);
    expect(again.status).toBe(201);
    expect(again.json).toMatchObject({ next: 'checkout', replayed: false });
    expect(again.json.booking_id).not.toBe(first.json.booking_id);
    const [released] = await t.database.db.select().from(bookings).where(eq(bookings.id, first.json.booking_id));
    expect(released!.bookingStatus).toBe('cancelled');
    const [slot] = await t.database.db.select().from(pickupSlots).where(and(eq(pickupSlots.pickupDate, MONDAY), eq(pickupSlots.pickupTime, '12pm-4pm')));
    expect(slot!.booked).toBe(1);
  });
});
