// docs/design.md 9, promo codes are data: each rule of promo_codes, FIRST12 for first-time customers
// however they write their email or phone, TEST1 and FREE only in development, a maximum never
// overrun by bookings at the same time, and one open free booking per customer. A quote never
// tells whether an email or phone has booked: the rules about the customer wait for the booking
// (decision 037).
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDatabaseKinds, type TestContext } from '../../../tests/helpers/test-app';
import type { BookingFormInput } from '../../shared/schemas/booking-api';
import { bookingFormInput, bookingValues, insertBooking } from '../bookings/booking.factory';
import type { BookingCheckout } from '../payments/checkout';
import { bookings, giftCards, promoCodes } from '../db/schema';
import { insertGiftCard } from '../gift-cards/gift-card.factory';
import { promoMessages } from './promo-codes.service';

// Sunday 2026-11-22, 10:00 in South Carolina
const now = () => new Date('2026-11-22T15:00:00Z');
const MONDAY = '2026-11-23';
const checkout: BookingCheckout = { start: async (r) => ({ url: `https://checkout.test/${r.bookingId}` }) };

type Answer = {
  status: number;
  json: { error?: { code: string; message: string; fields?: Record<string, string> }; bagRateCents?: number; promoCode?: string | null; booking_id?: string; next?: string; quote?: Record<string, unknown> };
};

