// The local payment gateway: the offline default and the test double (docs/design.md 5.10). It keeps
// its own checkout sessions, payment intents, customers, refunds, connected accounts and
// transfers, behaves like Stripe's test mode for Stripe's test card numbers, honours idempotency
// keys, and delivers signed events to our webhook endpoint with Stripe's signature scheme.
import { eq } from 'drizzle-orm';
import { localGatewayObjects } from '../../db/schema';
import { localCheckoutPage, type CheckoutPagePart } from './local-checkout-page';
import { localConnect } from './local-connect';
import { createLocalCore, type LocalCoreOptions } from './local-gateway-core';
import { id, newIntent, toIntent, toSession, type StoredIntent, type StoredPaymentMethod, type StoredSession } from './local-gateway-objects';
import { checkoutLifetimeMinutes, GatewayError, type ConnectedAccount, type OffSessionCharge, type PaymentGateway, type Refund } from './payment-gateway';
import { parseStripeEvent } from './stripe-events';
import { verifySignature } from './webhook-signature';

export type { PayResult } from './local-checkout-page';

export type LocalGateway = PaymentGateway &
  CheckoutPagePart & {
    readonly kind: 'local';
    /** Where signed events go: main.ts and tests wire it to the app's webhook endpoint. */
    setDelivery(deliver: (rawBody: string, signature: string) => Promise<void>): void;
    /** Resolves when every event emitted so far has been delivered (or given up on). */
    flushEvents(): Promise<void>;
    completeOnboarding(accountId: string): Promise<ConnectedAccount>;
    /** Test helpers: what the gateway holds. */
    list<T>(kind: string): Promise<T[]>;
  };

