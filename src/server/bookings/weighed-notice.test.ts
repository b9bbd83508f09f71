// docs/design.md 5.5: when the weighing is processed the customer hears of it once — the weight, the
// final total and the link to their invoice, by email (or the payment-due email when something is
// still owed, never both) and by text when they agreed to texts. The link is theirs alone.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payLocalCheckout, signInOwner, testCards, type StaffCall } from '../../../tests/helpers/flows';
import { createTestApp, testDatabaseKinds, type TestContext } from '../../../tests/helpers/test-app';
import { confirmationNumber } from '../../shared/booking-values';
import type { BookingFormInput } from '../../shared/schemas/booking-api';
import type { Invoice } from '../../shared/schemas/invoice';
import { bookings, outbox, smsOptOuts } from '../db/schema';
import { hiddenLinkText, redactOneTimeLinks } from '../notifications/redact';
import { bookingFormInput } from './booking.factory';

const ORIGIN = 'http://shop.test';
const now = () => new Date('2026-11-22T15:00:00Z');
const invoiceLink = /https?:\/\/\S+\/invoice\?[^\s\]]+/;

/** The booking form as the customer sends it: the shared factory, with what these tests book. */
const form = (overrides: Partial<BookingFormInput> = {}): BookingFormInput => bookingFormInput({ pickupLocation: 'porch', oxiClean: true, ...overrides });

describe.each(testDatabaseKinds)('the "your laundry is weighed" message (%s)', (kind) => {
  let t: TestContext;
  let staff: StaffCall;

  beforeAll(async () => {
    t = await createTestApp(kind, { PICKUP_CAPACITY_PER_WINDOW: '1000', PUBLIC_URL: ORIGIN }, { now });
    staff = await signInOwner(t, ORIGIN);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function booked(overrides: Partial<BookingFormInput> = {}, card = testCards.ok) {
    const res = await t.request('/api/bookings', { method: 'POST', json: { bookingData: form(overrides) } });
    expect(res.status).toBe(201);
    const { booking_id, url } = (await res.json()) as { booking_id: string; url: string };
    await payLocalCheckout(t, url, card);
    return booking_id;
  }
  const weigh = (id: string, actualWeight = 14.2) => staff('POST', `/api/admin/bookings/${id}/weight`, { actualWeight });
  const rows = (id: string, kind: string) => t.database.db.select().from(outbox).where(and(eq(outbox.bookingId, id), eq(outbox.kind, kind)));

  it('one email with the weight, the total and the link, which opens the invoice; once, even weighed twice at once and again', async () => {
    const id = await booked({ smsConsent: false });
    const [a, b] = await Promise.all([weigh(id), weigh(id)]);
    expect([a.status, b.status]).toContain(200);
    expect((await weigh(id)).status).toBe(409);
    const mails = await rows(id, 'laundry_weighed');
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe(`Your laundry is weighed: $25.85 for order ${confirmationNumber(id)}`);
    const text = (mail.payload as { text: string }).text;
    expect(text).toContain('14.2 lb');
    expect(text).toContain('$25.85');
    const link = new URL(invoiceLink.exec(text)![0]);
    expect(link.origin).toBe(ORIGIN);
    expect(link.searchParams.get('booking_id')).toBe(id);
    const token = link.searchParams.get('token')!;
    const res = await t.request(`/api/bookings/${id}/invoice?token=${token}`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as Invoice).bill.totalCents).toBe(2585);
    // no text for a customer who did not agree to texts
    expect(await rows(id, 'laundry_weighed_sms')).toHaveLength(0);
    // the link is the customer's alone: the staff outbox shows the placeholder
    const listed = await staff('GET', '/api/admin/outbox?channel=email');
    expect(listed.status).toBe(200);
    expect(JSON.stringify(listed.json)).not.toContain(token);
    expect((listed.json.messages as { id: string }[]).map((m) => m.id)).toContain(mail.id);
    expect(redactOneTimeLinks(text)).not.toContain(token);
    expect(redactOneTimeLinks(text)).toContain(hiddenLinkText);
  });

  it('a consenting customer gets one text with the link; the staff view hides it', async () => {
    const id = await booked({ smsConsent: true });
    expect((await weigh(id)).status).toBe(200);
    expect((await weigh(id)).status).toBe(409);
    const texts = await rows(id, 'laundry_weighed_sms');
    expect(texts).toHaveLength(1);
    const body = (texts[0]!.payload as { body: string }).body;
    expect(body).toContain('14.2 lb');
    expect(body).toContain('$25.85');
    const token = new URL(invoiceLink.exec(body)![0]).searchParams.get('token')!;
    expect((await t.request(`/api/bookings/${id}/invoice?token=${token}`)).status).toBe(200);
    const listed = await staff('GET', '/api/admin/outbox?channel=sms');
    expect(listed.status).toBe(200);
    expect(JSON.stringify(listed.json)).not.toContain(token);
    const shown = (listed.json.messages as { id: string; preview: string }[]).find((m) => m.id === texts[0]!.id);
    expect(shown?.preview).toContain(hiddenLinkText);
  });

  it('a customer who replied STOP gets no text', async () => {
    const id = await booked({ smsConsent: true });
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, id));
    await t.database.db.insert(smsOptOuts).values({ phone: row!.phone }) // stored as E.164 already (src/shared/phone.ts);
    expect((await weigh(id)).status).toBe(200);
    expect(await rows(id, 'laundry_weighed_sms')).toHaveLength(0);
    expect(await rows(id, 'laundry_weighed')).toHaveLength(1);
  });

  it('something still due: the payment-due email alone (same invoice link), not a second email; the text says what is due', async () => {
    const id = await booked({ smsConsent: true }, testCards.failsLater);
    expect((await weigh(id, 30)).json.outcome).toBe('charge_failed');
    expect(await rows(id, 'laundry_weighed')).toHaveLength(0);
    const due = await rows(id, 'payment_due');
    expect(due).toHaveLength(1);
    expect((due[0]!.payload as { text: string }).text).toMatch(invoiceLink);
    const texts = await rows(id, 'laundry_weighed_sms');
    expect(texts).toHaveLength(1);
    expect((texts[0]!.payload as { body: string }).body).toMatch(/still due/);
  });
});
