// Contract tests of the Stripe gateway (docs/design.md 5; decision 005): the official SDK talks over
// HTTP to a local fake of Stripe's endpoints, and the tests check the exact parameters and
// idempotency keys that went over the wire, then how the answers map to the interface's types.
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startStripeFake, testPaymentMethods, type StripeFake } from '../../../../tests/fakes/stripe-fake';
import { GatewayError, WebhookSignatureError, type CreateCheckoutInput, type PaymentGateway } from './payment-gateway';
import { createStripeGateway, GatewayOutcomeUnknownError } from './stripe-gateway';
import { signPayload } from './webhook-signature';

const secretKey = 'sk_test_washday_contract';
const webhookSecret = 'whsec_washday_contract';
const successUrl = 'http://localhost:3000/booking-success?session_id={CHECKOUT_SESSION_ID}';
const cancelUrl = 'http://localhost:3000/booking-cancelled?session_id={CHECKOUT_SESSION_ID}';

let fake: StripeFake;
let gateway: PaymentGateway;
let keySeq = 0;
const key = (what: string) => `test-${what}-${++keySeq}`;

beforeAll(async () => {
  fake = await startStripeFake({ secretKey });
  gateway = createStripeGateway({ secretKey, webhookSecret, host: fake.host, port: fake.port, protocol: 'http' });
});

afterAll(async () => {
  await fake?.close();
});

function bookingCheckout(overrides: Partial<CreateCheckoutInput> = {}): CreateCheckoutInput {
  return {
    purpose: 'booking',
    amountCents: 6400,
    description: 'Washday pick-up: 2 bags, rush',
    customerEmail: 'ada@example.com',
    customerName: 'Ada Lovelace',
    metadata: { booking_id: 'bk_101' },
    successUrl,
    cancelUrl,
    idempotencyKey: key('checkout'),
    ...overrides,
  };
}

/** A booking the customer has paid for on Stripe's page: an authorisation and a saved card. */
async function authorisedBooking(amountCents = 6400, bookingId = 'bk_auth') {
  const session = await gateway.createCheckout(bookingCheckout({ amountCents, metadata: { booking_id: bookingId } }));
  return { sessionId: session.id, ...fake.completeCheckout(session.id) };
}

async function gatewayError(promise: Promise<unknown>): Promise<GatewayError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(GatewayError);
  return error as GatewayError;
}

