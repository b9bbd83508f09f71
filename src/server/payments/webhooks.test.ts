// Webhook events arrive in any order and more than once: the end state must not depend on it.
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDatabaseKinds, type TestContext } from '../../../tests/helpers/test-app';
import { NO_EXTRAS } from '../../shared/pricing';
import { bookings, paymentOperations, pickupSlots, webhookEvents } from '../db/schema';
import { randomUUID } from 'node:crypto';
import { payLocalCheckout, signInOwner, testCards } from '../../../tests/helpers/flows';
import { revenueCents } from '../../shared/money-state';
import { tipKeptCents } from '../../shared/pricing-refunds';
import { invoiceUrl } from '../booking-records/invoice-link';
import { bookingFormInput, updateBooking } from '../bookings/booking.factory';

let clock = new Date('2026-11-22T15:00:00Z');
const now = () => clock;

function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const pickupDates = ['2026-11-23', '2026-11-25', '2026-11-27', '2026-11-30'];
const windows = ['8am-12pm', '12pm-4pm', '4pm-8pm'] as const;

describe.each(testDatabaseKinds)('webhook events in any order, any number of times (%s)', (kind) => {
  let t: TestContext;
  const events: { raw: string; signature: string }[] = [];
  const bookingIds: string[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind, { PICKUP_CAPACITY_PER_WINDOW: '1000' }, { now });
    t.gateway.setDelivery(async (raw, signature) => {
      events.push({ raw, signature });
    });
    const rnd = random(42);
    const sessions: { bookingId: string; sessionId: string }[] = [];
    for (let i = 0; i < 440; i++) {
      const res = await t.request('/api/bookings', {
        method: 'POST',
        json: {
          bookingData: {
            name: `Customer ${i}`,
            email: `c${i}@example.com`,
            phone: `(803) 555-${String(1000 + i).slice(-4)}`,
            address: `${i} Main St`,
            city: 'Lexington',
            zipCode: '29072',
            pickupDate: pickupDates[i % pickupDates.length],
            pickupTime: windows[i % 3],
            pickupLocation: 'front-door',
            bagQuantity: 1 + (i % 3),
            ...NO_EXTRAS,
            termsAccepted: true,
          },
        },
      });
      const body = (await res.json()) as { booking_id: string; url: string };
      sessions.push({ bookingId: body.booking_id, sessionId: body.url.split('/').pop()! });
      bookingIds.push(body.booking_id);
    }
    for (const { sessionId } of sessions) {
      const r = rnd();
      if (r < 0.75) {
        const card = r < 0.7 ? '4242424242424242' : '4000000000000341';
        const paid = await t.gateway.pay(sessionId, { number: card, expiry: '12/30', cvc: '123', zip: '29072' });
        if (paid.outcome !== 'paid') throw new Error('payment failed in setup');
        const session = await t.gateway.retrieveCheckout(sessionId);
        const pi = await t.gateway.retrievePaymentIntent(session.paymentIntentId!);
        const next = rnd();
        if (next < 0.45) {
          await t.gateway.capture({ paymentIntentId: pi.id, amountCents: pi.amount - 100, idempotencyKey: `cap-${pi.id}` });
          if (next < 0.15) await t.gateway.refund({ paymentIntentId: pi.id, amountCents: pi.amount - 100, idempotencyKey: `ref-${pi.id}` });
          else if (next < 0.25) await t.gateway.refund({ paymentIntentId: pi.id, amountCents: 500, idempotencyKey: `ref-${pi.id}` });
        } else if (next < 0.6) {
          await t.gateway.release({ paymentIntentId: pi.id, idempotencyKey: `rel-${pi.id}` });
        }
      } else if (r < 0.8) {
        await t.gateway.pay(sessionId, { number: '4000000000000002', expiry: '12/30', cvc: '123', zip: '29072' });
      }
    }
    clock = new Date(clock.getTime() + 31 * 60_000); // the unpaid checkouts expire
    await t.gateway.expireOpenSessions();
    await t.gateway.flushEvents();
  }, 300_000);

  afterAll(async () => {
    await t?.close();
  });

  async function snapshot() {
    const rows = await t.database.db
      .select({
        id: bookings.id,
        paymentStatus: bookings.paymentStatus,
        bookingStatus: bookings.bookingStatus,
        paymentIntentStatus: bookings.paymentIntentStatus,
        authorizedAmount: bookings.authorizedAmount,
        refundedAmount: bookings.refundedAmount,
        stripePaymentIntentId: bookings.stripePaymentIntentId,
        captureBefore: bookings.captureBefore,
        expiredNotice: bookings.abandonedNoticeAt,
      })
      .from(bookings)
      .where(inArray(bookings.id, bookingIds));
    const slots = await t.database.db.select().from(pickupSlots);
    return {
      bookings: rows
        .map((r) => ({ ...r, expiredNotice: r.expiredNotice !== null, captureBefore: r.captureBefore?.toISOString() ?? null }))
        .sort((a, b) => a.id.localeCompare(b.id)),
      slots: slots.sort((a, b) => `${a.pickupDate}${a.pickupTime}`.localeCompare(`${b.pickupDate}${b.pickupTime}`)),
    };
  }

  async function deliver(list: { raw: string; signature: string }[]) {
    for (const e of list) {
      const res = await t.app.request('/api/webhooks/stripe', { method: 'POST', body: e.raw, headers: { 'stripe-signature': e.signature } });
      expect(res.status).toBe(200);
    }
  }

  async function restore(before: Awaited<ReturnType<typeof snapshot>>) {
    await t.database.db.transaction(async (tx) => {
      await tx.delete(webhookEvents);
      for (const b of before.bookings) {
        await updateBooking(tx, b.id, {
          paymentStatus: b.paymentStatus,
          bookingStatus: b.bookingStatus,
          paymentIntentStatus: b.paymentIntentStatus,
          authorizedAmount: b.authorizedAmount,
          refundedAmount: b.refundedAmount,
          stripePaymentIntentId: b.stripePaymentIntentId,
          captureBefore: b.captureBefore ? new Date(b.captureBefore) : null,
          abandonedNoticeAt: null,
          confirmedAt: null,
          cancelledAt: null,
        });
      }
      for (const s of before.slots)
        await tx
          .update(pickupSlots)
          .set({ booked: s.booked })
          .where(and(eq(pickupSlots.pickupDate, s.pickupDate), eq(pickupSlots.pickupTime, s.pickupTime)));
    });
  }

  it('1,000 events shuffled and delivered 1-3 times end in the same state as in order', async () => {
    expect(events.length).toBeGreaterThanOrEqual(1000);
    const before = await snapshot();
    expect(before.bookings.every((b) => b.paymentStatus === 'pending')).toBe(true);

    await deliver(events);
    const inOrder = await snapshot();
    const paid = inOrder.bookings.filter((b) => b.paymentStatus !== 'pending');
    const expired = inOrder.bookings.filter((b) => b.bookingStatus === 'cancelled');
    expect(paid.length).toBeGreaterThan(150);
    expect(expired.length).toBeGreaterThan(40);
    expect(inOrder.bookings.some((b) => b.paymentStatus === 'refunded')).toBe(true);
    expect(inOrder.bookings.some((b) => b.paymentIntentStatus === 'canceled')).toBe(true);
    expect(inOrder.bookings.some((b) => b.paymentIntentStatus === 'succeeded')).toBe(true);

    // replaying the same events changes nothing
    await deliver(events);
    expect(await snapshot()).toEqual(inOrder);

    await restore(before);
    expect((await snapshot()).bookings.every((b) => b.paymentStatus === 'pending')).toBe(true);
    const rnd = random(7);
    const shuffled = events.flatMap((e) => Array.from({ length: 1 + Math.floor(rnd() * 3) }, () => e));
    for (let i = shuffled.length - 1; i > 0; i--) {
      const j = Math.floor(rnd() * (i + 1));
      [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
    }
    expect(shuffled.length).toBeGreaterThan(events.length * 1.5);
    await deliver(shuffled);
    expect(await snapshot()).toEqual(inOrder);
  }, 300_000);
});

