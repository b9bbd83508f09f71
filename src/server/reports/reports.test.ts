// decision 026, the Reports tab against the ledgers. December's bookings are made through the real
// flows (the booking API, the local checkout, the back office's weighing and cancelling); the
// report's figures are checked against what the ledgers say on their own (the succeeded payment
// operations and the gift-card ledger of the bookings picked up in the range) and written out by
// hand. Gift-card sales, their liability and pro payouts are rows put in at known times.
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInOwner, staffCall, testCards, type StaffCall } from '../../../tests/helpers/flows';
import { createTestApp, bothDatabaseKinds, type TestContext } from '../../../tests/helpers/test-app';
import type { BookingFormInput } from '../../shared/schemas/booking-api';
import { reportRangeMessages } from '../../shared/report-range';
import type { Report } from '../../shared/schemas/reports';
import { createAdmin } from '../admins/admins.service';
import { bookingFormInput } from '../bookings/booking.factory';
import { bookings, giftCardLedger, giftCards, laundryAssignments, laundryPros, paymentOperations, payoutItems, payouts, user } from '../db/schema';
import { insertGiftCard } from '../gift-cards/gift-card.factory';

const ORIGIN = 'http://shop.test';
/** Sunday 2026-11-29, 10:00 in South Carolina: December is booked then. */
let clock = new Date('2026-11-29T15:00:00Z');
const now = () => clock;

/** A booking form in Leesville on Wednesday 2 December, 12PM - 4PM, unless told otherwise. */
const form = (overrides: Partial<BookingFormInput>): BookingFormInput =>
  bookingFormInput({ city: 'Leesville', zipCode: '29070', pickupDate: '2026-12-02', pickupTime: '12pm-4pm', pickupLocation: 'porch', ...overrides });

