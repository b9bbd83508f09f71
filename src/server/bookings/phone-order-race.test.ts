// A phone order's pay link (decision 058) raced on PostgreSQL (PGlite runs one transaction at a
// time and would hide it): two tabs opening the link at once, the link opened while its checkout
// lapses, two of its checkouts paid together. Each race is fired 24 times, each time on a fresh
// order, its two sides staggered 0-20 ms by a seeded random (the seed is printed; RACE_SEED replays
// it). Under the booking's payment claim (decision 030) and the booking row's lock, nothing is lost
// and nothing is held twice: one checkout, one hold of the estimate, the order never cancelled.
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payLocalCheckout, signInOwner, type StaffCall } from '../../../tests/helpers/flows';
import { later, raceSeed, staggers } from '../../../tests/helpers/race';
import { createTestApp, type TestContext } from '../../../tests/helpers/test-app';
import { bookingMoneyFromLedger } from '../booking-money/booking-money';
import { bookings, checkouts, outbox } from '../db/schema';
import type { StoredSession } from '../gateways/payment/local-gateway-objects';
import { purposeMetadata, recordCheckout } from '../payments/checkout-purposes';
import { bookingFormInput } from './booking.factory';

const ORIGIN = 'http://shop.test';
const now = () => new Date('2026-11-23T14:00:00Z'); // Monday 9:00 in South Carolina
const ROUNDS = 24;

