// The Stripe implementation of PaymentGateway (docs/design.md 5, docs/conventions.md 4). The only file that
// imports `stripe`: Stripe's types stay in here, callers see the interface's own types.
import Stripe from 'stripe';
import {
  checkoutLifetimeMinutes,
  GatewayError,
  type CheckoutSession,
  type ConnectedAccount,
  type CreateCheckoutInput,
  type GatewayEvent,
  type OffSessionCharge,
  type PaymentGateway,
  type PaymentIntent,
  type PaymentIntentStatus,
  type Refund,
  type Transfer,
} from './payment-gateway';
import { parseStripeEvent } from './stripe-events';
import { verifySignature } from './webhook-signature';

export type StripeGatewayOptions = {
  secretKey: string;
  webhookSecret: string;
  /** Point the SDK elsewhere (the contract tests' local fake); Stripe's own API by default. */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
};

const currency = 'usd';

// Every PaymentIntent we return carries its latest charge, the only place Stripe reports when an
// authorisation lapses (capture_before) and how much has been refunded.
const expandCharge = ['latest_charge'];



const paymentIntentStatuses: ReadonlySet<string> = new Set<PaymentIntentStatus>([
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'requires_capture',
  'canceled',
  'succeeded',
]);

export function createStripeGateway(options: StripeGatewayOptions): PaymentGateway {
  // apiVersion is left out on purpose: the SDK pins the version its types were generated for.
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'Washday' },
    host: options.host,
    port: options.port,
    protocol: options.protocol,
  });
  // A checkout asked for again with the same idempotency key (a retry, a second press) must send
  // the same parameters, or Stripe refuses it; its expiry is read from the clock, so the first
  // one is kept for the key (for as long as the checkout lives; Stripe keeps a key for 24 hours)
  const checkoutExpiry = new Map<string, number>();
  const expiryFor = (idempotencyKey: string) => {
    const now = Math.floor(Date.now() / 1000);
    for (const [key, at] of checkoutExpiry) if (at < now) checkoutExpiry.delete(key);
    const at = checkoutExpiry.get(idempotencyKey) ?? now + checkoutLifetimeMinutes * 60;
    checkoutExpiry.set(idempotencyKey, at);
    return at;
  };

  return {
    kind: 'stripe',

    async createCheckout(input: CreateCheckoutInput): Promise<CheckoutSession> {
      const booking = input.purpose === 'booking';
      const params: Stripe.Checkout.SessionCreateParams = {
        mode: 'payment',
        line_items: [
          {
            price_data: { currency, unit_amount: input.amountCents, product_data: { name: input.description } },
            quantity: 1,
          },
        ],
        customer_email: input.customerEmail,
        metadata: input.metadata,
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        // an unpaid checkout holds its pick-up place and gift-card amount this long at most (docs/design.md 9)
        expires_at: expiryFor(input.idempotencyKey),
        payment_intent_data: booking
          ? // authorise now, capture the weighed amount later; keep the card for the difference and the tip
            { capture_method: 'manual', setup_future_usage: 'off_session', metadata: input.metadata }
          : { metadata: input.metadata },
      };
      // A Customer is what a saved card hangs on for off-session charges.
      if (booking) params.customer_creation = 'always';
      const session = await call(() => stripe.checkout.sessions.create(params, { idempotencyKey: input.idempotencyKey }));
      return toCheckoutSession(session);
    },

    async retrieveCheckout(sessionId) {
      return toCheckoutSession(await call(() => stripe.checkout.sessions.retrieve(sessionId)));
    },

    async expireCheckout(sessionId) {
      return toCheckoutSession(await call(() => stripe.checkout.sessions.expire(sessionId)));
    },

    async retrievePaymentIntent(paymentIntentId) {
      return toPaymentIntent(await call(() => stripe.paymentIntents.retrieve(paymentIntentId, { expand: expandCharge })));
    },

    async capture({ paymentIntentId, amountCents, idempotencyKey }) {
      const intent = await call(() =>
        stripe.paymentIntents.capture(paymentIntentId, { amount_to_capture: amountCents, expand: expandCharge }, { idempotencyKey }),
      );
      return toPaymentIntent(intent);
    },

    async release({ paymentIntentId, idempotencyKey }) {
      const intent = await call(() => stripe.paymentIntents.cancel(paymentIntentId, { expand: expandCharge }, { idempotencyKey }));
      return toPaymentIntent(intent);
    },

    async chargeOffSession(input): Promise<OffSessionCharge> {
      let intent: Stripe.PaymentIntent;
      try {
        intent = await stripe.paymentIntents.create(
          {
            customer: input.customerId,
            payment_method: input.paymentMethodId,
            amount: input.amountCents,
            currency,
            off_session: true,
            confirm: true,
            ...(input.capture === 'manual' ? { capture_method: 'manual' as const } : {}),
            description: input.description,
            metadata: input.metadata,
            // a saved card never redirects; without this Stripe asks for a return_url on confirm
            automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
            expand: expandCharge,
          },
          { idempotencyKey: input.idempotencyKey },
        );
      } catch (error) {
        if (error instanceof Stripe.errors.StripeCardError) {
          const paymentIntentId = error.payment_intent?.id ?? null;
          // Stripe says "needs the customer" either as the error code (SCA on an off-session
          // confirm) or as the issuer's decline code on a card_declined.
          const needsCustomer = error.code === 'authentication_required' || error.decline_code === 'authentication_required';
          if (needsCustomer && paymentIntentId) {
            return { outcome: 'requires_action', paymentIntentId, message: error.message };
          }
          return { outcome: 'failed', paymentIntentId, message: error.message };
        }
        throw fromStripeError(error);
      }
      // Off-session confirmations normally answer a 402 instead, but the status is the truth.
      if (intent.status === 'requires_action') {
        return { outcome: 'requires_action', paymentIntentId: intent.id, message: 'The bank asks the customer to authenticate this payment' };
      }
      if (intent.status === 'requires_payment_method' || intent.status === 'canceled') {
        return { outcome: 'failed', paymentIntentId: intent.id, message: intent.last_payment_error?.message ?? 'The card was declined' };
      }
      return { outcome: 'succeeded', paymentIntent: toPaymentIntent(intent) };
    },

    async refund({ paymentIntentId, amountCents, idempotencyKey, metadata }): Promise<Refund> {
      const refund = await call(() =>
        stripe.refunds.create({ payment_intent: paymentIntentId, amount: amountCents, ...(metadata ? { metadata } : {}) }, { idempotencyKey }),
      );
      return toRefund(refund, paymentIntentId);
    },

    // The lookups list what could be it (a customer's payments, an account's transfers, a
    // payment's refunds: the list endpoints are exact, where Search lags) and match the metadata.
    async findPaymentIntent({ customerId, operationKey, createdSince }) {
      return call(async () => {
        const list = stripe.paymentIntents.list({ customer: customerId, created: { gte: seconds(createdSince) }, limit: 100, expand: ['data.latest_charge'] });
        for await (const intent of list) if (intent.metadata?.operation_key === operationKey) return toPaymentIntent(intent);
        return null;
      });
    },

    async findRefund({ paymentIntentId, operationKey }) {
      return call(async () => {
        for await (const refund of stripe.refunds.list({ payment_intent: paymentIntentId, limit: 100 }))
          if (refund.metadata?.operation_key === operationKey) return toRefund(refund, paymentIntentId);
        return null;
      });
    },

    async findTransfer({ accountId, operationKey, createdSince }) {
      return call(async () => {
        for await (const transfer of stripe.transfers.list({ destination: accountId, created: { gte: seconds(createdSince) }, limit: 100 }))
          if (transfer.metadata?.operation_key === operationKey) return { id: transfer.id, accountId: idOf(transfer.destination) ?? accountId, amount: transfer.amount };
        return null;
      });
    },

    async createConnectedAccount({ email, idempotencyKey }) {
      const account = await call(() =>
        stripe.accounts.create({ type: 'express', email, capabilities: { transfers: { requested: true } } }, { idempotencyKey }),
      );
      return toConnectedAccount(account);
    },

    async createOnboardingLink({ accountId, refreshUrl, returnUrl }) {
      const link = await call(() =>
        stripe.accountLinks.create({ account: accountId, refresh_url: refreshUrl, return_url: returnUrl, type: 'account_onboarding' }),
      );
      return { url: link.url };
    },

    async retrieveConnectedAccount(accountId) {
      return toConnectedAccount(await call(() => stripe.accounts.retrieve(accountId)));
    },

    async transfer(input): Promise<Transfer> {
      const transfer = await call(() =>
        stripe.transfers.create(
          {
            amount: input.amountCents,
            currency,
            destination: input.accountId,
            description: input.description,
            metadata: input.metadata,
            ...(input.sourceTransaction ? { source_transaction: input.sourceTransaction } : {}),
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      return { id: transfer.id, accountId: idOf(transfer.destination) ?? input.accountId, amount: transfer.amount };
    },

    parseWebhook(rawBody, signatureHeader): GatewayEvent {
      verifySignature(options.webhookSecret, rawBody, signatureHeader);
      return parseStripeEvent(rawBody);
    },
  };
}

/**
 * Thrown (instead of a GatewayError) when Stripe's answer is unknown: no response, a 5xx, a
 * conflict or rate limit that outlasted the SDK's retries. The call may or may not have happened,
 * so it is not a failure: the caller keeps its operation pending and repeats it with the same
 * idempotency key (docs/design.md 5.8), which gets Stripe's real answer.
 */
export class GatewayOutcomeUnknownError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GatewayOutcomeUnknownError';
  }
}

