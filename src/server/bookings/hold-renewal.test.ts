// Decision 035: a pick-up booked further ahead than its hold lasts has its hold renewed on the
// saved card from the day before the pick-up, so the weighing captures real money; a card that
// refuses keeps the old hold and is not asked again; a renewal racing the weighing or the
// customer's cancellation never leaves two holds, or none where one is needed.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payLocalCheckout, signInOwner, testCards, type StaffCall } from '../../../tests/helpers/flows';
import { createTestApp, testDatabaseKinds, type TestContext } from '../../../tests/helpers/test-app';
import { cancelToken } from '../booking-records/cancel-link';
import { bookings, paymentOperations } from '../db/schema';
import { bookingFormInput } from './booking.factory';
import { renewHold, renewLapsingHolds } from './hold-renewal.service';

// Sunday 2026-11-22, 10:00 in South Carolina
const start = new Date('2026-11-22T15:00:00Z');
const day = 86_400_000;
let clock = start;
const now = () => clock;
const timeZone = 'America/New_York';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(testDatabaseKinds)('holds renewed before a far-ahead pick-up (%s)', (kind) => {
  let t: TestContext;
  let staff: StaffCall;
  beforeAll(async () => {
    t = await createTestApp(kind, { PICKUP_CAPACITY_PER_WINDOW: '1000', BOOKINGS_PER_IP_PER_HOUR: '100000', BOOKINGS_PER_CUSTOMER_PER_HOUR: '100000' }, { now });
    staff = await signInOwner(t, 'http://localhost:3000');
  });
  afterAll(async () => {
    await t?.close();
  });
  const row = async (id: string) => (await t.database.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
  const renew = () => renewLapsingHolds(t.database.db, t.gateway, { now: clock, timeZone });
  const intent = (id: string) => t.gateway.retrievePaymentIntent(id);

  async function book(pickupDate: string, card = testCards.ok) {
    const res = await t.request('/api/bookings', { method: 'POST', json: { bookingData: bookingFormInput({ pickupDate, pickupTime: '4pm-8pm' }) } });
    expect(res.status).toBe(201);
    const b = (await res.json()) as { booking_id: string; url: string };
    await payLocalCheckout(t, b.url, card);
    return b.booking_id;
  }

  it('booked 10 days ahead: renewed the day before, the old hold let go, and the weighing captures from the new one', async () => {
    clock = start;
    const id = await book('2026-12-02');
    const booked = await row(id);
    expect(booked).toMatchObject({ bookingStatus: 'confirmed', authorizedAmount: 3150, paymentIntentStatus: 'requires_capture' });
    // two days before: nothing yet
    clock = new Date(start.getTime() + 8 * day);
    expect(await renew()).toEqual({ renewed: 0, declined: 0 });
    // the day before (Tuesday 1 December): the hold would lapse before the weighing
    clock = new Date(start.getTime() + 9 * day);
    expect(await renew()).toEqual({ renewed: 1, declined: 0 });
    const renewed = await row(id);
    expect(renewed.stripePaymentIntentId).not.toBe(booked.stripePaymentIntentId);
    expect(renewed).toMatchObject({ authorizedAmount: 3150, paymentIntentStatus: 'requires_capture', capturedAmount: 0 });
    expect(renewed.captureBefore!.getTime()).toBeGreaterThan(clock.getTime() + 6 * day);
    // the checkout's hold lapsed on 29 November; the new one stands
    expect(booked.captureBefore!.getTime()).toBeLessThan(clock.getTime());
    expect((await intent(renewed.stripePaymentIntentId!)).status).toBe('requires_capture');
    // once: the next round finds nothing to do
    expect(await renew()).toEqual({ renewed: 0, declined: 0 });

    // weighed on the 3rd at 14.2 lb ($24.85): captured from the renewed hold, the rest released
    clock = new Date(start.getTime() + 11 * day);
    const weighed = await staff('POST', `/api/admin/bookings/${id}/weight`, { actualWeight: 14.2 });
    expect(weighed.status).toBe(200);
    expect(await row(id)).toMatchObject({ capturedAmount: 2485, amountDueCents: 0, finalTotalAmount: 2485 });
    expect((await intent(renewed.stripePaymentIntentId!)).amountReceived).toBe(2485);
    clock = start;
  });

  it('a pick-up within the hold is left alone; a card that refuses keeps the old hold and is asked once', async () => {
    clock = start;
    const near = await book('2026-11-25');
    const refusing = await book('2026-12-04', testCards.failsLater);
    // Tuesday 24 November, the day before the near one: its hold lasts past its pick-up
    clock = new Date(start.getTime() + 2 * day);
    expect(await renew()).toEqual({ renewed: 0, declined: 0 });
    clock = new Date(start.getTime() + 11 * day); // Thursday 3 December, the day before
    const before = await row(refusing);
    expect(await renew()).toEqual({ renewed: 0, declined: 1 });
    expect(await row(refusing)).toMatchObject({ stripePaymentIntentId: before.stripePaymentIntentId, authorizedAmount: 3150 });
    expect(await renew()).toEqual({ renewed: 0, declined: 0 });
    const attempts = await t.database.db.select().from(paymentOperations).where(eq(paymentOperations.bookingId, refusing));
    expect(attempts.filter((o) => o.kind === 'authorize_off_session').map((o) => o.status)).toEqual(['failed']);
    expect(await t.database.db.select().from(paymentOperations).where(eq(paymentOperations.bookingId, near))).toEqual([]);
    expect(attempts.some((o) => o.kind === 'release')).toBe(false);
    clock = start;
  });

  it('a renewal racing the weighing or the cancel link never leaves a second hold on the card, or the bill without its money (20 tries)', async () => {
    let inconsistent = 0;
    for (let i = 0; i < 20; i++) {
      clock = start;
      const id = await book('2026-12-02');
      const old = (await row(id)).stripePaymentIntentId!;
      clock = new Date(start.getTime() + 9 * day);
      const delay = Math.random() * 20;
      const cancel = i % 2 === 1;
      const other = async () => {
        await sleep(delay);
        // the link's limits are per address: each try from its own
        if (cancel)
          return t.app.request(
            `/api/bookings/${id}/cancel`,
            { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token: cancelToken(t.config.sessionSecret, id) }) },
            { incoming: { socket: { remoteAddress: `10.8.0.${i + 1}` } } },
          );
        return staff('POST', `/api/admin/bookings/${id}/weight`, { actualWeight: 14.2 });
      };
      await Promise.all([renewHold(t.database.db, t.gateway, id, { now: clock }).catch(() => 'refused'), other()]);
      const b = await row(id);
      const holds = await t.database.db.select().from(paymentOperations).where(eq(paymentOperations.bookingId, id));
      const intents = [old, ...holds.filter((o) => o.kind === 'authorize_off_session' && o.gatewayRef).map((o) => o.gatewayRef!)];
      const open = [];
      // a hold stands while it is capturable and not past its date
      for (const pi of intents) {
        const p = await intent(pi);
        if (p.status === 'requires_capture' && p.captureBefore !== null && p.captureBefore > clock) open.push(pi);
      }
      const ok =
        b.bookingStatus === 'cancelled'
          ? open.length === 0 && b.capturedAmount === 0
          : b.weightAdjustmentProcessed
            ? open.length === 0 && b.capturedAmount === 2485
            : open.length === 1 && open[0] === b.stripePaymentIntentId;
      if (!ok) inconsistent += 1;
    }
    expect(inconsistent).toBe(0);
    clock = start;
  });
});
