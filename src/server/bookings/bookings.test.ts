import { count, eq, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDatabaseKinds, type TestContext } from '../../../tests/helpers/test-app';
import type { BookingFormInput } from '../../shared/schemas/booking-api';
import { bookings, giftCardLedger, giftCards, smsConsents } from '../db/schema';
import { insertGiftCard } from '../gift-cards/gift-card.factory';
import { bookingFormInput, insertBooking } from './booking.factory';
import { checkoutUnavailable, type BookingCheckout, type CheckoutRequest } from '../payments/checkout';
import { defaultSettings } from '../../shared/settings';
import { smsConsentText } from '../../shared/sms';
import { readSettings, saveSettingsSection } from '../settings/settings.service';

// Sunday 2026-11-22, 10:00 in South Carolina
const now = () => new Date('2026-11-22T15:00:00Z');
const MONDAY = '2026-11-23';
const WEDNESDAY = '2026-11-25';

function form(overrides: Partial<BookingFormInput> = {}): BookingFormInput {
  return bookingFormInput({ pickupDate: MONDAY, ...overrides });
}

function fakeCheckout() {
  const started: CheckoutRequest[] = [];
  const checkout: BookingCheckout = {
    async start(request) {
      started.push(request);
      return { url: `https://checkout.test/${request.bookingId}` };
    },
  };
  return { checkout, started };
}

type Json = Record<string, unknown> & {
  error?: { code: string; message: string; fields?: Record<string, string> };
  booking_id?: string;
  quote?: { totalCents: number; subtotalCents: number; giftCardDiscountCents: number; bagRateCents: number; addOnsCents: number };
};

