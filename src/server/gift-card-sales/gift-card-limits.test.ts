// What a stranger can do to gift cards (docs/design.md 6, 9): guess codes (a thousand of them, at the
// check and at the booking's gift-card field), flood the purchase, send it bad input. Every refusal
// is a 4xx with a sentence, and none of it issues a card, opens a checkout or learns a code.
import { randomInt } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDatabaseKinds, type TestContext } from '../../../tests/helpers/test-app';
import { bookingFormInput } from '../bookings/booking.factory';
import { bookings, checkouts, giftCards } from '../db/schema';
import { insertGiftCard } from '../gift-cards/gift-card.factory';
import { giftCardAlphabet } from '../gift-cards/gift-cards.service';

const now = () => new Date('2026-11-22T15:00:00Z');
const MONDAY = '2026-11-23';
const tooMany = 'Too many requests, please try again in a few minutes.';
// the production defaults (config.ts), written out: the point of this file
const limits = { BOOKINGS_PER_IP_PER_HOUR: '10', BOOKINGS_PER_CUSTOMER_PER_HOUR: '5', GIFT_CARD_VALIDATE_PER_MINUTE: '10', PICKUP_CAPACITY_PER_WINDOW: '1000' };

const form = (overrides: Record<string, unknown> = {}) => ({
  amount: 60,
  purchaser_email: 'buyer@example.com',
  recipient_name: 'Sam Lee',
  recipient_email: 'sam@example.com',
  message: '',
  terms_accepted: true,
  ...overrides,
});

const randomCode = () => Array.from({ length: 12 }, () => giftCardAlphabet[randomInt(giftCardAlphabet.length)]).join('');

