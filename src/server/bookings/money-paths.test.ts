// The money paths the normal journeys never take (docs/design.md 5.4; decision 030): a hold that lapsed
// before the weighing and a card that declines, a weighed booking a gift card paid being deleted.
// Each ends with the customer's bill equal to what they paid plus what is due.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payLocalCheckout, signInOwner, testCards, type StaffCall } from '../../../tests/helpers/flows';
import { createTestApp, testDatabaseKinds, type TestContext } from '../../../tests/helpers/test-app';
import { payAmountDueToken } from '../booking-records/pay-link';
import { bookings, giftCards, outbox, paymentOperations } from '../db/schema';
import { insertGiftCard } from '../gift-cards/gift-card.factory';
import { queuePaymentDueReminders } from '../notifications/notifications.service';
import { bookingFormInput } from './booking.factory';

// Sunday 2026-11-22, 10:00 in South Carolina
const start = new Date('2026-11-22T15:00:00Z');
let clock = start;
const now = () => clock;

describe.each(testDatabaseKinds)('money paths no journey takes (%s)', (kind) => {
  let t: TestContext;
  let staff: StaffCall;
  const origin = 'http://localhost:3000';
  beforeAll(async () => {
    t = await createTestApp(kind, { PICKUP_CAPACITY_PER_WINDOW: '1000' }, { now });
    staff = await signInOwner(t, origin);
  });
  afterAll(async () => {
    await t?.close();
  });
  const notify = () => ({ publicUrl: t.config.publicUrl, secret: t.config.sessionSecret });
  const row = async (id: string) => (await t.database.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;

  async function book(card: string, extra: Record<string, unknown> = {}, pickupDate = '2026-11-23') {
    const res = await t.request('/api/bookings', { method: 'POST', json: { bookingData: bookingFormInput({ pickupDate, pickupTime: '4pm-8pm' }), ...extra } });
    expect(res.status).toBe(201);
    const b = (await res.json()) as { booking_id: string; url: string | null };
    if (b.url) await payLocalCheckout(t, b.url, card);
    return b.booking_id;
  }

  it('a hold that lapsed and a card that declines: the weighing is recorded, the bill is due with the pay link, and paying it settles the order', async () => {
    clock = start;
    const id = await book(testCards.failsLater, {}, '2026-12-02');
    // picked up and weighed 8 days later: the hold has lapsed
    clock = new Date(start.getTime() + 8 * 86_400_000);
    const weighed = await staff('POST', `/api/admin/bookings/${id}/weight`, { actualWeight: 20 });
    expect(weighed.status).toBe(200);
    expect(weighed.json.outcome).toBe('charge_failed');
    // 20 lb at $1.75: $35.00, none of it taken
    expect(await row(id)).toMatchObject({ bookingStatus: 'completed', finalTotalAmount: 3500, capturedAmount: 0, amountDueCents: 3500, weightAdjustmentProcessed: true });
    const [due] = await t.database.db.select().from(outbox).where(and(eq(outbox.bookingId, id), eq(outbox.kind, 'payment_due')));
    expect(due).toBeDefined();
    // a second press is told it is done, not charged again
    expect((await staff('POST', `/api/admin/bookings/${id}/weight`, { actualWeight: 20 })).status).toBe(409);
    const declined = await t.database.db.select().from(paymentOperations).where(and(eq(paymentOperations.bookingId, id), eq(paymentOperations.kind, 'charge_off_session')));
    expect(declined.map((o) => o.status)).toEqual(['failed']);

    // reminded on the 3rd and the 7th day after the weighing, once each, with the same link
    const reminders = async () => (await t.database.db.select().from(outbox).where(and(eq(outbox.bookingId, id), eq(outbox.kind, 'payment_due')))).length;
    expect(await queuePaymentDueReminders(t.database.db, new Date(clock.getTime() + 2 * 86_400_000), notify())).toBe(0);
    expect(await queuePaymentDueReminders(t.database.db, new Date(clock.getTime() + 3 * 86_400_000), notify())).toBe(1);
    expect(await queuePaymentDueReminders(t.database.db, new Date(clock.getTime() + 4 * 86_400_000), notify())).toBe(0);
    expect(await queuePaymentDueReminders(t.database.db, new Date(clock.getTime() + 8 * 86_400_000), notify())).toBe(1);
    expect(await reminders()).toBe(3);

    // the customer pays from their link with another card: nothing is due any more
    const opened = await t.request(`/api/bookings/${id}/amount-due/checkout`, { method: 'POST', json: { token: payAmountDueToken(t.config.sessionSecret, id) }, headers: { 'x-forwarded-for': '198.51.100.7' } });
    expect(opened.status).toBe(200);
    await payLocalCheckout(t, ((await opened.json()) as { url: string }).url, testCards.ok);
    expect(await row(id)).toMatchObject({ amountDueCents: 0, capturedAmount: 3500 });
    // paid: no more reminders
    await t.database.db.delete(outbox).where(and(eq(outbox.bookingId, id), eq(outbox.kind, 'payment_due')));
    expect(await queuePaymentDueReminders(t.database.db, new Date(clock.getTime() + 8 * 86_400_000), notify())).toBe(0);
    clock = start;
  });

  it('deleting a weighed booking that a gift card paid is refused: the laundry was done and the card paid for it', async () => {
    clock = start;
    const card = await insertGiftCard(t.database.db, { amount: 10_000 });
    const id = await book(testCards.ok, { giftCardCode: card.code });
    expect((await staff('POST', `/api/admin/bookings/${id}/weight`, { actualWeight: 10 })).status).toBe(200);
    // 10 lb at $1.75 = $17.50 paid by the gift card, the rest of its $31.50 hold back on it
    expect((await t.database.db.select().from(giftCards).where(eq(giftCards.id, card.id)))[0]!.balance).toBe(10_000 - 1750);
    const deleted = await staff('DELETE', `/api/admin/bookings/${id}`);
    expect(deleted.status).toBe(409);
    expect(await row(id)).toMatchObject({ giftCardAppliedCents: 1750, finalTotalAmount: 1750 });
    expect((await t.database.db.select().from(giftCards).where(eq(giftCards.id, card.id)))[0]!.balance).toBe(10_000 - 1750);
  });
});
