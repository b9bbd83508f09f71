// The customer's cancellation link (beyond the spec; docs/design.md 7): what its page is told before
// and after a cancellation, and that it tells no more than the booking's owner needs.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDatabaseKinds, type TestContext } from '../../../tests/helpers/test-app';
import { NO_EXTRAS } from '../../shared/pricing';
import type { BookingFormInput } from '../../shared/schemas/booking-api';
import { cancelToken } from '../booking-records/cancel-link';
import { giftCards } from '../db/schema';
import { insertGiftCard } from '../gift-cards/gift-card.factory';

// Sunday 2026-11-22, 10:00 in South Carolina: Monday's 4PM window is more than 2 hours away
const now = () => new Date('2026-11-22T15:00:00Z');

let seq = 0;
function form(overrides: Partial<BookingFormInput> = {}): BookingFormInput {
  seq += 1;
  return {
    name: 'Rosa Diaz',
    email: `rosa${seq}@example.com`,
    phone: `(803) 555-${String(4000 + seq).slice(-4)}`,
    address: '118 Sunset Blvd',
    city: 'Lexington',
    zipCode: '29072',
    pickupDate: '2026-11-23',
    pickupTime: '4pm-8pm',
    pickupLocation: 'porch',
    bagQuantity: 1,
    ...NO_EXTRAS,
    termsAccepted: true,
    ...overrides,
  };
}

describe.each(testDatabaseKinds)('the cancellation link (%s)', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(kind, { PICKUP_CAPACITY_PER_WINDOW: '1000' }, { now });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function book(overrides: Partial<BookingFormInput> = {}, extra: Record<string, unknown> = {}) {
    const res = await t.request('/api/bookings', { method: 'POST', json: { bookingData: form(overrides), ...extra } });
    expect(res.status).toBe(201);
    const b = (await res.json()) as { booking_id: string; url: string | null };
    return { ...b, token: cancelToken(t.config.sessionSecret, b.booking_id) };
  }
  const view = async (id: string, token: string) => (await t.request(`/api/bookings/${id}/cancellation?token=${token}`)).json() as Promise<Record<string, unknown>>;
  const cancel = (id: string, token: string) => t.request(`/api/bookings/${id}/cancel`, { method: 'POST', json: { token } });

  it('says what a cancellation releases (the card hold, the gift-card amount), then what it released', async () => {
    const card = await insertGiftCard(t.database.db, { amount: 1000 });
    const b = await book({}, { giftCardCode: card.code });
    await t.gateway.pay(b.url!.split('/').pop()!, { number: '4242424242424242', expiry: '12/30', cvc: '123', zip: '29072' });
    await t.gateway.flushEvents();

    // one bag is $31.50, $10 of it from the gift card: $21.50 held on the card
    const before = await view(b.booking_id, b.token);
    expect(before).toMatchObject({ cancellable: true, cancelled: false, message: null, release: { card_cents: 2150, gift_card_cents: 1000 } });

    const res = await cancel(b.booking_id, b.token);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      cancelled: true,
      message: 'The $21.50 authorization on your card has been released. Nothing was charged. $10.00 is back on your gift card.',
      card_released_cents: 2150,
      gift_card_returned_cents: 1000,
      email_sent: true,
    });
    expect((await t.database.db.select().from(giftCards).where(eq(giftCards.id, card.id)))[0]!.balance).toBe(1000);

    // the link opened again: cancelled, with what went back
    expect(await view(b.booking_id, b.token)).toMatchObject({ cancellable: false, cancelled: true, release: { card_cents: 2150, gift_card_cents: 1000 } });
  });

  it('a free booking holds nothing: nothing to release, nothing charged', async () => {
    const b = await book({}, { promoCode: 'FREE' });
    expect(await view(b.booking_id, b.token)).toMatchObject({ cancellable: true, release: { card_cents: 0, gift_card_cents: 0 } });
    expect(await (await cancel(b.booking_id, b.token)).json()).toEqual({
      cancelled: true,
      message: 'Nothing was charged.',
      card_released_cents: 0,
      gift_card_returned_cents: 0,
      email_sent: true,
    });
  });

  it('an unpaid booking (checkout not finished) has no card hold to release', async () => {
    const b = await book();
    expect(await view(b.booking_id, b.token)).toMatchObject({ release: { card_cents: 0, gift_card_cents: 0 } });
  });

  it('the link shows its owner the booking, never the email address, phone number or gift-card code', async () => {
    const card = await insertGiftCard(t.database.db, { amount: 500 });
    const input = form();
    const res = await t.request('/api/bookings', { method: 'POST', json: { bookingData: input, giftCardCode: card.code } });
    const { booking_id: id } = (await res.json()) as { booking_id: string };
    const token = cancelToken(t.config.sessionSecret, id);
    const answers = [JSON.stringify(await view(id, token)), JSON.stringify(await (await cancel(id, token)).json())];
    for (const text of answers) {
      expect(text).not.toContain(input.email);
      expect(text).not.toContain(input.phone.slice(-4));
      expect(text).not.toContain(card.code);
    }
  });
});