describe('Stripe gateway: checkout', () => {
  it('creates a booking checkout: manual capture, card saved off-session, a customer, the booking id, exact URLs', async () => {
    const input = bookingCheckout({ idempotencyKey: 'booking-bk_101-checkout' });
    const at = Math.floor(Date.now() / 1000);
    const session = await gateway.createCheckout(input);

    const sent = fake.lastRequest('POST', '/v1/checkout/sessions');
    // an unpaid checkout lapses after Stripe's shortest lifetime, 30 minutes (docs/design.md 9)
    const expiresAt = Number((sent.body as { expires_at: string }).expires_at);
    expect(expiresAt - at).toBeGreaterThanOrEqual(30 * 60);
    expect(expiresAt - at).toBeLessThanOrEqual(30 * 60 + 5);
    expect(sent.body).toEqual({
      expires_at: String(expiresAt),
      mode: 'payment',
      line_items: [
        { price_data: { currency: 'usd', unit_amount: '6400', product_data: { name: 'Washday pick-up: 2 bags, rush' } }, quantity: '1' },
      ],
      customer_email: 'ada@example.com',
      customer_creation: 'always',
      metadata: { booking_id: 'bk_101' },
      success_url: successUrl,
      cancel_url: cancelUrl,
      payment_intent_data: { capture_method: 'manual', setup_future_usage: 'off_session', metadata: { booking_id: 'bk_101' } },
    });
    expect(sent.idempotencyKey).toBe('booking-bk_101-checkout');
    expect(sent.authorization).toBe(`Bearer ${secretKey}`);
    expect(sent.stripeVersion).toBe(Stripe.API_VERSION);
    expect(sent.userAgent).toContain('Washday');

    expect(session).toEqual({
      id: expect.stringMatching(/^cs_test_/),
      url: expect.stringMatching(/^https:\/\/checkout\.stripe\.com\//),
      status: 'open',
      paymentStatus: 'unpaid',
      paymentIntentId: null,
      customerId: null,
      amountTotal: 6400,
      metadata: { booking_id: 'bk_101' },
    });
  });

  it('replays a checkout created twice with the same idempotency key: one session', async () => {
    const input = bookingCheckout({ idempotencyKey: 'booking-bk_102-checkout', metadata: { booking_id: 'bk_102' } });
    const first = await gateway.createCheckout(input);
    // asked again two seconds later: the same parameters, its expiry included, or Stripe refuses the key
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 2000);
    const second = await gateway.createCheckout(input).finally(() => vi.useRealTimers());

    expect(second.id).toBe(first.id);
    const sent = fake.requestsTo('POST', '/v1/checkout/sessions').filter((r) => r.idempotencyKey === 'booking-bk_102-checkout');
    expect(sent.map((r) => r.replayed)).toEqual([false, true]);
  });

  it('expires an open checkout at once, and refuses one that is no longer open as Stripe does', async () => {
    const session = await gateway.createCheckout(bookingCheckout({ idempotencyKey: key('expire'), metadata: { booking_id: 'bk_expire' } }));
    const expired = await gateway.expireCheckout(session.id);
    expect(expired).toMatchObject({ id: session.id, status: 'expired', url: null });
    expect((await gateway.retrieveCheckout(session.id)).status).toBe('expired');
    const again = await gatewayError(gateway.expireCheckout(session.id));
    expect(again.message).toContain('can be expired');
    const paid = await authorisedBooking(3150, 'bk_paid_expire');
    expect((await gatewayError(gateway.expireCheckout(paid.sessionId))).message).toContain('can be expired');
    expect((await gatewayError(gateway.expireCheckout('cs_test_nope'))).code).toBe('resource_missing');
  });

  it('creates a gift-card checkout that captures at once and saves nothing', async () => {
    const input: CreateCheckoutInput = {
      purpose: 'gift_card',
      amountCents: 5000,
      description: 'Washday gift card',
      customerEmail: 'grace@example.com',
      metadata: { gift_card_purchase_id: 'gcp_7' },
      successUrl: 'http://localhost:3000/gift-cards/success?session_id={CHECKOUT_SESSION_ID}',
      cancelUrl: 'http://localhost:3000/gift-cards',
      idempotencyKey: 'gift-card-gcp_7-checkout',
    };
    const session = await gateway.createCheckout(input);

    const sent = fake.lastRequest('POST', '/v1/checkout/sessions');
    expect(sent.body).toEqual({
      expires_at: expect.stringMatching(/^\d{10}$/),
      mode: 'payment',
      line_items: [{ price_data: { currency: 'usd', unit_amount: '5000', product_data: { name: 'Washday gift card' } }, quantity: '1' }],
      customer_email: 'grace@example.com',
      metadata: { gift_card_purchase_id: 'gcp_7' },
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
      payment_intent_data: { metadata: { gift_card_purchase_id: 'gcp_7' } },
    });
    expect(sent.idempotencyKey).toBe('gift-card-gcp_7-checkout');

    const { paymentIntentId } = fake.completeCheckout(session.id);
    const completed = await gateway.retrieveCheckout(session.id);
    expect(completed).toMatchObject({ status: 'complete', paymentStatus: 'paid', paymentIntentId, customerId: null, amountTotal: 5000 });
    const intent = await gateway.retrievePaymentIntent(paymentIntentId);
    expect(intent).toMatchObject({ status: 'succeeded', amountReceived: 5000, amountCapturable: 0, captureBefore: null });
  });

  it('retrieves a completed booking checkout and its authorised payment intent', async () => {
    const session = await gateway.createCheckout(bookingCheckout({ metadata: { booking_id: 'bk_103' } }));
    const paid = fake.completeCheckout(session.id);

    const retrieved = await gateway.retrieveCheckout(session.id);
    expect(fake.lastRequest('GET', `/v1/checkout/sessions/${session.id}`).idempotencyKey).toBeNull();
    expect(retrieved).toEqual({
      id: session.id,
      url: null,
      status: 'complete',
      paymentStatus: 'unpaid', // authorised, nothing captured yet: Stripe does not call that "paid"
      paymentIntentId: paid.paymentIntentId,
      customerId: paid.customerId,
      amountTotal: 6400,
      metadata: { booking_id: 'bk_103' },
    });
    expect(paid.customerId).toMatch(/^cus_/);

    const before = Date.now();
    const intent = await gateway.retrievePaymentIntent(paid.paymentIntentId);
    expect(fake.lastRequest('GET', `/v1/payment_intents/${paid.paymentIntentId}`).query).toEqual({ expand: ['latest_charge'] });
    expect(intent).toEqual({
      id: paid.paymentIntentId,
      status: 'requires_capture',
      amount: 6400,
      amountCapturable: 6400,
      amountReceived: 0,
      amountRefunded: 0,
      captureBefore: expect.any(Date),
      customerId: paid.customerId,
      paymentMethodId: paid.paymentMethodId,
      metadata: { booking_id: 'bk_103' },
      latestChargeId: expect.stringMatching(/^ch_/),
    });
    const days = (intent.captureBefore!.getTime() - before) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThan(7);
  });

  it('reports an expired checkout', async () => {
    const session = await gateway.createCheckout(bookingCheckout({ metadata: { booking_id: 'bk_104' } }));
    fake.expireCheckout(session.id);
    expect(await gateway.retrieveCheckout(session.id)).toMatchObject({ status: 'expired', paymentStatus: 'unpaid', paymentIntentId: null });
  });
});

