// docs/design.md 5.5, transparent weighing: from the invoice, opened by the customer's signed link
// alone, "Question this weight" records the question once, emails the business once, and shows as
// a flag on the booking in the back office. Anything but the link opens nothing.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { payLocalCheckout, signInOwner, testCards, type StaffCall } from '../../../tests/helpers/flows';
import { createTestApp, testDatabaseKinds, type TestContext } from '../../../tests/helpers/test-app';
import { business } from '../../shared/business';
import { confirmationNumber } from '../../shared/booking-values';
import { NO_EXTRAS } from '../../shared/pricing';
import type { BookingFormInput } from '../../shared/schemas/booking-api';
import { weightQuestionMessages, WEIGHT_QUESTION_MAX_CHARS, type Invoice } from '../../shared/schemas/invoice';
import type { StaffBooking } from '../../shared/schemas/back-office';
import { invoiceToken, invoiceUrl } from '../booking-records/invoice-link';
import { bookings, outbox } from '../db/schema';

const ORIGIN = 'http://shop.test';
const now = () => new Date('2026-11-22T15:00:00Z');
const notFound = 'Invoice not found or invalid link.';

let seq = 0;
function form(): BookingFormInput {
  seq += 1;
  return {
    name: `Quinn Question ${seq}`,
    email: `quinn${seq}@example.com`,
    phone: `(803) 555-${String(7300 + seq).slice(-4)}`,
    address: `${seq} Oak St`,
    city: 'Lexington',
    zipCode: '29072',
    pickupDate: '2026-11-23',
    pickupTime: '8am-12pm',
    pickupLocation: 'porch',
    bagQuantity: 1,
    ...NO_EXTRAS,
    termsAccepted: true,
  };
}