describe.each(testDatabaseKinds)('bookings API (%s)', (kind) => {
  let t: TestContext;
  const fake = fakeCheckout();
  beforeAll(async () => {
    t = await createTestApp(kind, { PICKUP_CAPACITY_PER_WINDOW: '1000', GIFT_CARD_VALIDATE_PER_MINUTE: '1000' }, { checkout: fake.checkout, now });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function book(body: Record<string, unknown>) {
    const res = await t.request('/api/bookings', { method: 'POST', json: body });
    return { status: res.status, json: (await res.json()) as Json };
  }
  async function bookingCount() {
    const [row] = await t.database.db.select({ n: count() }).from(bookings);
    return row!.n;
  }
  async function row(id: string) {
    const [r] = await t.database.db.select().from(bookings).where(eq(bookings.id, id));
    return r!;
  }

  it('confirms a FREE booking at once, add-ons included, and answers its id', async () => {
    const { status, json } = await book({ bookingData: form({ rushDelivery: true, blanketsKingCount: 2, bagQuantity: 3 }), promoCode: 'free' });
    expect(status).toBe(201);
    expect(json).toMatchObject({ next: 'confirmed', url: null, quote: { totalCents: 0, isFree: true, promoCode: 'FREE' } });
    const stored = await row(json.booking_id!);
    expect(stored).toMatchObject({ bookingStatus: 'confirmed', paymentStatus: 'paid', totalAmount: 0, promoCode: 'FREE', bagQuantity: 3 });
    expect(stored.confirmedAt).not.toBeNull();
    expect(json.confirmation).toBe(`WD-${json.booking_id!.replace(/-/g, '').slice(0, 6).toUpperCase()}`);
  });

  it('prices a paid booking on the server and hands it to the checkout, pending', async () => {
    const { status, json } = await book({
      bookingData: form({ bagQuantity: 2, oxiClean: true, stainTreatment: true, rushDelivery: true, sportsUniformsCount: 1, mattressPadsQueenCount: 1 }),
      // the spec's client sends these; the server ignores them
      firstTimeCustomer: true,
      giftCardAmount: 999999,
    });
    expect(status).toBe(201);
    // 2 bags x 3150 + oxi 2x100 + stain 2x200 + rush 1000 + uniform 1000 + mattress pad 1200
    const expected = 6300 + 200 + 400 + 1000 + 1000 + 1200;
    expect(json.quote).toMatchObject({ subtotalCents: expected, totalCents: expected, giftCardDiscountCents: 0 });
    expect(json).toMatchObject({ next: 'checkout', url: `https://checkout.test/${json.booking_id}` });
    expect(fake.started.at(-1)).toMatchObject({ bookingId: json.booking_id, totalCents: expected });
    expect(await row(json.booking_id!)).toMatchObject({ bookingStatus: 'pending', paymentStatus: 'pending', totalAmount: expected });
  });

  it('rejects a client-sent total as an unknown field and writes nothing', async () => {
    const before = await bookingCount();
    const { status, json } = await book({ bookingData: form(), total: 1, totalAmount: 1 });
    expect(status).toBe(400);
    expect(json.error!.fields).toMatchObject({ total: expect.any(String), totalAmount: expect.any(String) });
    expect(await bookingCount()).toBe(before);
  });

  it('rejects an unknown promo code with the spec message', async () => {
    const before = await bookingCount();
    const { status, json } = await book({ bookingData: form(), promoCode: 'HALFOFF' });
    expect(status).toBe(400);
    expect(json.error!.fields!.promoCode).toBe('Please check your promo code and try again.');
    expect(await bookingCount()).toBe(before);
  });

  it('prices FREE with add-ons at zero, and FIRST12 at $24 a bag plus add-ons', async () => {
    const free = await book({ bookingData: form({ hangDriedDelicates: true, blanketsQueenCount: 3 }), promoCode: 'FREE' });
    expect(free.json.quote).toMatchObject({ totalCents: 0, addOnsCents: 0 });
    const first = await book({ bookingData: form({ bagQuantity: 2, hangDriedDelicates: true }), promoCode: 'first12' });
    expect(first.status).toBe(201);
    expect(first.json.quote).toMatchObject({ bagRateCents: 2400, subtotalCents: 2 * 2400 + 200 });
  });

  it('refuses FIRST12 to a returning customer, by email or by phone', async () => {
    await insertBooking(t.database.db, { email: 'Returning@Example.com', phone: '803-555-7777', confirmedAt: new Date(), bookingStatus: 'delivered' });
    const before = await bookingCount();
    const byEmail = await book({ bookingData: form({ email: 'returning@example.com' }), promoCode: 'FIRST12' });
    expect(byEmail.status).toBe(422);
    expect(byEmail.json.error!.message).toBe('FIRST12 is for first-time customers only.');
    const byPhone = await book({ bookingData: form({ phone: '(803) 555-7777' }), promoCode: 'FIRST12' });
    expect(byPhone.status).toBe(422);
    expect(await bookingCount()).toBe(before);
    // an unconfirmed (abandoned) earlier booking does not count
    await insertBooking(t.database.db, { email: 'abandoned@example.com', confirmedAt: null });
    expect((await book({ bookingData: form({ email: 'abandoned@example.com' }), promoCode: 'FIRST12' })).status).toBe(201);
  });

  it('spends a gift card worth more than the subtotal: free, with the rest left on the card', async () => {
    const card = await insertGiftCard(t.database.db, { amount: 10000 });
    const { status, json } = await book({ bookingData: form(), giftCardCode: card.code.toLowerCase() });
    expect(status).toBe(201);
    expect(json).toMatchObject({ next: 'confirmed', quote: { subtotalCents: 3150, giftCardDiscountCents: 3150, totalCents: 0 } });
    const [after] = await t.database.db.select().from(giftCards).where(eq(giftCards.id, card.id));
    expect(after!.balance).toBe(10000 - 3150);
    const ledger = await t.database.db.select().from(giftCardLedger).where(eq(giftCardLedger.bookingId, json.booking_id!));
    expect(ledger.map((e) => [e.kind, e.amountCents]).sort()).toEqual([
      ['capture', 3150],
      ['hold', 3150],
    ]);
  });

  it('spends a gift card worth less than the subtotal: the rest goes to the card checkout', async () => {
    const card = await insertGiftCard(t.database.db, { amount: 3000 });
    const { json } = await book({ bookingData: form({ bagQuantity: 2 }), giftCardCode: card.code, giftCardAmount: 6300 });
    expect(json).toMatchObject({ next: 'checkout', quote: { subtotalCents: 6300, giftCardDiscountCents: 3000, totalCents: 3300 } });
    const [after] = await t.database.db.select().from(giftCards).where(eq(giftCards.id, card.id));
    expect(after!.balance).toBe(0);
    expect(await row(json.booking_id!)).toMatchObject({ giftCardDiscountCents: 3000, totalAmount: 3300, giftCardId: card.id });
  });

  it('refuses an unknown or empty gift card with a message and writes nothing', async () => {
    const before = await bookingCount();
    const unknown = await book({ bookingData: form(), giftCardCode: 'NOPE2345' });
    expect(unknown.status).toBe(400);
    expect(unknown.json.error!.fields!.giftCardCode).toBe('This gift card code is not valid or has no balance left. Please check the code and try again.');
    const empty = await insertGiftCard(t.database.db, { amount: 3000, balance: 0 });
    const spent = await book({ bookingData: form(), giftCardCode: empty.code });
    expect(spent.status).toBe(400);
    // docs/design.md 9: a spent card and an unknown code answer alike: a guess learns nothing
    expect(spent.json).toEqual(unknown.json);
    expect(await bookingCount()).toBe(before);
  });

  it('50 concurrent bookings redeeming one $30 card never take more than $30 in all', async () => {
    const card = await insertGiftCard(t.database.db, { amount: 3000 });
    const results = await Promise.all(
      Array.from({ length: 50 }, () => book({ bookingData: form({ pickupDate: WEDNESDAY, pickupTime: '4pm-8pm' }), giftCardCode: card.code })),
    );
    expect(results.every((r) => r.status === 201 || r.status === 400)).toBe(true);
    const discounts = results.filter((r) => r.status === 201).reduce((s, r) => s + r.json.quote!.giftCardDiscountCents, 0);
    expect(discounts).toBe(3000);
    const [held] = await t.database.db
      .select({ total: sum(giftCardLedger.amountCents) })
      .from(giftCardLedger)
      .where(eq(giftCardLedger.giftCardId, card.id));
    expect(Number(held!.total)).toBe(3000);
    const [after] = await t.database.db.select().from(giftCards).where(eq(giftCards.id, card.id));
    expect(after!.balance).toBe(0);
  });

  it('records SMS consent with the consent text, time and IP address', async () => {
    const { json } = await book({ bookingData: form({ smsConsent: true }), promoCode: 'FREE' });
    const [consent] = await t.database.db.select().from(smsConsents).where(eq(smsConsents.bookingId, json.booking_id!));
    expect(consent!.consentText).toBe(smsConsentText(defaultSettings.business.name));
    expect(consent!.consentText).toMatch(/Reply STOP/);
    expect(consent!.createdAt).toBeInstanceOf(Date);
    expect(consent).toHaveProperty('ip');

    // the words the wizard shows name the business as Settings do, and so does the record (decision 055)
    const db = t.database.db;
    const owner = { id: 'owner-1', email: 'owner@washday.example', ip: '203.0.113.9', role: 'master_admin' };
    const renamed = await saveSettingsSection(db, owner, 'business', { ...defaultSettings.business, name: 'Suds & Sons Laundry' }, (await readSettings(db)).version);
    try {
      const plain = await book({ bookingData: form({ smsConsent: true }) });
      const [named] = await db.select().from(smsConsents).where(eq(smsConsents.bookingId, plain.json.booking_id!));
      expect(named!.consentText).toBe(smsConsentText('Suds & Sons Laundry'));
    } finally {
      await saveSettingsSection(db, owner, 'business', defaultSettings.business, renamed.version);
    }
  });

  it.each([
    ['a past date', { pickupDate: '2026-11-20' }, 'pickupDate', /still ahead/],
    ['a Tuesday', { pickupDate: '2026-11-24' }, 'pickupDate', /Monday, Wednesday & Friday only/],
    ['a Sunday', { pickupDate: '2026-11-29' }, 'pickupDate', /Monday, Wednesday & Friday only/],
    ['0 bags', { bagQuantity: 0 }, 'bagQuantity', /At least 1 bag/],
    ['1000 bags', { bagQuantity: 1000 }, 'bagQuantity', /At most 20 bags/],
    ['1.5 bags', { bagQuantity: 1.5 }, 'bagQuantity', /whole number/],
    ['a bag count as text', { bagQuantity: '2' }, 'bagQuantity', /must be a number/],
    ['a missing name', { name: '' }, 'name', /Name is required/],
    ['a huge name', { name: 'x'.repeat(10_000) }, 'name', /too long/],
    ['a bad email', { email: 'nope' }, 'email', /valid email/],
    ['a short phone', { phone: '555-1234' }, 'phone', /10-digit/],
    ['a bad ZIP', { zipCode: 'ABCDE' }, 'zipCode', /ZIP/],
    ['an unknown window', { pickupTime: '9pm-11pm' }, 'pickupTime', /pick-up time/],
    ['an unknown location', { pickupLocation: 'roof' }, 'pickupLocation', /where we pick up/],
    ['terms not accepted', { termsAccepted: false }, 'termsAccepted', /Please accept the terms and conditions to continue/],
    ['fabric softener', { fabricSoftener: true }, 'fabricSoftener', /cannot be chosen/],
    ['negative blankets', { blanketsKingCount: -1 }, 'blanketsKingCount', /below 0/],
    ['an unknown field', { discount: 100 } as Partial<BookingFormInput>, 'bookingData.discount', /Unknown field/],
  ])('rejects %s with a field message and writes nothing', async (_label, overrides, field, message) => {
    const before = await bookingCount();
    const { status, json } = await book({ bookingData: form(overrides as Partial<BookingFormInput>) });
    expect(status).toBe(400);
    const fields = json.error!.fields!;
    const key = Object.keys(fields).find((k) => k === field || k === `bookingData.${field}`);
    expect(key, JSON.stringify(fields)).toBeDefined();
    expect(fields[key!]).toMatch(message);
    expect(await bookingCount()).toBe(before);
  });

  it.each([
    ['no body fields', {}],
    ['bookingData as a string', { bookingData: 'x' }],
    ['a promo code object', { bookingData: form(), promoCode: { a: 1 } }],
    ['a 13-character gift card code', { bookingData: form(), giftCardCode: 'ABCDEFGHJKMNP' }],
  ])('rejects %s with a 4xx message', async (_label, body) => {
    const before = await bookingCount();
    const { status, json } = await book(body);
    expect(status).toBe(400);
    expect(json.error!.message).toMatch(/\w/);
    expect(await bookingCount()).toBe(before);
  });

  it('refuses a window that already started today', async () => {
    const monday10am = () => new Date('2026-11-23T15:00:00Z');
    const t2 = await createTestApp(kind, {}, { checkout: fake.checkout, now: monday10am });
    try {
      const res = await t2.request('/api/bookings', { method: 'POST', json: { bookingData: form({ pickupTime: '8am-12pm' }), promoCode: 'FREE' } });
      expect(res.status).toBe(400);
      const later = await t2.request('/api/bookings', { method: 'POST', json: { bookingData: form({ pickupTime: '12pm-4pm' }), promoCode: 'FREE' } });
      expect(later.status).toBe(201);
    } finally {
      await t2.close();
    }
  });

  it('answers the public booking by id, without email or phone', async () => {
    const { json } = await book({ bookingData: form({ bagQuantity: 2, rushDelivery: true }), promoCode: 'FREE' });
    // only with the token the booking's own answer carries (docs/design.md 9)
    expect(json.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const res = await t.request(`/api/bookings/${json.booking_id}?token=${json.token}`);
    expect(res.status).toBe(200);
    const booking = (await res.json()) as Record<string, unknown>;
    expect(booking).toMatchObject({ id: json.booking_id, pickup_date: MONDAY, bag_quantity: 2, total_amount: 0, bag_rate_cents: 0 });
    expect(booking).not.toHaveProperty('email');
    expect(booking).not.toHaveProperty('phone');
    expect((await t.request('/api/bookings/not-a-uuid')).status).toBe(404);
    expect((await t.request(`/api/bookings/00000000-0000-4000-8000-000000000000?token=${json.token}`)).status).toBe(404);
    // by its id alone, or with another booking's token or a made-up one: not found, and no personal data
    const other = await book({ bookingData: form(), promoCode: 'TEST1' });
    for (const query of ['', '?token=', `?token=${other.json.token}`, `?token=${'A'.repeat(43)}`, `?token=${json.token}x`]) {
      const refused = await t.request(`/api/bookings/${json.booking_id}${query}`);
      expect(refused.status, query).toBeGreaterThanOrEqual(400);
      expect(refused.status, query).toBeLessThan(500);
      expect(JSON.stringify(await refused.json()), query).not.toContain('Pine Ridge');
    }
  });

  it('quotes without holding or storing anything', async () => {
    const card = await insertGiftCard(t.database.db, { amount: 1000 });
    const before = await bookingCount();
    const res = await t.request('/api/bookings/quote', { method: 'POST', json: { bookingData: form({ bagQuantity: 2 }), giftCardCode: card.code, promoCode: 'TEST1' } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ bagRateCents: 100, subtotalCents: 200, giftCardDiscountCents: 200, totalCents: 0, isFree: true });
    const [after] = await t.database.db.select().from(giftCards).where(eq(giftCards.id, card.id));
    expect(after!.balance).toBe(1000);
    expect(await bookingCount()).toBe(before);
  });
});

describe.each(testDatabaseKinds)('pick-up capacity (%s)', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(kind, { PICKUP_CAPACITY_PER_WINDOW: '5' }, { checkout: fakeCheckout().checkout, now });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('20 concurrent bookings for a window with 5 places confirm exactly 5', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.request('/api/bookings', { method: 'POST', json: { bookingData: form({ pickupDate: MONDAY, pickupTime: '12pm-4pm' }), promoCode: 'FREE' } }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(15);
    const full = (await results.find((r) => r.status === 409)!.json()) as Json;
    expect(full.error!.message).toBe('That pick-up window is full. Please choose another time or day.');
    const [n] = await t.database.db.select({ n: count() }).from(bookings).where(eq(bookings.pickupTime, '12pm-4pm'));
    expect(n!.n).toBe(5);
    const availability = (await (await t.request(`/api/availability?from=${MONDAY}&to=${WEDNESDAY}`)).json()) as { full: string[]; today: string };
    expect(availability.full).toEqual([`${MONDAY}|12pm-4pm`]);
    expect(availability.today).toBe('2026-11-22');
    // 10:00 on Sunday the 22nd: the 8am window of today has started
    expect((availability as unknown as { started: string[] }).started).toEqual(['2026-11-22|8am-12pm']);
  });

  it('gives the place back when the card checkout cannot start', async () => {
    const t2 = await createTestApp(kind, { PICKUP_CAPACITY_PER_WINDOW: '1' }, { now, checkout: checkoutUnavailable });
    try {
      const card = await insertGiftCard(t2.database.db, { amount: 1000 });
      const res = await t2.request('/api/bookings', { method: 'POST', json: { bookingData: form(), giftCardCode: card.code } });
      expect(res.status).toBe(409);
      expect(((await res.json()) as Json).error!.code).toBe('checkout_unavailable');
      const [stored] = await t2.database.db.select().from(bookings);
      expect(stored).toMatchObject({ bookingStatus: 'cancelled' });
      const [after] = await t2.database.db.select().from(giftCards).where(eq(giftCards.id, card.id));
      expect(after!.balance).toBe(1000);
      const again = await t2.request('/api/bookings', { method: 'POST', json: { bookingData: form(), promoCode: 'FREE' } });
      expect(again.status).toBe(201);
    } finally {
      await t2.close();
    }
  });
});

describe('gift-card validation', () => {
  let t: TestContext;
  beforeAll(async () => {
    // the limit counts by the app's clock: a fixed one, so the five tries never straddle a minute's window
    t = await createTestApp('pglite', { GIFT_CARD_VALIDATE_PER_MINUTE: '5' }, { now: () => new Date('2026-11-23T14:00:00Z') });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers valid, code, balance, amount and message; then rate-limits per IP', async () => {
    const card = await insertGiftCard(t.database.db, { amount: 6000, balance: 2500 });
    const validate = (giftCardCode: unknown) =>
      t.request('/api/gift-cards/validate', { method: 'POST', json: { giftCardCode }, headers: { 'x-forwarded-for': '203.0.113.9' } });
    const ok = await validate(card.code.toLowerCase());
    expect(await ok.json()).toEqual({ valid: true, code: card.code, balance: 2500, amount: 6000, message: 'Gift card applied: $25.00 available.' });
    const missing = await validate('ZZZZ2222');
    expect(await missing.json()).toMatchObject({ valid: false, balance: 0 });
    const empty = await validate('');
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as Json).error!.fields!.giftCardCode).toBe('Please enter a gift card code.');
    await validate('AAAA');
    await validate('BBBB');
    const limited = await validate('CCCC');
    expect(limited.status).toBe(429);
    expect(((await limited.json()) as Json).error!.message).toMatch(/Too many gift card attempts/);
  });
});
