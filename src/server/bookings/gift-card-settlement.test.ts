// docs/design.md 9, gift card first, from the customer's side through the real flows: book with a gift
// card (and the card for the rest), pay at the local checkout, weigh in the back office. The gift
// card pays first, up to the final total; the card pays the rest; what the gift card did not need
// goes back to its balance; the card's hold is let go for the part not needed. After every case,
// what the customer paid (gift card used + card captured and charged + amount still due) is the
// final bill, to the cent.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInOwner, type StaffCall } from '../../../tests/helpers/flows';
import { createTestApp, testDatabaseKinds, type TestContext } from '../../../tests/helpers/test-app';
import type { BookingFormInput } from '../../shared/schemas/booking-api';
import { bookings, giftCardLedger, giftCards } from '../db/schema';
import { insertGiftCard } from '../gift-cards/gift-card.factory';
import { bookingFormInput } from './booking.factory';

const ORIGIN = 'http://shop.test';
// Sunday 2026-11-22, 10:00 in South Carolina
const now = () => new Date('2026-11-22T15:00:00Z');
const okCard = '4242 4242 4242 4242';
/** One bag's estimate (spec: customer-site 9, $31.50 for 1 bag). */
const ESTIMATE = 3150;

/** The booking form as the customer sends it: the shared factory, with what these tests book. */
const form = (overrides: Partial<BookingFormInput> = {}): BookingFormInput => bookingFormInput({ pickupTime: '12pm-4pm', pickupLocation: 'porch', ...overrides });