describe('Stripe gateway: capture, release, refund', () => {
  it('captures part of an authorisation with the idempotency key; the rest is released, not refunded', async () => {
    const { paymentIntentId } = await authorisedBooking(6400, 'bk_201');
    const captured = await gateway.capture({ paymentIntentId, amountCents: 5150, idempotencyKey: 'capture-bk_201' });

    const sent = fake.lastRequest('POST', `/v1/payment_intents/${paymentIntentId}/capture`);
    expect(sent.body).toEqual({ amount_to_capture: '5150', expand: ['latest_charge'] });
    expect(sent.idempotencyKey).toBe('capture-bk_201');
    expect(captured).toMatchObject({ id: paymentIntentId, status: 'succeeded', amount: 6400, amountCapturable: 0, amountReceived: 5150, amountRefunded: 0 });

    // the same capture again (a retry after a crash) is answered from Stripe's idempotency cache
    const again = await gateway.capture({ paymentIntentId, amountCents: 5150, idempotencyKey: 'capture-bk_201' });
    expect(again).toEqual(captured);
    expect(fake.lastRequest('POST', `/v1/payment_intents/${paymentIntentId}/capture`).replayed).toBe(true);
  });

  it('captures the whole authorisation', async () => {
    const { paymentIntentId } = await authorisedBooking(3000, 'bk_202');
    const captured = await gateway.capture({ paymentIntentId, amountCents: 3000, idempotencyKey: key('capture') });
    expect(captured).toMatchObject({ status: 'succeeded', amountReceived: 3000, amountRefunded: 0 });
  });

  it('refuses to capture more than was authorised, or twice', async () => {
    const { paymentIntentId } = await authorisedBooking(4000, 'bk_203');
    const tooMuch = await gatewayError(gateway.capture({ paymentIntentId, amountCents: 4001, idempotencyKey: key('capture') }));
    expect(tooMuch.code).toBe('amount_too_large');

    await gateway.capture({ paymentIntentId, amountCents: 4000, idempotencyKey: key('capture') });
    const twice = await gatewayError(gateway.capture({ paymentIntentId, amountCents: 100, idempotencyKey: key('capture') }));
    expect(twice.code).toBe('payment_intent_unexpected_state');
  });

  it('releases an authorisation with the idempotency key: nothing is charged', async () => {
    const { paymentIntentId } = await authorisedBooking(6400, 'bk_204');
    const released = await gateway.release({ paymentIntentId, idempotencyKey: 'release-bk_204' });

    const sent = fake.lastRequest('POST', `/v1/payment_intents/${paymentIntentId}/cancel`);
    expect(sent.body).toEqual({ expand: ['latest_charge'] });
    expect(sent.idempotencyKey).toBe('release-bk_204');
    expect(released).toMatchObject({ status: 'canceled', amountCapturable: 0, amountReceived: 0, amountRefunded: 0 });
  });

  it('refunds part of a capture with the idempotency key, and no more than was captured', async () => {
    const { paymentIntentId } = await authorisedBooking(6400, 'bk_205');
    await gateway.capture({ paymentIntentId, amountCents: 5000, idempotencyKey: key('capture') });

    const refund = await gateway.refund({ paymentIntentId, amountCents: 1200, idempotencyKey: 'refund-bk_205-1' });
    const sent = fake.lastRequest('POST', '/v1/refunds');
    expect(sent.body).toEqual({ payment_intent: paymentIntentId, amount: '1200' });
    expect(sent.idempotencyKey).toBe('refund-bk_205-1');
    expect(refund).toEqual({ id: expect.stringMatching(/^re_/), paymentIntentId, amount: 1200, status: 'succeeded' });

    expect(await gateway.retrievePaymentIntent(paymentIntentId)).toMatchObject({ amountReceived: 5000, amountRefunded: 1200 });

    const tooMuch = await gatewayError(gateway.refund({ paymentIntentId, amountCents: 3801, idempotencyKey: key('refund') }));
    expect(tooMuch.code).toBe('amount_too_large');
  });
});

