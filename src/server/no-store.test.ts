// Decision 038: an answer opened by a link's token or a checkout session carries a customer's name,
// address and money; no browser, proxy or shared cache may keep it (Cache-Control: no-store),
// whether it opens the booking or refuses a wrong token.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payLocalCheckout, signInOwner, type StaffCall } from '../../tests/helpers/flows';
import { createTestApp, type TestContext } from '../../tests/helpers/test-app';
import { cancelToken } from './booking-records/cancel-link';
import { invoiceUrl } from './booking-records/invoice-link';
import { payAmountDueToken } from './booking-records/pay-link';
import { bookingFormInput } from './bookings/booking.factory';
import { bookings } from './db/schema';
import { invoicePayUrl } from './invoices/invoice-pay-link';

const ORIGIN = 'http://localhost:3000';
// Sunday 2026-11-22, 10:00 in South Carolina
const now = () => new Date('2026-11-22T15:00:00Z');
const MONDAY = '2026-11-23';

describe('token-protected public answers are never stored (decision 038)', () => {
  let t: TestContext;
  let staff: StaffCall;
  beforeAll(async () => {
    t = await createTestApp('pglite', { PICKUP_CAPACITY_PER_WINDOW: '1000' }, { now });
    staff = await signInOwner(t, ORIGIN);
  });
  afterAll(async () => {
    await t?.close();
  });

  let ip = 0;
  const send = (path: string, init: { method?: string; json?: unknown } = {}) => t.request(path, { ...init, headers: { origin: ORIGIN, 'x-forwarded-for': `198.51.100.${(ip += 1)}` } });
  const book = async (extra: Record<string, unknown> = {}) => {
    const res = await send('/api/bookings', { method: 'POST', json: { bookingData: bookingFormInput({ pickupDate: MONDAY, name: 'Jane Doe', address: '12 Elm St' }), ...extra } });
    expect(res.status).toBe(201);
    return (await res.json()) as { booking_id: string; token: string; url?: string };
  };
  /** The answer, with what it said, and whether it may be kept. */
  async function expectNoStore(what: string, res: Response, status: number, says?: string) {
    const text = await res.text();
    expect(res.status, `${what}: ${text}`).toBe(status);
    if (says) expect(text, what).toContain(says);
    expect(res.headers.get('cache-control'), what).toBe('no-store');
  }

  it('a booking by its token or its checkout session, its cancellation and the cancel itself', async () => {
    const free = await book({ promoCode: 'FREE' });
    await expectNoStore('booking by token', await send(`/api/bookings/${free.booking_id}?token=${free.token}`), 200, '12 Elm St');
    await expectNoStore('booking by a wrong token', await send(`/api/bookings/${free.booking_id}?token=x${free.token}`), 404);
    const paid = await book();
    const sessionId = new URL(paid.url!).pathname.split('/').pop()!;
    await expectNoStore('booking by session', await send(`/api/bookings/session/${sessionId}`), 200, 'Jane Doe');
    await expectNoStore('booking by an unknown session', await send('/api/bookings/session/cs_test_nope'), 404);
    const token = cancelToken(t.config.sessionSecret, free.booking_id);
    await expectNoStore('cancellation', await send(`/api/bookings/${free.booking_id}/cancellation?token=${token}`), 200);
    await expectNoStore('cancellation with a wrong token', await send(`/api/bookings/${free.booking_id}/cancellation?token=x${token}`), 403);
    await expectNoStore('cancel', await send(`/api/bookings/${free.booking_id}/cancel`, { method: 'POST', json: { token } }), 200);
  });

  it('the final invoice, the amount due, a manual invoice, a regular pick-up and a gift card bought', async () => {
    const paid = await book();
    const { sessionId } = await payLocalCheckout(t, paid.url!);
    expect((await staff('POST', `/api/admin/bookings/${paid.booking_id}/weight`, { actualWeight: 14.2 })).status).toBe(200);
    const [weighed] = await t.database.db.select().from(bookings).where(eq(bookings.id, paid.booking_id));
    const invoiceToken = new URL(invoiceUrl(ORIGIN, t.config.sessionSecret, weighed!, now())!).searchParams.get('token')!;
    await expectNoStore('invoice', await send(`/api/bookings/${paid.booking_id}/invoice?token=${invoiceToken}`), 200, 'Jane Doe');
    await expectNoStore('invoice with a wrong token', await send(`/api/bookings/${paid.booking_id}/invoice?token=x${invoiceToken}`), 404);
    const dueToken = payAmountDueToken(t.config.sessionSecret, paid.booking_id);
    await expectNoStore('amount due', await send(`/api/bookings/${paid.booking_id}/amount-due?token=${dueToken}`), 200);
    await expectNoStore('amount due with a wrong token', await send(`/api/bookings/${paid.booking_id}/amount-due?token=x${dueToken}`), 403);

    const sent = await staff('POST', '/api/admin/invoices', { clientName: 'Acme Dental', clientEmail: 'acme@example.com', dueDate: MONDAY, poundsTenths: 200 });
    expect(sent.status).toBe(201);
    const invoiceId = (sent.json as { invoice: { id: string } }).invoice.id;
    const payToken = new URL(invoicePayUrl(ORIGIN, t.config.sessionSecret, invoiceId)).searchParams.get('token')!;
    await expectNoStore('manual invoice', await send(`/api/invoices/${invoiceId}?token=${payToken}`), 200, 'Acme Dental');
    await expectNoStore('manual invoice with a wrong token', await send(`/api/invoices/${invoiceId}?token=x${payToken}`), 403);

    const started = await send('/api/series', { method: 'POST', json: { bookingId: paid.booking_id, everyWeeks: 2, sessionId } });
    await expectNoStore('a regular pick-up started', started.clone(), 201);
    const series = ((await started.json()) as { series: { id: string; manageUrl: string } }).series;
    const seriesToken = new URL(series.manageUrl).searchParams.get('token')!;
    await expectNoStore('a regular pick-up', await send(`/api/series/${series.id}?token=${seriesToken}`), 200);
    await expectNoStore('a regular pick-up with a wrong token', await send(`/api/series/${series.id}?token=forged`), 404);

    const bought = await send('/api/gift-cards/purchase', { method: 'POST', json: { amount: 30, purchaser_email: 'buyer@example.com', recipient_name: 'Sam Lee', recipient_email: 'sam@example.com', message: 'Enjoy!', terms_accepted: true } });
    expect(bought.status).toBe(201);
    const giftSession = ((await bought.json()) as { session_id: string }).session_id;
    await expectNoStore('a gift card bought', await send(`/api/gift-cards/purchase/${giftSession}`), 200);
  });
});
