// docs/design.md 5.8: the recovery job finishes a money operation left pending (a crash, a timeout).
// Stripe keeps an idempotency key 24 hours, after which the same key is a new request: an
// operation older than that is looked up at the gateway (by the payment, or by the
// `operation_key` its call carried), never repeated. What moved completes the row with its
// effect; what is not found is failed.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payLocalCheckout } from '../../../tests/helpers/flows';
import { createTestApp, testDatabaseKinds, type TestContext } from '../../../tests/helpers/test-app';
import { bookingFormInput } from '../bookings/booking.factory';
import { bookings, paymentOperations } from '../db/schema';
import type { PaymentGateway } from '../gateways/payment/payment-gateway';
import { refundOperationKey, refundPayments, transferToAccount } from './charges.service';
import { chargeFinalAmount, releaseAuthorisation } from '../bookings/booking-payments';
import { recoverPendingOperations } from './operations.service';

const clock = new Date('2026-11-22T15:00:00Z');
const hours = (n: number) => new Date(Date.now() + n * 3_600_000);

describe.each(testDatabaseKinds)('the recovery job past the gateway’s 24 hours (%s)', (kind) => {
  let t: TestContext;
  /** The money calls, each refusing to be made: past 24 hours a retry must look up, not repeat its key. */
  let repeats: string[];
  let lookOnly: PaymentGateway;

  beforeAll(async () => {
    t = await createTestApp(kind, { PICKUP_CAPACITY_PER_WINDOW: '1000', PUBLIC_URL: 'http://shop.test' }, { now: () => clock });
    repeats = [];
    const refuse = (name: string) => async () => {
      repeats.push(name);
      throw new Error(`${name} was called again with its key`);
    };
    lookOnly = { ...t.gateway, capture: refuse('capture'), release: refuse('release'), chargeOffSession: refuse('chargeOffSession'), refund: refuse('refund'), transfer: refuse('transfer') };
  });
  afterAll(async () => {
    await t?.close();
  });

  async function paidBooking() {
    const res = await t.request('/api/bookings', { method: 'POST', json: { bookingData: bookingFormInput({}) } });
    expect(res.status).toBe(201);
    const { booking_id, url } = (await res.json()) as { booking_id: string; url: string };
    await payLocalCheckout(t, url);
    return booking_id;
  }
  const row = async (id: string) => (await t.database.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
  const operation = async (key: string) => (await t.database.db.select().from(paymentOperations).where(eq(paymentOperations.idempotencyKey, key)))[0]!;
  const operationsOf = async (id: string) => t.database.db.select().from(paymentOperations).where(eq(paymentOperations.bookingId, id));
  /** The gateway makes the call, then the process "dies" before our write. */
  const dying = (name: 'capture' | 'release' | 'chargeOffSession' | 'refund' | 'transfer'): PaymentGateway => ({
    ...t.gateway,
    [name]: async (input: never) => {
      await (t.gateway[name] as (i: never) => Promise<unknown>)(input);
      throw new Error('process died');
    },
  });
  /** The call never reached the gateway (the process died first). */
  const unreached = (name: 'chargeOffSession' | 'refund' | 'transfer'): PaymentGateway => ({ ...t.gateway, [name]: async () => Promise.reject(new Error('socket hang up')) });
  async function readyAccount(email: string) {
    const account = await t.gateway.createConnectedAccount({ email, idempotencyKey: `acct-${email}` });
    await t.gateway.completeOnboarding(account.id);
    return account.id;
  }

  it('a capture made but never recorded is found captured 24 h later: succeeded with its effect, the key not repeated', async () => {
    const id = await paidBooking();
    await expect(chargeFinalAmount(t.database.db, dying('capture'), { bookingId: id, finalCents: 2000, now: clock })).rejects.toThrow('process died');
    const [pending] = await operationsOf(id);
    expect(pending).toMatchObject({ kind: 'capture', status: 'pending' });
    await recoverPendingOperations(t.database.db, lookOnly, { now: hours(24) });
    expect(repeats).toEqual([]);
    expect(await operation(pending!.idempotencyKey)).toMatchObject({ status: 'succeeded', gatewayRef: (await row(id)).stripePaymentIntentId });
    expect((await row(id)).capturedAmount).toBe(2000);
  });

  it('a capture that never happened is failed 24 h later, never repeated', async () => {
    const id = await paidBooking();
    const silent: PaymentGateway = { ...t.gateway, capture: async () => Promise.reject(new Error('socket hang up')) };
    await expect(chargeFinalAmount(t.database.db, silent, { bookingId: id, finalCents: 2000, now: clock })).rejects.toThrow('socket hang up');
    const [pending] = await operationsOf(id);
    // an hour old: still retried with its key, as before
    const early = await recoverPendingOperations(t.database.db, lookOnly, { olderThanMs: -1000, now: hours(1) });
    expect(early.found).toBeGreaterThanOrEqual(1);
    expect(repeats.splice(0)).toContain('capture');
    expect((await operation(pending!.idempotencyKey)).status).toBe('pending');
    await recoverPendingOperations(t.database.db, lookOnly, { now: hours(24) });
    expect(repeats).toEqual([]);
    expect(await operation(pending!.idempotencyKey)).toMatchObject({ status: 'failed', error: expect.stringMatching(/not captured/) });
    expect((await row(id)).capturedAmount).toBe(0);
  });

  it('a release made but never recorded is found canceled: succeeded', async () => {
    const id = await paidBooking();
    await expect(releaseAuthorisation(t.database.db, dying('release'), id)).rejects.toThrow('process died');
    await recoverPendingOperations(t.database.db, lookOnly, { now: hours(24) });
    expect(repeats).toEqual([]);
    expect(await operation(`booking:${id}:release`)).toMatchObject({ status: 'succeeded' });
    expect((await row(id)).paymentIntentStatus).toBe('canceled');
  });

  it('an off-session charge made but never recorded is found by its operation key: succeeded, the booking charged once', async () => {
    const id = await paidBooking();
    const authorised = (await row(id)).authorizedAmount;
    await expect(chargeFinalAmount(t.database.db, dying('chargeOffSession'), { bookingId: id, finalCents: authorised + 1700, now: clock })).rejects.toThrow('process died');
    const charge = (await operationsOf(id)).find((op) => op.kind === 'charge_off_session')!;
    expect(charge.status).toBe('pending');
    await recoverPendingOperations(t.database.db, lookOnly, { now: hours(24) });
    expect(repeats).toEqual([]);
    const done = await operation(charge.idempotencyKey);
    expect(done).toMatchObject({ status: 'succeeded', gatewayRef: expect.stringMatching(/^pi_/) });
    expect(await t.gateway.retrievePaymentIntent(done.gatewayRef!)).toMatchObject({ status: 'succeeded', amountReceived: 1700 });
    expect((await row(id)).capturedAmount).toBe(authorised + 1700);
  });

  it('an off-session charge that never reached the gateway is failed 24 h later: nothing charged', async () => {
    const id = await paidBooking();
    const authorised = (await row(id)).authorizedAmount;
    await expect(chargeFinalAmount(t.database.db, unreached('chargeOffSession'), { bookingId: id, finalCents: authorised + 900, now: clock })).rejects.toThrow('socket hang up');
    const charge = (await operationsOf(id)).find((op) => op.kind === 'charge_off_session')!;
    await recoverPendingOperations(t.database.db, lookOnly, { now: hours(24) });
    expect(repeats).toEqual([]);
    expect(await operation(charge.idempotencyKey)).toMatchObject({ status: 'failed' });
    expect((await row(id)).capturedAmount).toBe(authorised);
  });

  it('a refund made but never recorded is found by its operation key; one never made is failed', async () => {
    const id = await paidBooking();
    await chargeFinalAmount(t.database.db, t.gateway, { bookingId: id, finalCents: 3000, now: clock });
    const intent = (await row(id)).stripePaymentIntentId!;
    const refund = (gateway: PaymentGateway, amountCents: number, key: string) => refundPayments(t.database.db, gateway, { bookingId: id, refundId: key, plan: [{ paymentIntentId: intent, amountCents }] });
    await expect(refund(dying('refund'), 500, 'made')).rejects.toThrow('process died');
    await expect(refund(unreached('refund'), 700, 'lost')).rejects.toThrow('socket hang up');
    await recoverPendingOperations(t.database.db, lookOnly, { now: hours(24) });
    expect(repeats).toEqual([]);
    expect(await operation(refundOperationKey(id, 'made', intent))).toMatchObject({ status: 'succeeded', gatewayRef: expect.stringMatching(/^re_/) });
    expect(await operation(refundOperationKey(id, 'lost', intent))).toMatchObject({ status: 'failed' });
    expect((await row(id)).refundedAmount).toBe(500);
  });

  it('a transfer made but never recorded is found by its operation key; one never made is failed, and nothing more is sent', async () => {
    const accountId = await readyAccount(`recovery-${kind}@example.com`);
    const send = (gateway: PaymentGateway, key: string) => transferToAccount(t.database.db, gateway, { accountId, amountCents: 1234, key, description: 'Payout' });
    await expect(send(dying('transfer'), `recovery-made-${kind}`)).rejects.toThrow('process died');
    await expect(send(unreached('transfer'), `recovery-lost-${kind}`)).rejects.toThrow('socket hang up');
    await recoverPendingOperations(t.database.db, lookOnly, { now: hours(24) });
    expect(repeats).toEqual([]);
    const made = await operation(`transfer:recovery-made-${kind}`);
    expect(made).toMatchObject({ status: 'succeeded', gatewayRef: expect.stringMatching(/^tr_/) });
    expect(await operation(`transfer:recovery-lost-${kind}`)).toMatchObject({ status: 'failed' });
    const transfers = await t.gateway.list<{ id: string; accountId: string }>('transfer');
    expect(transfers.filter((tr) => tr.accountId === accountId).map((tr) => tr.id)).toEqual([made.gatewayRef]);
  });
});
