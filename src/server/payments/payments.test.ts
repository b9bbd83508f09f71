import { eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDatabaseKinds, type TestContext } from '../../../tests/helpers/test-app';
import { NO_EXTRAS } from '../../shared/pricing';
import type { BookingFormInput } from '../../shared/schemas/booking-api';
import { insertGiftCard } from '../gift-cards/gift-card.factory';
import { bookings, checkouts, giftCards, outbox, paymentOperations, pickupSlots, webhookEvents } from '../db/schema';
import { GatewayError, type PaymentGateway } from '../gateways/payment/payment-gateway';
import { signPayload } from '../gateways/payment/webhook-signature';
import { refundPayments, transferToAccount } from './charges.service';
import { chargeFinalAmount } from '../bookings/booking-payments';
import { recoverPendingOperations } from './operations.service';
import { reconcileBookings, settleStaleCheckouts } from '../bookings/reconciliation.service';
import { purposeMetadata, recordCheckout } from './checkout-purposes';
import { rowsOf } from '../db/client';
import { applyCheckoutSession } from './webhook-events.service';

// Sunday 2026-11-22, 10:00 in South Carolina; the clock moves when a test says so
let clock = new Date('2026-11-22T15:00:00Z');
const now = () => clock;

let seq = 0;
function form(overrides: Partial<BookingFormInput> = {}): BookingFormInput {
  seq += 1;
  return {
    name: 'Marcus Hill',
    email: `marcus${seq}@example.com`,
    phone: `(803) 555-${String(2000 + seq).slice(-4)}`,
    address: '9 Augusta Rd',
    city: 'Leesville',
    zipCode: '29070',
    pickupDate: '2026-11-23',
    pickupTime: '12pm-4pm',
    pickupLocation: 'porch',
    bagQuantity: 2,
    ...NO_EXTRAS,
    rushDelivery: true,
    termsAccepted: true,
    ...overrides,
  };
}

const cards = { ok: '4242 4242 4242 4242', declined: '4000 0000 0000 0002', auth: '4000 0025 0000 3155', failsLater: '4000 0000 0000 0341' };

