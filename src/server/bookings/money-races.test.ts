// Two people acting on one booking's money at the same moment (decision 030): each pair fired
// together many times, one of them 0–20 ms late, on both databases. PGlite runs one transaction at
// a time and so rarely shows a race; PostgreSQL (TEST_DATABASE_URL) is what production runs and
// where these interleave for real. After every try the booking, the gateway and the ledger agree.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInOwner, testCards, type StaffCall } from '../../../tests/helpers/flows';
import { createTestApp, testDatabaseKinds, type TestContext } from '../../../tests/helpers/test-app';
import { cancelToken } from '../booking-records/cancel-link';
import { invoiceUrl } from '../booking-records/invoice-link';
import { payAmountDueToken } from '../booking-records/pay-link';
import { bookings, paymentOperations } from '../db/schema';
import { bookingFormInput } from './booking.factory';

// Sunday 2026-11-22, 10:00 in South Carolina: Monday's 4PM window is still free to cancel
const now = () => new Date('2026-11-22T15:00:00Z');
const TRIES = 20;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** One of the pair starts 0–20 ms after the other, either way round. */
const stagger = async <A, B>(a: () => Promise<A>, b: () => Promise<B>): Promise<[A, B]> => {
  const delay = Math.random() * 20;
  const first = Math.random() < 0.5;
  return Promise.all([
    (async () => {
      if (!first) await sleep(delay);
      return a();
    })(),
    (async () => {
      if (first) await sleep(delay);
      return b();
    })(),
  ]);
};

