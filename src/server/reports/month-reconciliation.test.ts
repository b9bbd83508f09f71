// A month rebuilt through the real flows and reconciled to the cent (docs/design.md 5; decisions 015,
// 018, 026, 027, 031, 033, 036): December 2026's bookings are made, paid at the local checkout, weighed,
// approved with tips, refunded, cancelled and paid out through the HTTP API, one scenario a row of
// the table below. Then, for every booking, the bill is what paid it, and the gateway, the ledger,
// the booking, the invoice page and the staff receipt say the same; and the month's Reports, the
// CSV exports and the pro's payouts are the sums of the table's own figures.
//
// The identities (src/shared/money-state.ts, src/shared/pricing-receipts.ts, src/shared/pricing-refunds.ts):
//   captured  = what the booking's cards paid: the hold's capture, the extra charges and the
//               checkouts, the tip included (decision 015: the tip is in captured_amount and tip_amount)
//   bill      = final_total_amount (0 when cancelled before weighing)
//             = (captured − tip) + giftCardApplied + amountDue              (the bill, paid or owed)
//   refunded  = card refunds + gift-card credits (decision 031: refunded_amount)
//   so, in its long form: bill − refunded = captured + giftCardApplied − refunded + amountDue − tip
//   revenue   = max(captured − tip − refunded, 0) + giftCardApplied           (decision 015, revenueCents)
//   tipKept   = max(min(tip, captured − refunded), 0)                          (decision 031, tipKeptCents)
//   revenue + tipKept = captured + giftCardApplied − refunded                  (every cent kept is one or the other)
import { parse } from 'csv-parse/sync';
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payLocalCheckout, signInOwner, testCards, type StaffCall } from '../../../tests/helpers/flows';
import { createTestApp, bothDatabaseKinds, type TestContext } from '../../../tests/helpers/test-app';
import { todayIn } from '../../shared/dates';
import { revenueCents } from '../../shared/money-state';
import { receiptPayment } from '../../shared/pricing-receipts';
import { tipKeptCents } from '../../shared/pricing-refunds';
import type { FinalReceipt } from '../../shared/schemas/back-office';
import type { BookingFormInput } from '../../shared/schemas/booking-api';
import type { Invoice } from '../../shared/schemas/invoice';
import type { StaffInvoice } from '../../shared/schemas/invoices';
import type { LaundryPro, Payout } from '../../shared/schemas/laundry-pros';
import type { Report } from '../../shared/schemas/reports';
import { bookingMoneyFromLedger } from '../booking-money/booking-money';
import { cancelToken } from '../booking-records/cancel-link';
import { invoiceUrl } from '../booking-records/invoice-link';
import { payAmountDueToken } from '../booking-records/pay-link';
import { bookingFormInput } from '../bookings/booking.factory';
import { bookingRefunds, bookings, chargeRefunds, giftCardLedger, giftCards, laundryPros, manualInvoices, paymentOperations } from '../db/schema';
import { invoicePayUrl } from '../invoices/invoice-pay-link';

const ORIGIN = 'http://shop.test';
// Tuesday 2026-12-01, 10:00 in South Carolina; the lapsed hold is weighed 8 days later (the local
// gateway's holds last 7), the pro paid the day after
const DAY = 86_400_000;
const start = new Date('2026-12-01T15:00:00Z');
let clock = start;
const now = () => clock;

type Refund = { cents: number; to: 'card' | 'gift_card' };
type Scenario = {
  name: string;
  form?: Partial<BookingFormInput>;
  promoCode?: string;
  /** The card at the checkout; none when a gift card pays the whole estimate. */
  card?: string;
  /** A gift card bought online for this many dollars, its code given at booking. */
  giftCardDollars?: number;
  pro?: boolean;
  /** lb on the scale; none for a booking that never reaches it. */
  weight?: number;
  /** Weighed 8 days after the booking, the hold lapsed. */
  lapsed?: boolean;
  payDueByLink?: boolean;
  /** Approved on the invoice page: a preset's percent or a custom amount. */
  approve?: { preset: number } | { cents: number };
  refunds?: Refund[];
  end?: 'customer cancels' | 'staff delete unpaid';
  /** Worked out by hand from the price list (business.ts): $1.75 a lb, $31.50 a bag, pro 75¢ a lb. */
  bill: number;
  /** What the cards paid for the bill, what a gift card paid, the tip, what is still due at the month's end. */
  cardBill: number;
  gift: number;
  tip: number;
  due: number;
  /** The pro's per-pound pay (75¢ × lb). */
  perPound?: number;
};