describe.each(testDatabaseKinds)('gift cards against a stranger (%s)', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(kind, limits, { now });
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (path: string, json: unknown, ip: string) => t.request(path, { method: 'POST', json, headers: { 'x-forwarded-for': ip } });
  const tally = async () => ({
    cards: (await t.database.db.select({ n: count() }).from(giftCards))[0]!.n,
    checkouts: (await t.database.db.select({ n: count() }).from(checkouts).where(eq(checkouts.purpose, 'gift_card_purchase')))[0]!.n,
    sessions: (await t.gateway.list('checkout_session')).length,
    bookings: (await t.database.db.select({ n: count() }).from(bookings))[0]!.n,
  });

  it('1,000 random codes at the check and at the booking: rate-limited after 10 a minute, and none valid', async () => {
    await insertGiftCard(t.database.db, { amount: 5000 }); // a real card among the guesses
    const before = await tally();
    const ip = '198.51.100.200';
    const statuses = new Map<number, number>();
    let valid = 0;
    for (let i = 0; i < 1000; i++) {
      const code = randomCode();
      const res =
        i % 2 === 0
          ? await post('/api/gift-cards/validate', { giftCardCode: code }, ip)
          : await post('/api/bookings', { bookingData: bookingFormInput({ pickupDate: MONDAY, email: `guess${i}@example.com`, phone: `(803) 555-${String(1000 + (i % 9000)).slice(-4)}` }), giftCardCode: code }, ip);
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      const body = (await res.json()) as { valid?: boolean; error?: { message: string } };
      if (body.valid === true || res.status === 201) valid += 1;
      // the booking counts under its own limits too: whichever refuses first says so
      if (res.status === 429) expect(['Too many gift card attempts. Please wait a minute and try again.', tooMany]).toContain(body.error?.message);
    }
    expect(valid).toBe(0);
    // the first 10 of the minute are answered (an unknown code: 200 with valid false, or 400 at the booking)
    expect(statuses.get(429)).toBe(990);
    expect((statuses.get(200) ?? 0) + (statuses.get(400) ?? 0)).toBe(10);
    expect(await tally()).toEqual(before);
  });

  it('every bad input of the purchase form: a 400 naming the field with its message; no card, no checkout', async () => {
    const before = await tally();
    const cases: [overrides: Record<string, unknown>, field: string, message: string][] = [
      [{ amount: 0 }, 'amount', 'The amount must be at least $1'],
      [{ amount: -5 }, 'amount', 'The amount must be at least $1'],
      [{ amount: 12.5 }, 'amount', 'Enter a whole number of dollars'],
      [{ amount: 501 }, 'amount', 'The amount can be at most $500'],
      [{ amount: 1e12 }, 'amount', 'The amount can be at most $500'],
      [{ amount: '60' }, 'amount', 'Enter an amount in whole dollars'],
      [{ amount: undefined }, 'amount', 'Enter an amount in whole dollars'],
      [{ purchaser_email: 'not-an-email' }, 'purchaser_email', 'Enter a valid email address'],
      [{ purchaser_email: '' }, 'purchaser_email', 'Email is required'],
      [{ purchaser_email: undefined }, 'purchaser_email', 'Email is required'],
      [{ recipient_email: 'sam@' }, 'recipient_email', 'Enter a valid email address'],
      [{ recipient_email: `${'x'.repeat(250)}@example.com` }, 'recipient_email', 'Email is too long'],
      [{ recipient_name: '   ' }, 'recipient_name', 'Recipient name is required'],
      [{ recipient_name: undefined }, 'recipient_name', 'Recipient name is required'],
      [{ recipient_name: 'x'.repeat(101) }, 'recipient_name', 'Recipient name is too long (100 characters at most)'],
      [{ message: 'x'.repeat(501) }, 'message', 'Message is too long (500 characters at most)'],
      [{ message: 42 }, 'message', 'Message must be text'],
      [{ terms_accepted: false }, 'terms_accepted', 'Please agree to the terms and conditions'],
      [{ terms_accepted: undefined }, 'terms_accepted', 'Please agree to the terms and conditions'],
      [{ code: 'FREE60' }, 'code', 'Unknown field "code"'],
    ];
    for (const [overrides, field, message] of cases) {
      const res = await post('/api/gift-cards/purchase', form(overrides), '203.0.113.50');
      const body = (await res.json()) as { error: { code: string; fields: Record<string, string> } };
      expect(res.status, JSON.stringify(overrides)).toBe(400);
      expect(body.error.fields[field], JSON.stringify(overrides)).toBe(message);
    }
    for (const raw of ['', '{', '[]', 'null']) {
      const res = await t.request('/api/gift-cards/purchase', { method: 'POST', headers: { 'content-type': 'application/json' }, body: raw });
      expect(res.status).toBe(400);
    }
    const plain = await t.request('/api/gift-cards/purchase', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: JSON.stringify(form()) });
    expect(plain.status).toBe(415);
    expect(await tally()).toEqual(before);
  });

  it('purchases are limited per purchaser email (5 an hour, however written) and per IP (10 an hour), before any checkout', async () => {
    const before = await tally();
    const byEmail: number[] = [];
    for (let i = 0; i < 7; i++) byEmail.push((await post('/api/gift-cards/purchase', form({ purchaser_email: i % 2 ? 'Pat.Buyer+gift@Gmail.com' : 'patbuyer@gmail.com' }), `192.0.2.${i + 1}`)).status);
    expect(byEmail).toEqual([201, 201, 201, 201, 201, 429, 429]);
    const byIp = await Promise.all(Array.from({ length: 14 }, (_, i) => post('/api/gift-cards/purchase', form({ purchaser_email: `flood${i}@example.com` }), '192.0.2.99')));
    expect(byIp.filter((r) => r.status === 201)).toHaveLength(10);
    const refused = byIp.filter((r) => r.status === 429);
    expect(refused).toHaveLength(4);
    expect(await refused[0]!.json()).toEqual({ error: { code: 'rate_limited', message: tooMany } });
    expect(Number(refused[0]!.headers.get('retry-after'))).toBeGreaterThan(0);
    const after = await tally();
    expect(after.checkouts - before.checkouts).toBe(15);
    expect(after.sessions - before.sessions).toBe(15);
    expect(after.cards).toBe(before.cards);
  });

  it("the success page's look-up is limited per IP too (60 a minute)", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 62; i++) statuses.push((await t.request(`/api/gift-cards/purchase/cs_guess_${i}`, { headers: { 'x-forwarded-for': '192.0.2.150' } })).status);
    expect(statuses.slice(0, 60).every((s) => s === 404)).toBe(true);
    expect(statuses.slice(60)).toEqual([429, 429]);
  });
});