describe('Stripe gateway: off-session charges', () => {
  it('charges the saved card with the customer absent, with the idempotency key', async () => {
    const { customerId, paymentMethodId } = await authorisedBooking(6400, 'bk_301');
    const result = await gateway.chargeOffSession({
      customerId: customerId!,
      paymentMethodId,
      amountCents: 1250,
      description: 'Washday bk_301: weight above the estimate',
      metadata: { booking_id: 'bk_301', kind: 'difference' },
      idempotencyKey: 'difference-bk_301',
    });

    const sent = fake.lastRequest('POST', '/v1/payment_intents');
    expect(sent.body).toEqual({
      customer: customerId,
      payment_method: paymentMethodId,
      amount: '1250',
      currency: 'usd',
      off_session: 'true',
      confirm: 'true',
      description: 'Washday bk_301: weight above the estimate',
      metadata: { booking_id: 'bk_301', kind: 'difference' },
      automatic_payment_methods: { enabled: 'true', allow_redirects: 'never' },
      expand: ['latest_charge'],
    });
    expect(sent.idempotencyKey).toBe('difference-bk_301');
    expect(result).toEqual({
      outcome: 'succeeded',
      paymentIntent: {
        id: expect.stringMatching(/^pi_/),
        status: 'succeeded',
        amount: 1250,
        amountCapturable: 0,
        amountReceived: 1250,
        amountRefunded: 0,
        captureBefore: null,
        customerId,
        paymentMethodId,
        metadata: { booking_id: 'bk_301', kind: 'difference' },
        latestChargeId: expect.stringMatching(/^ch_/),
      },
    });
  });

  it('replays an off-session charge made twice with the same key: charged once', async () => {
    const customerId = fake.createCustomer('replay@example.com');
    const input = {
      customerId,
      paymentMethodId: testPaymentMethods.visa,
      amountCents: 900,
      description: 'tip',
      metadata: { booking_id: 'bk_302', kind: 'tip' },
      idempotencyKey: 'tip-bk_302',
    };
    const first = await gateway.chargeOffSession(input);
    const second = await gateway.chargeOffSession(input);
    expect(first.outcome).toBe('succeeded');
    expect(second).toEqual(first);
    expect(fake.requestsTo('POST', '/v1/payment_intents').filter((r) => r.idempotencyKey === 'tip-bk_302').map((r) => r.replayed)).toEqual([
      false,
      true,
    ]);
  });

  it('says the customer is needed when the bank asks for authentication', async () => {
    const customerId = fake.createCustomer('sca@example.com');
    const result = await gateway.chargeOffSession({
      customerId,
      paymentMethodId: testPaymentMethods.authenticationRequired,
      amountCents: 1500,
      description: 'difference',
      metadata: { booking_id: 'bk_303' },
      idempotencyKey: 'difference-bk_303',
    });
    expect(result).toEqual({
      outcome: 'requires_action',
      paymentIntentId: expect.stringMatching(/^pi_/),
      message: expect.stringContaining('requires authentication'),
    });
    expect(fake.lastRequest('POST', '/v1/payment_intents').idempotencyKey).toBe('difference-bk_303');

    // the same request from the issuer's side: a decline whose reason is authentication
    const issuer = await gateway.chargeOffSession({
      customerId,
      paymentMethodId: testPaymentMethods.issuerWantsAuthentication,
      amountCents: 1500,
      description: 'difference',
      metadata: { booking_id: 'bk_303' },
      idempotencyKey: 'difference-bk_303-b',
    });
    expect(issuer.outcome).toBe('requires_action');
  });

  it('reports a declined card as failed, with the payment intent and the bank message', async () => {
    const customerId = fake.createCustomer('declined@example.com');
    for (const [paymentMethodId, message] of [
      [testPaymentMethods.declined, 'Your card was declined.'],
      [testPaymentMethods.insufficientFunds, 'Your card has insufficient funds.'],
      [testPaymentMethods.customerFail, 'Your card was declined.'],
    ] as const) {
      const result = await gateway.chargeOffSession({
        customerId,
        paymentMethodId,
        amountCents: 2000,
        description: 'final amount',
        metadata: { booking_id: 'bk_304' },
        idempotencyKey: key('final'),
      });
      expect(result).toEqual({ outcome: 'failed', paymentIntentId: expect.stringMatching(/^pi_/), message });
    }
  });

  it('turns a request Stripe refuses (not a card problem) into a GatewayError', async () => {
    const error = await gatewayError(
      gateway.chargeOffSession({
        customerId: 'cus_nobody',
        paymentMethodId: testPaymentMethods.visa,
        amountCents: 2000,
        description: 'final amount',
        metadata: {},
        idempotencyKey: key('final'),
      }),
    );
    expect(error.code).toBe('resource_missing');
  });
});

