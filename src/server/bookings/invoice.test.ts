// spec: customer-site 2 (final invoice page), 4 (invoice approval), 5 (custom tip), 8; docs/design.md
// 5.5: the weighed bill behind the customer's signed link, the tip and the approval, charged once
// on the gateway's word. The link is the customer's alone: anything else opens nothing.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { payLocalCheckout, signInOwner, testCards, type StaffCall } from '../../../tests/helpers/flows';
import { createTestApp, testDatabaseKinds, type TestContext } from '../../../tests/helpers/test-app';
import { tipMessages } from '../../shared/pricing-tips';
import type { BookingFormInput } from '../../shared/schemas/booking-api';
import type { Invoice } from '../../shared/schemas/invoice';
import { invoiceToken } from '../booking-records/invoice-link';
import { bookings, outbox, paymentOperations } from '../db/schema';
import { insertGiftCard } from '../gift-cards/gift-card.factory';
import { bookingFormInput } from './booking.factory';

const ORIGIN = 'http://shop.test';
// Sunday 2026-11-22, 10:00 in South Carolina
const now = () => new Date('2026-11-22T15:00:00Z');
const notFound = 'Invoice not found or invalid link.';

/** The booking form as the customer sends it: the shared factory, with what these tests book. */
const form = (overrides: Partial<BookingFormInput> = {}): BookingFormInput => bookingFormInput({ pickupLocation: 'porch', oxiClean: true, ...overrides });