describe.each(bothDatabaseKinds)('the Reports tab (%s)', (kind) => {
  let t: TestContext;
  let staff: StaffCall;
  const report = async (from: string, to: string) => {
    const res = await staff('GET', `/api/admin/reports?from=${from}&to=${to}`);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return res.json as Report;
  };

  beforeAll(async () => {
    clock = new Date('2026-11-29T15:00:00Z');
    t = await createTestApp(kind, { PICKUP_CAPACITY_PER_WINDOW: '4', PUBLIC_URL: ORIGIN }, { now });
    staff = await signInOwner(t, ORIGIN);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function book(overrides: Partial<BookingFormInput>, codes: { giftCardCode?: string } = {}, card = testCards.ok) {
    const res = await t.request('/api/bookings', { method: 'POST', json: { bookingData: form(overrides), ...codes } });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { booking_id: string; url: string | null; next: string };
    if (body.next === 'checkout') {
      const sessionId = new URL(body.url!).pathname.split('/').pop()!;
      const form = new URLSearchParams({ number: card, expiry: '12/30', cvc: '123', zip: '29070' });
      expect((await t.app.request(`/dev/checkout/${sessionId}/pay`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString() })).status).toBe(303);
      if (card === testCards.needsAuthentication)
        await t.app.request(`/dev/checkout/${sessionId}/authenticate`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'result=approve' });
      await t.gateway.flushEvents();
    }
    return body.booking_id;
  }
  async function weigh(id: string, actualWeight: number) {
    expect((await staff('POST', `/api/admin/bookings/${id}/weight`, { actualWeight })).status).toBe(200);
    await t.gateway.flushEvents();
  }

  /** Revenue as the ledgers say it, for the bookings picked up in the range (decision 015). */
  async function ledgerRevenue(from: string, to: string) {
    const db = t.database.db;
    const inRange = (await db.select({ id: bookings.id, date: bookings.pickupDate, weighed: bookings.weightAdjustmentProcessed }).from(bookings)).filter((b) => b.date >= from && b.date <= to);
    const ids = inRange.map((b) => b.id);
    if (!ids.length) return 0;
    const sign: Record<string, number> = { capture: 1, charge_off_session: 1, refund: -1 };
    const ops = await db.select().from(paymentOperations).where(inArray(paymentOperations.bookingId, ids));
    const card = ops.filter((o) => o.status === 'succeeded').reduce((sum, o) => sum + (sign[o.kind] ?? 0) * o.amountCents, 0);
    const weighed = new Set(inRange.filter((b) => b.weighed).map((b) => b.id));
    const entries = await db.select().from(giftCardLedger).where(inArray(giftCardLedger.bookingId, ids));
    const gift = entries.filter((e) => weighed.has(e.bookingId!)).reduce((sum, e) => sum + (e.kind === 'capture' ? e.amountCents : e.kind === 'release' ? -e.amountCents : 0), 0);
    return card + gift;
  }

  it('a month of bookings: the figures, the series and the breakdowns match the ledgers', async () => {
    const partCard = await insertGiftCard(t.database.db, { amount: 2500, createdAt: new Date('2026-11-20T15:00:00Z') });
    const a = await book({ pickupDate: '2026-12-02', pickupTime: '8am-12pm', oxiClean: true });
    await weigh(a, 14.2); // $25.85
    const b = await book({ pickupDate: '2026-12-04', city: 'Gilbert', zipCode: '29054', bagQuantity: 2 });
    await weigh(b, 40); // $70.00: $63.00 captured and $7.00 charged off session
    const c = await book({ pickupDate: '2026-12-07' }, { giftCardCode: partCard.code });
    await weigh(c, 20); // $35.00: $25.00 from the gift card, $10.00 on the card
    const d = await book({ pickupDate: '2026-12-09', pickupTime: '4pm-8pm', city: 'Lexington', zipCode: '29072' });
    expect((await staff('POST', `/api/admin/bookings/${d}/status`, { status: 'cancelled' })).status).toBe(200);
    await book({ pickupDate: '2026-12-09', city: ' leesville ' }); // authorised only: counted, no revenue yet
    const f = await book({ pickupDate: '2026-12-07', pickupTime: '4pm-8pm', city: 'Lexington', zipCode: '29072', bagQuantity: 2 }, {}, testCards.needsAuthentication);
    await weigh(f, 40); // $63.00 captured, $7.00 due: the extra charge needs the customer
    const november = await book({ pickupDate: '2026-11-30' });
    await weigh(november, 12);

    const dec = await report('2026-12-01', '2026-12-31');
    const expectedRevenue = 2585 + 7000 + 3500 + 6300;
    expect(await ledgerRevenue('2026-12-01', '2026-12-31')).toBe(expectedRevenue);
    expect(dec.empty).toBe(false);
    expect(dec.figures).toMatchObject({
      revenueCents: expectedRevenue,
      bookings: 5,
      cancelledBookings: 1,
      weighedBookings: 4,
      poundsWashedTenths: 142 + 400 + 200 + 400,
      averageBillCents: 4846, // $193.85 / 4 = $48.4625
      tipsCents: 0,
      amountDueCents: 700,
    });
    // a point per day, zeros included, summing to the figures
    expect(dec.bucket).toBe('day');
    expect(dec.series).toHaveLength(31);
    expect(dec.series.filter((p) => p.bookings || p.revenueCents)).toEqual([
      { start: '2026-12-02', revenueCents: 2585, bookings: 1 },
      { start: '2026-12-04', revenueCents: 7000, bookings: 1 },
      { start: '2026-12-07', revenueCents: 3500 + 6300, bookings: 2 },
      { start: '2026-12-09', revenueCents: 0, bookings: 1 },
    ]);
    // towns by name, whatever the spacing and case; the cancelled booking in Lexington left out
    expect(dec.towns).toEqual([
      { town: 'Leesville', bookings: 3 },
      { town: 'Gilbert', bookings: 1 },
      { town: 'Lexington', bookings: 1 },
    ]);
    // December 2026 offers 13 service days (4 Mondays, 5 Wednesdays, 4 Fridays) × 4 places
    expect(dec.windows).toEqual([
      { window: '8am-12pm', bookings: 1, capacity: 52, percent: 1 },
      { window: '12pm-4pm', bookings: 3, capacity: 52, percent: 5 },
      { window: '4pm-8pm', bookings: 1, capacity: 52, percent: 1 },
    ]);
    expect(dec.busiest[0]).toEqual({ weekday: 1, window: '12pm-4pm', bookings: 1, capacity: 16, percent: 6 });
    expect(dec.busiest.map((s) => `${s.weekday} ${s.window} ${s.percent}`)).toEqual(['1 12pm-4pm 6', '1 4pm-8pm 6', '5 12pm-4pm 6', '3 8am-12pm 5', '3 12pm-4pm 5']);

    // November holds the 30th's booking only; both months together, everything
    expect((await report('2026-11-01', '2026-11-30')).figures).toMatchObject({ bookings: 1, revenueCents: 2100, weighedBookings: 1, averageBillCents: 2100 });
    const both = await report('2026-11-01', '2027-01-31');
    expect(both.bucket).toBe('week');
    expect(both.series[0]!.start).toBe('2026-11-01');
    expect(both.series.reduce((sum, p) => sum + p.revenueCents, 0)).toBe(expectedRevenue + 2100);
    expect(both.series.reduce((sum, p) => sum + p.bookings, 0)).toBe(6);
    // the gift cards' liability now is what the ledger leaves on them
    const cards = await t.database.db.select().from(giftCards);
    const entries = await t.database.db.select().from(giftCardLedger);
    const left = cards.reduce((s, card) => s + card.amount, 0) - entries.reduce((s, e) => s + (e.kind === 'hold' ? e.amountCents : e.kind === 'release' ? -e.amountCents : 0), 0);
    expect(dec.figures.giftCardLiabilityCents).toBe(left);
    expect(left).toBe(0);
  });

  it('gift cards sold in the range (by the business’s day), the liability at its end, the payouts that succeeded', async () => {
    const db = t.database.db;
    const sold = (iso: string, amount: number, session: string | null = `cs_${iso}`) => insertGiftCard(db, { amount, balance: amount, createdAt: new Date(iso), stripeSessionId: session });
    await sold('2027-02-10T15:00:00Z', 6000);
    // 23:30 on the 31st in South Carolina is still January; 00:30 on March 1st is March
    await sold('2027-02-01T04:30:00Z', 3000);
    await sold('2027-03-01T05:30:00Z', 10_000);
    await sold('2027-02-12T15:00:00Z', 2500, null); // issued, not sold: a liability, never a sale
    const spent = await sold('2027-02-03T15:00:00Z', 5000);
    const [booking] = await db.select().from(bookings).limit(1);
    const entry = (kind: 'hold' | 'release' | 'payment' | 'credit', amountCents: number, iso: string, giftCardId = spent.id) =>
      db.insert(giftCardLedger).values({ giftCardId, bookingId: booking!.id, kind, amountCents, createdAt: new Date(iso) });
    await entry('hold', 2000, '2027-02-05T15:00:00Z');
    // decision 064: a payment of what was due; decision 031: a refund credited back to the card
    await entry('payment', 700, '2027-02-07T15:00:00Z');
    await entry('credit', 300, '2027-02-08T15:00:00Z');
    await entry('release', 500, '2027-02-20T15:00:00Z');
    await entry('hold', 1000, '2027-03-03T15:00:00Z');
    await db.update(giftCards).set({ balance: 5000 - 2000 - 700 + 300 + 500 - 1000, creditedCents: 300 }).where(eq(giftCards.id, spent.id));
    // a card issued by a refund's credit: its amount is the credit, its ledger says so at the same moment
    const issued = await sold('2027-02-09T15:00:00Z', 400, null);
    await entry('credit', 400, '2027-02-09T15:00:00Z', issued.id);

    const [pro] = await db.insert(laundryPros).values({ name: 'Report Pro', startDate: '2026-11-01' }).returning();
    const done = await db.select({ id: bookings.id }).from(bookings).where(eq(bookings.weightAdjustmentProcessed, true)).limit(3);
    const payout = async (iso: string, items: { cents: number; status: 'succeeded' | 'failed' | 'pending' }[]) => {
      const [p] = await db.insert(payouts).values({ laundryProId: pro!.id, requestKey: iso, amountCents: items.reduce((s, i) => s + i.cents, 0), createdAt: new Date(iso) }).returning();
      for (const item of items) {
        const [assignment] = await db.insert(laundryAssignments).values({ bookingId: done.shift()!.id, laundryProId: pro!.id }).returning();
        const key = `transfer-${assignment!.id}`;
        await db.insert(paymentOperations).values({ idempotencyKey: key, kind: 'transfer', amountCents: item.cents, status: item.status, request: {} });
        await db.insert(payoutItems).values({ payoutId: p!.id, assignmentId: assignment!.id, perPoundCents: item.cents, tipCents: 0, amountCents: item.cents, operationKey: key });
      }
    };
    await payout('2027-02-15T15:00:00Z', [{ cents: 1065, status: 'succeeded' }, { cents: 500, status: 'failed' }]);
    await payout('2027-01-15T15:00:00Z', [{ cents: 900, status: 'succeeded' }]);

    clock = new Date('2027-03-10T15:00:00Z');
    const feb = await report('2027-02-01', '2027-02-28');
    expect(feb.empty).toBe(false);
    expect(feb.liabilityOn).toBe('2027-02-28');
    expect(feb.figures).toMatchObject({ bookings: 0, revenueCents: 0, averageBillCents: 0, giftCardsSold: 2, giftCardSalesCents: 6000 + 5000, proPayoutsCents: 1065 });
    // every card issued by the end of February, less what was held and not given back by then
    expect(feb.figures.giftCardLiabilityCents).toBe(6000 + 3000 + 2500 + (5000 - 2000 - 700 + 300 + 500) + 400);
    const march = await report('2027-03-01', '2027-03-31');
    expect(march.liabilityOn).toBe('2027-03-10');
    expect(march.figures).toMatchObject({ giftCardsSold: 1, giftCardSalesCents: 10_000, giftCardLiabilityCents: 6000 + 3000 + 10_000 + 2500 + 2100 + 400, proPayoutsCents: 0 });
    // the ledger's figure for a past day is the balances' for today when nothing moved since
    clock = new Date('2027-03-11T15:00:00Z');
    expect((await report('2027-03-01', '2027-03-10')).figures.giftCardLiabilityCents).toBe(march.figures.giftCardLiabilityCents);
  });

  it('a range with nothing in it is an empty report of zeros, its days still charted', async () => {
    const empty = await report('2025-06-01', '2025-06-30');
    expect(empty.empty).toBe(true);
    expect(Object.entries(empty.figures).filter(([key, v]) => key !== 'giftCardLiabilityCents' && v !== 0)).toEqual([]);
    expect(empty.series).toHaveLength(30);
    expect(empty.series.every((p) => p.bookings === 0 && p.revenueCents === 0)).toBe(true);
    expect([empty.towns, empty.busiest]).toEqual([[], []]);
    expect(empty.windows.map((w) => w.bookings)).toEqual([0, 0, 0]);
  });

  it('refuses a bad range with a 400 naming the field; both roles may read it, nobody else', async () => {
    const refused = async (query: string) => {
      const res = await staff('GET', `/api/admin/reports${query}`);
      expect(res.status).toBe(400);
      return res.json.error.fields as Record<string, string>;
    };
    expect(await refused('?from=2026-12-31&to=2026-12-01')).toEqual({ to: reportRangeMessages.order });
    expect(await refused('?from=2026-13-01&to=2026-12-01')).toEqual({ from: reportRangeMessages.from });
    expect(await refused('?from=2026-12-01&to=tomorrow')).toEqual({ to: reportRangeMessages.to });
    expect(await refused('?from=2020-01-01&to=2026-12-31')).toEqual({ to: reportRangeMessages.length });
    expect(Object.keys(await refused(''))).toEqual(['from', 'to']);
    // three years exactly is fine
    expect((await staff('GET', '/api/admin/reports?from=2024-01-01&to=2026-12-31')).status).toBe(200);

    const created = await createAdmin(t.database.db, t.auth, { email: 'plain@example.com', fullName: 'Plain Admin', role: 'admin' }, null);
    await t.database.db.update(user).set({ mustChangePassword: false }).where(eq(user.id, created.userId));
    const signIn = await t.app.request('/api/auth/sign-in/email', { method: 'POST', headers: { 'content-type': 'application/json', origin: ORIGIN }, body: JSON.stringify({ email: 'plain@example.com', password: created.temporaryPassword }) });
    const admin = staffCall(t, ORIGIN, (signIn.headers.get('set-cookie') ?? '').split(';')[0]!);
    expect((await admin('GET', '/api/admin/reports?from=2026-12-01&to=2026-12-31')).status).toBe(200);
    expect((await t.app.request('/api/admin/reports?from=2026-12-01&to=2026-12-31')).status).toBe(401);
  });
});
