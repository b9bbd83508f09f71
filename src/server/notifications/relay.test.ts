// Decision 042: the business is no relay. A booking nobody paid for says whatever its sender
// typed: a name, an email and a phone that may be anyone's. The calls an attacker would make
// with one (the abandoned-checkout notice, cancelling it) text no one and email only a message
// with no word the sender wrote, at most a few a day to one address.
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payLocalCheckout } from '../../../tests/helpers/flows';
import { createTestApp, testDatabaseKinds, type TestContext } from '../../../tests/helpers/test-app';
import { bookingFormInput } from '../bookings/booking.factory';
import { cancelToken } from '../booking-records/cancel-link';
import { outbox } from '../db/schema';
import { unvouchedEmailsPerDay } from './recipients';

const now = () => new Date('2026-11-22T15:00:00Z'); // Sunday 10:00 in South Carolina
const lure = 'URGENT: your account is locked, verify at https://evil.example/verify';
const victimPhone = '(803) 555-0911';

describe.each(testDatabaseKinds)('no relay for an unpaid booking (%s)', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(kind, { PICKUP_CAPACITY_PER_WINDOW: '1000', PUBLIC_URL: 'http://shop.test' }, { now });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function book(overrides: Parameters<typeof bookingFormInput>[0], ip: string) {
    const res = await t.request('/api/bookings', { method: 'POST', json: { bookingData: bookingFormInput({ pickupTime: '4pm-8pm', ...overrides }) }, headers: { 'x-forwarded-for': ip } });
    expect(res.status).toBe(201);
    return (await res.json()) as { booking_id: string; url: string };
  }
  const sent = (ids: string[]) => t.database.db.select().from(outbox).where(inArray(outbox.bookingId, ids));
  const words = (m: { subject: string; payload: unknown }) => `${m.subject} ${JSON.stringify(m.payload)}`;

  it('the abandoned-checkout call greets no one with the sender’s words, and an address gets at most a few such notes a day', async () => {
    const ids: string[] = [];
    // five unpaid bookings for one inbox, written five ways, from five addresses
    for (let i = 0; i < unvouchedEmailsPerDay + 2; i += 1) {
      const b = await book({ name: lure, email: `Victim.Person+${i}@GoogleMail.com` }, `203.0.113.${10 + i}`);
      const sessionId = new URL(b.url).pathname.split('/').pop()!;
      const left = await t.request('/api/bookings/abandoned', { method: 'POST', json: { session_id: sessionId }, headers: { 'x-forwarded-for': `203.0.113.${10 + i}` } });
      expect(await left.json()).toEqual({ recorded: true });
      ids.push(b.booking_id);
    }
    const messages = await sent(ids);
    const notes = messages.filter((m) => m.kind === 'abandoned_customer');
    expect(notes).toHaveLength(unvouchedEmailsPerDay);
    for (const note of notes) {
      expect(words(note)).not.toContain('URGENT');
      expect(words(note)).not.toContain('evil.example');
    }
    // the business still hears of every one, with what was typed
    expect(messages.filter((m) => m.kind === 'abandoned_business')).toHaveLength(ids.length);
  });

  it('cancelling one’s own unpaid booking texts no one, and its email carries no word the sender wrote', async () => {
    const b = await book({ name: lure, email: 'booker@example.com', phone: victimPhone, smsConsent: true }, '203.0.113.40');
    // the link "Your orders" lists for the booker's own email
    const res = await t.request(`/api/bookings/${b.booking_id}/cancel`, { method: 'POST', json: { token: cancelToken(t.config.sessionSecret, b.booking_id) } });
    expect(res.status).toBe(200);
    const messages = await sent([b.booking_id]);
    expect(messages.filter((m) => m.channel === 'sms')).toEqual([]);
    const mail = messages.filter((m) => m.kind === 'booking_cancelled');
    expect(mail).toHaveLength(1);
    expect(words(mail[0]!)).not.toContain('URGENT');
  });

  it('a paid booking is its owner’s word: its cancellation is texted and greets them by name', async () => {
    const b = await book({ name: 'Dana Reyes', phone: '(803) 555-0912', smsConsent: true }, '203.0.113.41');
    await payLocalCheckout(t, b.url);
    const res = await t.request(`/api/bookings/${b.booking_id}/cancel`, { method: 'POST', json: { token: cancelToken(t.config.sessionSecret, b.booking_id) } });
    expect(res.status).toBe(200);
    const texts = await t.database.db.select().from(outbox).where(and(eq(outbox.bookingId, b.booking_id), eq(outbox.kind, 'booking_cancelled_sms')));
    expect(texts.map((m) => m.recipient)).toEqual(['+18035550912']);
    const [mail] = await t.database.db.select().from(outbox).where(and(eq(outbox.bookingId, b.booking_id), eq(outbox.kind, 'booking_cancelled')));
    expect(words(mail!)).toContain('Hi Dana Reyes');
  });
});
