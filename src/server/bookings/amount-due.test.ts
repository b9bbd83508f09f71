// docs/design.md 5.4, what is still due after the weighing, from the customer's and the owner's side:
// the card refuses the off-session charge; the booking reads Payment due, staff find it (filter,
// dashboard); the customer's email links to a checkout of exactly the amount due; paying it clears
// the state once, on the gateway's word, with one ledger row. The link is the customer's alone.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payLocalCheckout, signInOwner, testCards, type StaffCall } from '../../../tests/helpers/flows';
import { createTestApp, testDatabaseKinds, type TestContext } from '../../../tests/helpers/test-app';
import { moneyState } from '../../shared/money-state';
import type { BookingFormInput } from '../../shared/schemas/booking-api';
import { payAmountDueToken } from '../booking-records/pay-link';
import { bookings, outbox, paymentOperations } from '../db/schema';
import { insertGiftCard } from '../gift-cards/gift-card.factory';
import { bookingFormInput } from './booking.factory';

const ORIGIN = 'http://shop.test';
// Sunday 2026-11-22, 10:00 in South Carolina
const now = () => new Date('2026-11-22T15:00:00Z');

/** The booking form as the customer sends it: the shared factory, with what these tests book. */
const form = (overrides: Partial<BookingFormInput> = {}): BookingFormInput => bookingFormInput({ pickupTime: '12pm-4pm', pickupLocation: 'porch', ...overrides });

