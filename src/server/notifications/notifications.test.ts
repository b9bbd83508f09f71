import { and, count, eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../../../tests/fakes/smtp';
import { createTestApp, testDatabaseKinds, type TestContext } from '../../../tests/helpers/test-app';
import { NO_EXTRAS } from '../../shared/pricing';
import type { BookingFormInput } from '../../shared/schemas/booking-api';
import { cancelToken } from '../booking-records/cancel-link';
import { bookings, checkouts, giftCards, outbox, smsConsents, smsOptOuts } from '../db/schema';
import { createSmtpMailer } from '../gateways/mail/smtp-mailer';
import { outboxSmsSender } from '../gateways/sms/sms-sender';
import { twilioSignature } from '../gateways/sms/twilio-signature';
import { insertGiftCard } from '../gift-cards/gift-card.factory';
import { runReminderJob } from '../jobs';
import { backoffMs, deliverOutbox } from './outbox.service';

// Sunday 2026-11-22, 10:00 in South Carolina; the clock moves when a test says so
let clock = new Date('2026-11-22T15:00:00Z');
const now = () => clock;
const PUBLIC_URL = 'http://shop.test';

let seq = 0;
function form(overrides: Partial<BookingFormInput> = {}): BookingFormInput {
  seq += 1;
  return {
    name: 'Hannah Price',
    email: `hannah${seq}@example.com`,
    phone: `(803) 555-${String(3000 + seq).slice(-4)}`,
    address: '5 Church St',
    city: 'Leesville',
    zipCode: '29070',
    pickupDate: '2026-11-23',
    pickupTime: '4pm-8pm',
    pickupLocation: 'garage',
    bagQuantity: 1,
    ...NO_EXTRAS,
    termsAccepted: true,
    ...overrides,
  };
}

describe.each(testDatabaseKinds)('notifications (%s)', (kind) => {
  let t: TestContext;
  let smtp: SmtpSink;
  beforeAll(async () => {
    t = await createTestApp(kind, { PICKUP_CAPACITY_PER_WINDOW: '1000', PUBLIC_URL }, { now });
    smtp = await startSmtpSink();
  });
  afterAll(async () => {
    await smtp?.stop();
    await t?.close();
  });

  const deliver = (at = clock) =>
    deliverOutbox(t.database.db, { mailer: createSmtpMailer(smtp.url, { timeoutMs: 2000 }), sms: outboxSmsSender, mailFrom: 'Washday <hello@washday.example>', now: () => at });

  async function book(overrides: Partial<BookingFormInput> = {}, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
    const res = await t.request('/api/bookings', { method: 'POST', json: { bookingData: form(overrides), ...extra }, headers });
    expect(res.status).toBe(201);
    return (await res.json()) as { booking_id: string; url: string | null };
  }

  async function paid(overrides: Partial<BookingFormInput> = {}) {
    const b = await book(overrides);
    const sessionId = b.url!.split('/').pop()!;
    await t.gateway.pay(sessionId, { number: '4242424242424242', expiry: '12/30', cvc: '123', zip: '29070' });
    await t.gateway.flushEvents();
    return b.booking_id;
  }

  const rowsFor = (bookingId: string) => t.database.db.select().from(outbox).where(eq(outbox.bookingId, bookingId));

  it("a paid booking's confirmation arrives once, with HTML, text and an .ics of the window in America/New_York", async () => {
    const id = await paid({ email: 'confirm.me@example.com' });
    // the webhook and the success page may both confirm: still one row
    const [checkout] = await t.database.db.select().from(checkouts).where(eq(checkouts.subjectId, id));
    await t.request(`/api/bookings/session/${checkout!.sessionId}`);
    expect((await rowsFor(id)).filter((r) => r.kind === 'booking_confirmation')).toHaveLength(1);
    await deliver();
    await deliver();
    const mails = smtp.received.filter((m) => m.to && JSON.stringify(m.to).includes('confirm.me@example.com'));
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toMatch(/WD-[0-9A-F]{6}/);
    expect(mail.html).toContain('Monday, November 23, 2026');
    expect(mail.text).toContain('5 Church St');
    expect(mail.text).not.toMatch(/<[a-z]+[\s>]/i);
    expect(mail.html).toContain(`${PUBLIC_URL}/cancel-booking?booking_id=${id}&amp;token=${cancelToken(t.config.sessionSecret, id)}`);
    const ics = mail.attachments.find((a) => a.filename?.endsWith('.ics'));
    expect(ics).toBeDefined();
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(ics!.content.toString('utf8'))).getFirstSubcomponent('vevent')!);
    const local = (d: Date) => new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', hour: 'numeric', hourCycle: 'h23', day: 'numeric' }).format(d);
    expect(local(event.startDate.toJSDate())).toBe('23, 16');
    expect(local(event.endDate.toJSDate())).toBe('23, 20');
  });

  it('a free booking gets exactly one confirmation too, queued at creation', async () => {
    const b = await book({}, { promoCode: 'FREE' });
    expect((await rowsFor(b.booking_id)).filter((r) => r.kind === 'booking_confirmation')).toHaveLength(1);
  });

  it('with the SMTP server down for a while, the mail arrives after it returns: nothing lost, nothing duplicated', async () => {
    await smtp.stop();
    const res = await t.request('/api/contact', { method: 'POST', json: { name: 'Ada', email: 'ada@example.com', subject: 'Down', message: 'Is the mail server up?' } });
    expect(res.status).toBe(201);
    const first = await deliver();
    expect(first.retrying).toBeGreaterThanOrEqual(1);
    const [row] = await t.database.db.select().from(outbox).where(eq(outbox.kind, 'contact_message'));
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    await smtp.start();
    expect((await deliver()).sent).toBe(0); // not yet due: backoff
    await deliver(new Date(clock.getTime() + backoffMs(1) + 1000));
    const contact = smtp.received.filter((m) => m.subject === 'Contact form: Down');
    expect(contact).toHaveLength(1);
    expect(contact[0]!.replyTo?.text).toContain('ada@example.com');
  });

  it("a new message goes out at once even from a worker whose clock is behind the database's", async () => {
    const res = await t.request('/api/contact', { method: 'POST', json: { name: 'Skew', email: 'skew@example.com', subject: 'Skewed clock', message: 'hello' } });
    expect(res.status).toBe(201);
    // an hour behind the database (which stamped the row's next attempt with its own now())
    const behind = new Date(Date.now() - 3_600_000);
    await deliver(behind);
    expect(smtp.received.filter((m) => m.subject === 'Contact form: Skewed clock')).toHaveLength(1);
  });

  it('the sender of a contact message gets a copy that it arrived, with nothing they typed in it, and only a few a day', async () => {
    const form = { name: 'Buy cheap pills', email: 'Copy.Me@example.com', subject: 'Visit spam.example', message: 'click http://spam.example' };
    expect((await t.request('/api/contact', { method: 'POST', json: form })).status).toBe(201);
    const copies = async () => t.database.db.select().from(outbox).where(and(eq(outbox.kind, 'contact_received'), eq(outbox.recipient, 'Copy.Me@example.com')));
    const [copy] = await copies();
    expect(copy!.subject).toBe('We received your message');
    const { text, html } = copy!.payload as { text: string; html: string };
    expect(text).toContain('we will get back to you within 24 hours');
    for (const typed of ['Buy cheap pills', 'spam.example']) {
      expect(text).not.toContain(typed);
      expect(html).not.toContain(typed);
    }
    // the same mailbox written another way counts too: a few copies a day at most (decision 042)
    for (let i = 0; i < 6; i++) await t.request('/api/contact', { method: 'POST', json: { ...form, email: i % 2 ? 'copy.me@example.com' : 'COPY.ME@example.com' } });
    const all = await t.database.db.select().from(outbox).where(eq(outbox.kind, 'contact_received'));
    const toThisMailbox = all.filter((m) => m.recipient.toLowerCase() === 'copy.me@example.com');
    expect(toThisMailbox.length).toBeGreaterThan(0);
    expect(toThisMailbox.length).toBeLessThan(7);
    // every message still reached the business
    const toBusiness = await t.database.db.select().from(outbox).where(and(eq(outbox.kind, 'contact_message'), eq(outbox.subject, 'Contact form: Visit spam.example')));
    expect(toBusiness).toHaveLength(7);
  });

  it('two workers at once hand each message to the mail server once', async () => {
    for (let i = 0; i < 30; i++)
      await t.request('/api/contact', { method: 'POST', json: { name: 'Load', email: `l${i}@example.com`, subject: `Parallel ${i}`, message: 'hello' } });
    const later = new Date(clock.getTime() + 1000);
    const worker = () =>
      deliverOutbox(t.database.db, { mailer: createSmtpMailer(smtp.url), sms: outboxSmsSender, mailFrom: 'hello@washday.example', now: () => later, batch: 5 });
    const drain = async () => {
      for (;;) {
        const r = await worker();
        if (r.sent + r.kept + r.retrying + r.failed === 0) return;
      }
    };
    await Promise.all([drain(), drain()]);
    const parallel = smtp.received.filter((m) => m.subject?.startsWith('Contact form: Parallel '));
    expect(parallel).toHaveLength(30);
    expect(new Set(parallel.map((m) => m.subject)).size).toBe(30);
  });

  it('texts go only to consenting customers; STOP stops them, START restarts them', async () => {
    const without = await book({ smsConsent: false, phone: '(803) 555-7001' }, { promoCode: 'FREE' });
    expect((await rowsFor(without.booking_id)).filter((r) => r.channel === 'sms')).toHaveLength(0);
    const withConsent = await book({ smsConsent: true, phone: '(803) 555-7002' }, { promoCode: 'FREE' }, { 'x-forwarded-for': '203.0.113.7' });
    expect((await rowsFor(withConsent.booking_id)).filter((r) => r.channel === 'sms').map((r) => r.recipient)).toEqual(['+18035557002']);
    const [consent] = await t.database.db.select().from(smsConsents).where(eq(smsConsents.bookingId, withConsent.booking_id));
    expect(consent).toMatchObject({ ip: '203.0.113.7', phone: '+18035557002' }); // stored one way (src/shared/phone.ts)
    expect(consent!.createdAt).toBeInstanceOf(Date);

    const inbound = async (body: string, from = '+18035557002') => {
      const params = { From: from, Body: body, To: '+18035550100', MessageSid: `SM${Date.now()}` };
      const signature = twilioSignature(t.config.smsAuthToken, `${PUBLIC_URL}/api/sms/inbound`, params);
      return t.app.request('/api/sms/inbound', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
        body: new URLSearchParams(params).toString(),
      });
    };
    expect((await inbound('STOP')).status).toBe(200);
    expect(await t.database.db.select().from(smsOptOuts).where(eq(smsOptOuts.phone, '+18035557002'))).toHaveLength(1);
    // one customer has one open free booking at a time (docs/design.md 9): the last one was picked up
    const pickedUp = (id: string) => t.database.db.update(bookings).set({ bookingStatus: 'in-progress' }).where(eq(bookings.id, id));
    await pickedUp(withConsent.booking_id);
    const after = await book({ smsConsent: true, phone: '(803) 555-7002' }, { promoCode: 'FREE' });
    expect((await rowsFor(after.booking_id)).filter((r) => r.channel === 'sms')).toHaveLength(0);
    const started = await inbound('start');
    expect(await started.text()).toContain('receive pick-up texts again');
    await pickedUp(after.booking_id);
    const again = await book({ smsConsent: true, phone: '(803) 555-7002' }, { promoCode: 'FREE' });
    expect((await rowsFor(again.booking_id)).filter((r) => r.channel === 'sms')).toHaveLength(1);
  });

  it('the day-before reminder is texted once, to consenting customers, in the daytime only', async () => {
    const consenting = await book({ smsConsent: true, phone: '(803) 555-7300', pickupDate: '2026-11-23' }, { promoCode: 'FREE' });
    const silent = await book({ smsConsent: false, phone: '(803) 555-7301', pickupDate: '2026-11-23' }, { promoCode: 'FREE' });
    const at = (iso: string) => ({ db: t.database.db, notify: { publicUrl: 'http://localhost:3000', secret: 'test' }, timeZone: 'America/New_York', now: () => new Date(iso) });
    expect(await runReminderJob(at('2026-11-22T12:30:00Z'))).toBe(0); // 7:30 AM: too early
    expect(await runReminderJob(at('2026-11-22T15:00:00Z'))).toBeGreaterThanOrEqual(1);
    expect(await runReminderJob(at('2026-11-22T16:00:00Z'))).toBe(0); // once
    const reminders = (await rowsFor(consenting.booking_id)).filter((r) => r.kind === 'pickup_reminder_sms');
    expect(reminders).toHaveLength(1);
    expect((reminders[0]!.payload as { body: string }).body).toContain('Reply SKIP to skip this pick-up');
    expect((await rowsFor(silent.booking_id)).filter((r) => r.channel === 'sms')).toHaveLength(0);
  });

  it('SKIP cancels the next pick-up while it is before the cut-off, and says so', async () => {
    const b = await book({ smsConsent: true, phone: '(803) 555-7100', pickupDate: '2026-11-25' }, { promoCode: 'FREE' });
    const params = { From: '+18035557100', Body: 'Skip', To: '+18035550100' };
    const res = await t.app.request('/api/sms/inbound', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilioSignature(t.config.smsAuthToken, `${PUBLIC_URL}/api/sms/inbound`, params) },
      body: new URLSearchParams(params).toString(),
    });
    expect(await res.text()).toContain('is skipped and cancelled');
    expect((await t.database.db.select().from(bookings).where(eq(bookings.id, b.booking_id)))[0]).toMatchObject({ bookingStatus: 'cancelled' });
  });

  it('an inbound text with a bad signature or a junk body is refused and changes nothing', async () => {
    const params = { From: '+18035557200', Body: 'STOP' };
    const bad = await t.app.request('/api/sms/inbound', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': 'AAAA' },
      body: new URLSearchParams(params).toString(),
    });
    expect(bad.status).toBe(403);
    const unsigned = await t.app.request('/api/sms/inbound', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'From=%2B18035557200&Body=STOP' });
    expect(unsigned.status).toBe(403);
    const junk = await t.app.request('/api/sms/inbound', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"x":' });
    expect(junk.status).toBe(415);
    expect(await t.database.db.select().from(smsOptOuts).where(eq(smsOptOuts.phone, '+18035557200'))).toHaveLength(0);
  });

  describe('self-service cancellation', () => {
    it('before the cut-off: cancelled, the authorisation released, the gift-card amount back, confirmed by email', async () => {
      const card = await insertGiftCard(t.database.db, { amount: 1000 });
      const b = await book({ email: 'cancel.me@example.com' }, { giftCardCode: card.code });
      await t.gateway.pay(b.url!.split('/').pop()!, { number: '4242424242424242', expiry: '12/30', cvc: '123', zip: '29070' });
      await t.gateway.flushEvents();
      const token = cancelToken(t.config.sessionSecret, b.booking_id);

      const view = await t.request(`/api/bookings/${b.booking_id}/cancellation?token=${token}`);
      expect(await view.json()).toMatchObject({ cancellable: true, cancelled: false });
      const res = await t.request(`/api/bookings/${b.booking_id}/cancel`, { method: 'POST', json: { token } });
      expect(res.status).toBe(200);
      const [stored] = await t.database.db.select().from(bookings).where(eq(bookings.id, b.booking_id));
      expect(stored).toMatchObject({ bookingStatus: 'cancelled', paymentIntentStatus: 'canceled' });
      expect((await t.gateway.retrievePaymentIntent(stored!.stripePaymentIntentId!)).status).toBe('canceled');
      expect((await t.database.db.select().from(giftCards).where(eq(giftCards.id, card.id)))[0]!.balance).toBe(1000);
      const emails = await t.database.db.select().from(outbox).where(and(eq(outbox.bookingId, b.booking_id), eq(outbox.kind, 'booking_cancelled')));
      expect(emails).toHaveLength(1);
      // a second click changes nothing
      const again = await t.request(`/api/bookings/${b.booking_id}/cancel`, { method: 'POST', json: { token } });
      expect(again.status).toBe(409);
    });

    it('after the cut-off: refused with the policy and the phone number', async () => {
      const b = await book({ pickupDate: '2026-11-23', pickupTime: '8am-12pm' }, { promoCode: 'FREE' });
      const token = cancelToken(t.config.sessionSecret, b.booking_id);
      clock = new Date('2026-11-23T11:30:00Z'); // 6:30 in the morning: less than 2 hours before 8AM
      try {
        const view = await (await t.request(`/api/bookings/${b.booking_id}/cancellation?token=${token}`)).json();
        expect(view).toMatchObject({ cancellable: false, message: expect.stringContaining('$20') });
        const res = await t.request(`/api/bookings/${b.booking_id}/cancel`, { method: 'POST', json: { token } });
        expect(res.status).toBe(409);
        expect(((await res.json()) as { error: { message: string } }).error.message).toContain('(803) 555-0142');
      } finally {
        clock = new Date('2026-11-22T15:00:00Z');
      }
      expect((await t.database.db.select().from(bookings).where(eq(bookings.id, b.booking_id)))[0]).toMatchObject({ bookingStatus: 'confirmed' });
    });

    it('a link with a bad signature is refused and changes nothing', async () => {
      const b = await book({}, { promoCode: 'FREE' });
      for (const token of ['', 'forged', cancelToken('another-secret-that-is-long-enough', b.booking_id)]) {
        const res = await t.request(`/api/bookings/${b.booking_id}/cancel`, { method: 'POST', json: { token } });
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
      }
      expect((await t.request(`/api/bookings/not-a-uuid/cancellation?token=x`)).status).toBe(403);
      const [n] = await t.database.db.select({ n: count() }).from(bookings).where(and(eq(bookings.id, b.booking_id), eq(bookings.bookingStatus, 'cancelled')));
      expect(n!.n).toBe(0);
    });
  });
});