// prettier-ignore
const month: Scenario[] = [
  // 14.2 lb × $1.75 = $24.85 of the $31.50 hold captured, $6.65 released
  { name: 'weighed below the hold', card: testCards.ok, pro: true, weight: 14.2, bill: 2485, cardBill: 2485, gift: 0, tip: 0, due: 0, perPound: 1065 },
  // 25 lb = $43.75: the $31.50 hold captured, $12.25 charged off-session
  { name: 'weighed above the hold', card: testCards.ok, pro: true, weight: 25, bill: 4375, cardBill: 4375, gift: 0, tip: 0, due: 0, perPound: 1875 },
  // 30 lb = $52.50: the hold captured, the $21.00 above it declined, then paid from the pay link
  { name: 'a declined extra charge paid by the pay link', card: testCards.failsLater, weight: 30, payDueByLink: true, bill: 5250, cardBill: 5250, gift: 0, tip: 0, due: 0 },
  // 22 lb = $38.50: the hold captured, $7.00 declined and still due at the month's end
  { name: 'a declined extra charge still due', card: testCards.failsLater, weight: 22, bill: 3850, cardBill: 3150, gift: 0, tip: 0, due: 700 },
  // 20 lb = $35.00, weighed 8 days later: the lapsed hold is not captured, all of it charged off-session
  { name: 'a lapsed hold charged off-session', card: testCards.ok, weight: 20, lapsed: true, bill: 3500, cardBill: 3500, gift: 0, tip: 0, due: 0 },
  // $24.85 and the 18% preset ($4.47) on the invoice, charged off-session on approval
  { name: 'a preset tip approved on the invoice', card: testCards.ok, pro: true, weight: 14.2, approve: { preset: 18 }, bill: 2485, cardBill: 2485, gift: 0, tip: 447, due: 0, perPound: 1065 },
  // 20 lb = $35.00 ($31.50 captured + $3.50 extra) and a custom $7.25 tip
  { name: 'a custom tip approved on the invoice', card: testCards.ok, pro: true, weight: 20, approve: { cents: 725 }, bill: 3500, cardBill: 3500, gift: 0, tip: 725, due: 0, perPound: 1500 },
  // 24 lb = $42.00: the hold captured, $10.50 declined; approved with a $3.00 tip, both paid at one checkout
  { name: 'the amount due and a tip paid at the invoice checkout', card: testCards.failsLater, weight: 24, approve: { cents: 300 }, bill: 4200, cardBill: 4200, gift: 0, tip: 300, due: 0 },
  // a $20 gift card: $11.50 held on the card; 16 lb = $28.00: $20.00 from the gift card, $8.00 captured
  { name: 'a gift card paying part', card: testCards.ok, giftCardDollars: 20, weight: 16, bill: 2800, cardBill: 800, gift: 2000, tip: 0, due: 0 },
  // a $60 gift card holds the whole $31.50, no card; 12 lb = $21.00, $10.50 back on the gift card
  { name: 'a gift card paying all', giftCardDollars: 60, weight: 12, bill: 2100, cardBill: 0, gift: 2100, tip: 0, due: 0 },
  // decision 033: FIRST12 holds $24.00; 20 lb = $35.00 less $7.50 for the booked bag = $27.50: $24.00 captured + $3.50 extra
  { name: 'a FIRST12 promo booking', card: testCards.ok, promoCode: 'FIRST12', form: { address: '7 Promo Lane' }, weight: 20, bill: 2750, cardBill: 2750, gift: 0, tip: 0, due: 0 },
  // decision 033: a king blanket ($20) and 2 uniforms ($10 each) billed: $71.50 held; 10 lb = $17.50 + $40.00 = $57.50
  { name: 'a booking with items', card: testCards.ok, form: { blanketsKingCount: 1, sportsUniformsCount: 2 }, weight: 10, bill: 5750, cardBill: 5750, gift: 0, tip: 0, due: 0 },
  // 2 bags + oxi-clean: $65.00 held; 40 lb = $70.00 + oxi-clean × 3 loads = $73.00: $65.00 captured + $8.00 extra
  { name: 'two bags with oxi-clean', card: testCards.ok, form: { bagQuantity: 2, oxiClean: true }, weight: 40, bill: 7300, cardBill: 7300, gift: 0, tip: 0, due: 0 },
  // decision 031: $15.00 back to the card of the $43.75 ($12.25 off the extra charge, $2.75 off the capture)
  { name: 'a partial refund to the card', card: testCards.ok, pro: true, weight: 25, refunds: [{ cents: 1500, to: 'card' }], bill: 4375, cardBill: 4375, gift: 0, tip: 0, due: 0, perPound: 1875 },
  // $24.85 and a $5.00 tip, then all $29.85 refunded: the laundry first, then the tip (the pro keeps none of it)
  { name: 'a full refund of a tipped bill', card: testCards.ok, pro: true, weight: 14.2, approve: { cents: 500 }, refunds: [{ cents: 2985, to: 'card' }], bill: 2485, cardBill: 2485, gift: 0, tip: 500, due: 0, perPound: 1065 },
  // 10 lb = $17.50, $7.00 of it credited to a new gift card for the customer
  { name: 'a credit to a gift card', card: testCards.ok, weight: 10, refunds: [{ cents: 700, to: 'gift_card' }], bill: 1750, cardBill: 1750, gift: 0, tip: 0, due: 0 },
  // the customer cancels from their link before the pick-up: the hold released, nothing charged
  { name: 'a customer cancellation before pick-up', card: testCards.ok, end: 'customer cancels', bill: 0, cardBill: 0, gift: 0, tip: 0, due: 0 },
  // never paid at the checkout, deleted by staff
  { name: 'a deleted unpaid booking', end: 'staff delete unpaid', bill: 0, cardBill: 0, gift: 0, tip: 0, due: 0 },
];