describe.each(testDatabaseKinds)('questioning the weight (%s)', (kind) => {
  let t: TestContext;
  let staff: StaffCall;

  beforeAll(async () => {
    t = await createTestApp(kind, { PICKUP_CAPACITY_PER_WINDOW: '1000', PUBLIC_URL: ORIGIN }, { now });
    staff = await signInOwner(t, ORIGIN);
  });
  afterAll(async () => {
    await t?.close();
  });

  // each test from its own address: the routes are rate-limited per address (docs/design.md 9)
  let ip = 0;
  beforeEach(() => {
    ip += 1;
  });
  const headers = () => ({ 'x-forwarded-for': `198.51.100.${ip}` });
  const question = (id: string, body: unknown) => t.request(`/api/bookings/${id}/invoice/question`, { method: 'POST', json: body, headers: headers() });
  const mails = (id: string) => t.database.db.select().from(outbox).where(and(eq(outbox.bookingId, id), eq(outbox.kind, 'weight_question')));
  const row = async (id: string) => (await t.database.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;

  async function booked() {
    const res = await t.request('/api/bookings', { method: 'POST', json: { bookingData: form() } });
    expect(res.status).toBe(201);
    const { booking_id, url } = (await res.json()) as { booking_id: string; url: string };
    await payLocalCheckout(t, url, testCards.ok);
    return booking_id;
  }
  async function weighed() {
    const bookingId = await booked();
    expect((await staff('POST', `/api/admin/bookings/${bookingId}/weight`, { actualWeight: 14.2 })).status).toBe(200);
    const link = new URL(invoiceUrl(ORIGIN, t.config.sessionSecret, await row(bookingId), now())!);
    return { bookingId, token: link.searchParams.get('token')! };
  }

  it('records the question once (two at once, and again), emails the business once, and the invoice says it was sent', async () => {
    const { bookingId, token } = await weighed();
    const note = 'My bag felt lighter than 14 lb <b>really</b>.';
    const [a, b] = await Promise.all([question(bookingId, { token, note: `  ${note}  ` }), question(bookingId, { token, note: 'second thoughts' })]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(((await a.json()) as Invoice).weightQuestionedAt).toBe(now().toISOString());
    const again = await question(bookingId, { token });
    expect(again.status).toBe(200);
    const stored = await row(bookingId);
    expect(stored.weightQuestionedAt?.toISOString()).toBe(now().toISOString());
    expect([note, 'second thoughts']).toContain(stored.weightQuestion);
    const sent = await mails(bookingId);
    expect(sent).toHaveLength(1);
    const mail = sent[0]!;
    expect(mail.recipient).toBe(business.email);
    expect(mail.subject).toContain(confirmationNumber(bookingId));
    const { text, html, replyTo } = mail.payload as { text: string; html: string; replyTo: string };
    expect(replyTo).toBe(stored.email);
    expect(text).toContain('14.2 lb');
    expect(text).toContain(stored.weightQuestion!);
    expect(html).not.toContain('<b>really</b>');
    const shown = (await (await t.request(`/api/bookings/${bookingId}/invoice?token=${token}`, { headers: headers() })).json()) as Invoice;
    expect(shown.weightQuestionedAt).toBe(now().toISOString());
  });

  it('the back office shows the flag and the note on the booking and in the list', async () => {
    const { bookingId, token } = await weighed();
    const before = (await staff('GET', `/api/admin/bookings/${bookingId}`)).json.booking as StaffBooking;
    expect(before).toMatchObject({ weightQuestionedAt: null, weightQuestion: null });
    expect((await question(bookingId, { token, note: 'Please re-check' })).status).toBe(200);
    const after = (await staff('GET', `/api/admin/bookings/${bookingId}`)).json.booking as StaffBooking;
    expect(after).toMatchObject({ weightQuestionedAt: now().toISOString(), weightQuestion: 'Please re-check' });
    const list = (await staff('GET', '/api/admin/bookings')).json.bookings as StaffBooking[];
    expect(list.find((x) => x.id === bookingId)?.weightQuestionedAt).toBe(now().toISOString());
  });

  it('no note is fine; a note too long or not text is refused with its sentence and records nothing', async () => {
    const { bookingId, token } = await weighed();
    for (const [note, message] of [
      ['x'.repeat(WEIGHT_QUESTION_MAX_CHARS + 1), weightQuestionMessages.tooLong],
      [42, weightQuestionMessages.invalid],
      [null, weightQuestionMessages.invalid],
    ] as const) {
      const res = await question(bookingId, { token, note });
      expect(res.status, String(note)).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe(message);
    }
    // a NUL character cannot be stored: refused naming the note, never a server error (found by the fuzz run)
    const nul = await question(bookingId, { token, note: 'Is this right?\u0000' });
    expect(nul.status).toBe(400);
    expect(((await nul.json()) as { error: { code: string; fields: Record<string, string> } }).error).toMatchObject({ code: 'text_nul_character', fields: { note: expect.any(String) } });
    expect((await row(bookingId)).weightQuestionedAt).toBeNull();
    expect(await mails(bookingId)).toHaveLength(0);
    // spaces around a note at the limit do not count
    expect((await question(bookingId, { token, note: ` ${'y'.repeat(WEIGHT_QUESTION_MAX_CHARS)} ` })).status).toBe(200);
    const other = await weighed();
    expect((await question(other.bookingId, { token: other.token })).status).toBe(200);
    expect((await row(other.bookingId)).weightQuestion).toBeNull();
    expect(await mails(other.bookingId)).toHaveLength(1);
  });

  it('a forged, another booking’s, an expired or a missing token, a bad id or an unknown booking: not found, nothing recorded', async () => {
    const one = await weighed();
    const other = await weighed();
    const expired = invoiceToken(t.config.sessionSecret, one.bookingId, '142-2485', new Date(now().getTime() - 61 * 86_400_000));
    const [exp, version, sig] = one.token.split('.');
    for (const [id, body] of [
      [one.bookingId, { token: other.token }],
      [one.bookingId, { token: 'made-up' }],
      [one.bookingId, { token: expired }],
      [one.bookingId, { token: `${Number(exp) + 86_400}.${version}.${sig}` }],
      [one.bookingId, { note: 'no token' }],
      [one.bookingId, null],
      [one.bookingId, 'x'],
      ['not-a-uuid', { token: one.token }],
      ['00000000-0000-4000-8000-000000000000', { token: one.token }],
    ] as const) {
      const res = await question(id, body);
      expect(res.status, `${id} ${JSON.stringify(body)}`).toBe(404);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe(notFound);
    }
    expect((await row(one.bookingId)).weightQuestionedAt).toBeNull();
    expect(await mails(one.bookingId)).toHaveLength(0);
  });

  it('a bill not yet weighed cannot be questioned', async () => {
    const bookingId = await booked();
    const token = invoiceToken(t.config.sessionSecret, bookingId, '142-2485', now());
    const res = await question(bookingId, { token });
    expect(res.status).toBe(409);
    expect((await row(bookingId)).weightQuestionedAt).toBeNull();
  });

  it('is rate-limited per address', async () => {
    let last = 0;
    for (let i = 0; i < 31; i += 1) last = (await question('00000000-0000-4000-8000-000000000000', { token: 'x' })).status;
    expect(last).toBe(429);
  });
});