export function createLocalGateway(options: LocalCoreOptions): LocalGateway {
  const core = createLocalCore(options);
  const { db, put, must, createOnce, findByOperationKey, transact, idempotent, now, intentObject, sessionObject } = core;

  async function list<T>(kind: string) {
    const rows = await db
      .select({ data: localGatewayObjects.data })
      .from(localGatewayObjects)
      .where(eq(localGatewayObjects.kind, kind))
      .orderBy(localGatewayObjects.createdAt);
    return rows.map((r) => r.data as T);
  }

  const gateway: LocalGateway = {
    kind: 'local',

    setDelivery: core.setDelivery,
    flushEvents: core.flushEvents,

    async createCheckout(input) {
      if (!Number.isInteger(input.amountCents) || input.amountCents < 50)
        throw new GatewayError('Amount must be at least $0.50 usd', 'amount_too_small');
      const sessionId = id('cs');
      const session: StoredSession = {
        id: sessionId,
        url: `${options.publicUrl}/dev/checkout/${sessionId}`,
        status: 'open',
        paymentStatus: 'unpaid',
        paymentIntentId: null,
        customerId: null,
        amountTotal: input.amountCents,
        metadata: input.metadata,
        purpose: input.purpose,
        successUrl: input.successUrl,
        cancelUrl: input.cancelUrl.replace('{CHECKOUT_SESSION_ID}', sessionId),
        description: input.description,
        customerEmail: input.customerEmail,
        expiresAt: new Date(now().getTime() + checkoutLifetimeMinutes * 60_000).toISOString(),
      };
      // one statement: the key taken with its reply and the session stored (or the first reply)
      return createOnce(db, `checkout:${input.idempotencyKey}`, 'checkout_session', session, toSession(session));
    },

    async retrieveCheckout(sessionId) {
      return toSession(await must<StoredSession>(db, 'checkout_session', sessionId));
    },

    async expireCheckout(sessionId) {
      // as Stripe: only an open checkout can be expired
      const done = await transact(async (tx, emit) => {
        const current = await must<StoredSession>(tx, 'checkout_session', sessionId, true);
        if (current.status !== 'open')
          throw new GatewayError(`Only Checkout Sessions with a status in ["open"] can be expired (this one is ${current.status}).`, 'checkout_session_not_open');
        const expired = await put(tx, 'checkout_session', { ...current, status: 'expired' as const, pendingCard: undefined });
        emit('checkout.session.expired', sessionObject(expired));
        return expired;
      });
      return toSession(done);
    },

    async retrievePaymentIntent(paymentIntentId) {
      return toIntent(await must<StoredIntent>(db, 'payment_intent', paymentIntentId));
    },

    async capture({ paymentIntentId, amountCents, idempotencyKey }) {
      return idempotent(`capture:${idempotencyKey}`, async (tx, emit) => {
        const pi = await must<StoredIntent>(tx, 'payment_intent', paymentIntentId, true);
        if (pi.status !== 'requires_capture')
          throw new GatewayError(`This PaymentIntent could not be captured because it has a status of ${pi.status}.`, 'payment_intent_unexpected_state');
        if (pi.captureBefore && new Date(pi.captureBefore) < now()) {
          await put(tx, 'payment_intent', { ...pi, status: 'canceled', amountCapturable: 0 });
          throw new GatewayError('The authorization has expired and can no longer be captured.', 'charge_expired_for_capture');
        }
        if (!Number.isInteger(amountCents) || amountCents < 1 || amountCents > pi.amountCapturable)
          throw new GatewayError(`Amount to capture must be between 1 and ${pi.amountCapturable}.`, 'amount_too_large');
        const captured: StoredIntent = { ...pi, status: 'succeeded', amountReceived: amountCents, amountCapturable: 0 };
        await put(tx, 'payment_intent', captured);
        emit('payment_intent.succeeded', intentObject(captured));
        return toIntent(captured);
      });
    },

    async release({ paymentIntentId, idempotencyKey }) {
      return idempotent(`release:${idempotencyKey}`, async (tx, emit) => {
        const pi = await must<StoredIntent>(tx, 'payment_intent', paymentIntentId, true);
        if (pi.status === 'canceled') return toIntent(pi);
        if (pi.status !== 'requires_capture' && pi.status !== 'requires_action' && pi.status !== 'requires_payment_method')
          throw new GatewayError(`You cannot cancel this PaymentIntent because it has a status of ${pi.status}.`, 'payment_intent_unexpected_state');
        const released: StoredIntent = { ...pi, status: 'canceled', amountCapturable: 0 };
        await put(tx, 'payment_intent', released);
        emit('payment_intent.canceled', intentObject(released));
        return toIntent(released);
      });
    },

    async chargeOffSession(input) {
      return idempotent(`offsession:${input.idempotencyKey}`, async (tx, emit): Promise<OffSessionCharge> => {
        const pm = await must<StoredPaymentMethod>(tx, 'payment_method', input.paymentMethodId);
        if (pm.customerId !== input.customerId) throw new GatewayError('The payment method does not belong to this customer.', 'invalid_request_error');
        if (!Number.isInteger(input.amountCents) || input.amountCents < 50) throw new GatewayError('Amount must be at least $0.50 usd', 'amount_too_small');
        const manual = input.capture === 'manual';
        const base = newIntent({ amountCents: input.amountCents, manual, at: now(), customerId: input.customerId, paymentMethodId: pm.id, metadata: input.metadata });
        if (pm.behaviour === 'requires_authentication') {
          const pi = await put(tx, 'payment_intent', { ...base, status: 'requires_action' as const, amountReceived: 0 });
          emit('payment_intent.payment_failed', intentObject(pi));
          return { outcome: 'requires_action', paymentIntentId: pi.id, message: 'This payment requires the customer to authenticate.' };
        }
        if (pm.behaviour === 'fails_off_session') {
          const pi = await put(tx, 'payment_intent', { ...base, status: 'requires_payment_method' as const, amountReceived: 0 });
          emit('payment_intent.payment_failed', intentObject(pi));
          return { outcome: 'failed', paymentIntentId: pi.id, message: 'Your card was declined.' };
        }
        const pi = await put(tx, 'payment_intent', base);
        emit(manual ? 'payment_intent.amount_capturable_updated' : 'payment_intent.succeeded', intentObject(pi));
        return { outcome: 'succeeded', paymentIntent: toIntent(pi) };
      });
    },

    async refund({ paymentIntentId, amountCents, idempotencyKey, metadata }) {
      return idempotent(`refund:${idempotencyKey}`, async (tx, emit): Promise<Refund> => {
        const pi = await must<StoredIntent>(tx, 'payment_intent', paymentIntentId, true);
        const refundable = pi.amountReceived - pi.amountRefunded;
        if (pi.status !== 'succeeded') throw new GatewayError('Only a captured payment can be refunded.', 'charge_not_refundable');
        if (!Number.isInteger(amountCents) || amountCents < 1 || amountCents > refundable)
          throw new GatewayError(`Refund amount must be between 1 and ${refundable}.`, 'amount_too_large');
        await put(tx, 'payment_intent', { ...pi, amountRefunded: pi.amountRefunded + amountCents });
        const refund: Refund = { id: id('re'), paymentIntentId, amount: amountCents, status: 'succeeded' };
        await put(tx, 'refund', { ...refund, metadata: metadata ?? {} });
        emit('charge.refunded', { id: id('ch'), object: 'charge', payment_intent: paymentIntentId });
        return refund;
      });
    },

    async findPaymentIntent({ customerId, operationKey }) {
      const pi = await findByOperationKey<StoredIntent>(db, 'payment_intent', operationKey, ['customerId', customerId]);
      return pi ? toIntent(pi) : null;
    },

    async findRefund({ paymentIntentId, operationKey }) {
      const found = await findByOperationKey<Refund & { metadata: unknown }>(db, 'refund', operationKey, ['paymentIntentId', paymentIntentId]);
      return found ? { id: found.id, paymentIntentId: found.paymentIntentId, amount: found.amount, status: found.status } : null;
    },

    parseWebhook(rawBody, signatureHeader) {
      verifySignature(options.webhookSecret, rawBody, signatureHeader);
      return parseStripeEvent(rawBody);
    },

    list,
    ...localConnect(core),
    ...localCheckoutPage(core, list),
  };
  return gateway;
}