/** Runs an SDK call, turning Stripe's errors into the interface's own. */
async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw fromStripeError(error);
  }
}

function fromStripeError(error: unknown): GatewayError | GatewayOutcomeUnknownError {
  if (error instanceof GatewayError) return error;
  // not from Stripe (a bug on our side, before anything was sent): let it surface as it is
  if (!(error instanceof Stripe.errors.StripeError)) throw error;
  const status = error.statusCode;
  if (error instanceof Stripe.errors.StripeConnectionError || status === undefined || status >= 500 || status === 409 || status === 429) {
    const request = error.requestId ? `, request ${error.requestId}` : '';
    return new GatewayOutcomeUnknownError(`Stripe gave no definite answer (${status ?? 'no response'}${request}): ${error.message}`);
  }
  return new GatewayError(error.message || 'Stripe refused the request', error.code || error.rawType || 'stripe_error', error.decline_code || undefined);
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (value == null) return null;
  return typeof value === 'string' ? value : value.id;
}

const seconds = (at: Date) => Math.floor(at.getTime() / 1000);

function toRefund(refund: Stripe.Refund, paymentIntentId: string): Refund {
  return {
    id: refund.id,
    paymentIntentId: idOf(refund.payment_intent) ?? paymentIntentId,
    amount: refund.amount,
    status: refund.status === 'succeeded' ? 'succeeded' : refund.status === 'failed' || refund.status === 'canceled' ? 'failed' : 'pending',
  };
}

