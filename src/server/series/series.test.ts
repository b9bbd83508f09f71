// Recurring pick-ups (decision 024): started from the confirmation page (its checkout is the
// credential) or the customer's orders; each occurrence made 3 days ahead as a booking with its own
// hold on the saved card, once even with two jobs at once; SKIP by text removes the next one and
// the following still comes; a refused hold emails the customer and shows the issue; pause, resume
// and stop from the series' own link; a wrong link or another customer's booking opens nothing.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { payLocalCheckout, signInToOrders, testCards } from '../../../tests/helpers/flows';
import { createTestApp, testDatabaseKinds, type TestContext } from '../../../tests/helpers/test-app';
import { bookingFormInput } from '../bookings/booking.factory';
import { auditLog, bookings, outbox, paymentOperations, pickupSeries } from '../db/schema';
import { twilioSignature } from '../gateways/sms/twilio-signature';
import { runSeriesJob } from '../jobs';
import { recoverPendingOperations } from '../payments/operations.service';

const ORIGIN = 'http://shop.test';
let clock = new Date('2026-11-23T14:00:00Z'); // Monday 9:00 in South Carolina
const now = () => clock;
const at = (iso: string) => (clock = new Date(iso));

type SeriesView = { id: string; label: string; status: string; nextDate: string | null; booked: { id: string; pickupLabel: string } | null; lastIssue: string | null; manageUrl: string };