describe.each(testDatabaseKinds)('money races on one booking (%s)', (kind) => {
  let t: TestContext;
  let staff: StaffCall;
  const origin = 'http://localhost:3000';
  beforeAll(async () => {
    t = await createTestApp(kind, { PICKUP_CAPACITY_PER_WINDOW: '1000', BOOKINGS_PER_IP_PER_HOUR: '100000', BOOKINGS_PER_CUSTOMER_PER_HOUR: '100000' }, { now });
    staff = await signInOwner(t, origin);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A booked pick-up with its hold on the card ($31.50 for one bag). */
  async function paidBooking(card = testCards.ok) {
    const res = await t.request('/api/bookings', { method: 'POST', json: { bookingData: bookingFormInput({ pickupDate: '2026-11-23', pickupTime: '4pm-8pm' }) } });
    expect(res.status).toBe(201);
    const b = (await res.json()) as { booking_id: string; url: string };
    const sessionId = b.url.split('/').pop()!;
    const paid = await t.gateway.pay(sessionId, { number: card, expiry: '12/30', cvc: '123', zip: '29072' });
    if (paid.outcome === 'authenticate') await t.gateway.authenticate(sessionId, true);
    await t.gateway.flushEvents();
    return b.booking_id;
  }
  /**
   * Weighed at 25 lb ($43.75) on a card that asks its holder for anything off-session: $31.50
   * captured from the hold, $12.25 due, which only a checkout can collect.
   */
  async function weighedWithDue() {
    const id = await paidBooking(testCards.needsAuthentication);
    expect((await staff('POST', `/api/admin/bookings/${id}/weight`, { actualWeight: 25 })).status).toBe(200);
    expect((await row(id)).amountDueCents).toBe(1225);
    return id;
  }
  // the customer's links, each call from its own address (the links' limits are per address)
  let address = 0;
  const customer = async (path: string, body: unknown): Promise<Response> => {
    address += 1;
    return t.app.request(
      path,
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
      { incoming: { socket: { remoteAddress: `10.9.${Math.floor(address / 250)}.${address % 250}` } } },
    );
  };
  const cancelByLink = (id: string) => customer(`/api/bookings/${id}/cancel`, { token: cancelToken(t.config.sessionSecret, id) });
  /** The token of the invoice link the customer was sent for the bill as it is now. */
  const linkToken = async (id: string) => new URL(invoiceUrl(t.config.publicUrl, t.config.sessionSecret, await row(id), now())!).searchParams.get('token');
  const approve = async (id: string, tipCents: number, token?: string | null) =>
    customer(`/api/bookings/${id}/invoice/approve`, { token: token ?? (await linkToken(id)), tipCents });
  const payDue = (id: string) => customer(`/api/bookings/${id}/amount-due/checkout`, { token: payAmountDueToken(t.config.sessionSecret, id) });
  /** Pays every checkout URL the answers gave, as a customer with two tabs would; the gateway refuses a closed one. */
  async function payEvery(answers: Response[]) {
    const urls = new Set<string>();
    for (const a of answers) {
      const body = (await a.json()) as { url?: string | null };
      if (a.status === 200 && body.url) urls.add(body.url);
    }
    for (const url of urls) await t.gateway.pay(new URL(url).pathname.split('/').pop()!, { number: testCards.ok, expiry: '12/30', cvc: '123', zip: '29072' });
    await t.gateway.flushEvents();
  }
  /** What the booking's checkouts took from the customer, on the ledger (the gateway's word). */
  const collectedAtCheckouts = async (id: string) => (await ops(id)).filter((o) => o.kind === 'checkout_payment' && o.status === 'succeeded').reduce((sum, o) => sum + o.amountCents, 0);
  const row = async (id: string) => (await t.database.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
  const ops = async (id: string) => t.database.db.select().from(paymentOperations).where(eq(paymentOperations.bookingId, id));

  it(`the customer's cancel link against staff marking it picked up: released and cancelled, or picked up and still held (${TRIES} tries)`, async () => {
    const outcomes = { cancelled: 0, pickedUp: 0 };
    for (let i = 0; i < TRIES; i++) {
      const id = await paidBooking();
      const [cancel, picked] = await stagger(() => cancelByLink(id), () => staff('POST', `/api/admin/bookings/${id}/status`, { status: 'in-progress' }));
      const b = await row(id);
      const released = (await ops(id)).filter((o) => o.kind === 'release' && o.status === 'succeeded');
      const intent = await t.gateway.retrievePaymentIntent(b.stripePaymentIntentId!);
      if (cancel.status === 200) {
        outcomes.cancelled += 1;
        expect(picked.status).toBe(409);
        expect(b).toMatchObject({ bookingStatus: 'cancelled', paymentStatus: 'refunded', paymentIntentStatus: 'canceled' });
        expect(released).toHaveLength(1);
        expect(intent.status).toBe('canceled');
      } else {
        outcomes.pickedUp += 1;
        expect(cancel.status).toBe(409);
        expect(picked.status).toBe(200);
        // the hold the weighing will capture is still there, at the gateway and on the booking
        expect(b).toMatchObject({ bookingStatus: 'in-progress', paymentStatus: 'paid', paymentIntentStatus: 'requires_capture' });
        expect(released).toHaveLength(0);
        expect(intent.status).toBe('requires_capture');
      }
    }
    expect(outcomes.cancelled + outcomes.pickedUp).toBe(TRIES);
  });

  it(`two approvals of one invoice with different tips (two tabs): the amount due and one tip collected once (${TRIES} tries)`, async () => {
    for (let i = 0; i < TRIES; i++) {
      const id = await weighedWithDue();
      const answers = await stagger(() => approve(id, 100), () => approve(id, 200));
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
      await payEvery(answers);
      const b = await row(id);
      expect([100, 200]).toContain(b.tipAmount);
      expect(b.amountDueCents).toBe(0);
      expect(await collectedAtCheckouts(id)).toBe(1225 + b.tipAmount);
    }
  });

  it(`the pay link and the invoice approval at once: the amount due collected once, by whichever came first (${TRIES} tries)`, async () => {
    for (let i = 0; i < TRIES; i++) {
      const id = await weighedWithDue();
      const answers = await stagger(() => approve(id, 150), () => payDue(id));
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
      await payEvery(answers);
      const b = await row(id);
      expect(b.amountDueCents).toBe(0);
      // the tip only if the approval's checkout was the one paid
      expect([0, 150]).toContain(b.tipAmount);
      expect(await collectedAtCheckouts(id)).toBe(1225 + b.tipAmount);
    }
  });

  it(`two staff refunding one bill at once, to the card or a gift card: never more than the cards paid, and the booking says what the gateway refunded (${TRIES} tries)`, async () => {
    const outcomes = { first: 0, second: 0 };
    for (let i = 0; i < TRIES; i++) {
      const id = await paidBooking();
      expect((await staff('POST', `/api/admin/bookings/${id}/weight`, { actualWeight: 10 })).status).toBe(200); // $17.50 captured
      // decision 031: each $12.00, from its own dialog (its own key); every other try one of them credits a gift card
      const ask = (destination: 'card' | 'gift_card') => () =>
        staff('POST', `/api/admin/bookings/${id}/refunds`, { idempotencyKey: randomUUID(), amountCents: 1200, destination, reason: 'Two staff at once' });
      const [a, b] = await stagger(ask('card'), ask(i % 2 === 0 ? 'card' : 'gift_card'));
      expect([a.status, b.status].sort()).toEqual([200, 400]);
      for (const refused of [a, b].filter((r) => r.status === 400)) expect(refused.json.error.code).toBe('refund_too_much');
      if (a.status === 200) outcomes.first += 1;
      else outcomes.second += 1;
      await t.gateway.flushEvents();
      const booking = await row(id);
      // 10 lb is below the hold: its capture is the booking's one card payment
      const refundedAtGateway = (await t.gateway.retrievePaymentIntent(booking.stripePaymentIntentId!)).amountRefunded;
      expect(booking.refundedAmount).toBe(1200);
      expect(booking.refundedAmount).toBeLessThanOrEqual(booking.capturedAmount);
      expect(booking.refundedAmount).toBe(refundedAtGateway + booking.giftCardCreditedCents);
      expect((await ops(id)).filter((o) => o.kind === 'refund' && o.status === 'succeeded').reduce((sum, o) => sum + o.amountCents, 0)).toBe(refundedAtGateway);
    }
    expect(outcomes.first + outcomes.second).toBe(TRIES);
  });

  it(`the customer's cancel link against the weighing: released and cancelled, or weighed and captured (${TRIES} tries)`, async () => {
    for (let i = 0; i < TRIES; i++) {
      const id = await paidBooking();
      const [cancel, weighed] = await stagger(() => cancelByLink(id), () => staff('POST', `/api/admin/bookings/${id}/weight`, { actualWeight: 10 }));
      const b = await row(id);
      const intent = await t.gateway.retrievePaymentIntent(b.stripePaymentIntentId!);
      if (cancel.status === 200) {
        expect(weighed.status).toBe(409);
        expect(b).toMatchObject({ bookingStatus: 'cancelled', paymentIntentStatus: 'canceled', capturedAmount: 0, finalTotalAmount: null });
        expect(intent.status).toBe('canceled');
      } else {
        expect(cancel.status).toBe(409);
        expect(weighed.status).toBe(200);
        // 10 lb at $1.75: $17.50 captured from the $31.50 hold
        expect(b).toMatchObject({ bookingStatus: 'completed', capturedAmount: 1750 });
        expect(intent.amountReceived).toBe(1750);
      }
    }
  });
  it(`staff correcting the weight against the customer approving the bill with a tip: corrected and the old link refused, or approved and the correction refused; paid equals the bill (${TRIES} tries)`, async () => {
    const outcomes = { corrected: 0, approved: 0 };
    for (let i = 0; i < TRIES; i++) {
      const id = await paidBooking();
      expect((await staff('POST', `/api/admin/bookings/${id}/weight`, { actualWeight: 20 })).status).toBe(200); // $35.00: $31.50 captured, $3.50 charged
      // the link the customer was emailed for the 20 lb bill, opened while staff correct it
      const sent = await linkToken(id);
      const [corrected, approved] = await stagger(
        () => staff('POST', `/api/admin/bookings/${id}/reweigh`, { requestKey: randomUUID(), actualWeight: 14.2, reason: 'Enter pressed too early' }),
        () => approve(id, 200, sent),
      );
      await t.gateway.flushEvents();
      const b = await row(id);
      const refundedAtGateway = (await ops(id)).filter((o) => o.kind === 'refund' && o.status === 'succeeded').reduce((sum, o) => sum + o.amountCents, 0);
      expect(b.refundedAmount).toBe(refundedAtGateway);
      if (corrected.status === 200) {
        outcomes.corrected += 1;
        // the approval signed for the 20 lb bill: refused, nothing charged
        expect(approved.status).toBe(404);
        expect(b).toMatchObject({ actualWeightTenths: 142, finalTotalAmount: 2485, customerApprovedAt: null, tipAmount: 0, refundedAmount: 1015, amountDueCents: 0 });
      } else {
        outcomes.approved += 1;
        expect(approved.status).toBe(200);
        expect(corrected.status).toBe(409);
        expect(corrected.json.error.code).toBe('reweigh_approved');
        expect(b).toMatchObject({ actualWeightTenths: 200, finalTotalAmount: 3500, tipAmount: 200, refundedAmount: 0 });
        expect(b.customerApprovedAt).not.toBeNull();
      }
      // what the customer paid equals what the bill says (the tip on top)
      expect(b.capturedAmount - b.refundedAmount - b.tipAmount + (b.giftCardAppliedCents ?? 0) + b.amountDueCents).toBe(b.finalTotalAmount);
    }
    expect(outcomes.corrected + outcomes.approved).toBe(TRIES);
  });
});
