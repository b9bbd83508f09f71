// Decision 042: a checkout nobody pays keeps no one out. Unpaid checkouts only hold their places:
// a customer can book while every place left is only held, the first to pay takes the place, and
// a window never has more paid pick-ups than places. A held checkout paid once the window is full
// of paid pick-ups is released at once (nothing charged) and its payer told.
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payLocalCheckout, testCards } from '../../../tests/helpers/flows';
import { createTestApp, testDatabaseKinds, type TestContext } from '../../../tests/helpers/test-app';
import { bookings, outbox } from '../db/schema';
import { bookingFormInput } from './booking.factory';

const now = () => new Date('2026-11-22T15:00:00Z'); // Sunday 10:00 in South Carolina
const MONDAY = '2026-11-23';
const WINDOW = '12pm-4pm';
const places = 8;

describe.each(testDatabaseKinds)('places only held by unpaid checkouts (%s)', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(kind, { PICKUP_CAPACITY_PER_WINDOW: String(places), PUBLIC_URL: 'http://shop.test' }, { now });
  });
  afterAll(async () => {
    await t?.close();
  });

  let client = 0;
  async function book() {
    client += 1;
    const res = await t.request('/api/bookings', {
      method: 'POST',
      json: { bookingData: bookingFormInput({ pickupDate: MONDAY, pickupTime: WINDOW, email: `client${client}@example.com`, phone: `(803) 555-${String(5000 + client)}` }) },
      headers: { 'x-forwarded-for': `198.51.100.${client % 250}` },
    });
    return { status: res.status, body: (await res.json()) as { booking_id: string; url: string; error?: { code: string } } };
  }
  const full = async () => ((await (await t.request(`/api/availability?from=${MONDAY}&to=${MONDAY}`)).json()) as { full: string[] }).full;
  const statusOf = async (ids: string[]) => {
    const rows = await t.database.db.select({ id: bookings.id, status: bookings.bookingStatus }).from(bookings).where(inArray(bookings.id, ids));
    return ids.map((id) => rows.find((r) => r.id === id)!.status);
  };
  const paidInWindow = async () =>
    (await t.database.db.select({ id: bookings.id }).from(bookings).where(and(eq(bookings.pickupDate, MONDAY), eq(bookings.pickupTime, WINDOW), eq(bookings.bookingStatus, 'confirmed')))).length;
  const sessionOf = (url: string) => new URL(url).pathname.split('/').pop()!;

  it('50 unpaid checkouts at once against one window: a real customer still books and pays, and paid pick-ups never pass its places', async () => {
    const held = await Promise.all(Array.from({ length: 50 }, () => book()));
    expect(held.map((h) => h.status)).toEqual(held.map(() => 201));
    // every place is only held: the calendar still offers the window
    expect(await full()).not.toContain(`${MONDAY}|${WINDOW}`);

    // a real customer books and pays
    const first = await book();
    expect(first.status).toBe(201);
    await payLocalCheckout(t, first.body.url);
    expect(await statusOf([first.body.booking_id])).toEqual(['confirmed']);

    // nine more book, and pay at the same moment for the seven places left: seven get them
    const nine = await Promise.all(Array.from({ length: 9 }, () => book()));
    expect(nine.map((n) => n.status)).toEqual(nine.map(() => 201));
    const paying = await Promise.all(
      nine.map((n) =>
        t.app.request(`/dev/checkout/${sessionOf(n.body.url)}/pay`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ number: testCards.ok, expiry: '12/30', cvc: '123', zip: '29070' }).toString(),
        }),
      ),
    );
    expect(paying.map((p) => p.status)).toEqual(paying.map(() => 303));
    await t.gateway.flushEvents();
    const outcomes = await statusOf(nine.map((n) => n.body.booking_id));
    expect(outcomes.filter((s) => s === 'confirmed')).toHaveLength(places - 1);
    expect(outcomes.filter((s) => s === 'cancelled')).toHaveLength(2);
    expect(await paidInWindow()).toBe(places);

    // the two who paid too late: their card's hold released, nothing charged, and told so
    const late = nine.filter((_, i) => outcomes[i] === 'cancelled');
    for (const l of late) {
      const session = await t.gateway.retrieveCheckout(sessionOf(l.body.url));
      expect((await t.gateway.retrievePaymentIntent(session.paymentIntentId!)).status).toBe('canceled');
      const told = await t.database.db.select().from(outbox).where(and(eq(outbox.bookingId, l.body.booking_id), eq(outbox.kind, 'booking_cancelled')));
      expect(JSON.stringify(told[0]!.payload)).toContain('nothing is charged');
      // and the page they come back to says why, not that the payment was left unfinished
      const page = (await (await t.request(`/api/bookings/session/${sessionOf(l.body.url)}`)).json()) as { booking_status: string; cancel_reason: string | null };
      expect(page).toMatchObject({ booking_status: 'cancelled', cancel_reason: 'window_full' });
    }

    // full of paid pick-ups: the calendar says so, the next booking is refused, and a held
    // checkout paid now is released like the late two
    expect(await full()).toContain(`${MONDAY}|${WINDOW}`);
    const refused = await book();
    expect(refused.status).toBe(409);
    expect(refused.body.error!.code).toBe('pickup_window_full');
    await payLocalCheckout(t, held[0]!.body.url);
    expect(await statusOf([held[0]!.body.booking_id])).toEqual(['cancelled']);
    expect(await paidInWindow()).toBe(places);
  });
});