function toCheckoutSession(session: Stripe.Checkout.Session): CheckoutSession {
  return {
    id: session.id,
    url: session.url,
    status: session.status === 'complete' ? 'complete' : session.status === 'expired' ? 'expired' : 'open',
    paymentStatus:
      session.payment_status === 'paid' ? 'paid' : session.payment_status === 'no_payment_required' ? 'no_payment_required' : 'unpaid',
    paymentIntentId: idOf(session.payment_intent),
    customerId: idOf(session.customer),
    amountTotal: session.amount_total ?? 0,
    metadata: { ...(session.metadata ?? {}) },
  };
}

function toPaymentIntent(intent: Stripe.PaymentIntent): PaymentIntent {
  const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
  const captureBefore = charge?.payment_method_details?.card?.capture_before;
  return {
    id: intent.id,
    status: toPaymentIntentStatus(intent.status),
    amount: intent.amount,
    amountCapturable: intent.amount_capturable,
    amountReceived: intent.amount_received,
    amountRefunded: charge ? refundedOf(charge) : 0,
    captureBefore: typeof captureBefore === 'number' ? new Date(captureBefore * 1000) : null,
    customerId: idOf(intent.customer),
    paymentMethodId: idOf(intent.payment_method),
    metadata: { ...intent.metadata },
    latestChargeId: idOf(intent.latest_charge),
  };
}

// Stripe counts the part of an authorisation that was never captured (released by a partial
// capture, or all of it by a cancel) in the charge's amount_refunded; ours is money given back.
function refundedOf(charge: Stripe.Charge): number {
  return Math.max(0, charge.amount_refunded - (charge.amount - charge.amount_captured));
}

function toPaymentIntentStatus(status: Stripe.PaymentIntent.Status): PaymentIntentStatus {
  if (paymentIntentStatuses.has(status)) return status as PaymentIntentStatus;
  throw new GatewayError(`Unknown payment intent status from Stripe: ${status}`, 'unknown_status');
}

function toConnectedAccount(account: Stripe.Account): ConnectedAccount {
  return {
    id: account.id,
    chargesEnabled: account.charges_enabled,
    payoutsEnabled: account.payouts_enabled,
    detailsSubmitted: account.details_submitted,
  };
}