describe.each(testDatabaseKinds)('the gift card pays first, up to the final bill (%s)', (kind) => {
  let t: TestContext;
  let staff: StaffCall;

  beforeAll(async () => {
    t = await createTestApp(kind, { PICKUP_CAPACITY_PER_WINDOW: '1000', PUBLIC_URL: ORIGIN }, { now });
    staff = await signInOwner(t, ORIGIN);
  });
  afterAll(async () => {
    await t?.close();
  });


  /** Books 1 bag (ESTIMATE) with the gift card; pays the rest at the checkout when there is a rest. */
  async function book(giftCardCode: string) {
    const res = await t.request('/api/bookings', { method: 'POST', json: { bookingData: form(), giftCardCode } });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { booking_id: string; url: string | null; next: string };
    if (body.next === 'checkout') {
      const sessionId = new URL(body.url!).pathname.split('/').pop()!;
      const paid = await t.app.request(`/dev/checkout/${sessionId}/pay`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ number: okCard, expiry: '12/30', cvc: '123', zip: '29070' }).toString(),
      });
      expect(paid.status).toBe(303);
      await t.gateway.flushEvents();
    }
    return body.booking_id;
  }

  async function state(bookingId: string, giftCardId: string) {
    const [b] = await t.database.db.select().from(bookings).where(eq(bookings.id, bookingId));
    const [card] = await t.database.db.select().from(giftCards).where(eq(giftCards.id, giftCardId));
    const intent = b!.stripePaymentIntentId ? await t.gateway.retrievePaymentIntent(b!.stripePaymentIntentId) : null;
    const ledger = await t.database.db.select().from(giftCardLedger).where(eq(giftCardLedger.bookingId, bookingId));
    return { booking: b!, balance: card!.balance, amount: card!.amount, intent, ledger };
  }

  it.each([
    // case, gift card, weight (lb), final bill, gift card used, card pays (captured + charged), still due, the card's hold
    ['final below the gift card: the unused part goes back, the hold is released', 2000, 10, 1750, 1750, 0, 0, 'canceled'],
    ['final equal to the gift card: nothing back, the hold is released', 2100, 12, 2100, 2100, 0, 0, 'canceled'],
    ['final above the gift card, within the hold: the card pays the rest', 1000, 8, 1400, 1000, 400, 0, 'succeeded'],
    ['final above the gift card and the hold: captured, then charged off-session', 1000, 20, 3500, 1000, 2500, 0, 'succeeded'],
    ['gift card covered the estimate (free), weighed below: the unused part goes back', ESTIMATE, 10, 1750, 1750, 0, 0, null],
    ['gift card covered the estimate (free), weighed above: the rest is due', ESTIMATE, 20, 3500, ESTIMATE, 0, 350, null],
  ] as const)('%s', async (_case, giftCents, pounds, finalCents, usedCents, cardCents, dueCents, holdStatus) => {
    const gift = await insertGiftCard(t.database.db, { amount: giftCents });
    const bookingId = await book(gift.code);
    const before = await state(bookingId, gift.id);
    expect(before.balance).toBe(giftCents - Math.min(giftCents, ESTIMATE));

    const weighed = await staff('POST', `/api/admin/bookings/${bookingId}/weight`, { actualWeight: pounds });
    expect(weighed.status).toBe(200);
    const after = await state(bookingId, gift.id);
    expect(after.booking).toMatchObject({ finalTotalAmount: finalCents, giftCardAppliedCents: usedCents, amountDueCents: dueCents });
    // the card keeps what the bill did not need
    expect(after.balance).toBe(giftCents - usedCents);
    expect(after.booking.capturedAmount).toBe(cardCents);
    if (holdStatus) expect(after.intent?.status).toBe(holdStatus);
    else expect(after.intent).toBeNull();
    // the customer never loses a cent
    expect(usedCents + after.booking.capturedAmount + after.booking.amountDueCents).toBe(finalCents);
    // the ledger says the same: held, spent, and given back
    const sum = (k: string) => after.ledger.filter((e) => e.kind === k).reduce((s, e) => s + e.amountCents, 0);
    expect(sum('hold') - sum('release')).toBe(usedCents);
  });

  it('cancelled before the weighing: the whole gift-card amount and the hold go back', async () => {
    const gift = await insertGiftCard(t.database.db, { amount: 1000 });
    const bookingId = await book(gift.code);
    expect((await state(bookingId, gift.id)).balance).toBe(0);
    const cancelled = await staff('POST', `/api/admin/bookings/${bookingId}/status`, { status: 'cancelled' });
    expect(cancelled.status).toBe(200);
    const after = await state(bookingId, gift.id);
    expect(after.balance).toBe(1000);
    expect(after.booking.capturedAmount).toBe(0);
    expect(after.intent?.status).toBe('canceled');
  });

  it('cancelling after the weighing is refused (docs/design.md 9): what the bill used stays used, what it did not stays on the card', async () => {
    const gift = await insertGiftCard(t.database.db, { amount: 2000 });
    const bookingId = await book(gift.code);
    expect((await staff('POST', `/api/admin/bookings/${bookingId}/weight`, { actualWeight: 10 })).status).toBe(200);
    expect((await state(bookingId, gift.id)).balance).toBe(250);
    const cancel = await staff('POST', `/api/admin/bookings/${bookingId}/status`, { status: 'cancelled' });
    expect(cancel.status).toBe(409);
    expect(cancel.json.error.message).toBe('It is weighed and charged: it can no longer be cancelled.');
    expect((await state(bookingId, gift.id)).booking.bookingStatus).toBe('completed');
    const after = await state(bookingId, gift.id);
    // nothing is given back twice
    expect(after.balance).toBe(250);
    expect(after.ledger.filter((e) => e.kind === 'release')).toHaveLength(1);
  });

  it('a gift card that would leave the card less than $0.50 takes that much less (docs/design.md 5.8): the booking goes through', async () => {
    const gift = await insertGiftCard(t.database.db, { amount: ESTIMATE - 30 });
    const res = await t.request('/api/bookings', { method: 'POST', json: { bookingData: form(), giftCardCode: gift.code } });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { booking_id: string; url: string };
    const session = await t.gateway.retrieveCheckout(new URL(body.url).pathname.split('/').pop()!);
    expect(session.amountTotal).toBe(50);
    const after = await state(body.booking_id, gift.id);
    expect(after.booking).toMatchObject({ giftCardDiscountCents: ESTIMATE - 50, totalAmount: 50 });
    expect(after.balance).toBe(20);
  });

  it('the same weight submitted twice at once gives the unused part back once', async () => {
    const gift = await insertGiftCard(t.database.db, { amount: 2000 });
    const bookingId = await book(gift.code);
    const [a, b] = await Promise.all([
      staff('POST', `/api/admin/bookings/${bookingId}/weight`, { actualWeight: 10 }),
      staff('POST', `/api/admin/bookings/${bookingId}/weight`, { actualWeight: 10 }),
    ]);
    expect([a.status, b.status].filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
    for (const r of [a, b]) expect([200, 409]).toContain(r.status);
    const after = await state(bookingId, gift.id);
    expect(after.balance).toBe(250);
    expect(after.ledger.filter((e) => e.kind === 'release')).toEqual([expect.objectContaining({ amountCents: 250 })]);
    expect(after.booking.giftCardAppliedCents).toBe(1750);
  });
});