describe.each(testDatabaseKinds)('promo codes (%s)', (kind) => {
  let t: TestContext;
  let production: TestContext;
  beforeAll(async () => {
    t = await createTestApp(kind, { PICKUP_CAPACITY_PER_WINDOW: '1000' }, { checkout, now });
    // a database as production has it: migrated, no development seed
    production = await createTestApp(kind, { PICKUP_CAPACITY_PER_WINDOW: '1000' }, { checkout, now, demoPromoCodes: false });
  });
  afterAll(async () => {
    await t?.close();
    await production?.close();
  });

  const form = (overrides: Partial<BookingFormInput> = {}) => bookingFormInput({ pickupDate: MONDAY, ...overrides });
  async function post(app: TestContext, path: string, body: Record<string, unknown>): Promise<Answer> {
    const res = await app.request(path, { method: 'POST', json: body });
    return { status: res.status, json: (await res.json()) as Answer['json'] };
  }
  const book = (body: Record<string, unknown>, app = t) => post(app, '/api/bookings', body);
  const quote = (body: Record<string, unknown>, app = t) => post(app, '/api/bookings/quote', body);

  it('a database without the development seed knows FIRST12 only: TEST1 and FREE are unknown codes', async () => {
    const codes = (await production.database.db.select({ code: promoCodes.code }).from(promoCodes)).map((r) => r.code);
    expect(codes).toEqual(['FIRST12']);
    for (const code of ['TEST1', 'FREE', 'free']) {
      for (const answer of [await quote({ bookingData: form(), promoCode: code }, production), await book({ bookingData: form(), promoCode: code }, production)]) {
        expect(answer.status, code).toBe(400);
        expect(answer.json.error).toMatchObject({ code: 'promo_invalid', fields: { promoCode: promoMessages.invalid } });
      }
    }
    expect((await quote({ bookingData: form(), promoCode: 'first12' }, production)).json).toMatchObject({ bagRateCents: 2400, promoCode: 'FIRST12' });
  });

  it.each<[string, Partial<typeof promoCodes.$inferInsert>, number, string | null]>([
    ['active, no bounds', {}, 200, null],
    ['inactive', { active: false }, 400, promoMessages.invalid],
    ['not valid yet (from tomorrow)', { validFrom: '2026-11-23' }, 400, promoMessages.invalid],
    ['valid from today', { validFrom: '2026-11-22' }, 200, null],
    ['valid until today', { validUntil: '2026-11-22' }, 200, null],
    ['expired yesterday', { validUntil: '2026-11-21' }, 422, promoMessages.expired],
    ['used up (maximum 0)', { maxUses: 0 }, 422, promoMessages.usedUp],
    // a rule about the customer: the quote answers the price, the booking refuses (decision 037)
    ['none left for this customer (0 each)', { maxUsesPerCustomer: 0 }, 200, null],
  ])('a code that is %s', async (_name, rule, status, message) => {
    const code = `RULE${Math.floor(Math.random() * 1e9)}`.slice(0, 20);
    await t.database.db.insert(promoCodes).values({ code, bagRateCents: 1500, ...rule });
    const answer = await quote({ bookingData: form(), promoCode: code.toLowerCase() });
    expect(answer.status).toBe(status);
    if (message) expect(answer.json.error!.fields!.promoCode).toBe(message);
    else expect(answer.json).toMatchObject({ bagRateCents: 1500, promoCode: code });
  });

  it('FIRST12 is for first-time customers: a new alias, dots at Gmail or another phone format is not a new customer', async () => {
    await insertBooking(t.database.db, { email: 'Jane.Doe@gmail.com', phone: '(803) 555-4400', bookingStatus: 'delivered', confirmedAt: new Date() });
    const refusal = `FIRST12 is for first-time customers only.`;
    for (const [email, phone] of [
      ['janedoe@gmail.com', '(803) 555-9999'],
      ['jane.doe+laundry@googlemail.com', '(803) 555-9998'],
      ['JANE.DOE@GMAIL.COM', '(803) 555-9997'],
      ['someone.new@example.com', '+1 803 555 4400'],
      ['someone.new@example.com', '1-803-555-4400'],
      ['someone.new@example.com', '001 803 555 4400'],
    ]) {
      const answer = await book({ bookingData: form({ email, phone }), promoCode: 'FIRST12' });
      expect(answer.status, `${email} ${phone}`).toBe(422);
      expect(answer.json.error!.fields!.promoCode).toBe(refusal);
    }
    expect((await book({ bookingData: form({ email: 'first.timer@example.com', phone: '(803) 555-4401' }), promoCode: 'FIRST12' })).status).toBe(201);
  });

  it('60 FIRST12 quotes for emails and phones that have booked answer as a newcomer’s does; booking with it is refused', async () => {
    const returning = Array.from({ length: 30 }, (_, i) => ({ email: `regular${i}@example.com`, phone: `(803) 556-${1000 + i}` }));
    await t.database.db.insert(bookings).values(returning.map((c) => bookingValues({ ...c, bookingStatus: 'delivered', pickupDate: '2026-11-09', confirmedAt: new Date('2026-11-05T12:00:00Z') })));
    const newcomer = await quote({ bookingData: form({ email: 'brand.new@example.com', phone: '(803) 557-0000' }), promoCode: 'FIRST12' });
    expect(newcomer).toMatchObject({ status: 200, json: { bagRateCents: 2400, promoCode: 'FIRST12' } });
    for (const [i, c] of returning.entries()) {
      for (const bookingData of [form({ email: c.email, phone: `(803) 557-${1000 + i}` }), form({ email: `someone${i}@example.net`, phone: c.phone })])
        expect(await quote({ bookingData, promoCode: 'FIRST12' }), `${bookingData.email} ${bookingData.phone}`).toEqual(newcomer);
    }
    // the booking is where the rule is told, with its own message
    const refused = await book({ bookingData: form({ email: returning[0]!.email }), promoCode: 'FIRST12' });
    expect(refused.status).toBe(422);
    expect(refused.json.error!.fields!.promoCode).toBe(promoMessages.firstTimeOnly('FIRST12'));
    const none = `NONE${Math.floor(Math.random() * 1e9)}`.slice(0, 20);
    await t.database.db.insert(promoCodes).values({ code: none, bagRateCents: 1500, maxUsesPerCustomer: 0 });
    expect((await book({ bookingData: form(), promoCode: none })).json.error!.fields!.promoCode).toBe(promoMessages.usedByCustomer);
  });

  it('FIRST12 once per customer: a second booking while the first is still pending is refused', async () => {
    const customer = { email: 'twice@example.com', phone: '(803) 555-4410' };
    expect((await book({ bookingData: form(customer), promoCode: 'FIRST12' })).status).toBe(201);
    const second = await book({ bookingData: form({ ...customer, email: 'twice+again@example.com' }), promoCode: 'FIRST12' });
    expect(second.status).toBe(422);
    expect(second.json.error!.fields!.promoCode).toBe(promoMessages.usedByCustomer);
  });

  it('a code with one use left, asked for by two customers at once: exactly one gets it', async () => {
    await t.database.db.insert(promoCodes).values({ code: 'LASTONE', bagRateCents: 1000, maxUses: 1 });
    const answers = await Promise.all(
      Array.from({ length: 4 }, (_, i) => book({ bookingData: form({ email: `race${i}@example.com`, phone: `(803) 555-45${10 + i}` }), promoCode: 'LASTONE' })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 422, 422, 422]);
    const [used] = await t.database.db.select({ n: count() }).from(bookings).where(eq(bookings.promoCode, 'LASTONE'));
    expect(used!.n).toBe(1);
  });

  it('one open free booking per email or phone, also when two are asked for at once; the next once it is picked up', async () => {
    const customer = { email: 'free.rider@example.com', phone: '(803) 555-4600' };
    const first = await book({ bookingData: form(customer), promoCode: 'FREE' });
    expect(first.status).toBe(201);
    const refused = 'You already have a free pick-up booked. You can book another free one once that one has been picked up.';
    for (const other of [{ ...customer, email: 'other@example.com' }, { ...customer, phone: '(803) 555-4699' }, { ...customer, email: 'free.rider+2@example.com', phone: '803.555.4600' }]) {
      const again = await book({ bookingData: form(other), promoCode: 'FREE' });
      expect(again.status).toBe(409);
      expect(again.json.error!.message).toBe(refused);
    }
    // a paid booking is not limited by it
    expect((await book({ bookingData: form(customer), promoCode: 'TEST1' })).status).toBe(201);

    const pair = { email: 'pair@example.com', phone: '(803) 555-4700' };
    const both = await Promise.all([book({ bookingData: form(pair), promoCode: 'FREE' }), book({ bookingData: form({ ...pair, email: 'pair+b@example.com' }), promoCode: 'FREE' })]);
    expect(both.map((a) => a.status).sort()).toEqual([201, 409]);

    const [open] = await t.database.db.select().from(bookings).where(eq(bookings.emailKey, 'free.rider@example.com'));
    await t.database.db.update(bookings).set({ bookingStatus: 'in-progress' }).where(eq(bookings.id, open!.id));
    expect((await book({ bookingData: form(customer), promoCode: 'FREE' })).status).toBe(201);
  });

  it('a gift card that covers a whole pick-up is paid for, not free: the same card pays a second one; FREE twice is still refused', async () => {
    // decision 013: the rule counts the pick-ups a promo code made free, not those a gift card paid
    const customer = { email: 'gift.twice@example.com', phone: '(803) 555-4800' };
    const card = await insertGiftCard(t.database.db, { amount: 10000 });
    const paidByCard = { next: 'confirmed', quote: { subtotalCents: 3150, giftCardDiscountCents: 3150, totalCents: 0 } };
    const first = await book({ bookingData: form(customer), giftCardCode: card.code });
    expect(first.status).toBe(201);
    expect(first.json).toMatchObject(paidByCard);
    const second = await book({ bookingData: form(customer), giftCardCode: card.code });
    expect(second.status, JSON.stringify(second.json.error)).toBe(201);
    expect(second.json).toMatchObject(paidByCard);
    const [after] = await t.database.db.select().from(giftCards).where(eq(giftCards.id, card.id));
    expect(after!.balance).toBe(10000 - 2 * 3150);
    for (const id of [first.json.booking_id!, second.json.booking_id!]) {
      const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, id));
      expect(row).toMatchObject({ bookingStatus: 'confirmed', paymentStatus: 'paid', totalAmount: 0, giftCardDiscountCents: 3150, giftCardId: card.id });
    }

    // beside them, one pick-up free by FREE, and not a second
    expect((await book({ bookingData: form(customer), promoCode: 'FREE' })).status).toBe(201);
    const again = await book({ bookingData: form({ ...customer, email: 'gift.twice+free@example.com' }), promoCode: 'FREE' });
    expect(again.status).toBe(409);
    expect(again.json.error).toMatchObject({ code: 'free_booking_open' });
    // while that FREE one is open, the gift card still pays a third
    const third = await book({ bookingData: form(customer), giftCardCode: card.code });
    expect(third.status, JSON.stringify(third.json.error)).toBe(201);
    expect(third.json).toMatchObject(paidByCard);
  });
});
