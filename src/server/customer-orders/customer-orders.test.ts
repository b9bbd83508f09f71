// "My orders" by magic link (docs/design.md 9; decisions 021 and 037): the link goes to the customer's
// own address, an email by email and a phone only by text, works once, for 15 minutes, and opens
// that address's orders only; only a confirmed booking names a customer, so someone who books
// with another's phone and never pays gets nothing; the answer never says whether an address is
// known; a stolen session cookie of another device, another customer's order id, a reused or
// expired link: nothing shown.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDatabaseKinds, type TestContext } from '../../../tests/helpers/test-app';
import { createFirstMasterAdmin } from '../admins/admins.service';
import { bookingRatings, bookings, customerSessions, customerSignInLinks, outbox, smsOptOuts } from '../db/schema';
import { redactOneTimeLinks } from '../notifications/redact';
import { bookingFormInput, insertBooking as insertRow } from '../bookings/booking.factory';
import { signInLinkSentMessage, signInTextSentMessage } from './sign-in.service';

const ORIGIN = 'http://localhost:3000';
let clock = new Date('2026-11-22T15:00:00Z'); // Sunday 10:00 in South Carolina
const now = () => clock;

type Payload = { text?: string; body?: string };
// a booking confirmed (paid) before the tests' day: only such a booking names a customer (decision 037)
const insertBooking = (db: Parameters<typeof insertRow>[0], row: Parameters<typeof insertRow>[1]) => insertRow(db, { confirmedAt: new Date('2026-11-20T12:00:00Z'), ...row });