const refundedOf = (s: Scenario) => (s.refunds ?? []).reduce((sum, r) => sum + r.cents, 0);
const creditedOf = (s: Scenario) => (s.refunds ?? []).filter((r) => r.to === 'gift_card').reduce((sum, r) => sum + r.cents, 0);
const capturedOf = (s: Scenario) => s.cardBill + s.tip;
const cancelledOf = (s: Scenario) => s.end !== undefined;
/** Deleted by staff: the row is gone (booking-status.service), counted nowhere. */
const deletedOf = (s: Scenario) => s.end === 'staff delete unpaid';
const kept = month.filter((s) => !deletedOf(s));
const revenueOf = (s: Scenario) => Math.max(capturedOf(s) - s.tip - refundedOf(s), 0) + s.gift;
const tipKeptOf = (s: Scenario) => Math.max(Math.min(s.tip, capturedOf(s) - refundedOf(s)), 0);
const sum = <T,>(rows: T[], f: (r: T) => number) => rows.reduce((a, r) => a + f(r), 0);

// the manual invoice paid online: 20 lb at $1.40 ($28.00) + $10 rush, $2.50 tax = $40.50 (back-office 5)
const manualInvoice = { lines: [{ description: 'Linens, 20 lb', quantity: 1, unitPriceCents: 2800 }, { description: 'Rush delivery', quantity: 1, unitPriceCents: 1000 }], taxCents: 250, totalCents: 4050 };

