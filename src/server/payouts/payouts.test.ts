// spec: back-office 2 ('Pay Out $x', 'No Pending Payouts'), 3 (payout record: the assignments it
// covers), 7 (process-payout), 9; docs/design.md 5.7, 9; decision 018. A payout pays exactly what is
// earned and unpaid, once, with each transfer funded by its booking's charge.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payLocalCheckout, signInOwner, type StaffCall } from '../../../tests/helpers/flows';
import { createTestApp, testDatabaseKinds, type TestContext } from '../../../tests/helpers/test-app';
import type { LaundryPro, Payout } from '../../shared/schemas/laundry-pros';
import { invoiceUrl } from '../booking-records/invoice-link';
import { bookingFormInput } from '../bookings/booking.factory';
import { auditLog, bookings, laundryAssignments, laundryPros, outbox, paymentOperations, payoutItems } from '../db/schema';
import { errorMessage } from '../error-catalogue';
import { GatewayError, type PaymentGateway } from '../gateways/payment/payment-gateway';
import { recoverPendingOperations } from '../payments/operations.service';
import { payOutPro } from './payouts.service';

const ORIGIN = 'http://shop.test';
// Sunday 2026-11-22, 10:00 in South Carolina
const now = () => new Date('2026-11-22T15:00:00Z');
let keys = 0;
const requestKey = () => `test-payout-${++keys}-${Date.now()}`;

type Transfer = { id: string; accountId: string; amount: number; sourceTransaction: string | null; metadata: Record<string, string> };