describe.each(testDatabaseKinds)('payments (%s)', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(kind, { PICKUP_CAPACITY_PER_WINDOW: '1000', PUBLIC_URL: 'http://shop.test' }, { now });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function book(overrides: Partial<BookingFormInput> = {}, extra: Record<string, unknown> = {}) {
    const res = await t.request('/api/bookings', { method: 'POST', json: { bookingData: form(overrides), ...extra } });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { booking_id: string; url: string; next: string; quote: { totalCents: number } };
    const sessionId = new URL(body.url).pathname.split('/').pop()!;
    return { ...body, sessionId };
  }

  async function pay(sessionId: string, number: string) {
    const res = await t.app.request(`/dev/checkout/${sessionId}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ number, expiry: '12/30', cvc: '123', zip: '29070' }).toString(),
    });
    await t.gateway.flushEvents();
    return res;
  }

  async function row(id: string) {
    const [r] = await t.database.db.select().from(bookings).where(eq(bookings.id, id));
    return r!;
  }

  async function paidBooking(card = cards.ok, overrides: Partial<BookingFormInput> = {}) {
    const b = await book(overrides);
    const res = await pay(b.sessionId, card);
    expect(res.status).toBe(303);
    return b;
  }

  it('authorises the estimate on the local checkout: the booking is paid only on the gateway word', async () => {
    const b = await book();
    expect(b.next).toBe('checkout');
    expect(b.url).toBe(`http://shop.test/dev/checkout/${b.sessionId}`);
    expect(await row(b.booking_id)).toMatchObject({ paymentStatus: 'pending', bookingStatus: 'pending' });
    // the checkout is on record with what it pays for (docs/design.md 9), and says so to the gateway too
    expect(await t.database.db.select().from(checkouts).where(eq(checkouts.sessionId, b.sessionId))).toEqual([
      { sessionId: b.sessionId, purpose: 'booking_authorisation', subjectId: b.booking_id, createdAt: expect.any(Date) },
    ]);
    expect((await t.gateway.retrieveCheckout(b.sessionId)).metadata).toMatchObject({ purpose: 'booking_authorisation', subject_id: b.booking_id });

    const page = await t.app.request(`/dev/checkout/${b.sessionId}`);
    const html = await page.text();
    expect(html).toContain('$73.00'); // 2 x 31.50 + rush 10
    expect(html).toContain('Card number');

    const res = await pay(b.sessionId, cards.ok);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`http://shop.test/booking-success?session_id=${b.sessionId}`);
    const stored = await row(b.booking_id);
    expect(stored).toMatchObject({ paymentStatus: 'paid', bookingStatus: 'confirmed', paymentIntentStatus: 'requires_capture', authorizedAmount: 7300, capturedAmount: 0 });
    expect(stored.captureBefore!.getTime() - clock.getTime()).toBe(7 * 86_400_000);
    const session = await (await t.request(`/api/bookings/session/${b.sessionId}`)).json();
    expect(session).toMatchObject({ id: b.booking_id, payment_status: 'paid' });
  });

  it('dispatches a checkout by its purpose: one no capability owns yet is acknowledged and changes nothing; an event before our record records it', async () => {
    const notify = { publicUrl: t.config.publicUrl, secret: t.config.sessionSecret };
    // a tip on its own has no owner (invoice payments carry the tip: invoice-payment; gift-card purchases: gift-card-purchase)
    const invoicePayment = await t.gateway.createCheckout({
      purpose: 'payment',
      amountCents: 3000,
      description: 'Invoice',
      customerEmail: 'client@example.com',
      metadata: purposeMetadata({ purpose: 'tip', subjectId: '00000000-0000-4000-8000-000000000001' }),
      successUrl: 'http://shop.test/invoice?session_id={CHECKOUT_SESSION_ID}',
      cancelUrl: 'http://shop.test/invoice',
      idempotencyKey: 'dispatch-test-invoice',
    });
    const before = await t.database.db.select().from(bookings);
    expect(await applyCheckoutSession(t.database.db, t.gateway, notify, invoicePayment.id)).toBe('ignored');
    expect(await t.database.db.select().from(bookings)).toEqual(before);
    expect(await t.database.db.select().from(checkouts).where(eq(checkouts.sessionId, invoicePayment.id))).toEqual([]);

    // a booking's checkout whose event is applied before our own record of it was written
    const b = await book();
    await t.database.db.delete(checkouts).where(eq(checkouts.sessionId, b.sessionId));
    await pay(b.sessionId, cards.ok);
    expect(await row(b.booking_id)).toMatchObject({ paymentStatus: 'paid', bookingStatus: 'confirmed' });
    expect(await t.database.db.select({ purpose: checkouts.purpose, subjectId: checkouts.subjectId }).from(checkouts).where(eq(checkouts.sessionId, b.sessionId))).toEqual([
      { purpose: 'booking_authorisation', subjectId: b.booking_id },
    ]);
  });

  it('records the checkouts opened at the same moment together, each once, and a record that cannot be written fails alone', async () => {
    const db = t.database.db;
    const tag = `batch-${Date.now()}`;
    const subject = (i: number) => ({ purpose: 'gift_card_purchase' as const, subjectId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}` });
    // twenty at once, one of them twice: the first goes alone at once, the others in one statement
    await Promise.all([...Array.from({ length: 20 }, (_, i) => recordCheckout(db, `cs_${tag}_${i}`, subject(i))), recordCheckout(db, `cs_${tag}_7`, subject(7))]);
    const recorded = rowsOf<{ session_id: string; subject_id: string; tx: string }>(
      await db.execute(sql`select session_id, subject_id, xmin::text as tx from checkouts where session_id like ${`cs_${tag}_%`}`),
    );
    expect(recorded.map((r) => r.session_id).sort()).toEqual(Array.from({ length: 20 }, (_, i) => `cs_${tag}_${i}`).sort());
    expect(recorded.find((r) => r.session_id === `cs_${tag}_7`)?.subject_id).toBe(subject(7).subjectId);
    expect(new Set(recorded.map((r) => r.tx)).size).toBe(2);

    // a subject that is not an id refuses its own record only; the others at the same moment are kept
    const results = await Promise.all(
      [1, 2, 3, 4].map((i) =>
        recordCheckout(db, `cs_${tag}_bad_${i}`, i === 3 ? { purpose: 'gift_card_purchase', subjectId: 'not-an-id' } : subject(100 + i)).then(
          () => 'recorded',
          () => 'refused',
        ),
      ),
    );
    expect(results).toEqual(['recorded', 'recorded', 'refused', 'recorded']);
    const kept = await db.select({ sessionId: checkouts.sessionId }).from(checkouts).where(like(checkouts.sessionId, `cs_${tag}_bad_%`));
    expect(kept.map((r) => r.sessionId).sort()).toEqual([`cs_${tag}_bad_1`, `cs_${tag}_bad_2`, `cs_${tag}_bad_4`]);
  });

  it('the local gateway answers one checkout key with one session, also twice at once', async () => {
    const input = {
      purpose: 'gift_card' as const,
      amountCents: 2500,
      description: 'Gift card',
      customerEmail: 'giver@example.com',
      metadata: purposeMetadata({ purpose: 'gift_card_purchase', subjectId: '00000000-0000-4000-8000-000000000002' }),
      successUrl: 'http://shop.test/gift-card-success?session_id={CHECKOUT_SESSION_ID}',
      cancelUrl: 'http://shop.test/gift-card-cancelled',
    };
    const key = `same-key-${Date.now()}`;
    const [first, second] = await Promise.all([t.gateway.createCheckout({ ...input, idempotencyKey: key }), t.gateway.createCheckout({ ...input, idempotencyKey: key })]);
    const third = await t.gateway.createCheckout({ ...input, idempotencyKey: key });
    expect(second).toEqual(first);
    expect(third).toEqual(first);
    expect(first).toMatchObject({ status: 'open', amountTotal: 2500, url: expect.stringContaining(`/dev/checkout/${first.id}`) });
    const sessions = await t.gateway.list<{ id: string; metadata: Record<string, string> }>('checkout_session');
    expect(sessions.filter((s) => s.metadata.subject_id === '00000000-0000-4000-8000-000000000002')).toHaveLength(1);
    expect(await t.gateway.retrieveCheckout(first.id)).toEqual(first);
    // another key is another session
    const other = await t.gateway.createCheckout({ ...input, idempotencyKey: `${key}-other` });
    expect(other.id).not.toBe(first.id);
  });

  it('a declined card shows the decline and the booking stays pending', async () => {
    const b = await book();
    const res = await pay(b.sessionId, cards.declined);
    expect(res.status).toBe(402);
    expect(await res.text()).toContain('Your card was declined');
    expect(await row(b.booking_id)).toMatchObject({ paymentStatus: 'pending', bookingStatus: 'pending' });
  });

  it('rejects bad card details with a message per field', async () => {
    const b = await book();
    const res = await t.app.request(`/dev/checkout/${b.sessionId}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ number: '1234', expiry: '01/20', cvc: '', zip: 'x' }).toString(),
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    for (const m of ['Your card number is incomplete.', 'in the past', 'security code is incomplete', 'Your ZIP is incomplete.']) expect(html).toContain(m);
  });

  it('the authentication card asks for the extra step, then pays', async () => {
    const b = await book();
    const first = await pay(b.sessionId, cards.auth);
    expect(first.headers.get('location')).toBe(`/dev/checkout/${b.sessionId}/authenticate`);
    const done = await t.app.request(`/dev/checkout/${b.sessionId}/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'result=approve',
    });
    expect(done.status).toBe(303);
    await t.gateway.flushEvents();
    expect(await row(b.booking_id)).toMatchObject({ paymentStatus: 'paid' });
  });

  it('the success page confirms the session itself when the webhook has not arrived', async () => {
    t.gateway.setDelivery(async () => {
      throw new Error('webhook lost');
    });
    try {
      const b = await book();
      await pay(b.sessionId, cards.ok);
      expect(await row(b.booking_id)).toMatchObject({ paymentStatus: 'pending' });
      const res = await t.request(`/api/bookings/session/${b.sessionId}`);
      expect(await res.json()).toMatchObject({ payment_status: 'paid', booking_status: 'confirmed' });
    } finally {
      t.gateway.setDelivery(async (raw, sig) => {
        const res = await t.app.request('/api/webhooks/stripe', { method: 'POST', body: raw, headers: { 'stripe-signature': sig } });
        if (!res.ok) throw new Error(String(res.status));
      });
    }
  });

  it('no route lets a browser mark a booking paid', async () => {
    const b = await book();
    for (const [method, path, body] of [
      ['PATCH', `/api/bookings/${b.booking_id}`, { payment_status: 'paid' }],
      ['PUT', `/api/bookings/${b.booking_id}`, { payment_status: 'paid' }],
      ['POST', `/api/bookings/${b.booking_id}`, { payment_status: 'paid' }],
      ['POST', '/api/bookings/abandoned', { session_id: b.sessionId, payment_status: 'paid' }],
    ] as const) {
      const res = await t.request(path, { method, json: body });
      expect(res.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    // a webhook the browser forges is refused before anything else
    const forged = JSON.stringify({ id: 'evt_forged', type: 'checkout.session.completed', created: 1, data: { object: { id: b.sessionId } } });
    for (const signature of [undefined, 't=1,v1=deadbeef', signPayload('whsec_wrong', forged), signPayload(t.config.localWebhookSecret, forged, Math.floor(Date.now() / 1000) - 3600)]) {
      const res = await t.app.request('/api/webhooks/stripe', { method: 'POST', body: forged, headers: signature ? { 'stripe-signature': signature } : {} });
      expect(res.status).toBe(400);
    }
    const [seen] = await t.database.db.select().from(webhookEvents).where(eq(webhookEvents.id, 'evt_forged'));
    expect(seen).toBeUndefined();
    expect(await row(b.booking_id)).toMatchObject({ paymentStatus: 'pending' });
  });

  it('cancel closes the checkout at once: place and gift-card amount back now, the abandoned notice queued once', async () => {
    const card = await insertGiftCard(t.database.db, { amount: 1000 });
    const b = await book({ pickupTime: '4pm-8pm' }, { giftCardCode: card.code });
    const slot = async () =>
      (await t.database.db.select().from(pickupSlots)).find((s) => s.pickupDate === '2026-11-23' && s.pickupTime === '4pm-8pm')?.booked ?? 0;
    const held = await slot();
    const cancel = await t.app.request(`/dev/checkout/${b.sessionId}/cancel`);
    expect(cancel.headers.get('location')).toBe(`http://shop.test/booking-cancelled?session_id=${b.sessionId}`);
    // the cancelled page, opened twice (a reload), at the same time as the gateway's expiry event
    const [first, second] = await Promise.all([
      t.request('/api/bookings/abandoned', { method: 'POST', json: { session_id: b.sessionId } }),
      t.request('/api/bookings/abandoned', { method: 'POST', json: { session_id: b.sessionId } }),
      t.gateway.flushEvents(),
    ]);
    expect(await first.json()).toEqual({ recorded: true });
    expect(await second.json()).toEqual({ recorded: true });
    const stored = await row(b.booking_id);
    expect(stored).toMatchObject({ bookingStatus: 'cancelled', paymentStatus: 'pending' });
    expect(stored.abandonedNoticeAt).not.toBeNull();
    expect(await slot()).toBe(held - 1);
    const [back] = await t.database.db.select().from(giftCards).where(eq(giftCards.id, card.id));
    expect(back!.balance).toBe(1000);
    const notices = await t.database.db.select({ kind: outbox.kind }).from(outbox).where(eq(outbox.bookingId, b.booking_id));
    expect(notices.map((n) => n.kind).filter((k) => k.startsWith('abandoned')).sort()).toEqual(['abandoned_business', 'abandoned_customer']);
    // the checkout cannot be paid any more
    expect((await pay(b.sessionId, cards.ok)).status).not.toBe(303);
    expect(await row(b.booking_id)).toMatchObject({ bookingStatus: 'cancelled', paymentStatus: 'pending' });
  });

  it('the abandoned notice needs the checkout session: without one, or for a paid booking, nothing is sent', async () => {
    const b = await book();
    const none = await t.request('/api/bookings/abandoned', { method: 'POST', json: {} });
    expect(none.status).toBe(400);
    expect((await none.json()).error.message).toContain('session_id');
    expect((await t.request('/api/bookings/abandoned', { method: 'POST', json: { session_id: null } })).status).toBe(400);
    expect(await (await t.request('/api/bookings/abandoned', { method: 'POST', json: { session_id: 'cs_local_unknown' } })).json()).toEqual({ recorded: false });
    expect(await row(b.booking_id)).toMatchObject({ bookingStatus: 'pending', abandonedNoticeAt: null });
    const paid = await book();
    await pay(paid.sessionId, cards.ok);
    await t.gateway.flushEvents();
    expect(await (await t.request('/api/bookings/abandoned', { method: 'POST', json: { session_id: paid.sessionId } })).json()).toEqual({ recorded: false });
    expect(await row(paid.booking_id)).toMatchObject({ bookingStatus: 'confirmed', paymentStatus: 'paid', abandonedNoticeAt: null });
    const sent = await t.database.db.select().from(outbox);
    expect(sent.filter((m) => m.kind.startsWith('abandoned') && (m.bookingId === b.booking_id || m.bookingId === paid.booking_id))).toEqual([]);
  });

  it('an expired checkout releases the place and the gift-card hold, and records the abandoned notice', async () => {
    const card = await insertGiftCard(t.database.db, { amount: 1000 });
    const b = await book({}, { giftCardCode: card.code });
    const [held] = await t.database.db.select().from(giftCards).where(eq(giftCards.id, card.id));
    expect(held!.balance).toBe(0);
    clock = new Date(clock.getTime() + 31 * 60_000);
    try {
      expect(await t.gateway.expireOpenSessions()).toBeGreaterThan(0);
      await t.gateway.flushEvents();
    } finally {
      clock = new Date('2026-11-22T15:00:00Z');
    }
    const stored = await row(b.booking_id);
    expect(stored).toMatchObject({ bookingStatus: 'cancelled', paymentStatus: 'pending' });
    expect(stored.abandonedNoticeAt).not.toBeNull();
    const [after] = await t.database.db.select().from(giftCards).where(eq(giftCards.id, card.id));
    expect(after!.balance).toBe(1000);
  });

  it('an expiry or payment whose event never arrived is settled from the gateway by the job, once', async () => {
    const card = await insertGiftCard(t.database.db, { amount: 1000 });
    const notify = { publicUrl: t.config.publicUrl, secret: t.config.sessionSecret };
    t.gateway.setDelivery(async () => {
      throw new Error('webhook lost');
    });
    const abandoned = await book({}, { giftCardCode: card.code });
    const paidLost = await book();
    await pay(paidLost.sessionId, cards.ok);
    clock = new Date(clock.getTime() + 31 * 60_000);
    try {
      expect(await t.gateway.expireOpenSessions()).toBeGreaterThan(0);
      await t.gateway.flushEvents();
      expect(await row(abandoned.booking_id)).toMatchObject({ bookingStatus: 'pending', paymentStatus: 'pending' });
      expect(await row(paidLost.booking_id)).toMatchObject({ bookingStatus: 'pending', paymentStatus: 'pending' });

      // within the hour the webhook is given its chance: nothing is touched (the age is the
      // database's created_at, on the wall clock)
      expect(await settleStaleCheckouts(t.database.db, t.gateway, notify, { now: new Date() })).toEqual({ expired: 0, confirmed: 0 });
      const later = new Date(Date.now() + 61 * 60_000);
      const settled = await settleStaleCheckouts(t.database.db, t.gateway, notify, { now: later });
      expect(settled.expired).toBeGreaterThanOrEqual(1);
      expect(settled.confirmed).toBeGreaterThanOrEqual(1);
      expect(await row(abandoned.booking_id)).toMatchObject({ bookingStatus: 'cancelled', paymentStatus: 'pending' });
      expect(await row(paidLost.booking_id)).toMatchObject({ bookingStatus: 'confirmed', paymentStatus: 'paid', paymentIntentStatus: 'requires_capture' });
      const [back] = await t.database.db.select().from(giftCards).where(eq(giftCards.id, card.id));
      expect(back!.balance).toBe(1000);
      // again: nothing left to settle, nothing given back twice
      expect(await settleStaleCheckouts(t.database.db, t.gateway, notify, { now: later })).toEqual({ expired: 0, confirmed: 0 });
      const [still] = await t.database.db.select().from(giftCards).where(eq(giftCards.id, card.id));
      expect(still!.balance).toBe(1000);
    } finally {
      clock = new Date('2026-11-22T15:00:00Z');
      t.gateway.setDelivery(async (raw, sig) => {
        const res = await t.app.request('/api/webhooks/stripe', { method: 'POST', body: raw, headers: { 'stripe-signature': sig } });
        if (!res.ok) throw new Error(String(res.status));
      });
    }
  });

  it('a paid booking with a gift card commits the hold', async () => {
    const card = await insertGiftCard(t.database.db, { amount: 2000 });
    const b = await paidBooking(cards.ok, {});
    // (a separate booking uses the card)
    const withCard = await book({}, { giftCardCode: card.code });
    await pay(withCard.sessionId, cards.ok);
    const stored = await row(withCard.booking_id);
    expect(stored).toMatchObject({ paymentStatus: 'paid', giftCardDiscountCents: 2000, authorizedAmount: 7300 - 2000 });
    expect(b.booking_id).not.toBe(withCard.booking_id);
  });

  describe('the final amount (docs/design.md 5.4)', () => {
    it.each([
      ['below the authorisation: captured, the rest released', 5000, { outcome: 'captured', capturedCents: 5000, extraChargedCents: 0 }, 5000],
      ['equal to the authorisation: captured', 7300, { outcome: 'captured', capturedCents: 7300, extraChargedCents: 0 }, 7300],
      ['above it: the authorization captured and the difference charged off session', 9000, { outcome: 'captured_and_charged', capturedCents: 7300, extraChargedCents: 1700 }, 9000],
      ['above by less than $0.50: the difference is waived', 7330, { outcome: 'captured', capturedCents: 7300, waivedCents: 30 }, 7300],
      ['below $0.50 in all: waived and released', 40, { outcome: 'waived', capturedCents: 0, waivedCents: 40 }, 0],
    ])('%s', async (_label, finalCents, expected, capturedTotal) => {
      const b = await paidBooking();
      const result = await chargeFinalAmount(t.database.db, t.gateway, { bookingId: b.booking_id, finalCents, now: clock });
      expect(result).toMatchObject(expected);
      expect((await row(b.booking_id)).capturedAmount).toBe(capturedTotal);
      // the same call again charges nothing more
      await chargeFinalAmount(t.database.db, t.gateway, { bookingId: b.booking_id, finalCents, now: clock });
      expect((await row(b.booking_id)).capturedAmount).toBe(capturedTotal);
    });

    it('a card that needs the customer gives "needs the customer" for the difference', async () => {
      const b = await book();
      await pay(b.sessionId, cards.auth);
      await t.app.request(`/dev/checkout/${b.sessionId}/authenticate`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'result=approve' });
      await t.gateway.flushEvents();
      const result = await chargeFinalAmount(t.database.db, t.gateway, { bookingId: b.booking_id, finalCents: 9000, now: clock });
      expect(result).toMatchObject({ outcome: 'needs_customer', capturedCents: 7300, extraChargedCents: 0 });
      const ops = await t.database.db.select().from(paymentOperations).where(eq(paymentOperations.bookingId, b.booking_id));
      expect(ops.map((o) => [o.kind, o.status]).sort()).toEqual([
        ['capture', 'succeeded'],
        ['charge_off_session', 'needs_customer'],
      ]);
    });

    it('a card that fails off session gives a failed extra charge', async () => {
      const b = await paidBooking(cards.failsLater);
      const result = await chargeFinalAmount(t.database.db, t.gateway, { bookingId: b.booking_id, finalCents: 9000, now: clock });
      expect(result).toMatchObject({ outcome: 'failed', capturedCents: 7300, message: 'Your card was declined.' });
    });

    it('an expired authorisation is charged off session in full', async () => {
      const b = await paidBooking();
      const later = new Date(clock.getTime() + 8 * 86_400_000);
      const result = await chargeFinalAmount(t.database.db, t.gateway, { bookingId: b.booking_id, finalCents: 6100, now: later });
      expect(result).toMatchObject({ outcome: 'charged_off_session', capturedCents: 0, extraChargedCents: 6100 });
      expect((await row(b.booking_id)).capturedAmount).toBe(6100);
    });

    /** Refunds part of the booking's main payment as one operation (decision 031: the plan of one piece). */
    const refundMain = async (bookingId: string, amountCents: number, key: string, gateway: PaymentGateway = t.gateway) =>
      refundPayments(t.database.db, gateway, { bookingId, refundId: key, plan: [{ paymentIntentId: (await row(bookingId)).stripePaymentIntentId!, amountCents }] });

    it('refunds part, then the rest, and the booking becomes refunded', async () => {
      const b = await paidBooking();
      await chargeFinalAmount(t.database.db, t.gateway, { bookingId: b.booking_id, finalCents: 6000, now: clock });
      expect(await refundMain(b.booking_id, 1000, 'r1')).toEqual({ refundedCents: 1000, failure: null });
      expect(await row(b.booking_id)).toMatchObject({ refundedAmount: 1000, paymentStatus: 'paid' });
      // the gateway refuses more than the payment has left: nothing refunded
      expect(await refundMain(b.booking_id, 5001, 'r2-too-much')).toEqual({ refundedCents: 0, failure: expect.stringMatching(/between/) });
      expect(await row(b.booking_id)).toMatchObject({ refundedAmount: 1000 });
      await refundMain(b.booking_id, 5000, 'r2');
      await t.gateway.flushEvents();
      expect(await row(b.booking_id)).toMatchObject({ refundedAmount: 6000, paymentStatus: 'refunded' });
    });

    it("counts a refund once when its webhook is applied before the refund's own operation is recorded", async () => {
      const b = await paidBooking();
      await chargeFinalAmount(t.database.db, t.gateway, { bookingId: b.booking_id, finalCents: 6000, now: clock });
      // the gateway's charge.refunded event reaches the webhook before the refund's operation writes its row
      const seenByWebhook: number[] = [];
      const eager: PaymentGateway = {
        ...t.gateway,
        refund: async (input) => {
          const refund = await t.gateway.refund(input);
          await t.gateway.flushEvents();
          seenByWebhook.push((await row(b.booking_id)).refundedAmount);
          return refund;
        },
      };
      await refundMain(b.booking_id, 2500, 'early', eager);
      expect(await row(b.booking_id)).toMatchObject({ refundedAmount: 2500, paymentStatus: 'paid' });
      await refundMain(b.booking_id, 3500, 'early-2', eager);
      expect(await row(b.booking_id)).toMatchObject({ refundedAmount: 6000, paymentStatus: 'refunded' });
      // each time, the webhook had already recorded the refund when the operation completed
      expect(seenByWebhook).toEqual([2500, 6000]);
    });
  });

  it('transfers to a connected account only once it has finished onboarding, once per key', async () => {
    const account = await t.gateway.createConnectedAccount({ email: 'pro@example.com', idempotencyKey: 'acct-1' });
    const early = await transferToAccount(t.database.db, t.gateway, { accountId: account.id, amountCents: 1234, key: 'payout-1', description: 'Payout' });
    expect(early).toMatchObject({ status: 'failed' });
    await t.gateway.completeOnboarding(account.id);
    const paid = await transferToAccount(t.database.db, t.gateway, { accountId: account.id, amountCents: 1234, key: 'payout-2', description: 'Payout' });
    expect(paid).toMatchObject({ status: 'succeeded' });
    await transferToAccount(t.database.db, t.gateway, { accountId: account.id, amountCents: 1234, key: 'payout-2', description: 'Payout' });
    const transfers = await t.gateway.list<{ accountId: string; amount: number }>('transfer');
    expect(transfers.filter((x) => x.accountId === account.id)).toEqual([expect.objectContaining({ amount: 1234 })]);
  });

  it("a transfer funded by a booking's charge (docs/design.md 9): only once captured, and at most what the charge kept", async () => {
    const account = await t.gateway.createConnectedAccount({ email: 'pro2@example.com', idempotencyKey: 'acct-source' });
    await t.gateway.completeOnboarding(account.id);
    const b = await paidBooking();
    const authorised = await t.gateway.retrievePaymentIntent((await row(b.booking_id)).stripePaymentIntentId!);
    expect(authorised.latestChargeId).toMatch(/^ch_/);
    const send = (key: string, amountCents: number) =>
      transferToAccount(t.database.db, t.gateway, { accountId: account.id, amountCents, key, description: 'Payout', sourceTransaction: authorised.latestChargeId });
    expect(await send('src-early', 500)).toMatchObject({ status: 'failed', message: expect.stringMatching(/not been captured/) });
    await chargeFinalAmount(t.database.db, t.gateway, { bookingId: b.booking_id, finalCents: 3000, now: clock });
    expect(await send('src-1', 2000)).toMatchObject({ status: 'succeeded' });
    // $30.00 captured, $20.00 sent: $10.01 is more than is left
    expect(await send('src-2', 1001)).toMatchObject({ status: 'failed', message: expect.stringMatching(/Insufficient funds/) });
    expect(await send('src-3', 1000)).toMatchObject({ status: 'succeeded' });
  });

  it('crash test: the gateway succeeds, the write is lost, the recovery job completes it once', async () => {
    const b = await paidBooking();
    // the gateway captures, then the process "dies" before our write: the call never returns
    const dying: PaymentGateway = {
      ...t.gateway,
      capture: async (input) => {
        await t.gateway.capture(input);
        throw new Error('process died');
      },
    };
    await expect(chargeFinalAmount(t.database.db, dying, { bookingId: b.booking_id, finalCents: 5000, now: clock })).rejects.toThrow('process died');
    const [pending] = await t.database.db.select().from(paymentOperations).where(eq(paymentOperations.bookingId, b.booking_id));
    expect(pending).toMatchObject({ status: 'pending', kind: 'capture' });
    expect((await row(b.booking_id)).capturedAmount).toBe(0);

    const recovered = await recoverPendingOperations(t.database.db, t.gateway, { olderThanMs: -1000 });
    expect(recovered.completed).toBeGreaterThanOrEqual(1);
    expect((await row(b.booking_id)).capturedAmount).toBe(5000);
    const pi = await t.gateway.retrievePaymentIntent((await row(b.booking_id)).stripePaymentIntentId!);
    expect(pi).toMatchObject({ status: 'succeeded', amountReceived: 5000 });
    // and nothing is charged twice when the back office tries again
    await chargeFinalAmount(t.database.db, t.gateway, { bookingId: b.booking_id, finalCents: 5000, now: clock });
    expect((await row(b.booking_id)).capturedAmount).toBe(5000);
  });

  it('a gateway refusal is recorded as failed, never left pending; a refused capture charges the saved card instead (decision 030)', async () => {
    const refuse = async () => Promise.reject(new GatewayError('Your card was declined.', 'card_declined'));
    const opsOf = async (id: string) => (await t.database.db.select().from(paymentOperations).where(eq(paymentOperations.bookingId, id))).map((o) => [o.kind, o.status]);
    // the hold is gone (the capture refused): the whole amount goes to the saved card
    const lapsed = await paidBooking();
    const result = await chargeFinalAmount(t.database.db, { ...t.gateway, capture: refuse }, { bookingId: lapsed.booking_id, finalCents: 5000, now: clock });
    expect(result).toMatchObject({ outcome: 'charged_off_session', capturedCents: 0, extraChargedCents: 5000 });
    expect(await opsOf(lapsed.booking_id)).toEqual(expect.arrayContaining([['capture', 'failed'], ['charge_off_session', 'succeeded']]));
    // and the saved card declines too: failed, with the gateway's words, nothing left pending
    const declined = await paidBooking();
    const refused = await chargeFinalAmount(t.database.db, { ...t.gateway, capture: refuse, chargeOffSession: refuse }, { bookingId: declined.booking_id, finalCents: 5000, now: clock });
    expect(refused).toMatchObject({ outcome: 'failed', capturedCents: 0, message: 'Your card was declined.' });
    expect((await opsOf(declined.booking_id)).filter(([kind]) => kind !== 'checkout_payment')).toEqual(expect.arrayContaining([['capture', 'failed'], ['charge_off_session', 'failed']]));
    expect((await opsOf(declined.booking_id)).some(([, status]) => status === 'pending')).toBe(false);
  });

  it('reconciliation lists bookings whose state disagrees with the gateway', async () => {
    const b = await paidBooking();
    await t.database.db.update(bookings).set({ paymentIntentStatus: 'succeeded' }).where(eq(bookings.id, b.booking_id));
    const disagreements = await reconcileBookings(t.database.db, t.gateway);
    expect(disagreements).toContainEqual({ bookingId: b.booking_id, ours: 'succeeded', gateway: 'requires_capture' });
  });
});

