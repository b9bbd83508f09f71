// docs/design.md 9: every anonymous write is limited per IP and per email/phone, with one clear 429;
// a refused request writes nothing but its count. Gift-card codes share one limit per IP wherever
// they are typed (the check, the quote, the booking); the quote has its own (decision 037).
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDatabaseKinds, type TestContext } from '../../tests/helpers/test-app';
import { createApp } from './app';
import { errorMessage } from './error-catalogue';
import { testConfig } from './config';
import { createLogger } from './logger';
import { bookingFormInput, bookingValues, insertBookings } from './bookings/booking.factory';
import { bookings, contactMessages, outbox, pickupSlots } from './db/schema';
import { insertGiftCard } from './gift-cards/gift-card.factory';

// Sunday 2026-11-22, 10:00 in South Carolina
const now = () => new Date('2026-11-22T15:00:00Z');
const MONDAY = '2026-11-23';
const message = 'Too many requests, please try again in a few minutes.';
// the production defaults, written out: the point of this file
const limits = {
  BOOKINGS_PER_IP_PER_HOUR: '10',
  BOOKINGS_PER_CUSTOMER_PER_HOUR: '5',
  CONTACT_MESSAGES_PER_IP_PER_HOUR: '5',
  CONTACT_MESSAGES_PER_EMAIL_PER_HOUR: '3',
  GIFT_CARD_VALIDATE_PER_MINUTE: '10',
  ORDER_LINKS_PER_IP_PER_HOUR: '10',
  PICKUP_CAPACITY_PER_WINDOW: '1000',
};