describe.each(bothDatabaseKinds)('a month reconciled to the cent (%s)', (kind) => {
  let t: TestContext;
  let staff: StaffCall;
  let pro: LaundryPro;
  const ids = new Map<string, string>();
  const giftCardIds = new Map<string, string>();
  let payout: Payout;
  let ip = 0;
  const headers = () => ({ 'x-forwarded-for': `198.51.100.${(ip = (ip % 250) + 1)}` });

  const row = async (id: string) => (await t.database.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
  const invoiceToken = async (id: string) => new URL(invoiceUrl(ORIGIN, t.config.sessionSecret, await row(id), now())!).searchParams.get('token')!;

  async function buyGiftCard(dollars: number, n: number): Promise<{ id: string; code: string }> {
    const res = await t.request('/api/gift-cards/purchase', {
      method: 'POST',
      headers: headers(),
      json: { amount: dollars, purchaser_email: `buyer${n}@example.com`, recipient_name: 'Sam Lee', recipient_email: `sam${n}@example.com`, message: '', terms_accepted: true },
    });
    expect(res.status).toBe(201);
    const { url, session_id } = (await res.json()) as { url: string; session_id: string };
    await payLocalCheckout(t, url);
    const [card] = await t.database.db.select().from(giftCards).where(eq(giftCards.stripeSessionId, session_id));
    expect(card).toMatchObject({ amount: dollars * 100, balance: dollars * 100 });
    return { id: card!.id, code: card!.code };
  }

  async function book(s: Scenario, pickupDate: string): Promise<string> {
    const gift = s.giftCardDollars ? await buyGiftCard(s.giftCardDollars, ids.size) : null;
    const res = await t.request('/api/bookings', {
      method: 'POST',
      headers: headers(),
      json: {
        bookingData: bookingFormInput({ pickupDate, pickupTime: '4pm-8pm', ...s.form }),
        ...(s.promoCode ? { promoCode: s.promoCode } : {}),
        ...(gift ? { giftCardCode: gift.code } : {}),
      },
    });
    const body = (await res.json()) as { booking_id: string; url: string | null };
    expect(res.status, JSON.stringify(body)).toBe(201);
    if (gift) giftCardIds.set(s.name, gift.id);
    if (s.card) await payLocalCheckout(t, body.url!, s.card);
    else if (s.giftCardDollars) expect(body.url).toBeNull();
    return body.booking_id;
  }

  async function refund(id: string, r: Refund) {
    const res = await staff('POST', `/api/admin/bookings/${id}/refunds`, { idempotencyKey: randomUUID(), destination: r.to, reason: 'Reconciling the month', amountCents: r.cents });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    await t.gateway.flushEvents();
  }

  async function approve(id: string, s: Scenario) {
    const token = await invoiceToken(id);
    let tipCents = 0;
    const how = s.approve!;
    if ('preset' in how) {
      const page = (await (await t.request(`/api/bookings/${id}/invoice?token=${token}`, { headers: headers() })).json()) as Invoice;
      tipCents = page.tipPresets.find((p) => p.percent === how.preset)!.cents;
    } else tipCents = how.cents;
    expect(tipCents).toBe(s.tip);
    const res = await t.request(`/api/bookings/${id}/invoice/approve`, { method: 'POST', json: { token, tipCents }, headers: headers() });
    expect(res.status).toBe(200);
    const { url } = (await res.json()) as { url: string | null };
    // something was due and the saved card declines it: the approval is a checkout of the due and the tip
    if (url) await payLocalCheckout(t, url, testCards.ok);
  }

  beforeAll(async () => {
    clock = start;
    t = await createTestApp(
      kind,
      { PICKUP_CAPACITY_PER_WINDOW: '1000', PUBLIC_URL: ORIGIN, BOOKINGS_PER_IP_PER_HOUR: '100000', BOOKINGS_PER_CUSTOMER_PER_HOUR: '100000' },
      { now },
    );
    staff = await signInOwner(t, ORIGIN);

    // one pro, paid through a ready Stripe account (decision 018)
    pro = (await staff('POST', '/api/admin/pros', { name: 'Rosa Diaz', email: 'rosa@example.com', perPoundRateCents: 75 })).json.pro as LaundryPro;
    const setUp = await staff('POST', `/api/admin/pros/${pro.id}/connect-account`);
    expect(setUp.status).toBe(200);
    await t.gateway.completeOnboarding(new URL(setUp.json.url as string).pathname.split('/').pop()!);
    expect((await staff('POST', `/api/admin/pros/${pro.id}/connect-status`)).status).toBe(200);

    // the month's pick-up days (Monday, Wednesday and Friday), one a booking in turn
    const days = ['2026-12-02', '2026-12-04', '2026-12-07', '2026-12-09', '2026-12-11', '2026-12-14', '2026-12-16', '2026-12-18', '2026-12-21', '2026-12-23', '2026-12-28', '2026-12-30'];
    for (const [i, s] of month.entries()) {
      // the lapsed hold is picked up on the 9th, when the clock will be there
      const id = await book(s, s.lapsed ? '2026-12-09' : days[i % days.length]!);
      ids.set(s.name, id);
      if (s.pro) expect((await staff('POST', `/api/admin/bookings/${id}/laundry-pro`, { laundryProId: pro.id })).status).toBe(200);
    }

    // the 1st: everything but the lapsed hold is weighed, approved, refunded, cancelled
    for (const s of month) {
      const id = ids.get(s.name)!;
      if (s.end === 'customer cancels') {
        const res = await t.request(`/api/bookings/${id}/cancel`, { method: 'POST', json: { token: cancelToken(t.config.sessionSecret, id) }, headers: headers() });
        expect(res.status).toBe(200);
        continue;
      }
      if (s.end === 'staff delete unpaid') {
        expect((await staff('DELETE', `/api/admin/bookings/${id}`)).status).toBe(200);
        continue;
      }
      if (s.lapsed || s.weight === undefined) continue;
      const weighed = await staff('POST', `/api/admin/bookings/${id}/weight`, { actualWeight: s.weight });
      expect(weighed.status, JSON.stringify(weighed.json)).toBe(200);
      await t.gateway.flushEvents();
      if (s.payDueByLink) {
        const opened = await t.request(`/api/bookings/${id}/amount-due/checkout`, { method: 'POST', json: { token: payAmountDueToken(t.config.sessionSecret, id) }, headers: headers() });
        expect(opened.status).toBe(200);
        await payLocalCheckout(t, ((await opened.json()) as { url: string }).url, testCards.ok);
      }
      if (s.approve) await approve(id, s);
      for (const r of s.refunds ?? []) await refund(id, r);
    }

    // the 9th: the lapsed hold is weighed and charged off-session
    clock = new Date(start.getTime() + 8 * DAY);
    for (const s of month.filter((m) => m.lapsed)) {
      const weighed = await staff('POST', `/api/admin/bookings/${ids.get(s.name)!}/weight`, { actualWeight: s.weight });
      expect(weighed.status, JSON.stringify(weighed.json)).toBe(200);
      expect(weighed.json.outcome).toBe('charge');
    }

    // a manual invoice, paid online by its client (decision 019)
    const sent = await staff('POST', '/api/admin/invoices', { clientName: 'Acme Linens', clientEmail: 'acme@example.com', dueDate: '2026-12-20', customLines: manualInvoice.lines, taxCents: manualInvoice.taxCents });
    expect(sent.status).toBe(201);
    const inv = sent.json.invoice as StaffInvoice;
    expect(inv.totalCents).toBe(manualInvoice.totalCents);
    const invToken = new URL(invoicePayUrl(ORIGIN, t.config.sessionSecret, inv.id)).searchParams.get('token')!;
    const checkout = await t.request(`/api/invoices/${inv.id}/checkout`, { method: 'POST', json: { token: invToken }, headers: headers() });
    expect(checkout.status).toBe(200);
    await payLocalCheckout(t, ((await checkout.json()) as { url: string }).url);

    // the 10th: the pro is paid what they earned and kept (decision 018, 031)
    clock = new Date(start.getTime() + 9 * DAY);
    await t.gateway.flushEvents();
    const owed = sum(month.filter((s) => s.pro), (s) => s.perPound! + tipKeptOf(s));
    const paid = await staff('POST', `/api/admin/pros/${pro.id}/payouts`, { requestKey: randomUUID(), expectedCents: owed });
    expect(paid.status, JSON.stringify(paid.json)).toBe(200);
    payout = paid.json.payout as Payout;
  }, 240_000);
  afterAll(async () => {
    clock = start;
    await t?.close();
  });

  it.each(month)('$name: bill = cards + gift card + due − tip, and the gateway = the ledger = the booking', async (s) => {
    const id = ids.get(s.name)!;
    if (deletedOf(s)) {
      // nothing was paid and nothing is left of it: no row, no money on the ledger
      expect(await t.database.db.select().from(bookings).where(eq(bookings.id, id))).toEqual([]);
      expect(await t.database.db.select().from(paymentOperations).where(eq(paymentOperations.bookingId, id))).toEqual([]);
      return;
    }
    const b = await row(id);
    const refunded = refundedOf(s);
    const credited = creditedOf(s);
    expect(b.bookingStatus).toBe(cancelledOf(s) ? 'cancelled' : 'completed');
    // the booking's own columns against the table
    expect({
      bill: b.finalTotalAmount ?? 0,
      captured: b.capturedAmount,
      gift: b.giftCardAppliedCents ?? 0,
      tip: b.tipAmount,
      due: b.amountDueCents,
      refunded: b.refundedAmount,
      credited: b.giftCardCreditedCents,
    }).toEqual({ bill: s.bill, captured: capturedOf(s), gift: s.gift, tip: s.tip, due: s.due, refunded, credited });
    // the identity, in its long form: bill − refunded = cards + gift cards − refunds + due − tip
    expect(s.bill - refunded).toBe(b.capturedAmount + (b.giftCardAppliedCents ?? 0) - b.refundedAmount + b.amountDueCents - b.tipAmount);
    // every cent kept is revenue or a tip the pro keeps
    expect(revenueCents(b) + tipKeptCents(b)).toBe(b.capturedAmount + (b.giftCardAppliedCents ?? 0) - b.refundedAmount);
    expect(revenueCents(b)).toBe(revenueOf(s));
    // decision 036: the booking's money is its money ledger's sums, every step written by the one writer
    expect(await bookingMoneyFromLedger(t.database.db, id)).toEqual({
      authorized: b.authorizedAmount,
      captured: b.capturedAmount,
      tip: b.tipAmount,
      refunded: b.refundedAmount,
      credited: b.giftCardCreditedCents,
      giftCardApplied: b.giftCardAppliedCents ?? 0,
      due: b.amountDueCents,
    });

    // the ledger: what the cards paid and what went back
    const ops = await t.database.db.select().from(paymentOperations).where(and(eq(paymentOperations.bookingId, id), eq(paymentOperations.status, 'succeeded')));
    const payments = ops.filter((o) => ['capture', 'charge_off_session', 'checkout_payment'].includes(o.kind));
    expect(sum(payments, (o) => o.amountCents)).toBe(b.capturedAmount);
    expect(sum(ops.filter((o) => o.kind === 'refund'), (o) => o.amountCents)).toBe(refunded - credited);
    const perCharge = await t.database.db.select().from(chargeRefunds).where(eq(chargeRefunds.bookingId, id));
    expect(sum(perCharge, (r) => r.refundedCents)).toBe(refunded - credited);
    const staffRefunds = await t.database.db.select().from(bookingRefunds).where(eq(bookingRefunds.bookingId, id));
    expect(staffRefunds.every((r) => r.status === 'succeeded')).toBe(true);
    expect(sum(staffRefunds.filter((r) => r.destination === 'card'), (r) => r.refundedCents)).toBe(refunded - credited);
    expect(sum(staffRefunds.filter((r) => r.destination === 'gift_card'), (r) => r.refundedCents)).toBe(credited);
    // the gift cards' ledger: what was held less what came back is what paid the bill; credits apart
    const entries = await t.database.db.select().from(giftCardLedger).where(eq(giftCardLedger.bookingId, id));
    const entrySum = (k: string) => sum(entries.filter((e) => e.kind === k), (e) => e.amountCents);
    expect(entrySum('hold') - entrySum('release')).toBe(s.gift);
    expect(entrySum('credit')).toBe(credited);

    // the gateway's own records of every payment intent the booking used
    const intents = new Set([...payments.map((o) => o.gatewayRef!), ...(b.stripePaymentIntentId ? [b.stripePaymentIntentId] : [])]);
    let received = 0;
    let gatewayRefunded = 0;
    for (const pi of intents) {
      const intent = await t.gateway.retrievePaymentIntent(pi);
      received += intent.amountReceived;
      gatewayRefunded += intent.amountRefunded;
    }
    expect({ received, refunded: gatewayRefunded }).toEqual({ received: b.capturedAmount, refunded: refunded - credited });
    if (s.end === 'customer cancels') expect((await t.gateway.retrievePaymentIntent(b.stripePaymentIntentId!)).status).toBe('canceled');
  });

  it.each(month.filter((s) => !cancelledOf(s)))('$name: the invoice page and the staff receipt show the same figures', async (s) => {
    const id = ids.get(s.name)!;
    const b = await row(id);
    const token = await invoiceToken(id);
    const page = await t.request(`/api/bookings/${id}/invoice?token=${token}`, { headers: headers() });
    expect(page.status).toBe(200);
    const invoice = (await page.json()) as Invoice;
    const receiptRes = await staff('GET', `/api/admin/bookings/${id}/receipt`);
    expect(receiptRes.status).toBe(200);
    const receipt = receiptRes.json.receipt as FinalReceipt;
    const p = receiptPayment(b);
    const expected = {
      authorizedCents: b.authorizedAmount,
      billChargedCents: p.billChargedCents,
      tipCents: p.tipCents,
      chargedCents: p.chargedCents,
      releasedCents: p.releasedCents,
      extraChargedCents: p.extraChargedCents,
      amountDueCents: s.due,
      refundedCents: refundedOf(s) - creditedOf(s),
      creditedCents: creditedOf(s),
    };
    expect(invoice.payment).toEqual(expected);
    const { authorizedCents, billChargedCents, tipCents, chargedCents, releasedCents, extraChargedCents, amountDueCents, refundedCents, creditedCents } = receipt;
    expect({ authorizedCents, billChargedCents, tipCents, chargedCents, releasedCents, extraChargedCents, amountDueCents, refundedCents, creditedCents }).toEqual(expected);
    // the bill on both: its total, what the gift card paid of it
    expect(invoice.subtotalCents).toBe(s.bill);
    expect(receipt.finalTotalCents).toBe(s.bill);
    expect(receipt.giftCardCents).toBe(s.gift);
    // what the card kept for the bill and the tip, less refunds
    expect(chargedCents).toBe(capturedOf(s) - refundedOf(s));
    expect(billChargedCents + (tipCents ?? 0)).toBe(chargedCents);
  });

  it("December's Reports are the sums of the table", async () => {
    const res = await staff('GET', '/api/admin/reports?from=2026-12-01&to=2026-12-31');
    expect(res.status).toBe(200);
    const { figures } = res.json as Report;
    const weighed = kept.filter((s) => s.weight !== undefined && !cancelledOf(s));
    const revenue = sum(month, revenueOf);
    const invoiceIncome = manualInvoice.totalCents;
    const giftSold = month.filter((s) => s.giftCardDollars);
    // what customers can still spend: the cards bought less what bookings paid with them, plus the credits
    const liability = sum(giftSold, (s) => s.giftCardDollars! * 100 - s.gift) + sum(month, creditedOf);
    expect(figures).toMatchObject({
      bookings: kept.filter((s) => !cancelledOf(s)).length,
      cancelledBookings: kept.filter(cancelledOf).length,
      weighedBookings: weighed.length,
      poundsWashedTenths: sum(weighed, (s) => Math.round(s.weight! * 10)),
      revenueCents: revenue,
      // decision 031: a tip refunded is not a tip any more; the tips are what the pros keep
      tipsCents: sum(month, tipKeptOf),
      amountDueCents: sum(month, (s) => s.due),
      giftCardLiabilityCents: liability,
      proPayoutsCents: sum(month.filter((s) => s.pro), (s) => s.perPound! + tipKeptOf(s)),
      totalIncomeCents: revenue + figures.invoiceIncomeCents,
    });
    expect(sum((res.json as Report).series, (d) => d.revenueCents)).toBe(revenue);

    // the gift cards sold and the invoice paid: the webhook's handlers stamp them by the database's
    // clock, not the app's (left as it is: the test's month is the app's clock), so Reports is
    // asked for the days they were stamped on
    const stamps = [
      ...(await t.database.db.select({ at: giftCards.createdAt }).from(giftCards).where(isNotNull(giftCards.stripeSessionId))).map((r) => r.at),
      ...(await t.database.db.select({ at: manualInvoices.paidAt }).from(manualInvoices)).map((r) => r.at!),
    ].map((at) => todayIn(t.config.timeZone, at)).sort();
    const sold = (await staff('GET', `/api/admin/reports?from=${stamps[0]}&to=${stamps.at(-1)}`)).json as Report;
    expect(sold.figures).toMatchObject({
      giftCardsSold: giftSold.length,
      giftCardSalesCents: sum(giftSold, (s) => s.giftCardDollars! * 100),
      invoicesPaid: 1,
      invoiceIncomeCents: invoiceIncome,
    });
  });

  it('the CSV exports sum to the same', async () => {
    const csv = async (path: string) => {
      const r = await staff.fetch(path);
      expect(r.status).toBe(200);
      const text = new TextDecoder().decode(await r.arrayBuffer());
      const [header, ...rows] = parse(text.replace(/^\uFEFF/, '')) as string[][];
      return { rows, col: (name: string) => header!.indexOf(name) };
    };
    const cents = (dollars: string) => (dollars === '' ? 0 : Math.round(Number(dollars) * 100));
    const total = (t: { rows: string[][]; col: (n: string) => number }, name: string, rows = t.rows) => {
      expect(t.col(name), name).toBeGreaterThanOrEqual(0);
      return sum(rows, (r) => cents(r[t.col(name)]!));
    };

    const booked = await csv('/api/admin/exports/bookings.csv');
    const listed = new Set(booked.rows.map((r) => r[booked.col('Confirmation')]));
    expect(kept.filter((s) => !listed.has(`WD-${ids.get(s.name)!.slice(0, 6).toUpperCase()}`)).map((s) => s.name)).toEqual([]);
    expect(booked.rows).toHaveLength(kept.length);
    expect({
      bill: total(booked, 'Final total ($)'),
      gift: total(booked, 'Gift card paid ($)'),
      captured: total(booked, 'Captured ($)'),
      refunded: total(booked, 'Refunded ($)'),
      tip: total(booked, 'Tip ($)'),
      due: total(booked, 'Amount due ($)'),
      revenue: total(booked, 'Revenue ($)'),
    }).toEqual({
      bill: sum(month, (s) => s.bill),
      gift: sum(month, (s) => s.gift),
      captured: sum(month, capturedOf),
      refunded: sum(month, refundedOf),
      tip: sum(month, (s) => s.tip),
      due: sum(month, (s) => s.due),
      revenue: sum(month, revenueOf),
    });

    const paidOut = await csv('/api/admin/exports/payouts.csv');
    const owed = month.filter((s) => s.pro);
    expect(paidOut.rows.every((r) => r[paidOut.col('Status')] === 'Paid')).toBe(true);
    expect({ perPound: total(paidOut, 'Per-lb ($)'), tip: total(paidOut, 'Tip ($)'), amount: total(paidOut, 'Amount ($)') }).toEqual({
      perPound: sum(owed, (s) => s.perPound!),
      tip: sum(owed, tipKeptOf),
      amount: sum(owed, (s) => s.perPound! + tipKeptOf(s)),
    });

    const assigned = await csv('/api/admin/exports/assignments.csv');
    expect(assigned.rows).toHaveLength(owed.length);
    // what each assignment earned is what was paid of it (decision 031: the tip it kept)
    expect(total(assigned, 'Earned ($)')).toBe(sum(owed, (s) => s.perPound! + tipKeptOf(s)));
    expect(total(assigned, 'Paid out ($)')).toBe(total(assigned, 'Earned ($)'));

    const invoices = await csv('/api/admin/exports/invoices.csv');
    const paidInvoices = invoices.rows.filter((r) => r[invoices.col('Status')] === 'Paid');
    expect(paidInvoices.map((r) => r[invoices.col('Paid by')])).toEqual(['Online']);
    expect(total(invoices, 'Total ($)', paidInvoices)).toBe(manualInvoice.totalCents);
  });

  it("the pro's payout is their per-pound pay and the tips they kept, moved by the gateway once", async () => {
    const owed = month.filter((s) => s.pro);
    const expected = sum(owed, (s) => s.perPound! + tipKeptOf(s));
    expect(payout).toMatchObject({ amountCents: expected, paidCents: expected, status: 'paid' });
    expect(payout.orders.map((o) => [o.bookingId, o.perPoundCents, o.tipCents]).sort()).toEqual(
      owed.map((s) => [ids.get(s.name)!, s.perPound!, tipKeptOf(s)]).filter(([, p, tip]) => (p as number) + (tip as number) > 0).sort(),
    );
    const [account] = await t.database.db.select().from(laundryPros).where(eq(laundryPros.id, pro.id));
    const transfers = (await t.gateway.list<{ accountId: string; amount: number }>('transfer')).filter((tr) => tr.accountId === account!.stripeAccountId);
    expect(sum(transfers, (tr) => tr.amount)).toBe(expected);
    const card = ((await staff('GET', '/api/admin/pros')).json.pros as LaundryPro[]).find((p) => p.id === pro.id)!;
    expect(card).toMatchObject({ unpaid: { totalCents: 0 }, totalEarnedCents: expected });
    // the gift cards bought this month: each balance what was bought less what its booking kept
    for (const s of month.filter((m) => m.giftCardDollars)) {
      const [gc] = await t.database.db.select().from(giftCards).where(inArray(giftCards.id, [giftCardIds.get(s.name)!]));
      expect(gc!.balance).toBe(s.giftCardDollars! * 100 - s.gift);
    }
  });
});