describe('the local gateway pages', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('Connect onboarding is a local page to complete', async () => {
    const account = await t.gateway.createConnectedAccount({ email: 'pro@example.com', idempotencyKey: 'k1' });
    const { url } = await t.gateway.createOnboardingLink({ accountId: account.id, refreshUrl: 'http://localhost:3000/admin', returnUrl: '/admin?tab=pros' });
    const page = await t.app.request(new URL(url).pathname + new URL(url).search);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Complete onboarding');
    const done = await t.app.request(`/dev/connect/${account.id}/complete`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'return_url=%2Fadmin%3Ftab%3Dpros',
    });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe('/admin?tab=pros');
    expect(await t.gateway.retrieveConnectedAccount(account.id)).toMatchObject({ chargesEnabled: true, payoutsEnabled: true });
  });

  it('onboarding sends staff back only to a page of this site: another site, a backslash, a control character or a newline is a 400, never a 500 (decision 038)', async () => {
    const account = await t.gateway.createConnectedAccount({ email: 'pro2@example.com', idempotencyKey: 'k-return' });
    const bad = ['/\t/evil.example', '//evil', '//evil.example/admin', '/\\evil.example', '\\evil.example', '/admin\\..\\x', '/admin\u0000', '/admin\u0007x', '/admin\u007f', '/admin\nLocation: https://evil.example', '/admin\r\nSet-Cookie: a=b', ' /admin', 'http://localhost:3000//evil.example', 'http://localhost:3000/\t/evil.example', 'javascript:alert(1)', 'admin'];
    for (const returnUrl of bad) {
      const page = await t.app.request(`/dev/connect/${account.id}?${new URLSearchParams({ return_url: returnUrl })}`);
      expect(page.status, JSON.stringify(returnUrl)).toBe(400);
      expect(await page.text()).toContain('The return address must be a page of this site');
      const done = await t.app.request(`/dev/connect/${account.id}/complete`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ return_url: returnUrl }).toString() });
      expect(done.status, JSON.stringify(returnUrl)).toBe(400);
      expect(done.headers.get('location')).toBeNull();
    }
    // refused before anything happened
    expect(await t.gateway.retrieveConnectedAccount(account.id)).toMatchObject({ chargesEnabled: false, payoutsEnabled: false });
    // a page of this site, as a path or as the site's own address (as Stripe is given it), and none at all
    for (const [returnUrl, location] of [['/admin?tab=pros', '/admin?tab=pros'], ['http://localhost:3000/admin?tab=pros#x', '/admin?tab=pros'], [undefined, '/admin']] as const) {
      const done = await t.app.request(`/dev/connect/${account.id}/complete`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: returnUrl === undefined ? '' : new URLSearchParams({ return_url: returnUrl }).toString() });
      expect(done.status).toBe(303);
      expect(done.headers.get('location')).toBe(location);
    }
  });

  it('unknown checkouts and accounts answer 404 pages, never a 5xx', async () => {
    for (const path of ['/dev/checkout/cs_nope', '/dev/checkout/cs_nope/cancel', '/dev/checkout/cs_nope/authenticate', '/dev/connect/acct_nope']) {
      const res = await t.app.request(path);
      expect(res.status, path).toBe(404);
    }
    const pay = await t.app.request('/dev/checkout/cs_nope/pay', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'number=4242' });
    expect(pay.status).toBeLessThan(500);
  });
});