describe.each(testDatabaseKinds)('my orders by sign-in link (%s)', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(kind, { ORDER_LINKS_PER_IP_PER_HOUR: '1000', ORDER_LINKS_PER_ADDRESS_PER_HOUR: '1000' }, { now });
    // Jane: two orders (one upcoming, one delivered and weighed), booked as Jane.Doe@Gmail.com and janedoe@gmail.com
    await insertBooking(t.database.db, { name: 'Jane Doe', email: 'Jane.Doe@Gmail.com', phone: '(803) 555-0142', pickupDate: '2026-11-23', smsConsent: true, bookingStatus: 'confirmed', paymentStatus: 'paid', paymentIntentStatus: 'requires_capture', authorizedAmount: 3150 });
    await insertBooking(t.database.db, {
      name: 'Jane Doe',
      email: 'janedoe@gmail.com',
      phone: '(803) 555-0142',
      pickupDate: '2026-11-09',
      bookingStatus: 'delivered',
      paymentStatus: 'paid',
      actualWeightTenths: 142,
      finalTotalAmount: 2585,
      capturedAmount: 2585,
      authorizedAmount: 3150,
      weightAdjustmentProcessed: true,
    });
    // Sam: someone else
    await insertBooking(t.database.db, { name: 'Sam Other', email: 'sam@example.com', phone: '(803) 555-0199', pickupDate: '2026-11-25', bookingStatus: 'confirmed', paymentStatus: 'paid' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (path: string, json: unknown, headers: Record<string, string> = {}) => t.request(path, { method: 'POST', json, headers: { origin: ORIGIN, ...headers } });
  const get = (path: string, cookie = '') => t.request(path, { headers: cookie ? { cookie } : {} });
  const linksTo = async (to: string) => t.database.db.select().from(outbox).where(and(eq(outbox.recipient, to), eq(outbox.kind, 'orders_sign_in_link')));
  const tokenIn = (text: string) => new URL(/https?:\/\/\S+\/orders\?token=\S+/.exec(text)![0]).searchParams.get('token')!;

  async function signIn(address: string, to: string): Promise<string> {
    const before = (await linksTo(to)).length;
    expect((await post('/api/orders/sign-in-link', { address })).status).toBe(200);
    const mails = await linksTo(to);
    expect(mails).toHaveLength(before + 1);
    const token = tokenIn((mails.at(-1)!.payload as Payload).text!);
    const opened = await post('/api/orders/session', { token });
    expect(opened.status).toBe(200);
    const cookie = opened.headers.get('set-cookie')!;
    expect(cookie).toMatch(/wd_orders=[^;]+; Max-Age=|wd_orders=[^;]+;.*Path=\/api\/orders/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    return cookie.split(';')[0]!;
  }

  it('a link for a known address goes to the email on the latest booking, and opens both of the customer’s orders', async () => {
    // typed another way: the same customer (customer-identity.ts); the link goes to the address they gave us
    const cookie = await signIn('JANE.DOE+laundry@gmail.com', 'janedoe@gmail.com');
    const res = await get('/api/orders', cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = (await res.json()) as { signedInAs: string; upcoming: { statusLabel: string; moneyLabel: string; cancelUrl: string | null; pickupLabel: string }[]; past: { statusLabel: string; moneyLabel: string; invoiceUrl: string | null }[] };
    expect(body.signedInAs).toBe('janedoe@gmail.com');
    expect(body.upcoming).toHaveLength(1);
    expect(body.upcoming[0]).toMatchObject({ statusLabel: 'Booked', moneyLabel: '$31.50 held on your card', pickupLabel: 'Monday, November 23, 2026, 8AM – 12PM' });
    expect(body.upcoming[0]!.cancelUrl).toContain('/cancel-booking?booking_id=');
    expect(body.past).toHaveLength(1);
    expect(body.past[0]).toMatchObject({ statusLabel: 'Delivered', moneyLabel: 'Charged $25.85' });
    expect(body.past[0]!.invoiceUrl).toContain('/invoice?booking_id=');
  });

  it('downloads what we keep about them: both of their orders, nothing of anyone else; nothing without a session', async () => {
    const cookie = await signIn('janedoe@gmail.com', 'janedoe@gmail.com');
    // decision 063: the rating she gave her delivered order is hers too
    const [delivered] = await t.database.db.select().from(bookings).where(and(eq(bookings.name, 'Jane Doe'), eq(bookings.bookingStatus, 'delivered')));
    await t.database.db.insert(bookingRatings).values({ bookingId: delivered!.id, stars: 4, comment: 'Soft towels', ratedAt: new Date('2026-11-20T12:00:00Z') }).onConflictDoNothing();
    const res = await get('/api/orders/export', cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="washday-my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const data = (await res.json()) as { bookings: { email: string; amounts: { capturedCents: number }; rating: unknown }[] };
    expect(data.bookings.map((b) => b.email).sort()).toEqual(['Jane.Doe@Gmail.com', 'janedoe@gmail.com']);
    expect(data.bookings.map((b) => b.amounts.capturedCents).sort()).toEqual([0, 2585]);
    expect(data.bookings.map((b) => b.rating)).toEqual(expect.arrayContaining([null, { stars: 4, comment: 'Soft towels', ratedAt: '2026-11-20T12:00:00.000Z' }]));
    expect(JSON.stringify(data)).not.toContain('sam@example.com');
    expect((await get('/api/orders/export')).status).toBe(401);
  });

  it('a delivered order whose delivery email went out links to its rating page, and says the stars once rated (decision 063)', async () => {
    const cookie = await signIn('janedoe@gmail.com', 'janedoe@gmail.com');
    const [delivered] = await t.database.db.select().from(bookings).where(and(eq(bookings.name, 'Jane Doe'), eq(bookings.bookingStatus, 'delivered')));
    const listed = async () => (await (await get('/api/orders', cookie)).json()) as { upcoming: { rateUrl: string | null }[]; past: { id: string; rateUrl: string | null; ratedStars: number | null }[] };
    await t.database.db.update(bookings).set({ deliveryConfirmationSent: false }).where(eq(bookings.id, delivered!.id));
    expect((await listed()).past.find((o) => o.id === delivered!.id)).toMatchObject({ rateUrl: null });
    await t.database.db.update(bookings).set({ deliveryConfirmationSent: true }).where(eq(bookings.id, delivered!.id));
    await t.database.db.delete(bookingRatings).where(eq(bookingRatings.bookingId, delivered!.id));
    const before = await listed();
    expect(before.upcoming.every((o) => o.rateUrl === null)).toBe(true);
    const order = before.past.find((o) => o.id === delivered!.id)!;
    expect(order.ratedStars).toBeNull();
    // the link opens the rating page as the email's does
    const url = new URL(order.rateUrl!);
    expect(url.pathname).toBe('/rate');
    expect((await t.request(`/api/bookings/${delivered!.id}/rating?token=${url.searchParams.get('token')}`)).status).toBe(200);
    await t.database.db.insert(bookingRatings).values({ bookingId: delivered!.id, stars: 5, ratedAt: new Date('2026-11-21T12:00:00Z') });
    expect((await listed()).past.find((o) => o.id === delivered!.id)).toMatchObject({ ratedStars: 5 });
  });

  it('a new booking starts from the signed-in customer’s latest confirmed booking, never an unpaid one; signed out, from nothing', async () => {
    // someone else books with Jane's email and their own address, and never pays (decision 037)
    await insertBooking(t.database.db, { name: 'Not Jane', email: 'janedoe@gmail.com', phone: '(803) 555-0100', address: '1 Elsewhere Rd', pickupDate: '2026-11-27', bookingStatus: 'pending', paymentStatus: 'pending', confirmedAt: null });
    const cookie = await signIn('janedoe@gmail.com', 'janedoe@gmail.com');
    const res = await get('/api/orders/booking-details', cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const { details } = (await res.json()) as { details: Record<string, string> | null };
    expect(details).toMatchObject({ name: 'Jane Doe', email: 'janedoe@gmail.com', phone: '(803) 555-0142' });
    expect(details!.address).not.toBe('1 Elsewhere Rd');
    // no session, a made-up one, Sam's: nothing of Jane's
    expect(await (await get('/api/orders/booking-details')).json()).toEqual({ details: null });
    expect(await (await get('/api/orders/booking-details', 'wd_orders=made-up')).json()).toEqual({ details: null });
    const sam = await signIn('sam@example.com', 'sam@example.com');
    expect(await (await get('/api/orders/booking-details', sam)).json()).toMatchObject({ details: { name: 'Sam Other', email: 'sam@example.com' } });
  });

  it('an unknown address gets the same answer, and nothing is sent or stored', async () => {
    const [links] = [await t.database.db.select().from(customerSignInLinks)];
    const unknown = await post('/api/orders/sign-in-link', { address: 'nobody@example.com' });
    const known = await post('/api/orders/sign-in-link', { address: 'sam@example.com' });
    expect(unknown.status).toBe(200);
    expect(await unknown.json()).toEqual({ message: signInLinkSentMessage });
    expect(await known.json()).toEqual({ message: signInLinkSentMessage });
    expect(await linksTo('nobody@example.com')).toHaveLength(0);
    expect(await t.database.db.select().from(customerSignInLinks)).toHaveLength(links.length + 1);
  });

  it('a reused link, a forged one and one past its 15 minutes open nothing, with one message', async () => {
    await post('/api/orders/sign-in-link', { address: 'sam@example.com' });
    const token = tokenIn(((await linksTo('sam@example.com')).at(-1)!.payload as Payload).text!);
    const first = await post('/api/orders/session', { token });
    expect(first.status).toBe(200);
    const again = await post('/api/orders/session', { token });
    expect(again.status).toBe(400);
    const refusal = (await again.json()) as { error: { code: string; message: string } };
    expect(refusal.error.code).toBe('orders_link_invalid');
    expect(again.headers.get('set-cookie')).toBeNull();
    const forged = await post('/api/orders/session', { token: `${token.slice(0, -2)}xx` });
    expect(await forged.json()).toEqual(refusal);

    await post('/api/orders/sign-in-link', { address: 'sam@example.com' });
    const late = tokenIn(((await linksTo('sam@example.com')).at(-1)!.payload as Payload).text!);
    clock = new Date(clock.getTime() + 15 * 60_000 + 1000);
    try {
      const expired = await post('/api/orders/session', { token: late });
      expect(expired.status).toBe(400);
      expect(await expired.json()).toEqual(refusal);
    } finally {
      clock = new Date('2026-11-22T15:00:00Z');
    }
  });

  it('two requests with one link at once open one session', async () => {
    await post('/api/orders/sign-in-link', { address: 'sam@example.com' });
    const token = tokenIn(((await linksTo('sam@example.com')).at(-1)!.payload as Payload).text!);
    const before = (await t.database.db.select().from(customerSessions)).length;
    const answers = await Promise.all([post('/api/orders/session', { token }), post('/api/orders/session', { token })]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    expect(await t.database.db.select().from(customerSessions)).toHaveLength(before + 1);
  });

  it('another customer’s order id, no session, a made-up session and a signed-out one: nothing shown', async () => {
    const cookie = await signIn('sam@example.com', 'sam@example.com');
    const [jane] = await t.database.db.select().from(bookings).where(eq(bookings.email, 'janedoe@gmail.com'));
    const other = await get(`/api/orders/${jane!.id}`, cookie);
    expect(other.status).toBe(404);
    expect(await other.json()).toEqual({ error: { code: 'order_not_found', message: 'Order not found.' } });
    const [sam] = await t.database.db.select().from(bookings).where(eq(bookings.email, 'sam@example.com'));
    expect((await get(`/api/orders/${sam!.id}`, cookie)).status).toBe(200);
    for (const c of ['', 'wd_orders=made-up-session-token', `wd_orders=${'x'.repeat(500)}`]) {
      const res = await get('/api/orders', c);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: { code: 'orders_signed_out', message: 'Please sign in to see your orders.' } });
    }
    // a staff member signed in to the back office is no customer: their session opens no one's orders
    const first = await createFirstMasterAdmin(t.database.db, t.auth, { email: 'owner@washday.example', fullName: 'Owner' });
    const staffIn = await t.request('/api/auth/sign-in/email', { method: 'POST', json: { email: 'owner@washday.example', password: first.temporaryPassword }, headers: { origin: ORIGIN } });
    const staffCookie = (staffIn.headers.get('set-cookie') ?? '').split(';')[0]!;
    expect(staffCookie).toMatch(/session_token=/);
    expect((await get('/api/orders', staffCookie)).status).toBe(401);
    expect((await get(`/api/orders/${jane!.id}`, staffCookie)).status).toBe(401);
    const out = await post('/api/orders/sign-out', undefined, { cookie });
    expect(out.status).toBe(200);
    expect((await get('/api/orders', cookie)).status).toBe(401);
  });

  it('a session lasts 30 days', async () => {
    const cookie = await signIn('sam@example.com', 'sam@example.com');
    clock = new Date(clock.getTime() + 29 * 86_400_000);
    try {
      expect((await get('/api/orders', cookie)).status).toBe(200);
      clock = new Date(clock.getTime() + 2 * 86_400_000);
      expect((await get('/api/orders', cookie)).status).toBe(401);
    } finally {
      clock = new Date('2026-11-22T15:00:00Z');
    }
  });

  it('by phone: only a text, where a confirmed booking consented; a number that did not, or said STOP, gets nothing, never an email; every number the same answer', async () => {
    const texts = async () => t.database.db.select().from(outbox).where(and(eq(outbox.recipient, '+18035550142'), eq(outbox.kind, 'orders_sign_in_sms')));
    const answer = await post('/api/orders/sign-in-link', { address: '803.555.0142' });
    expect(await answer.json()).toEqual({ message: signInTextSentMessage });
    const [text] = await texts();
    expect((text!.payload as Payload).body).toMatch(/\/orders\?token=/);
    // Sam never consented to texts: nothing goes, and the answer is the one every number gets
    const links = (await t.database.db.select().from(customerSignInLinks)).length;
    const mails = (await t.database.db.select().from(outbox)).length;
    for (const address of ['(803) 555-0199', '(803) 555-0100']) expect(await (await post('/api/orders/sign-in-link', { address })).json()).toEqual({ message: signInTextSentMessage });
    expect(await t.database.db.select().from(customerSignInLinks)).toHaveLength(links);
    expect(await t.database.db.select().from(outbox)).toHaveLength(mails);
    // Jane said STOP: no text, and no email either; her email still signs her in
    await t.database.db.insert(smsOptOuts).values({ phone: '+18035550142' });
    try {
      await post('/api/orders/sign-in-link', { address: '8035550142' });
      expect(await texts()).toHaveLength(1);
      expect(await t.database.db.select().from(outbox)).toHaveLength(mails);
      await signIn('janedoe@gmail.com', 'janedoe@gmail.com');
    } finally {
      await t.database.db.delete(smsOptOuts).where(eq(smsOptOuts.phone, '+18035550142'));
    }
  });

  it('someone who books with a customer’s phone and their own email, and never pays, gets no link; the customer still signs in', async () => {
    // Vera paid for her pick-up and said no to texts; Pia paid and said yes
    await insertBooking(t.database.db, { name: 'Vera Victim', email: 'vera@example.com', phone: '(803) 555-0150', pickupDate: '2026-11-25', bookingStatus: 'confirmed', paymentStatus: 'paid', allergies: 'Lavender' });
    await insertBooking(t.database.db, { name: 'Pia Victim', email: 'pia@example.com', phone: '(803) 555-0151', pickupDate: '2026-11-25', bookingStatus: 'confirmed', paymentStatus: 'paid', smsConsent: true });
    for (const [phone, victim] of [['(803) 555-0150', 'vera@example.com'], ['(803) 555-0151', 'pia@example.com']] as const) {
      // the attacker books with the victim's phone and their own email, no texts, and never pays
      const booked = await t.request('/api/bookings', { method: 'POST', json: { bookingData: bookingFormInput({ name: 'Mallory', email: 'mallory@example.com', phone, pickupDate: '2026-11-25', smsConsent: false }), promoCode: null, giftCardCode: null } });
      expect(booked.status).toBe(201);
      for (const address of [phone, phone.replace(/\D/g, ''), 'mallory@example.com']) {
        const asked = await post('/api/orders/sign-in-link', { address });
        expect(asked.status).toBe(200);
        expect(await asked.json()).toEqual({ message: address.includes('@') ? signInLinkSentMessage : signInTextSentMessage });
      }
      // the attacker's inbox gets no link
      const toMallory = await t.database.db.select().from(outbox).where(eq(outbox.recipient, 'mallory@example.com'));
      expect(toMallory.filter((m) => JSON.stringify(m.payload).includes('/orders?token='))).toEqual([]);
      // and the victim still signs in, and sees their own order
      const cookie = await signIn(victim, victim);
      const orders = (await (await get('/api/orders', cookie)).json()) as { upcoming: { address: string }[] };
      expect(orders.upcoming.length).toBeGreaterThan(0);
    }
    // Pia consented: the link for her number went to her phone by text, and opens her orders
    const [text] = await t.database.db.select().from(outbox).where(and(eq(outbox.recipient, '+18035550151'), eq(outbox.kind, 'orders_sign_in_sms')));
    const opened = await post('/api/orders/session', { token: tokenIn((text!.payload as Payload).body!) });
    expect(opened.status).toBe(200);
  });

  it('the link is its recipient’s secret: staff read the message with the link hidden', async () => {
    const [mail] = await linksTo('sam@example.com');
    expect(redactOneTimeLinks((mail!.payload as Payload).text!)).not.toMatch(/token=/);
  });

  it('bad input gets a clear 400 and writes nothing; a write from another site is refused', async () => {
    for (const address of ['', 'not an address', '123', 'a'.repeat(300)]) {
      const res = await post('/api/orders/sign-in-link', { address });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/email address or phone number/);
    }
    expect((await post('/api/orders/session', { token: '' })).status).toBe(400);
    const cross = await post('/api/orders/sign-in-link', { address: 'sam@example.com' }, { origin: 'https://evil.example' });
    expect(cross.status).toBe(403);
  });
});

describe('sign-in links are rate-limited per address and per IP', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp('pglite', { ORDER_LINKS_PER_IP_PER_HOUR: '10', ORDER_LINKS_PER_ADDRESS_PER_HOUR: '3' }, { now });
    await insertBooking(t.database.db, { email: 'limited@example.com', bookingStatus: 'confirmed', paymentStatus: 'paid' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('3 links an hour for one address, 10 an hour from one IP, known or not', async () => {
    const ask = (address: string, ip: string) => t.request('/api/orders/sign-in-link', { method: 'POST', json: { address }, headers: { origin: ORIGIN, 'x-forwarded-for': ip } });
    const byAddress: number[] = [];
    for (let i = 0; i < 4; i++) byAddress.push((await ask('limited@example.com', `203.0.113.${i + 1}`)).status);
    expect(byAddress).toEqual([200, 200, 200, 429]);
    const byIp: number[] = [];
    for (let i = 0; i < 11; i++) byIp.push((await ask(`stranger${i}@example.com`, '198.51.100.5')).status);
    expect(byIp).toEqual([...Array(10).fill(200), 429]);
    const sent = await t.database.db.select().from(outbox).where(eq(outbox.kind, 'orders_sign_in_link'));
    expect(sent).toHaveLength(3);
  });
});