describe.each(testDatabaseKinds)('anonymous writes are rate-limited (%s)', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(kind, limits, { now });
  });
  afterAll(async () => {
    await t?.close();
  });

  const from = (ip: string) => ({ 'x-forwarded-for': ip });
  const post = (path: string, json: unknown, ip: string) => t.request(path, { method: 'POST', json, headers: from(ip) });
  const tally = async () => {
    const [b] = await t.database.db.select({ n: count() }).from(bookings);
    const [m] = await t.database.db.select({ n: count() }).from(contactMessages);
    const [o] = await t.database.db.select({ n: count() }).from(outbox);
    const slots = await t.database.db.select().from(pickupSlots).where(eq(pickupSlots.pickupDate, MONDAY));
    return { bookings: b!.n, messages: m!.n, outbox: o!.n, places: slots.reduce((sum, s) => sum + s.booked, 0) };
  };

  it('50 bookings from one IP at once: 10 get through, 40 get 429 with the message, and nothing of theirs is written', async () => {
    const before = await tally();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        post('/api/bookings', { bookingData: bookingFormInput({ pickupDate: MONDAY, email: `flood${i}@example.com`, phone: `(803) 555-${String(2000 + i)}` }) }, '198.51.100.77'),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40);
    const refused = answers.find((a) => a.status === 429)!;
    expect(await refused.json()).toEqual({ error: { code: 'rate_limited', message } });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    await t.gateway.flushEvents();
    const after = await tally();
    expect(after.bookings - before.bookings).toBe(10);
    expect(after.places - before.places).toBe(10);
    // another address still books
    expect((await post('/api/bookings', { bookingData: bookingFormInput({ pickupDate: MONDAY }) }, '198.51.100.78')).status).toBe(201);
  });

  it('a full window answers its own refusal, and each refusal still counts toward the limit (a plain booking counts in its own statement)', async () => {
    // the evening window of MONDAY full of pick-ups that will happen (decision 042: places only
    // held by unpaid checkouts keep no one out): nothing can be claimed in it
    await insertBookings(t.database.db, Array.from({ length: 1000 }, () => bookingValues({ pickupDate: MONDAY, pickupTime: '4pm-8pm', bookingStatus: 'confirmed' })));
    await t.database.db
      .insert(pickupSlots)
      .values({ pickupDate: MONDAY, pickupTime: '4pm-8pm', booked: 1000 })
      .onConflictDoUpdate({ target: [pickupSlots.pickupDate, pickupSlots.pickupTime], set: { booked: 1000 } });
    const before = await tally();
    const statuses: number[] = [];
    const bodies: unknown[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await post('/api/bookings', { bookingData: bookingFormInput({ pickupDate: MONDAY, pickupTime: '4pm-8pm', email: `full${i}@example.com`, phone: `(803) 555-${4000 + i}` }) }, '198.51.100.90');
      statuses.push(res.status);
      bodies.push(await res.json());
    }
    // ten refusals by the full window, then the address's limit of ten an hour
    expect(statuses).toEqual([...Array(10).fill(409), 429]);
    expect(bodies[0]).toMatchObject({ error: { code: 'pickup_window_full', message: errorMessage('pickup_window_full') } });
    expect(bodies[10]).toEqual({ error: { code: 'rate_limited', message } });
    const after = await tally();
    expect(after.bookings).toBe(before.bookings);
    expect(after.places).toBe(before.places);
    // over the limit, an open window is refused too: the limit is checked in the same statement
    const open = await post('/api/bookings', { bookingData: bookingFormInput({ pickupDate: MONDAY, pickupTime: '8am-12pm' }) }, '198.51.100.90');
    expect(open.status).toBe(429);
    expect((await tally()).bookings).toBe(before.bookings);
  });

  it('one customer from many addresses: 5 bookings an hour by email or by phone, however written', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const email = i % 2 ? 'Repeat.Customer+x@Gmail.com' : 'repeatcustomer@gmail.com';
      const res = await post('/api/bookings', { bookingData: bookingFormInput({ pickupDate: MONDAY, email, phone: `(803) 555-${3000 + i}` }) }, `203.0.113.${i + 1}`);
      statuses.push(res.status);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429]);
    const byPhone: number[] = [];
    for (let i = 0; i < 6; i++) {
      const phone = i % 2 ? '+1 (803) 555-3999' : '803.555.3999';
      byPhone.push((await post('/api/bookings', { bookingData: bookingFormInput({ pickupDate: MONDAY, phone }) }, `203.0.113.${50 + i}`)).status);
    }
    expect(byPhone).toEqual([201, 201, 201, 201, 201, 429]);
  });

  it('50 contact messages from one IP: 5 stored and emailed (and acknowledged), 45 refused with the message, nothing half-written', async () => {
    const before = await tally();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        post('/api/contact', { name: 'Spammer', email: `spam${i}@example.com`, subject: 'Buy now', message: 'Hello there' }, '192.0.2.99'),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(45);
    expect((await answers.find((a) => a.status === 429)!.json()).error.message).toBe(message);
    const after = await tally();
    expect(after.messages - before.messages).toBe(5);
    // each of the 5: one email to the business, one to its writer saying it arrived (5 mailboxes)
    expect(after.outbox - before.outbox).toBe(10);
  });

  it('30 contact messages behind the proxy, each naming another address first: 5 get through, 25 are refused (decision 038)', async () => {
    // the proxy appends the address it sees; whatever the client wrote comes before it
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++)
      statuses.push((await post('/api/contact', { name: 'Rotator', email: `rotate${i}@example.com`, subject: 'Hi', message: 'Hello' }, `10.${i}.0.1, 198.51.100.${i}, 192.0.2.150`)).status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.slice(5)).toEqual(Array(25).fill(429));
    // and the address kept with the message is the one the proxy saw
    const [kept] = await t.database.db.select({ ip: contactMessages.ip }).from(contactMessages).where(eq(contactMessages.email, 'rotate0@example.com'));
    expect(kept).toEqual({ ip: '192.0.2.150' });
    // the limit is the proxy's client's, not the names before it
    expect((await post('/api/contact', { name: 'Other', email: 'other-client@example.com', subject: 'Hi', message: 'Hello' }, '10.0.0.1, 192.0.2.151')).status).toBe(201);
  });

  it('named proxies (TRUSTED_PROXIES): a client that reaches the server around them is counted by its own address (decision 038)', async () => {
    const config = testConfig({ ...limits, STATIC_DIR: './tests/fixtures/static', TRUSTED_PROXIES: '10.0.0.0/8' });
    const app = createApp({ config, database: t.database, logger: createLogger(config), gateway: t.gateway, auth: t.auth, files: t.files, now });
    const send = (i: number, socket: string, forwarded: string) =>
      app.request('/api/contact', { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': forwarded }, body: JSON.stringify({ name: 'Around', email: `around${i}@example.com`, subject: 'Hi', message: 'Hello' }) }, { incoming: { socket: { remoteAddress: socket } } });
    const direct: number[] = [];
    for (let i = 0; i < 7; i++) direct.push((await send(i, '198.51.100.200', `203.0.113.${i}`)).status);
    expect(direct).toEqual([201, 201, 201, 201, 201, 429, 429]);
    // through the proxy, the address it appended
    expect((await send(7, '::ffff:10.0.0.2', 'forged, 198.51.100.201')).status).toBe(201);
    const [kept] = await t.database.db.select({ ip: contactMessages.ip }).from(contactMessages).where(eq(contactMessages.email, 'around7@example.com'));
    expect(kept).toEqual({ ip: '198.51.100.201' });
  });

  it('IPv6 clients count per /64: addresses of one network share a limit, the next network has its own (decision 038)', async () => {
    const statuses: number[] = [];
    const network = ['2001:db8:aa:1::1', '2001:DB8:AA:1::2', '2001:db8:aa:1:ffff:ffff:ffff:fffe', '[2001:db8:aa:1::abcd]:443', '2001:db8:aa:1:0:0:0:9', '2001:db8:aa:1::7'];
    for (const [i, ip] of network.entries())
      statuses.push((await post('/api/contact', { name: 'Six', email: `six${i}@example.com`, subject: 'Hi', message: 'Hello' }, ip)).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    expect((await post('/api/contact', { name: 'Next', email: 'next-net@example.com', subject: 'Hi', message: 'Hello' }, '2001:db8:aa:2::1')).status).toBe(201);
  });

  it('contact messages from one email: 3 an hour, whatever the address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await post('/api/contact', { name: 'Pat', email: i % 2 ? 'pat+contact@example.com' : 'PAT@example.com', subject: 'Hi', message: 'Hello' }, `198.18.0.${i + 1}`)).status);
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
  });

  it('gift-card codes share one limit per IP: checking, quoting and booking each count, and a wrong code says nothing of the code', async () => {
    const card = await insertGiftCard(t.database.db, { amount: 2000 });
    const ip = '100.64.0.9';
    const checks: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await post('/api/gift-cards/validate', { giftCardCode: `GUESS${i}ABC` }, ip);
      checks.push(res.status);
      expect(await res.json()).toMatchObject({ valid: false, balance: 0, amount: 0 });
    }
    expect(checks.every((s) => s === 200)).toBe(true);
    const quotes: number[] = [];
    for (let i = 0; i < 4; i++)
      quotes.push((await post('/api/bookings/quote', { bookingData: bookingFormInput({ pickupDate: MONDAY }), giftCardCode: `GUESS${i}XYZ` }, ip)).status);
    expect(quotes).toEqual([400, 400, 400, 400]);
    // the 11th look-up of the minute, whichever door it comes through
    const quoted = await post('/api/bookings/quote', { bookingData: bookingFormInput({ pickupDate: MONDAY }), giftCardCode: card.code }, ip);
    expect(quoted.status).toBe(429);
    expect((await post('/api/gift-cards/validate', { giftCardCode: card.code }, ip)).status).toBe(429);
    const booked = await post('/api/bookings', { bookingData: bookingFormInput({ pickupDate: MONDAY }), giftCardCode: card.code }, ip);
    expect(booked.status).toBe(429);
    // a quote without a code, and another address, are not held back
    expect((await post('/api/bookings/quote', { bookingData: bookingFormInput({ pickupDate: MONDAY }) }, ip)).status).toBe(200);
    expect((await post('/api/gift-cards/validate', { giftCardCode: card.code }, '100.64.0.10')).status).toBe(200);
  });

  it('60 FIRST12 quotes from one IP (decision 037): 30 an hour answer, then 429 with the message; another address still quotes', async () => {
    const ip = '100.64.0.37';
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => post('/api/bookings/quote', { bookingData: bookingFormInput({ pickupDate: MONDAY, phone: `(803) 556-${2000 + i}` }), promoCode: 'FIRST12' }, ip)),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(30);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30);
    const refused = answers.find((a) => a.status === 429)!;
    expect(await refused.json()).toEqual({ error: { code: 'rate_limited', message } });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await post('/api/bookings/quote', { bookingData: bookingFormInput({ pickupDate: MONDAY }), promoCode: 'FIRST12' }, '100.64.0.38')).status).toBe(200);
  });

  it('a regular pick-up’s link (decision 024): guesses and actions from one IP, 30 an hour, then 429', async () => {
    const origin = new URL(t.config.publicUrl).origin;
    const ip = '100.64.0.24';
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await t.request(`/api/series/00000000-0000-4000-8000-00000000000${i % 10}/action`, { method: 'POST', json: { token: `guess-${i}`, action: 'stop' }, headers: { ...from(ip), origin } });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 30).every((s) => s === 404)).toBe(true);
    expect(statuses[30]).toBe(429);
    // starting one from a confirmation page counts in the same limit
    expect((await t.request('/api/series', { method: 'POST', json: { bookingId: '00000000-0000-4000-8000-000000000000', everyWeeks: 1, token: 'guess' }, headers: { ...from(ip), origin } })).status).toBe(429);
    expect((await t.request('/api/series', { method: 'POST', json: { bookingId: '00000000-0000-4000-8000-000000000000', everyWeeks: 1, token: 'guess' }, headers: { ...from('100.64.0.25'), origin } })).status).toBe(404);
  });
});