if (!process.env.TEST_DATABASE_URL) {
  describe('a phone order paid from two tabs, while it lapses, at two checkouts (postgres)', () => {
    it('needs TEST_DATABASE_URL (a PostgreSQL server: the race needs two transactions at once)', (ctx) => {
      // a printed reason: CI sets TEST_DATABASE_URL, so this runs there
      console.log('phone-order-race.test: skipped, needs TEST_DATABASE_URL (a PostgreSQL server: the race needs two transactions at once)');
      ctx.skip();
    });
  });
  console.log('phone-order-race.test.ts skipped: set TEST_DATABASE_URL to a PostgreSQL server to run the race.');
} else {
  describe('a phone order paid from two tabs, while it lapses, at two checkouts (postgres)', () => {
    const seed = raceSeed();
    const stagger = staggers(seed);
    let t: TestContext;
    let staff: StaffCall;
    beforeAll(async () => {
      // a place for every order of the file in one window: the race is about the money, not the places (decision 042)
      t = await createTestApp('postgres', { PICKUP_CAPACITY_PER_WINDOW: '1000', PUBLIC_URL: ORIGIN }, { now });
      staff = await signInOwner(t, ORIGIN);
      console.log(`phone-order race seed ${seed} (RACE_SEED=${seed} replays the staggers)`);
    });
    afterAll(async () => {
      await t?.close();
    });

    const db = () => t.database.db;
    let placedCount = 0;
    type Link = { id: string; token: string; ip: string };
    /** A fresh order taken on the phone and the link its customer reads in their email; each customer pays from an address of their own (the link's limit counts per address). */
    async function placeOrder(): Promise<Link & { total: number }> {
      const n = placedCount++;
      const { termsAccepted: _t, smsConsent: _s, ...bookingData } = bookingFormInput({ email: `race${n}@example.com`, pickupDate: '2026-11-25', bagQuantity: 2 });
      const res = await staff('POST', '/api/admin/phone-orders', { bookingData, promoCode: null, channel: 'email', submissionKey: crypto.randomUUID() });
      expect(res.status, JSON.stringify(res.json)).toBe(201);
      const { bookingId: id, totalCents } = res.json as { bookingId: string; totalCents: number };
      const [mail] = await db().select().from(outbox).where(and(eq(outbox.bookingId, id), eq(outbox.kind, 'phone_order_pay_link')));
      const match = /\/pay\?order=([0-9a-f-]+)&token=([A-Za-z0-9_-]+)/.exec((mail!.payload as { text: string }).text);
      expect(match?.[1]).toBe(id);
      return { id, token: match![2]!, ip: `198.51.${100 + Math.floor(n / 250)}.${(n % 250) + 1}`, total: totalCents };
    }
    const pay = (link: Link) =>
      t.request(`/api/bookings/${link.id}/phone-order/checkout`, { method: 'POST', json: { token: link.token, termsAccepted: true }, headers: { 'x-forwarded-for': link.ip } });
    async function answered(res: Response, where: string) {
      const body = await res.text();
      expect(res.status, `${where}: ${body}`).toBe(200);
      // while the order waits for the card, the link always answers a checkout to pay at
      const { url } = JSON.parse(body) as { url: string | null };
      expect(url, where).toMatch(/^http:\/\/shop\.test\/dev\/checkout\/cs_/);
      return url!;
    }
    const sessionOf = (url: string) => new URL(url).pathname.split('/').pop()!;
    const row = async (id: string) => (await db().select().from(bookings).where(eq(bookings.id, id)))[0]!;
    const recorded = (id: string) => db().select().from(checkouts).where(and(eq(checkouts.purpose, 'booking_authorisation'), eq(checkouts.subjectId, id)));
    const messages = (id: string, kinds: string[]) => db().select().from(outbox).where(and(eq(outbox.bookingId, id), inArray(outbox.kind, kinds)));
    /** Every checkout the gateway holds for the booking, recorded by us or not. */
    const sessionsAtGateway = async (id: string) => (await t.gateway.list<StoredSession>('checkout_session')).filter((s) => s.metadata.booking_id === id);
    /** The card holds still standing for the booking at the gateway, and the intent of each. */
    async function holdsOf(id: string) {
      const held: { intent: string; amount: number }[] = [];
      for (const s of await sessionsAtGateway(id)) {
        if (!s.paymentIntentId) continue;
        const pi = await t.gateway.retrievePaymentIntent(s.paymentIntentId);
        if (pi.status === 'requires_capture') held.push({ intent: pi.id, amount: pi.amount });
      }
      return held;
    }
    /** Paid once: one hold of the estimate, the booking confirmed on it, authorised as much on its ledger, told once, never told it was abandoned. */
    async function expectPaidOnce(link: Link & { total: number }, where: string) {
      const b = await row(link.id);
      const holds = await holdsOf(link.id);
      expect(holds.map((h) => h.amount), where).toEqual([link.total]);
      expect([b.bookingStatus, b.paymentStatus, b.stripePaymentIntentId, b.authorizedAmount, b.termsAccepted], where).toEqual(['confirmed', 'paid', holds[0]!.intent, link.total, true]);
      expect((await bookingMoneyFromLedger(db(), link.id)).authorized, where).toBe(link.total);
      expect(await messages(link.id, ['booking_confirmation']), where).toHaveLength(1);
      expect(await messages(link.id, ['abandoned_customer', 'abandoned_business']), where).toHaveLength(0);
    }

    it('two tabs open the link at once: the same checkout, one hold of the estimate once paid', async () => {
      let overlapped = 0;
      for (let round = 0; round < ROUNDS; round++) {
        const where = `seed ${seed} round ${round} (two tabs)`;
        const link = await placeOrder();
        // decision 030: the second waits for the first under the booking's claim (up to 10 s), then answers what it opened
        const timed = async () => {
          const start = performance.now();
          const res = await pay(link);
          return { res, start, end: performance.now() };
        };
        const [a, b] = await Promise.all([later(stagger(), timed), later(stagger(), timed)]);
        if (a.start < b.end && b.start < a.end) overlapped += 1;
        const [first, second] = [a.res, b.res];
        const url = await answered(first, where);
        expect(await answered(second, where), where).toBe(url);
        expect((await recorded(link.id)).map((c) => c.sessionId), where).toEqual([sessionOf(url)]);
        expect((await sessionsAtGateway(link.id)).map((s) => [s.id, s.status, s.amountTotal]), where).toEqual([[sessionOf(url), 'open', link.total]]);
        await payLocalCheckout(t, url);
        await expectPaidOnce(link, where);
      }
      console.log(`phone-order two tabs race: the two requests were in flight together ${overlapped} of ${ROUNDS} times`);
    }, 120_000);

    it('the link opened while its checkout lapses: the order kept, at most one checkout open, one hold once paid', async () => {
      const outcomes = { answeredTheLapsing: 0, openedANewOne: 0 };
      for (let round = 0; round < ROUNDS; round++) {
        const where = `seed ${seed} round ${round} (lapse)`;
        const link = await placeOrder();
        const lapsing = await answered(await pay(link), where);
        const [, res] = await Promise.all([
          later(stagger(), async () => {
            await t.gateway.expireCheckout(sessionOf(lapsing));
            await t.gateway.flushEvents();
          }),
          later(stagger(), () => pay(link)),
        ]);
        const url = await answered(res, where);
        await t.gateway.flushEvents();
        // decision 058: a lapsed checkout of a phone order keeps the order and its place, nobody told it was abandoned
        const waiting = await row(link.id);
        expect([waiting.bookingStatus, waiting.paymentStatus], where).toEqual(['pending', 'pending']);
        expect(await messages(link.id, ['abandoned_customer', 'abandoned_business']), where).toHaveLength(0);
        const open = (await sessionsAtGateway(link.id)).filter((s) => s.status === 'open').map((s) => s.id);
        let toPay = url;
        if (url === lapsing) {
          // the link read the checkout a moment before it lapsed: nothing else opened, and the customer's next click opens a new one
          outcomes.answeredTheLapsing += 1;
          expect(open, where).toEqual([]);
          toPay = await answered(await pay(link), where);
          expect(toPay, where).not.toBe(lapsing);
        } else {
          outcomes.openedANewOne += 1;
          expect(open, where).toEqual([sessionOf(url)]);
        }
        expect((await recorded(link.id)).map((c) => c.sessionId).sort(), where).toEqual([sessionOf(lapsing), sessionOf(toPay)].sort());
        await payLocalCheckout(t, toPay);
        await expectPaidOnce(link, where);
      }
      expect(outcomes.answeredTheLapsing + outcomes.openedANewOne).toBe(ROUNDS);
      console.log(`phone-order lapse race: ${outcomes.openedANewOne} answered a new checkout, ${outcomes.answeredTheLapsing} answered the one lapsing and opened a new one next click`);
    }, 120_000);

    it('two of its checkouts paid at nearly the same time: one hold kept, the other released, confirmed once', async () => {
      const outcomes = { linkFirst: 0, strayFirst: 0 };
      for (let round = 0; round < ROUNDS; round++) {
        const where = `seed ${seed} round ${round} (two checkouts)`;
        const link = await placeOrder();
        const first = await answered(await pay(link), where);
        // a second checkout the claim should have prevented (an older release, a bug), held as the first: as phone-orders.test.ts's stray checkout
        const session = await t.gateway.createCheckout({
          purpose: 'booking',
          amountCents: link.total,
          description: 'stray',
          customerEmail: 'x@example.com',
          metadata: { booking_id: link.id, ...purposeMetadata({ purpose: 'booking_authorisation', subjectId: link.id }) },
          successUrl: `${ORIGIN}/booking-success?session_id={CHECKOUT_SESSION_ID}`,
          cancelUrl: ORIGIN,
          idempotencyKey: `stray:${link.id}`,
        });
        await recordCheckout(db(), session.id, { purpose: 'booking_authorisation', subjectId: link.id });
        await Promise.all([later(stagger(), () => payLocalCheckout(t, first)), later(stagger(), () => payLocalCheckout(t, session.url!))]);
        await t.gateway.flushEvents();
        // both were authorised at the gateway; the booking row's lock lets one confirm, the other's hold is released (decision 058)
        const intents = await Promise.all(
          (await sessionsAtGateway(link.id)).map(async (s) => {
            expect([s.status, s.paymentIntentId], where).toEqual(['complete', expect.stringMatching(/^pi_/)]);
            return t.gateway.retrievePaymentIntent(s.paymentIntentId!);
          }),
        );
        expect(intents.map((pi) => pi.status).sort(), where).toEqual(['canceled', 'requires_capture']);
        expect(intents.map((pi) => pi.amount), where).toEqual([link.total, link.total]);
        await expectPaidOnce(link, where);
        const kept = intents.find((pi) => pi.status === 'requires_capture')!;
        const firstIntent = (await t.gateway.retrieveCheckout(sessionOf(first))).paymentIntentId;
        if (kept.id === firstIntent) outcomes.linkFirst += 1;
        else outcomes.strayFirst += 1;
      }
      expect(outcomes.linkFirst + outcomes.strayFirst).toBe(ROUNDS);
      console.log(`phone-order two checkouts race: the link's checkout kept ${outcomes.linkFirst} times, the stray one ${outcomes.strayFirst} times; the other released each time`);
    }, 120_000);
  });
}