describe('Stripe gateway: Connect', () => {
  it('creates an Express account, its onboarding link, and transfers once onboarding is done', async () => {
    const account = await gateway.createConnectedAccount({ email: 'pro@example.com', idempotencyKey: 'pro-7-account' });
    let sent = fake.lastRequest('POST', '/v1/accounts');
    expect(sent.body).toEqual({ type: 'express', email: 'pro@example.com', capabilities: { transfers: { requested: 'true' } } });
    expect(sent.idempotencyKey).toBe('pro-7-account');
    expect(account).toEqual({ id: expect.stringMatching(/^acct_/), chargesEnabled: false, payoutsEnabled: false, detailsSubmitted: false });

    const link = await gateway.createOnboardingLink({
      accountId: account.id,
      refreshUrl: 'http://localhost:3000/pro/onboarding/refresh',
      returnUrl: 'http://localhost:3000/pro/onboarding/done',
    });
    sent = fake.lastRequest('POST', '/v1/account_links');
    expect(sent.body).toEqual({
      account: account.id,
      refresh_url: 'http://localhost:3000/pro/onboarding/refresh',
      return_url: 'http://localhost:3000/pro/onboarding/done',
      type: 'account_onboarding',
    });
    expect(link.url).toMatch(/^https:\/\/connect\.stripe\.com\//);

    const early = await gatewayError(
      gateway.transfer({ accountId: account.id, amountCents: 4200, description: 'payout', metadata: {}, idempotencyKey: key('payout') }),
    );
    expect(early.code).toBe('insufficient_capabilities_for_transfer');

    fake.completeOnboarding(account.id);
    expect(await gateway.retrieveConnectedAccount(account.id)).toEqual({
      id: account.id,
      chargesEnabled: true,
      payoutsEnabled: true,
      detailsSubmitted: true,
    });

    const transfer = await gateway.transfer({
      accountId: account.id,
      amountCents: 4200,
      description: 'Washday payout 12',
      metadata: { payout_id: 'po_12' },
      idempotencyKey: 'payout-po_12',
    });
    sent = fake.lastRequest('POST', '/v1/transfers');
    expect(sent.body).toEqual({
      amount: '4200',
      currency: 'usd',
      destination: account.id,
      description: 'Washday payout 12',
      metadata: { payout_id: 'po_12' },
    });
    expect(sent.idempotencyKey).toBe('payout-po_12');
    expect(transfer).toEqual({ id: expect.stringMatching(/^tr_/), accountId: account.id, amount: 4200 });

    // docs/design.md 9: a pro's transfer names the booking's charge, which funds it
    const { paymentIntentId } = await authorisedBooking(6400, 'bk_payout');
    const authorised = await gateway.retrievePaymentIntent(paymentIntentId);
    expect(authorised.latestChargeId).toMatch(/^ch_/);
    const uncaptured = await gatewayError(
      gateway.transfer({ accountId: account.id, amountCents: 1065, sourceTransaction: authorised.latestChargeId!, description: 'payout', metadata: {}, idempotencyKey: 'payout-early' }),
    );
    expect(uncaptured.message).toMatch(/not been captured/);
    const captured = await gateway.capture({ paymentIntentId, amountCents: 2585, idempotencyKey: 'capture-bk_payout' });
    expect(captured.latestChargeId).toBe(authorised.latestChargeId);
    await gateway.transfer({ accountId: account.id, amountCents: 1065, sourceTransaction: captured.latestChargeId!, description: 'payout', metadata: {}, idempotencyKey: 'payout-bk_payout' });
    expect(fake.lastRequest('POST', '/v1/transfers').body).toMatchObject({ amount: '1065', destination: account.id, source_transaction: captured.latestChargeId });
  });
});

// docs/design.md 5.8: past Stripe's 24 hours an idempotency key is forgotten; the recovery job finds
// what a call made by the operation_key in its metadata, from Stripe's list endpoints
describe('Stripe gateway: finding what an operation made, by its operation key', () => {
  it('finds an off-session payment, a refund and a transfer by their operation_key; an unknown key finds nothing', async () => {
    const since = new Date(Date.now() - 3_600_000);
    const { customerId, paymentMethodId } = await authorisedBooking(6400, 'bk_find');
    const charged = await gateway.chargeOffSession({
      customerId: customerId!,
      paymentMethodId,
      amountCents: 1250,
      description: 'difference',
      metadata: { booking_id: 'bk_find', operation_key: 'op-charge-1' },
      idempotencyKey: 'op-charge-1',
    });
    expect(charged.outcome).toBe('succeeded');
    const chargedId = charged.outcome === 'succeeded' ? charged.paymentIntent.id : '';

    const found = await gateway.findPaymentIntent({ customerId: customerId!, operationKey: 'op-charge-1', createdSince: since });
    expect(found).toMatchObject({ id: chargedId, status: 'succeeded', amountReceived: 1250, latestChargeId: expect.stringMatching(/^ch_/) });
    const listed = fake.lastRequest('GET', '/v1/payment_intents');
    expect(listed.query).toMatchObject({ customer: customerId, created: { gte: String(Math.floor(since.getTime() / 1000)) }, expand: ['data.latest_charge'] });
    expect(await gateway.findPaymentIntent({ customerId: customerId!, operationKey: 'op-charge-2', createdSince: since })).toBeNull();

    const refund = await gateway.refund({ paymentIntentId: chargedId, amountCents: 250, idempotencyKey: 'op-refund-1', metadata: { operation_key: 'op-refund-1' } });
    expect(fake.lastRequest('POST', '/v1/refunds').body).toEqual({ payment_intent: chargedId, amount: '250', metadata: { operation_key: 'op-refund-1' } });
    expect(await gateway.findRefund({ paymentIntentId: chargedId, operationKey: 'op-refund-1' })).toEqual(refund);
    expect(fake.lastRequest('GET', '/v1/refunds').query).toMatchObject({ payment_intent: chargedId });
    expect(await gateway.findRefund({ paymentIntentId: chargedId, operationKey: 'op-refund-2' })).toBeNull();

    const account = await gateway.createConnectedAccount({ email: 'finder@example.com', idempotencyKey: 'finder-account' });
    fake.completeOnboarding(account.id);
    const transfer = await gateway.transfer({ accountId: account.id, amountCents: 900, description: 'payout', metadata: { operation_key: 'op-transfer-1' }, idempotencyKey: 'op-transfer-1' });
    expect(await gateway.findTransfer({ accountId: account.id, operationKey: 'op-transfer-1', createdSince: since })).toEqual(transfer);
    expect(fake.lastRequest('GET', '/v1/transfers').query).toMatchObject({ destination: account.id, created: { gte: String(Math.floor(since.getTime() / 1000)) } });
    expect(await gateway.findTransfer({ accountId: account.id, operationKey: 'op-transfer-2', createdSince: since })).toBeNull();
  });
});

describe('Stripe gateway: errors and retries', () => {
  it('maps a 404 resource_missing to a GatewayError', async () => {
    const error = await gatewayError(gateway.retrievePaymentIntent('pi_does_not_exist'));
    expect(error).toMatchObject({ code: 'resource_missing', message: "No such payment_intent: 'pi_does_not_exist'" });
  });

  it('maps a 400 resource_missing to a GatewayError', async () => {
    const error = await gatewayError(gateway.refund({ paymentIntentId: 'pi_nope', amountCents: 100, idempotencyKey: key('refund') }));
    expect(error.code).toBe('resource_missing');
    expect(fake.lastRequest('POST', '/v1/refunds').status).toBe(400);
  });

  it('maps a bad API key to a GatewayError', async () => {
    const wrong = createStripeGateway({ secretKey: 'sk_test_wrong', webhookSecret, host: fake.host, port: fake.port, protocol: 'http' });
    const error = await gatewayError(wrong.retrieveCheckout('cs_test_any'));
    expect(error.code).toBe('invalid_request_error');
  });

  it('retries a failed money call with the same idempotency key', async () => {
    const { paymentIntentId } = await authorisedBooking(2500, 'bk_401');
    fake.failNext({ status: 500, path: `/v1/payment_intents/${paymentIntentId}/capture` });
    const captured = await gateway.capture({ paymentIntentId, amountCents: 2500, idempotencyKey: 'capture-bk_401' });

    expect(captured.status).toBe('succeeded');
    const attempts = fake.requestsTo('POST', `/v1/payment_intents/${paymentIntentId}/capture`);
    expect(attempts.map((r) => [r.injected, r.idempotencyKey])).toEqual([
      [true, 'capture-bk_401'],
      [false, 'capture-bk_401'],
    ]);
  });

  it('after two retries of a 5xx, says the outcome is unknown (not a GatewayError, so the operation stays pending)', async () => {
    const customerId = fake.createCustomer('retry@example.com');
    fake.failNext({ status: 503, count: 3, path: '/v1/payment_intents' });
    const input = {
      customerId,
      paymentMethodId: testPaymentMethods.visa,
      amountCents: 700,
      description: 'tip',
      metadata: { booking_id: 'bk_402' },
      idempotencyKey: 'tip-bk_402',
    };
    const error = await gateway.chargeOffSession(input).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GatewayOutcomeUnknownError);
    expect(error).not.toBeInstanceOf(GatewayError);
    expect(fake.requestsTo('POST', '/v1/payment_intents').filter((r) => r.idempotencyKey === 'tip-bk_402')).toHaveLength(3);

    // the recovery job repeats the call with the same key: charged once
    expect((await gateway.chargeOffSession(input)).outcome).toBe('succeeded');
  });

  it('says the outcome is unknown when Stripe cannot be reached, and the same key later charges once', async () => {
    const customerId = fake.createCustomer('offline@example.com');
    fake.failNext({ status: 0, count: 3, path: '/v1/payment_intents' });
    const input = {
      customerId,
      paymentMethodId: testPaymentMethods.visa,
      amountCents: 1800,
      description: 'final amount',
      metadata: { booking_id: 'bk_403' },
      idempotencyKey: 'final-bk_403',
    };
    const error = await gateway.chargeOffSession(input).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GatewayOutcomeUnknownError);

    const first = await gateway.chargeOffSession(input);
    const again = await gateway.chargeOffSession(input);
    expect(again).toEqual(first);
    const executed = fake.requestsTo('POST', '/v1/payment_intents').filter((r) => r.idempotencyKey === 'final-bk_403' && !r.injected);
    expect(executed.map((r) => r.replayed)).toEqual([false, true]);
  });
});