describe.each(testDatabaseKinds)('paying what is still due (%s)', (kind) => {
  let t: TestContext;
  let staff: StaffCall;

  beforeAll(async () => {
    t = await createTestApp(kind, { PICKUP_CAPACITY_PER_WINDOW: '1000', PUBLIC_URL: ORIGIN, LOG_LEVEL: 'error' }, { now });
    staff = await signInOwner(t, ORIGIN);
  });
  afterAll(async () => {
    await t?.close();
  });

  const row = async (id: string) => (await t.database.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;

  /** Booked with a card that refuses later charges, weighed at 30 lb: $52.50 on a $31.50 hold. */
  async function weighedWithAmountDue() {
    const res = await t.request('/api/bookings', { method: 'POST', json: { bookingData: form() } });
    expect(res.status).toBe(201);
    const { booking_id, url } = (await res.json()) as { booking_id: string; url: string };
    await payLocalCheckout(t, url, testCards.failsLater);
    const weigh = await staff('POST', `/api/admin/bookings/${booking_id}/weight`, { actualWeight: 30 });
    expect(weigh.status).toBe(200);
    expect(weigh.json.outcome).toBe('charge_failed');
    const [mail] = await t.database.db.select().from(outbox).where(and(eq(outbox.bookingId, booking_id), eq(outbox.kind, 'payment_due')));
    // the email links to the invoice page, which pays what is due too (docs/design.md 5.5); the bare pay link still works
    const link = new URL(/https?:\/\/\S+\/invoice\?[^\s\]]+/.exec((mail!.payload as { text: string }).text)![0]);
    return { bookingId: booking_id, token: payAmountDueToken(t.config.sessionSecret, booking_id), mail: mail!, link };
  }

  const amountDue = (id: string, query: string) => t.request(`/api/bookings/${id}/amount-due?${query}`);
  const checkout = (id: string, token: string) => t.request(`/api/bookings/${id}/amount-due/checkout`, { method: 'POST', json: { token } });

  it('a refused extra charge reads Payment due; staff see it in the list, the filter and the dashboard; the customer is emailed a link', async () => {
    const before = (await staff('GET', '/api/admin/stats')).json;
    const { bookingId, mail, link } = await weighedWithAmountDue();
    const stored = await row(bookingId);
    expect(stored).toMatchObject({ bookingStatus: 'completed', finalTotalAmount: 5250, capturedAmount: 3150, amountDueCents: 2100 });
    expect(moneyState(stored).label).toBe('Payment due $21.00');
    expect(mail.recipient).toBe(stored.email);
    expect(mail.subject).toBe(`$21.00 is still due on your order ${(await staff('GET', `/api/admin/bookings/${bookingId}`)).json.booking.confirmation}`);
    expect((mail.payload as { text: string }).text).toContain('Your card declined the rest of the charge.');
    expect(link.origin).toBe(ORIGIN);
    const due = (await staff('GET', '/api/admin/bookings?payment=due&pageSize=100')).json;
    expect(due.bookings.map((b: { id: string }) => b.id)).toContain(bookingId);
    expect(due.total).toBe(due.bookings.length);
    expect(due.bookings.every((b: { amountDueCents: number }) => b.amountDueCents > 0)).toBe(true);
    const after = (await staff('GET', '/api/admin/stats')).json;
    expect(after.paymentDueBookings - before.paymentDueBookings).toBe(1);
  });

  it('what was already paid names every payer: the gift card first, then the card (page and email)', async () => {
    // a $20.00 gift card on a $31.50 estimate: the card holds $11.50; 30 lb is $52.50, and the card refuses the rest
    const card = await insertGiftCard(t.database.db, { amount: 2000 });
    const res = await t.request('/api/bookings', { method: 'POST', json: { bookingData: form(), giftCardCode: card.code } });
    expect(res.status).toBe(201);
    const { booking_id: bookingId, url } = (await res.json()) as { booking_id: string; url: string };
    await payLocalCheckout(t, url, testCards.failsLater);
    expect((await staff('POST', `/api/admin/bookings/${bookingId}/weight`, { actualWeight: 30 })).json.outcome).toBe('charge_failed');
    const stored = await row(bookingId);
    expect(stored).toMatchObject({ finalTotalAmount: 5250, giftCardAppliedCents: 2000, capturedAmount: 1150, amountDueCents: 2100 });

    const token = payAmountDueToken(t.config.sessionSecret, bookingId);
    expect(await (await amountDue(bookingId, `token=${token}`)).json()).toEqual({
      confirmation: expect.any(String),
      finalTotalCents: 5250,
      paidCents: 3150,
      giftCardCents: 2000,
      cardCents: 1150,
      amountDueCents: 2100,
    });
    const [mail] = await t.database.db.select().from(outbox).where(and(eq(outbox.bookingId, bookingId), eq(outbox.kind, 'payment_due')));
    expect((mail!.payload as { text: string }).text).toMatch(/Already paid:\s+\$31\.50 \(\$20\.00 by gift card and \$11\.50 by card\)/);
    // what the customer paid and owes is the bill, to the cent
    expect(stored.giftCardAppliedCents! + stored.capturedAmount + stored.amountDueCents).toBe(stored.finalTotalAmount);
  });

  it('the link opens a checkout of exactly the amount due; paying it clears the state once, with one ledger row', async () => {
    const { bookingId, token } = await weighedWithAmountDue();
    const shown = await amountDue(bookingId, `token=${token}`);
    expect(shown.status).toBe(200);
    expect(await shown.json()).toMatchObject({ finalTotalCents: 5250, paidCents: 3150, amountDueCents: 2100 });
    // two clicks at once, and a second tab: one checkout
    const [a, b] = await Promise.all([checkout(bookingId, token), checkout(bookingId, token)]);
    const urls = [((await a.json()) as { url: string }).url, ((await b.json()) as { url: string }).url];
    expect(urls[0]).toBe(urls[1]);
    expect(((await (await checkout(bookingId, token)).json()) as { url: string }).url).toBe(urls[0]);
    const session = await t.gateway.retrieveCheckout(new URL(urls[0]!).pathname.split('/').pop()!);
    expect(session.amountTotal).toBe(2100);

    const { sessionId, redirect } = await payLocalCheckout(t, urls[0]!, testCards.ok);
    expect(redirect).toContain(`/pay?booking_id=${bookingId}`);
    expect(redirect).toContain(`session_id=${sessionId}`);
    // the page coming back asks too, at the same time as the webhook: applied once
    const [back1, back2] = await Promise.all([amountDue(bookingId, `token=${token}&session_id=${sessionId}`), amountDue(bookingId, `token=${token}&session_id=${sessionId}`)]);
    expect(await back1.json()).toMatchObject({ amountDueCents: 0, paidCents: 5250 });
    expect(back2.status).toBe(200);
    const settled = await row(bookingId);
    expect(settled).toMatchObject({ amountDueCents: 0, capturedAmount: 5250, paymentStatus: 'paid' });
    expect(moneyState(settled).label).toBe('Captured $52.50');
    const ledger = await t.database.db.select().from(paymentOperations).where(and(eq(paymentOperations.bookingId, bookingId), eq(paymentOperations.kind, 'checkout_payment')));
    expect(ledger.map((o) => [o.status, o.amountCents])).toEqual([['succeeded', 2100]]);
    // nothing is due any more: no new checkout
    const again = await checkout(bookingId, token);
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: { message: string } }).error.message).toBe('Nothing is due on this order any more. Thank you!');
    // the customer never loses a cent: what they were charged is the bill
    expect(settled.capturedAmount - settled.refundedAmount + settled.amountDueCents).toBe(settled.finalTotalAmount);
  });

  it('an expired checkout is replaced by a new one for the same amount, never two open at once', async () => {
    const { bookingId, token } = await weighedWithAmountDue();
    const first = ((await (await checkout(bookingId, token)).json()) as { url: string }).url;
    await t.gateway.expireCheckout(new URL(first).pathname.split('/').pop()!);
    const second = ((await (await checkout(bookingId, token)).json()) as { url: string }).url;
    expect(second).not.toBe(first);
    expect((await t.gateway.retrieveCheckout(new URL(second).pathname.split('/').pop()!)).amountTotal).toBe(2100);
  });

  it('the link is its recipient’s secret: another booking’s token, a made-up one or none opens nothing; staff never see it', async () => {
    const one = await weighedWithAmountDue();
    const other = await weighedWithAmountDue();
    for (const [id, query, status] of [
      [one.bookingId, `token=${other.token}`, 403],
      [one.bookingId, 'token=made-up', 403],
      [one.bookingId, '', 400],
      ['not-a-uuid', `token=${one.token}`, 403],
    ] as const) {
      const res = await amountDue(id, query);
      expect(res.status, `${id}?${query}`).toBe(status);
      expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/payment link/);
    }
    expect((await checkout(one.bookingId, other.token)).status).toBe(403);
    // the outbox as staff see it shows no token
    const listed = JSON.stringify((await staff('GET', '/api/admin/outbox?pageSize=100')).json);
    expect(listed).not.toContain(one.token);
    expect(JSON.stringify((await staff('GET', `/api/admin/bookings/${one.bookingId}`)).json)).not.toContain(one.token);
  });
});