describe.each(testDatabaseKinds)('the final invoice and tips (%s)', (kind) => {
  let t: TestContext;
  let staff: StaffCall;

  beforeAll(async () => {
    t = await createTestApp(kind, { PICKUP_CAPACITY_PER_WINDOW: '1000', PUBLIC_URL: ORIGIN }, { now });
    staff = await signInOwner(t, ORIGIN);
  });
  afterAll(async () => {
    await t?.close();
  });

  const row = async (id: string) => (await t.database.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
  // each test from its own address: the routes are rate-limited per address (docs/design.md 9)
  let ip = 0;
  beforeEach(() => {
    ip += 1;
  });
  const headers = () => ({ 'x-forwarded-for': `203.0.113.${ip}` });
  const invoice = (id: string, query: string) => t.request(`/api/bookings/${id}/invoice${query ? `?${query}` : ''}`, { headers: headers() });
  const approve = (id: string, body: unknown) => t.request(`/api/bookings/${id}/invoice/approve`, { method: 'POST', json: body, headers: headers() });

  /** Pays a local checkout with the card that asks the customer to authenticate, and approves there. */
  async function payAuthenticating(url: string) {
    const sessionId = new URL(url).pathname.split('/').pop()!;
    const form = (body: string) => ({ method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });
    const paid = await t.app.request(`/dev/checkout/${sessionId}/pay`, form(new URLSearchParams({ number: testCards.needsAuthentication, expiry: '12/30', cvc: '123', zip: '29070' }).toString()));
    expect(paid.status).toBe(303);
    const approved = await t.app.request(`/dev/checkout/${sessionId}/authenticate`, form('result=approve'));
    expect(approved.status).toBe(303);
    await t.gateway.flushEvents();
    return { sessionId, redirect: approved.headers.get('location') ?? '' };
  }
  const offSessionCharges = async (id: string) =>
    t.database.db.select().from(paymentOperations).where(and(eq(paymentOperations.bookingId, id), eq(paymentOperations.kind, 'charge_off_session')));

  /** Booked (1 bag + oxi-clean) and paid with this card; optionally weighed at 14.2 lb and the receipt sent. */
  async function booked(card = testCards.ok, giftCardCode?: string) {
    const res = await t.request('/api/bookings', { method: 'POST', json: { bookingData: form(), ...(giftCardCode ? { giftCardCode } : {}) } });
    expect(res.status).toBe(201);
    const { booking_id, url } = (await res.json()) as { booking_id: string; url: string };
    if (card === testCards.needsAuthentication) await payAuthenticating(url);
    else await payLocalCheckout(t, url, card);
    return booking_id;
  }
  async function weighed(card = testCards.ok, giftCardCode?: string) {
    const bookingId = await booked(card, giftCardCode);
    const weigh = await staff('POST', `/api/admin/bookings/${bookingId}/weight`, { actualWeight: 14.2 });
    expect(weigh.status).toBe(200);
    expect((await staff('POST', `/api/admin/bookings/${bookingId}/receipt`)).status).toBe(200);
    const [mail] = await t.database.db.select().from(outbox).where(and(eq(outbox.bookingId, bookingId), eq(outbox.kind, 'final_receipt')));
    const link = new URL(/https?:\/\/\S+\/invoice\?[^\s\]]+/.exec((mail!.payload as { text: string }).text)![0]);
    expect(link.origin).toBe(ORIGIN);
    expect(link.searchParams.get('booking_id')).toBe(bookingId);
    return { bookingId, token: link.searchParams.get('token')! };
  }

  it('the receipt email links to the bill: weight x rate, oxi-clean per 15 lb, what was authorised, captured and released, and the tip presets', async () => {
    const { bookingId, token } = await weighed();
    const res = await invoice(bookingId, `token=${token}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Invoice;
    expect(body.bill.lines.map((l) => [l.label, l.cents])).toEqual([
      ['Laundry (14.2 lb × $1.75/lb)', 2485],
      ['Oxi-clean', 100],
      ['Final total', 2585],
    ]);
    expect(body.payment).toEqual({ authorizedCents: 3250, billChargedCents: 2585, tipCents: 0, chargedCents: 2585, releasedCents: 665, extraChargedCents: 0, amountDueCents: 0, refundedCents: 0, creditedCents: 0 });
    expect(body.tipPresets).toEqual([
      { percent: 15, cents: 388 },
      { percent: 18, cents: 465 },
      { percent: 20, cents: 517 },
      { percent: 25, cents: 646 },
    ]);
    expect(body.approved).toBeNull();
  });

  it('approving with 18 % charges the tip once off-session, records it as the tip and the approval; later visits show it approved', async () => {
    const { bookingId, token } = await weighed();
    const revenueBefore = (await staff('GET', '/api/admin/stats')).json.totalRevenueCents as number;
    const res = await approve(bookingId, { token, tipCents: 465 });
    expect(res.status).toBe(200);
    // decision 015: the tip is the pro's, never revenue
    expect((await staff('GET', '/api/admin/stats')).json.totalRevenueCents).toBe(revenueBefore);
    const body = (await res.json()) as { url: string | null; invoice: Invoice };
    expect(body.url).toBeNull();
    expect(body.invoice.approved).toMatchObject({ tipCents: 465, totalPaidCents: 3050 });
    const stored = await row(bookingId);
    expect(stored).toMatchObject({ capturedAmount: 3050, tipAmount: 465, amountDueCents: 0 });
    expect(stored.customerApprovedAt).not.toBeNull();
    expect((await offSessionCharges(bookingId)).map((o) => [o.idempotencyKey, o.status, o.amountCents])).toEqual([[`booking:${bookingId}:approve`, 'succeeded', 465]]);
    // approving again, with another tip, changes nothing
    const again = await approve(bookingId, { token, tipCents: 646 });
    expect(((await again.json()) as { invoice: Invoice }).invoice.approved).toMatchObject({ tipCents: 465, totalPaidCents: 3050 });
    expect(await offSessionCharges(bookingId)).toHaveLength(1);
    expect(((await (await invoice(bookingId, `token=${token}`)).json()) as Invoice).approved).toMatchObject({ tipCents: 465, totalPaidCents: 3050 });
    // the link is the customer's alone: no staff view shows it
    const outboxView = await staff('GET', '/api/admin/outbox');
    expect(outboxView.status).toBe(200);
    expect(JSON.stringify(outboxView.json)).not.toContain(token);
    expect(JSON.stringify((await staff('GET', `/api/admin/bookings/${bookingId}`)).json)).not.toContain(token);
    expect(JSON.stringify((await staff('GET', `/api/admin/bookings/${bookingId}/receipt`)).json)).not.toContain(token);
  });

  it('the total paid counts every payer: $10.00 by gift card, the rest and the tip by card', async () => {
    const card = await insertGiftCard(t.database.db, { amount: 1000 });
    const { bookingId, token } = await weighed(testCards.ok, card.code);
    const res = await approve(bookingId, { token, tipCents: 465 });
    expect(res.status).toBe(200);
    // 14.2 lb + oxi-clean is $25.85: $10.00 by gift card, $15.85 and the $4.65 tip by card
    expect(((await res.json()) as { invoice: Invoice }).invoice.approved).toMatchObject({ tipCents: 465, totalPaidCents: 3050, giftCardCents: 1000 });
    const stored = await row(bookingId);
    expect(stored.giftCardAppliedCents! + stored.capturedAmount - stored.refundedAmount).toBe(3050);
  });

  it('two approvals at once, even with different tips, charge once', async () => {
    const { bookingId, token } = await weighed();
    const [a, b] = await Promise.all([approve(bookingId, { token, tipCents: 465 }), approve(bookingId, { token, tipCents: 517 })]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const ops = await offSessionCharges(bookingId);
    expect(ops).toHaveLength(1);
    const stored = await row(bookingId);
    expect(stored.tipAmount).toBe(ops[0]!.amountCents);
    expect(stored.capturedAmount).toBe(2585 + stored.tipAmount);
  });

  it('no tip approves without a charge, once', async () => {
    const { bookingId, token } = await weighed();
    const [a, b] = await Promise.all([approve(bookingId, { token, tipCents: 0 }), approve(bookingId, { token, tipCents: 0 })]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(((await a.json()) as { invoice: Invoice }).invoice.approved).toMatchObject({ tipCents: 0, totalPaidCents: 2585 });
    expect(await offSessionCharges(bookingId)).toHaveLength(0);
    expect((await row(bookingId)).capturedAmount).toBe(2585);
  });

  it('a bad tip is refused with its sentence and charges nothing', async () => {
    const { bookingId, token } = await weighed();
    for (const [tipCents, message] of [
      [-100, tipMessages.negative],
      [12.5, tipMessages.invalid],
      ['5', tipMessages.invalid],
      [null, tipMessages.invalid],
      [50_001, tipMessages.tooLarge],
      [30, tipMessages.belowMinimum],
    ] as const) {
      const res = await approve(bookingId, { token, tipCents });
      expect(res.status, String(tipCents)).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe(message);
    }
    expect(await offSessionCharges(bookingId)).toHaveLength(0);
    expect((await row(bookingId)).customerApprovedAt).toBeNull();
  });

  it('a forged, another booking’s, an expired or a missing token, a bad id or an unknown booking: not found, nothing charged', async () => {
    const one = await weighed();
    const other = await weighed();
    const secret = t.config.sessionSecret;
    const expired = invoiceToken(secret, one.bookingId, '142-2585', new Date(now().getTime() - 61 * 86_400_000));
    const [exp, version, sig] = one.token.split('.');
    const forgedLater = `${Number(exp) + 86_400 * 365}.${version}.${sig}`;
    const otherVersion = `${exp}.142-1.${sig}`;
    for (const [id, query] of [
      [one.bookingId, `token=${other.token}`],
      [one.bookingId, 'token=made-up'],
      [one.bookingId, `token=${expired}`],
      [one.bookingId, `token=${forgedLater}`],
      [one.bookingId, `token=${otherVersion}`],
      [one.bookingId, ''],
      [one.bookingId, `token=${one.token}&extra=1`],
      ['not-a-uuid', `token=${one.token}`],
      ['00000000-0000-4000-8000-000000000000', `token=${one.token}`],
    ] as const) {
      const res = await invoice(id, query);
      expect(res.status, `${id}?${query}`).toBe(404);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe(notFound);
    }
    for (const body of [{ token: other.token, tipCents: 465 }, { token: expired, tipCents: 465 }, { tipCents: 465 }, null, 'x', { token: forgedLater, tipCents: 465 }]) {
      const res = await approve(one.bookingId, body);
      expect(res.status, JSON.stringify(body)).toBe(404);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe(notFound);
    }
    expect(await offSessionCharges(one.bookingId)).toHaveLength(0);
    expect((await row(one.bookingId)).customerApprovedAt).toBeNull();
  });

  it('a bill not yet weighed is not ready', async () => {
    const bookingId = await booked();
    const token = invoiceToken(t.config.sessionSecret, bookingId, '142-2585', now());
    const res = await invoice(bookingId, `token=${token}`);
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe('Your bill is not ready yet: we send the link once your laundry is weighed.');
    expect((await approve(bookingId, { token, tipCents: 465 })).status).toBe(409);
    expect(await offSessionCharges(bookingId)).toHaveLength(0);
  });

  it('a card that needs the customer: a checkout of exactly the tip; paid there, the invoice is approved once', async () => {
    const { bookingId, token } = await weighed(testCards.needsAuthentication);
    const res = await approve(bookingId, { token, tipCents: 465 });
    expect(res.status).toBe(200);
    const { url, invoice: shown } = (await res.json()) as { url: string; invoice: Invoice };
    expect(url).toBeTruthy();
    expect(shown.approved).toBeNull();
    expect((await row(bookingId)).customerApprovedAt).toBeNull();
    // a second click answers the same checkout
    expect(((await (await approve(bookingId, { token, tipCents: 465 })).json()) as { url: string }).url).toBe(url);
    const session = await t.gateway.retrieveCheckout(new URL(url).pathname.split('/').pop()!);
    expect(session.amountTotal).toBe(465);
    const { sessionId, redirect } = await payAuthenticating(url);
    expect(redirect).toContain(`/invoice?booking_id=${bookingId}`);
    const back = await invoice(bookingId, `token=${token}&session_id=${sessionId}`);
    expect(((await back.json()) as Invoice).approved).toMatchObject({ tipCents: 465, totalPaidCents: 3050 });
    expect(await row(bookingId)).toMatchObject({ capturedAmount: 3050, tipAmount: 465 });
    const ledger = await t.database.db.select().from(paymentOperations).where(and(eq(paymentOperations.bookingId, bookingId), eq(paymentOperations.kind, 'checkout_payment')));
    expect(ledger.map((o) => o.amountCents)).toEqual([465]);
  });

  it('an amount due after weighing: the payment-due email links here, and approving pays it with the tip at a checkout', async () => {
    const res = await t.request('/api/bookings', { method: 'POST', json: { bookingData: form() } });
    const { booking_id: bookingId, url: bookingUrl } = (await res.json()) as { booking_id: string; url: string };
    await payLocalCheckout(t, bookingUrl, testCards.failsLater);
    expect((await staff('POST', `/api/admin/bookings/${bookingId}/weight`, { actualWeight: 30 })).json.outcome).toBe('charge_failed');
    const [mail] = await t.database.db.select().from(outbox).where(and(eq(outbox.bookingId, bookingId), eq(outbox.kind, 'payment_due')));
    const link = new URL(/https?:\/\/\S+\/invoice\?[^\s\]]+/.exec((mail!.payload as { text: string }).text)![0]);
    const token = link.searchParams.get('token')!;
    const before = await row(bookingId);
    expect(before.amountDueCents).toBeGreaterThan(0);
    const shown = (await (await invoice(bookingId, `token=${token}`)).json()) as Invoice;
    expect(shown.payment.amountDueCents).toBe(before.amountDueCents);
    const approved = (await (await approve(bookingId, { token, tipCents: 100 })).json()) as { url: string };
    expect((await t.gateway.retrieveCheckout(new URL(approved.url).pathname.split('/').pop()!)).amountTotal).toBe(before.amountDueCents + 100);
    await payLocalCheckout(t, approved.url, testCards.ok);
    const after = await row(bookingId);
    expect(after).toMatchObject({ amountDueCents: 0, tipAmount: 100, capturedAmount: before.capturedAmount + before.amountDueCents + 100 });
    expect(after.customerApprovedAt).not.toBeNull();
  });

  it('is rate-limited per address', async () => {
    let last = 0;
    for (let i = 0; i < 31; i += 1) last = (await invoice('00000000-0000-4000-8000-000000000000', 'token=x')).status;
    expect(last).toBe(429);
  });
});