// decision 031: a refund made in the gateway's dashboard of any payment of a booking (the hold's
// capture, an extra charge, the checkout of the amount due with its tip) counts once, however
// often its event arrives, and our own refund of the same payment after it is not counted twice.
describe.each(testDatabaseKinds)("refunds made in the gateway's dashboard, of every kind of payment (%s)", (kind) => {
  let t: TestContext;
  const delivered: { raw: string; signature: string }[] = [];
  const origin = 'http://localhost:3000';
  let staff: Awaited<ReturnType<typeof signInOwner>>;
  beforeAll(async () => {
    t = await createTestApp(kind, { PICKUP_CAPACITY_PER_WINDOW: '1000' }, { now: () => new Date('2026-11-22T15:00:00Z') });
    staff = await signInOwner(t, origin);
  });
  afterAll(async () => {
    await t?.close();
  });

  const row = async (id: string) => (await t.database.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
  /** Every event the gateway sends from now on is delivered twice (a retry after a lost answer). */
  const twice = () =>
    t.gateway.setDelivery(async (raw, signature) => {
      delivered.push({ raw, signature });
      for (let i = 0; i < 2; i++) await t.app.request('/api/webhooks/stripe', { method: 'POST', body: raw, headers: { 'stripe-signature': signature } });
    });
  async function weighed(card: string, actualWeight: number) {
    const res = await t.request('/api/bookings', { method: 'POST', json: { bookingData: bookingFormInput() } });
    const { booking_id: id, url } = (await res.json()) as { booking_id: string; url: string };
    await payLocalCheckout(t, url, card);
    expect((await staff('POST', `/api/admin/bookings/${id}/weight`, { actualWeight })).status).toBe(200);
    return id;
  }
  const intentOf = async (id: string, kind: string) =>
    (await t.database.db.select().from(paymentOperations).where(and(eq(paymentOperations.bookingId, id), eq(paymentOperations.kind, kind), eq(paymentOperations.status, 'succeeded'))))[0]!.gatewayRef!;

  it('an extra charge refunded in the dashboard: revenue and the tip follow, once', async () => {
    const id = await weighed(testCards.ok, 25); // $31.50 captured + $12.25 charged off session
    twice();
    const extra = await intentOf(id, 'charge_off_session');
    await t.gateway.refund({ paymentIntentId: extra, amountCents: 1000, idempotencyKey: `dash-${id}-1` });
    await t.gateway.flushEvents();
    expect(await row(id)).toMatchObject({ refundedAmount: 1000, paymentStatus: 'paid' });
    await t.gateway.refund({ paymentIntentId: extra, amountCents: 225, idempotencyKey: `dash-${id}-2` });
    await t.gateway.flushEvents();
    expect((await row(id)).refundedAmount).toBe(1225);
    // our own refund of the capture after it: counted once with its own event
    const ours = await staff('POST', `/api/admin/bookings/${id}/refunds`, { idempotencyKey: randomUUID(), amountCents: 3150, destination: 'card', reason: 'All of it back' });
    expect(ours.status, JSON.stringify(ours.json)).toBe(200);
    await t.gateway.flushEvents();
    expect(await row(id)).toMatchObject({ refundedAmount: 4375, paymentStatus: 'refunded' });
  });

  it("the amount due's checkout with its tip refunded in the dashboard: the tip comes back only beyond the laundry", async () => {
    // 30 lb: $52.50, the $31.50 hold captured, $21.00 refused off session, then paid at the invoice's checkout with a $4.00 tip
    const id = await weighed(testCards.failsLater, 30);
    expect(await row(id)).toMatchObject({ capturedAmount: 3150, amountDueCents: 2100 });
    const token = new URL(invoiceUrl(t.config.publicUrl, t.config.sessionSecret, await row(id), new Date('2026-11-22T15:00:00Z'))!).searchParams.get('token');
    const approved = await t.request(`/api/bookings/${id}/invoice/approve`, { method: 'POST', json: { token, tipCents: 400 } });
    expect(approved.status).toBe(200);
    await payLocalCheckout(t, ((await approved.json()) as { url: string }).url, testCards.ok);
    expect(await row(id)).toMatchObject({ capturedAmount: 5650, tipAmount: 400, amountDueCents: 0 });
    twice();
    const checkout = await intentOf(id, 'checkout_payment');
    await t.gateway.refund({ paymentIntentId: checkout, amountCents: 2500, idempotencyKey: `dash-${id}` });
    await t.gateway.flushEvents();
    const b = await row(id);
    expect(b.refundedAmount).toBe(2500);
    // revenue: $52.50 of laundry less the $25.00 refund; the pro keeps the whole tip
    expect(revenueCents(b)).toBe(2750);
    expect(tipKeptCents(b)).toBe(400);
  });
});