describe.each(testDatabaseKinds)('paying laundry pros (%s)', (kind) => {
  let t: TestContext;
  let staff: StaffCall;

  beforeAll(async () => {
    t = await createTestApp(kind, { PICKUP_CAPACITY_PER_WINDOW: '1000', PUBLIC_URL: ORIGIN }, { now });
    staff = await signInOwner(t, ORIGIN);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A pro whose Stripe account is ready (the local onboarding page completed). */
  async function readyPro(name: string, ready = true, perPoundRateCents = 75): Promise<LaundryPro> {
    const pro = (await staff('POST', '/api/admin/pros', { name, email: `${name.split(' ')[0]!.toLowerCase()}-${keys++}@example.com`, perPoundRateCents })).json.pro as LaundryPro;
    const setUp = await staff('POST', `/api/admin/pros/${pro.id}/connect-account`);
    expect(setUp.status).toBe(200);
    const accountId = new URL(setUp.json.url as string).pathname.split('/').pop()!;
    if (ready) await t.gateway.completeOnboarding(accountId);
    return (await staff('POST', `/api/admin/pros/${pro.id}/connect-status`)).json.pro as LaundryPro;
  }
  async function weighedFor(pro: LaundryPro, pounds: number) {
    const res = await t.request('/api/bookings', { method: 'POST', json: { bookingData: bookingFormInput({}) } });
    expect(res.status).toBe(201);
    const { booking_id, url } = (await res.json()) as { booking_id: string; url: string };
    await payLocalCheckout(t, url);
    expect((await staff('POST', `/api/admin/bookings/${booking_id}/laundry-pro`, { laundryProId: pro.id })).status).toBe(200);
    expect((await staff('POST', `/api/admin/bookings/${booking_id}/weight`, { actualWeight: pounds })).status).toBe(200);
    return booking_id;
  }
  async function tip(bookingId: string, tipCents: number) {
    const [booking] = await t.database.db.select().from(bookings).where(eq(bookings.id, bookingId));
    const token = new URL(invoiceUrl(ORIGIN, t.config.sessionSecret, booking!, now())!).searchParams.get('token')!;
    expect((await t.request(`/api/bookings/${bookingId}/invoice/approve`, { method: 'POST', json: { token, tipCents } })).status).toBe(200);
  }
  const card = async (id: string) => ((await staff('GET', '/api/admin/pros')).json.pros as LaundryPro[]).find((p) => p.id === id)!;
  const payOut = (id: string, expectedCents: number, key = requestKey()) => staff('POST', `/api/admin/pros/${id}/payouts`, { requestKey: key, expectedCents });
  const transfersTo = async (pro: LaundryPro) => {
    const [row] = await t.database.db.select().from(laundryPros).where(eq(laundryPros.id, pro.id));
    return (await t.gateway.list<Transfer>('transfer')).filter((tr) => tr.accountId === row!.stripeAccountId);
  };

  it('weigh 14.2 lb → unpaid $10.65 → Pay Out $10.65: one transfer funded by the booking’s charge, listed with its order; then nothing unpaid', async () => {
    const rosa = await readyPro('Rosa Diaz');
    const id = await weighedFor(rosa, 14.2);
    expect((await card(rosa.id)).unpaid).toEqual({ perPoundCents: 1065, tipCents: 0, totalCents: 1065 });

    const res = await payOut(rosa.id, 1065);
    expect(res.status).toBe(200);
    const payout = res.json.payout as Payout;
    expect(payout).toMatchObject({ amountCents: 1065, paidCents: 1065, status: 'paid', failure: null });
    expect(payout.orders).toEqual([expect.objectContaining({ bookingId: id, perPoundCents: 1065, tipCents: 0, amountCents: 1065, status: 'paid' })]);
    expect(res.json.pro.unpaid).toEqual({ perPoundCents: 0, tipCents: 0, totalCents: 0 });
    expect(res.json.pro.totalEarnedCents).toBe(1065);

    const transfers = await transfersTo(rosa);
    expect(transfers).toHaveLength(1);
    expect(transfers[0]).toMatchObject({ amount: 1065, metadata: { booking_id: id } });
    // docs/design.md 9: funded by the booking's own charge
    const [booking] = await t.database.db.select().from(bookings).where(eq(bookings.id, id));
    const intent = await t.gateway.retrievePaymentIntent(booking!.stripePaymentIntentId!);
    expect(transfers[0]!.sourceTransaction).toBe(intent.latestChargeId);

    const again = await payOut(rosa.id, 1065);
    expect(again.status).toBe(409);
    expect(again.json.error.message).toBe(errorMessage('payout_nothing_unpaid'));
    expect((await staff('GET', `/api/admin/pros/${rosa.id}/payouts`)).json.payouts).toEqual([payout]);
    // audited, and the pro is told
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'laundry_pro.payout'));
    expect(audits.some((a) => a.targetId === rosa.id)).toBe(true);
    const mails = await t.database.db.select().from(outbox).where(eq(outbox.kind, 'pro_payout'));
    expect(mails.filter((m) => m.recipient === rosa.email).map((m) => m.subject)).toEqual(['Washday Laundry Co. sent you $10.65']);
  });

  it('a tip the customer adds after the payout is paid in the next one, and only the tip', async () => {
    const ben = await readyPro('Ben Ito');
    const id = await weighedFor(ben, 10);
    expect((await payOut(ben.id, 750)).status).toBe(200);
    await tip(id, 500);
    expect((await card(ben.id)).unpaid).toEqual({ perPoundCents: 0, tipCents: 500, totalCents: 500 });
    const next = await payOut(ben.id, 500);
    expect(next.status).toBe(200);
    expect((next.json.payout as Payout).orders).toEqual([expect.objectContaining({ bookingId: id, perPoundCents: 0, tipCents: 500, amountCents: 500, status: 'paid' })]);
    expect((await transfersTo(ben)).map((tr) => tr.amount).sort()).toEqual([500, 750]);
    expect((await card(ben.id))).toMatchObject({ unpaid: { totalCents: 0 }, totalEarnedCents: 1250 });
  });

  it('a tip paid out and then refunded to the customer is shown on the pro card as owed back, never taken silently (decision 031)', async () => {
    const ada = await readyPro('Ada Moss');
    // 10 lb: $17.50 on the card, $7.50 per lb to the pro; a $5.00 tip: $22.50 taken, $12.50 to the pro
    const id = await weighedFor(ada, 10);
    await tip(id, 500);
    expect((await payOut(ada.id, 1250)).status).toBe(200);
    expect(await card(ada.id)).toMatchObject({ unpaid: { totalCents: 0 }, owedBackCents: 0 });
    // all of it back to the card: the laundry's $17.50 first, then the tip's $5.00
    const refunded = await staff('POST', `/api/admin/bookings/${id}/refunds`, { amountCents: 2250, destination: 'card', reason: 'Lost a shirt', idempotencyKey: randomUUID() });
    expect(refunded.status, JSON.stringify(refunded.json)).toBe(200);
    expect(await card(ada.id)).toMatchObject({ unpaid: { totalCents: 0 }, owedBackCents: 500, totalEarnedCents: 750 });
    // a part refund that leaves the tip whole owes nothing back
    const kai = await readyPro('Kai Lund');
    const other = await weighedFor(kai, 10);
    await tip(other, 500);
    expect((await payOut(kai.id, 1250)).status).toBe(200);
    expect((await staff('POST', `/api/admin/bookings/${other}/refunds`, { amountCents: 1000, destination: 'card', reason: 'Late delivery', idempotencyKey: randomUUID() })).status).toBe(200);
    expect(await card(kai.id)).toMatchObject({ owedBackCents: 0, totalEarnedCents: 1250 });
  });

  it('a booking paid by two charges, neither enough alone: the transfer is split across both, none from the balance (docs/design.md 9)', async () => {
    // $1.65 a pound x 20 lb = $33.00 owed; the hold captured $31.50 and the weighing charged $3.50 off session
    const lia = await readyPro('Lia Stone', true, 165);
    const id = await weighedFor(lia, 20);
    const [booking] = await t.database.db.select().from(bookings).where(eq(bookings.id, id));
    const charged = await t.database.db.select().from(paymentOperations).where(eq(paymentOperations.bookingId, id));
    const capture = charged.find((op) => op.kind === 'capture' && op.status === 'succeeded')!;
    const offSession = charged.find((op) => op.kind === 'charge_off_session' && op.status === 'succeeded')!;
    expect([capture.amountCents, offSession.amountCents]).toEqual([3150, 350]);
    const captureCharge = (await t.gateway.retrievePaymentIntent(booking!.stripePaymentIntentId!)).latestChargeId;
    const offSessionCharge = (await t.gateway.retrievePaymentIntent(offSession.gatewayRef!)).latestChargeId;

    const res = await payOut(lia.id, 3300);
    expect(res.status).toBe(200);
    expect(res.json.payout).toMatchObject({ amountCents: 3300, paidCents: 3300, status: 'paid' });
    // one order on the payout, paid in full
    expect((res.json.payout as Payout).orders).toEqual([expect.objectContaining({ bookingId: id, perPoundCents: 3300, tipCents: 0, amountCents: 3300, status: 'paid' })]);
    const transfers = await transfersTo(lia);
    expect(transfers.map((tr) => [tr.amount, tr.sourceTransaction]).sort()).toEqual([
      [150, offSessionCharge],
      [3150, captureCharge],
    ]);
    // each transfer its own ledger row with its own key
    const rows = await t.database.db.select().from(payoutItems).where(eq(payoutItems.sourceCharge, captureCharge!));
    const others = await t.database.db.select().from(payoutItems).where(eq(payoutItems.sourceCharge, offSessionCharge!));
    expect([...rows, ...others].map((r) => r.operationKey)).toHaveLength(2);
    expect(new Set([...rows, ...others].map((r) => r.operationKey)).size).toBe(2);
    expect((await card(lia.id)).unpaid.totalCents).toBe(0);
  });

  it('a double click, a retried request and two staff at once pay once', async () => {
    const cruz = await readyPro('Cruz Vega');
    await weighedFor(cruz, 14.2);
    await weighedFor(cruz, 8);
    const key = requestKey();
    // the same click twice (a double click, a retry): one payout, the same answer
    const [a, b] = await Promise.all([payOut(cruz.id, 1665, key), payOut(cruz.id, 1665, key)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.json.payout.id).toBe(b.json.payout.id);
    expect((await transfersTo(cruz)).map((tr) => tr.amount).sort()).toEqual([1065, 600]);

    const dana = await readyPro('Dana Lee');
    await weighedFor(dana, 14.2);
    // two staff at once, each with their own click: one pays, the other is told there is nothing left
    const both = await Promise.all([payOut(dana.id, 1065), payOut(dana.id, 1065)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.status === 409)!.json.error.message).toBe(errorMessage('payout_nothing_unpaid'));
    expect(await transfersTo(dana)).toHaveLength(1);
  });

  it('a transfer the gateway refuses marks nothing paid and says why; the next payout pays it', async () => {
    const eli = await readyPro('Eli Park');
    await weighedFor(eli, 14.2);
    const refusing: PaymentGateway = {
      ...t.gateway,
      transfer: async () => {
        throw new GatewayError('Your destination account needs to be verified.', 'account_invalid');
      },
    };
    const actor = { id: 'owner', email: 'owner@example.com', ip: null };
    await expect(payOutPro(t.database.db, refusing, eli.id, { requestKey: requestKey(), expectedCents: 1065 }, { actor, now: now() })).rejects.toMatchObject({
      status: 409,
      message: errorMessage('payout_failed', { reason: 'Your destination account needs to be verified.' }),
    });
    expect((await card(eli.id)).unpaid.totalCents).toBe(1065);
    expect(await transfersTo(eli)).toHaveLength(0);
    const listed = (await staff('GET', `/api/admin/pros/${eli.id}/payouts`)).json.payouts as Payout[];
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ status: 'failed', paidCents: 0, failure: 'Your destination account needs to be verified.' });

    const paid = await payOut(eli.id, 1065);
    expect(paid.status).toBe(200);
    expect(await transfersTo(eli)).toHaveLength(1);
  });

  it('a transfer with no answer stays in flight (not unpaid, not paid) until the recovery job finishes it', async () => {
    const fay = await readyPro('Fay Ross');
    await weighedFor(fay, 10);
    const silent: PaymentGateway = { ...t.gateway, transfer: async () => Promise.reject(new Error('socket hang up')) };
    const actor = { id: 'owner', email: 'owner@example.com', ip: null };
    const res = await payOutPro(t.database.db, silent, fay.id, { requestKey: requestKey(), expectedCents: 750 }, { actor, now: now() });
    expect(res.payout).toMatchObject({ status: 'processing', paidCents: 0 });
    expect(res.pro.unpaid.totalCents).toBe(0);
    expect((await payOut(fay.id, 750)).status).toBe(409);
    await recoverPendingOperations(t.database.db, t.gateway, { olderThanMs: -1 });
    const [payout] = (await staff('GET', `/api/admin/pros/${fay.id}/payouts`)).json.payouts as Payout[];
    expect(payout).toMatchObject({ status: 'paid', paidCents: 750 });
    expect(await transfersTo(fay)).toHaveLength(1);
  });

  it('refuses, with the reason and nothing moved: no account ready, nothing unpaid, an amount that changed, an unknown pro, a bad body', async () => {
    const gus = await readyPro('Gus Hale', false);
    await weighedFor(gus, 10);
    const notReady = await payOut(gus.id, 750);
    expect(notReady.status).toBe(409);
    expect(notReady.json.error.message).toBe(errorMessage('payout_account_not_ready'));

    const hana = await readyPro('Hana Cole');
    const nothing = await payOut(hana.id, 100);
    expect(nothing.status).toBe(409);
    expect(nothing.json.error.message).toBe(errorMessage('payout_nothing_unpaid'));
    const id = await weighedFor(hana, 10);
    await tip(id, 300);
    // the card showed $7.50 before the tip came in: staff see the new amount first
    const changed = await payOut(hana.id, 750);
    expect(changed.status).toBe(409);
    expect(changed.json.error.message).toBe(errorMessage('payout_amount_changed', { unpaidCents: 1050 }));

    const unknown = await payOut('00000000-0000-4000-8000-000000000000', 750);
    expect(unknown.status).toBe(404);
    expect((await staff('POST', `/api/admin/pros/not-a-pro/payouts`, { requestKey: requestKey(), expectedCents: 750 })).status).toBe(404);
    for (const body of [{}, { requestKey: 'x', expectedCents: 750 }, { requestKey: requestKey(), expectedCents: 7.5 }, { requestKey: requestKey(), expectedCents: -1 }, { requestKey: requestKey(), expectedCents: 750, amount: 1 }])
      expect((await staff('POST', `/api/admin/pros/${hana.id}/payouts`, body)).status).toBe(400);
    expect(await transfersTo(hana)).toHaveLength(0);
    expect(await transfersTo(gus)).toHaveLength(0);
  });

  it('a paid booking’s pro can no longer change', async () => {
    const ivy = await readyPro('Ivy Moss');
    const jon = await readyPro('Jon Bell');
    const id = await weighedFor(ivy, 10);
    expect((await payOut(ivy.id, 750)).status).toBe(200);
    const moved = await staff('POST', `/api/admin/bookings/${id}/laundry-pro`, { laundryProId: jon.id, confirmWeighed: true });
    expect(moved.status).toBe(409);
    expect((await card(jon.id)).completedOrders).toBe(0);
  });

  it('a booking a pro earned on cannot be deleted, even when it charged nothing (FREE)', async () => {
    const kim = await readyPro('Kim Ode');
    const res = await t.request('/api/bookings', { method: 'POST', json: { bookingData: bookingFormInput({ email: 'free-kim@example.com' }), promoCode: 'FREE' } });
    expect(res.status).toBe(201);
    const { booking_id } = (await res.json()) as { booking_id: string };
    expect((await staff('POST', `/api/admin/bookings/${booking_id}/laundry-pro`, { laundryProId: kim.id })).status).toBe(200);
    expect((await staff('POST', `/api/admin/bookings/${booking_id}/weight`, { actualWeight: 10 })).status).toBe(200);
    expect((await card(kim.id)).unpaid.totalCents).toBe(750);
    const deleted = await staff('DELETE', `/api/admin/bookings/${booking_id}`);
    expect(deleted.status).toBe(409);
    expect((await card(kim.id)).unpaid.totalCents).toBe(750);
  });

  // decision 018 (amended): Pay Out and a change of pro on a weighed booking serialise on the pros'
  // rows, so the booking's earnings are transferred once, to the pro it ends with (or the move is
  // refused because the old pro was paid). Fired together, staggered 0–20 ms, on both databases.
  it('Pay Out racing a change of pro: the booking’s earnings are transferred once, to the pro it ends with', async () => {
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const outcomes = new Set<string>();
    for (let i = 0; i < 24; i++) {
      const from = await readyPro(`Race From${i}`);
      // the new pro's rate differs, so paying the old one for the moved booking shows
      const to = await readyPro(`Race To${i}`, true, 100);
      const id = await weighedFor(from, 10);
      const stagger = Math.random() * 20;
      const [paid, moved] = await Promise.all([
        i % 2 === 0 ? sleep(stagger).then(() => payOut(from.id, 750)) : payOut(from.id, 750),
        i % 2 === 1 ? sleep(stagger).then(() => staff('POST', `/api/admin/bookings/${id}/laundry-pro`, { laundryProId: to.id, confirmWeighed: true })) : staff('POST', `/api/admin/bookings/${id}/laundry-pro`, { laundryProId: to.id, confirmWeighed: true }),
      ]);
      if (moved.status === 409) {
        expect(moved.json.error.message).toBe(errorMessage('pro_already_paid', { name: from.name }));
        expect(paid.status).toBe(200);
      } else {
        expect(moved.status).toBe(200);
        expect([200, 409]).toContain(paid.status);
      }
      outcomes.add(`${paid.status}/${moved.status}`);
      // whoever ends with the booking is paid what they are still owed
      const [final] = await t.database.db.select().from(laundryAssignments).where(eq(laundryAssignments.bookingId, id));
      const finalPro = final!.laundryProId === to.id ? to : from;
      const owed = (await card(finalPro.id)).unpaid.totalCents;
      if (owed > 0) expect((await payOut(finalPro.id, owed)).status).toBe(200);
      const forBooking = (transfers: Transfer[]) => transfers.filter((tr) => tr.metadata.booking_id === id);
      const toFinal = forBooking(await transfersTo(finalPro));
      const toOther = forBooking(await transfersTo(finalPro.id === to.id ? from : to));
      expect(toOther, `try ${i}: ${paid.status}/${moved.status}`).toEqual([]);
      expect(toFinal.reduce((sum, tr) => sum + tr.amount, 0), `try ${i}`).toBe(final!.perPoundPayoutCents);
      expect(final!.perPoundPayoutCents).toBe(finalPro.id === to.id ? 1000 : 750);
    }
    console.info(`pay out vs change of pro (${kind}): ${[...outcomes].join(', ')}`);
  }, 180_000);
});