describe.each(testDatabaseKinds)('recurring pick-ups (%s)', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    at('2026-11-23T14:00:00Z');
    t = await createTestApp(kind, { PICKUP_CAPACITY_PER_WINDOW: '1000', PUBLIC_URL: ORIGIN }, { now });
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(() => {
    at('2026-11-23T14:00:00Z');
  });

  /** A booking paid through the local checkout (the card saved with it); its checkout session. */
  async function paid(email: string, phone: string, card = testCards.ok) {
    const res = await t.request('/api/bookings', { method: 'POST', json: { bookingData: bookingFormInput({ email, phone, smsConsent: true, pickupDate: '2026-11-25', pickupTime: '12pm-4pm' }) } });
    expect(res.status, await res.clone().text()).toBe(201);
    const { booking_id, url } = (await res.json()) as { booking_id: string; url: string };
    const { sessionId } = await payLocalCheckout(t, url, card);
    return { id: booking_id, sessionId };
  }
  const job = () => runSeriesJob({ db: t.database.db, gateway: t.gateway, timeZone: 'America/New_York', notify: { publicUrl: ORIGIN, secret: t.config.sessionSecret }, now });
  const start = (body: unknown) => t.request('/api/series', { method: 'POST', json: body, headers: { origin: ORIGIN } });
  const occurrences = (seriesId: string) => t.database.db.select().from(bookings).where(eq(bookings.seriesId, seriesId)).orderBy(bookings.pickupDate);
  const tokenOf = (view: SeriesView) => new URL(view.manageUrl).searchParams.get('token')!;
  const act = (view: SeriesView, action: string, token = tokenOf(view)) => t.request(`/api/series/${view.id}/action`, { method: 'POST', json: { token, action }, headers: { origin: ORIGIN } });
  const inbound = (body: string, from: string) => {
    const params = { From: from, Body: body, To: '+18035550100', MessageSid: `SM${Math.random()}` };
    return t.app.request('/api/sms/inbound', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilioSignature(t.config.smsAuthToken, `${ORIGIN}/api/sms/inbound`, params) },
      body: new URLSearchParams(params).toString(),
    });
  };

  it('weekly from the confirmation page: each occurrence booked 3 days ahead with its own hold; SKIP removes one, the next still comes', async () => {
    const b = await paid('rita@example.com', '(803) 555-0161');
    // the page's credential is its own checkout: another session, no credential, or a made-up id open nothing
    expect((await start({ bookingId: b.id, everyWeeks: 1 })).status).toBe(404);
    expect((await start({ bookingId: b.id, everyWeeks: 1, sessionId: 'cs_local_forged' })).status).toBe(404);
    expect((await start({ bookingId: b.id, everyWeeks: 3, sessionId: b.sessionId })).status).toBe(400);
    const res = await start({ bookingId: b.id, everyWeeks: 1, sessionId: b.sessionId });
    expect(res.status).toBe(201);
    const { series } = (await res.json()) as { series: SeriesView };
    expect(series).toMatchObject({ label: 'Every week on Wednesday, 12PM – 4PM', status: 'active', nextDate: '2026-12-02', booked: null });
    expect((await start({ bookingId: b.id, everyWeeks: 2, sessionId: b.sessionId })).status).toBe(409);
    const [started] = await t.database.db.select().from(outbox).where(and(eq(outbox.kind, 'series_started'), eq(outbox.recipient, 'rita@example.com')));
    expect((started!.payload as { text: string }).text).toContain(series.manageUrl);

    // Saturday Nov 28: 4 days ahead, not yet
    at('2026-11-28T14:00:00Z');
    expect(await job()).toEqual({ made: 0, issues: 0 });
    // Sunday Nov 29: 3 days ahead; two jobs at once make it once
    at('2026-11-29T14:00:00Z');
    const runs = await Promise.all([job(), job()]);
    expect(runs.reduce((n, r) => n + r.made, 0)).toBe(1);
    const [first] = await occurrences(series.id);
    expect(first).toMatchObject({ pickupDate: '2026-12-02', pickupTime: '12pm-4pm', bookingStatus: 'confirmed', paymentStatus: 'paid', paymentIntentStatus: 'requires_capture', authorizedAmount: first!.totalAmount, email: 'rita@example.com', promoCode: null });
    expect(first!.totalAmount).toBeGreaterThan(0);
    const [hold] = await t.database.db.select().from(paymentOperations).where(eq(paymentOperations.idempotencyKey, `series-hold:${first!.id}`));
    expect(hold).toMatchObject({ kind: 'authorize_off_session', status: 'succeeded', amountCents: first!.totalAmount });
    expect((await t.gateway.retrievePaymentIntent(first!.stripePaymentIntentId!)).status).toBe('requires_capture');
    expect(await t.database.db.select().from(outbox).where(and(eq(outbox.bookingId, first!.id), eq(outbox.kind, 'booking_confirmation')))).toHaveLength(1);
    expect(await job()).toEqual({ made: 0, issues: 0 });

    // SKIP by text: the next pick-up (this occurrence) is cancelled, its hold released
    expect((await inbound('SKIP', '+18035550161')).status).toBe(200);
    const [skipped] = await occurrences(series.id);
    expect(skipped).toMatchObject({ bookingStatus: 'cancelled' });
    expect((await t.gateway.retrievePaymentIntent(first!.stripePaymentIntentId!)).status).toBe('canceled');
    // the week after still comes
    at('2026-12-06T14:00:00Z');
    expect((await job()).made).toBe(1);
    expect((await occurrences(series.id)).map((o) => [o.pickupDate, o.bookingStatus])).toEqual([
      ['2026-12-02', 'cancelled'],
      ['2026-12-09', 'confirmed'],
    ]);
  });

  it('the series’ own link: pause makes none, resume starts from the next date ahead, stop ends it; a wrong token opens nothing', async () => {
    const b = await paid('paul@example.com', '(803) 555-0162');
    const { series } = (await (await start({ bookingId: b.id, everyWeeks: 2, sessionId: b.sessionId })).json()) as { series: SeriesView };
    expect(series.nextDate).toBe('2026-12-09');
    expect((await t.request(`/api/series/${series.id}?token=forged`)).status).toBe(404);
    expect((await act(series, 'pause', 'forged')).status).toBe(404);
    expect((await (await t.request(`/api/series/${series.id}?token=${tokenOf(series)}`)).json()) as { series: SeriesView }).toMatchObject({ series: { status: 'active' } });
    const paused = await act(series, 'pause');
    expect(await paused.json()).toMatchObject({ series: { status: 'paused', nextDate: null }, message: expect.stringContaining('Paused') });
    at('2026-12-07T14:00:00Z');
    await job();
    expect(await occurrences(series.id)).toHaveLength(0);
    // resumed after its date passed: from the next one still ahead, none back-dated
    at('2026-12-10T14:00:00Z');
    expect(await (await act(series, 'resume')).json()).toMatchObject({ series: { status: 'active', nextDate: '2026-12-23' } });
    expect(((await (await act(series, 'skip')).json()) as { error: { message: string } }).error.message).toMatch(/No pick-up of this series is booked yet/);
    expect(await (await act(series, 'stop')).json()).toMatchObject({ series: { status: 'stopped' } });
    expect((await act(series, 'resume')).status).toBe(409);
    at('2026-12-21T14:00:00Z');
    await job();
    expect(await occurrences(series.id)).toHaveLength(0);
    const actions = await t.database.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.targetId, b.id));
    expect(actions.map((a) => a.action)).toEqual(expect.arrayContaining(['series.started', 'series.paused', 'series.resumed', 'series.stopped']));
  });

  it('a hold the gateway did not answer: finished by the recovery job, then confirmed (or refused) on the next round, once', async () => {
    const ok = await paid('gus@example.com', '(803) 555-0166');
    const refused = await paid('hal@example.com', '(803) 555-0167', testCards.failsLater);
    const views: SeriesView[] = [];
    for (const b of [ok, refused]) views.push(((await (await start({ bookingId: b.id, everyWeeks: 1, sessionId: b.sessionId })).json()) as { series: SeriesView }).series);
    at('2026-11-29T14:00:00Z');
    // the gateway is unreachable while the job places the holds: they stay pending, nobody told yet
    const gateway = t.gateway;
    const down = Object.assign(Object.create(gateway) as typeof gateway, { chargeOffSession: () => Promise.reject(new Error('connect ETIMEDOUT')) });
    expect(await runSeriesJob({ db: t.database.db, gateway: down, timeZone: 'America/New_York', notify: { publicUrl: ORIGIN, secret: t.config.sessionSecret }, now })).toEqual({ made: 0, issues: 0 });
    const [held] = await occurrences(views[0]!.id);
    const [notHeld] = await occurrences(views[1]!.id);
    expect([held!.bookingStatus, notHeld!.bookingStatus]).toEqual(['pending', 'pending']);
    // the recovery job finishes both holds with the gateway's word
    await t.database.db.update(paymentOperations).set({ createdAt: new Date(Date.now() - 120_000) }).where(eq(paymentOperations.kind, 'authorize_off_session'));
    await recoverPendingOperations(t.database.db, t.gateway);
    // the next round tells each customer, once even when two rounds run together
    const both = await Promise.all([job(), job()]);
    expect(both.reduce((sum, r) => sum + r.made + r.issues, 0)).toBeGreaterThanOrEqual(2);
    await job();
    const mails = (to: string, kind: string) => t.database.db.select().from(outbox).where(and(eq(outbox.recipient, to), eq(outbox.kind, kind)));
    expect(await mails('gus@example.com', 'booking_confirmation')).toHaveLength(2); // the first booking's and the occurrence's
    expect((await occurrences(views[0]!.id))[0]).toMatchObject({ bookingStatus: 'confirmed', paymentStatus: 'paid' });
    expect((await occurrences(views[1]!.id))[0]).toMatchObject({ bookingStatus: 'cancelled', paymentStatus: 'failed' });
    expect(await mails('hal@example.com', 'series_issue')).toHaveLength(1);
    expect(await job()).toEqual({ made: 0, issues: 0 });
  });

  it('a hold the card refuses: no pick-up, the customer emailed, the issue shown; the series goes on', async () => {
    const b = await paid('fay@example.com', '(803) 555-0163', testCards.failsLater);
    const { series } = (await (await start({ bookingId: b.id, everyWeeks: 1, sessionId: b.sessionId })).json()) as { series: SeriesView };
    at('2026-11-29T14:00:00Z');
    expect(await job()).toEqual({ made: 0, issues: 1 });
    const [refused] = await occurrences(series.id);
    expect(refused).toMatchObject({ pickupDate: '2026-12-02', bookingStatus: 'cancelled', paymentStatus: 'failed' });
    const [row] = await t.database.db.select().from(pickupSeries).where(eq(pickupSeries.id, series.id));
    expect(row).toMatchObject({ status: 'active', nextDate: '2026-12-09', lastIssue: expect.stringContaining('No pick-up on Wednesday, December 2, 2026: the card on file refused the hold') });
    const [mail] = await t.database.db.select().from(outbox).where(and(eq(outbox.kind, 'series_issue'), eq(outbox.recipient, 'fay@example.com')));
    expect(mail!.subject).toMatch(/needs you/);
  });

  it('from the customer’s orders: their own order only; the series listed with its link', async () => {
    const mine = await paid('olga@example.com', '(803) 555-0164');
    const theirs = await paid('zed@example.com', '(803) 555-0165');
    const cookie = await signInToOrders(t, ORIGIN, 'olga@example.com', 'olga@example.com');
    const repeat = (id: string, body: unknown = { everyWeeks: 2 }) => t.request(`/api/orders/${id}/series`, { method: 'POST', json: body, headers: { cookie, origin: ORIGIN } });
    expect((await repeat(theirs.id)).status).toBe(404);
    expect((await repeat(mine.id, { everyWeeks: 'weekly' })).status).toBe(400);
    type Listed = { series: SeriesView[]; upcoming: { id: string; canRepeat: boolean }[] };
    const before = (await (await t.request('/api/orders', { headers: { cookie } })).json()) as Listed;
    expect(before.upcoming.find((o) => o.id === mine.id)?.canRepeat).toBe(true);
    expect((await repeat(mine.id)).status).toBe(201);
    const orders = (await (await t.request('/api/orders', { headers: { cookie } })).json()) as Listed;
    expect(orders.series).toEqual([expect.objectContaining({ label: 'Every 2 weeks on Wednesday, 12PM – 4PM', status: 'active' })]);
    // the order now repeats: no second "Repeat" on it, and the server refuses one
    expect(orders.upcoming.find((o) => o.id === mine.id)?.canRepeat).toBe(false);
    expect((await repeat(mine.id)).status).toBe(409);
    // a free order has no card saved to hold the next ones on: no "Repeat", and the server agrees
    const free = await t.request('/api/bookings', { method: 'POST', json: { bookingData: bookingFormInput({ email: 'olga@example.com', phone: '(803) 555-0164', pickupDate: '2026-11-27', pickupTime: '8am-12pm' }), promoCode: 'FREE' } });
    expect(free.status, await free.clone().text()).toBe(201);
    const freeId = ((await free.json()) as { booking_id: string }).booking_id;
    const listed = (await (await t.request('/api/orders', { headers: { cookie } })).json()) as Listed;
    expect(listed.upcoming.find((o) => o.id === freeId)?.canRepeat).toBe(false);
    expect((await repeat(freeId)).status).toBe(409);
    // signed out, nothing
    expect((await t.request(`/api/orders/${mine.id}/series`, { method: 'POST', json: { everyWeeks: 1 }, headers: { origin: ORIGIN } })).status).toBe(401);
  });
});