describe('Stripe gateway: webhooks', () => {
  const event = (type: string, object: Record<string, unknown>) =>
    JSON.stringify({ id: `evt_${type.replace(/\W/g, '_')}`, object: 'event', type, created: 1_767_225_600, data: { object } }, null, 2);
  const stripeSigned = (payload: string, options: { secret?: string; timestamp?: number } = {}) =>
    Stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? webhookSecret, timestamp: options.timestamp });

  it('accepts an event signed by the Stripe SDK itself', () => {
    const payload = event('checkout.session.completed', { id: 'cs_test_1', object: 'checkout.session', payment_intent: 'pi_1' });
    expect(gateway.parseWebhook(payload, stripeSigned(payload))).toEqual({
      id: 'evt_checkout_session_completed',
      type: 'checkout.session.completed',
      rawType: 'checkout.session.completed',
      created: 1_767_225_600,
      objectId: 'cs_test_1',
      paymentIntentId: 'pi_1',
    });
  });

  it('signs the way Stripe verifies (the local gateway shares this signer)', () => {
    const payload = event('payment_intent.succeeded', { id: 'pi_2', object: 'payment_intent' });
    const verified = Stripe.webhooks.constructEvent(payload, signPayload(webhookSecret, payload), webhookSecret);
    expect(verified.id).toBe('evt_payment_intent_succeeded');
  });

  it('maps each event to its object and payment intent', () => {
    const cases: [string, Record<string, unknown>, { type: string; objectId: string; paymentIntentId: string | null }][] = [
      ['checkout.session.expired', { id: 'cs_3', object: 'checkout.session', payment_intent: null }, { type: 'checkout.session.expired', objectId: 'cs_3', paymentIntentId: null }],
      ['checkout.session.async_payment_failed', { id: 'cs_4', object: 'checkout.session', payment_intent: 'pi_4' }, { type: 'checkout.session.async_payment_failed', objectId: 'cs_4', paymentIntentId: 'pi_4' }],
      ['payment_intent.amount_capturable_updated', { id: 'pi_5', object: 'payment_intent' }, { type: 'payment_intent.amount_capturable_updated', objectId: 'pi_5', paymentIntentId: 'pi_5' }],
      ['payment_intent.succeeded', { id: 'pi_6', object: 'payment_intent' }, { type: 'payment_intent.succeeded', objectId: 'pi_6', paymentIntentId: 'pi_6' }],
      ['payment_intent.canceled', { id: 'pi_7', object: 'payment_intent' }, { type: 'payment_intent.canceled', objectId: 'pi_7', paymentIntentId: 'pi_7' }],
      ['payment_intent.payment_failed', { id: 'pi_8', object: 'payment_intent' }, { type: 'payment_intent.payment_failed', objectId: 'pi_8', paymentIntentId: 'pi_8' }],
      ['charge.refunded', { id: 'ch_9', object: 'charge', payment_intent: 'pi_9' }, { type: 'charge.refunded', objectId: 'ch_9', paymentIntentId: 'pi_9' }],
      ['account.updated', { id: 'acct_10', object: 'account' }, { type: 'account.updated', objectId: 'acct_10', paymentIntentId: null }],
      ['customer.created', { id: 'cus_11', object: 'customer' }, { type: 'other', objectId: 'cus_11', paymentIntentId: null }],
      ['charge.succeeded', { id: 'ch_12', object: 'charge', payment_intent: 'pi_12' }, { type: 'other', objectId: 'ch_12', paymentIntentId: 'pi_12' }],
    ];
    for (const [type, object, expected] of cases) {
      const payload = event(type, object);
      expect(gateway.parseWebhook(payload, stripeSigned(payload))).toMatchObject({ ...expected, rawType: type });
    }
  });

  it('refuses a forged, tampered, stale or missing signature before reading the body', () => {
    const payload = event('checkout.session.completed', { id: 'cs_test_13', object: 'checkout.session', payment_intent: 'pi_13' });
    const attempts: [string, string, string | undefined][] = [
      ['forged', payload, stripeSigned(payload, { secret: 'whsec_someone_else' })],
      ['tampered', payload.replace('pi_13', 'pi_666'), stripeSigned(payload)],
      ['stale', payload, stripeSigned(payload, { timestamp: Math.floor(Date.now() / 1000) - 3600 })],
      ['missing', payload, undefined],
      ['malformed', payload, 'v1=deadbeef'],
      ['not json, unsigned', '{not json', 't=1,v1=00'],
    ];
    for (const [what, body, header] of attempts) {
      expect(() => gateway.parseWebhook(body, header), what).toThrow(WebhookSignatureError);
    }
  });

  it('rejects a signed body that is not a Stripe event', () => {
    const payload = '{"hello":"world"}';
    expect(() => gateway.parseWebhook(payload, stripeSigned(payload))).toThrow(GatewayError);
  });
});
