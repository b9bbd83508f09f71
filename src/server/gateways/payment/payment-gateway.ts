// The card payment provider behind one small interface (docs/design.md 5, docs/conventions.md 4): Stripe in
// production, the local gateway offline and in tests. Amounts are integer cents (USD). Every
// call that moves money carries an idempotency key: the same key gives the same result, once.

export type CheckoutPurpose = 'booking' | 'gift_card' | 'payment';

/** How long a checkout stays open, holding its pick-up place and gift-card amount (Stripe's shortest). */
export const checkoutLifetimeMinutes = 30;

export type CreateCheckoutInput = {
  /** booking: authorise only (manual capture) and save the card for off-session charges;
   *  gift_card, payment (what is still due on a bill): capture at once. */
  purpose: CheckoutPurpose;
  amountCents: number;
  description: string;
  customerEmail: string;
  customerName?: string;
  metadata: Record<string, string>;
  /** May contain the literal `{CHECKOUT_SESSION_ID}`, replaced by the session id. */
  successUrl: string;
  cancelUrl: string;
  idempotencyKey: string;
};

export type CheckoutSession = {
  id: string;
  url: string | null;
  status: 'open' | 'complete' | 'expired';
  paymentStatus: 'paid' | 'unpaid' | 'no_payment_required';
  paymentIntentId: string | null;
  customerId: string | null;
  amountTotal: number;
  metadata: Record<string, string>;
};

export type PaymentIntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'canceled'
  | 'succeeded';

export type PaymentIntent = {
  id: string;
  status: PaymentIntentStatus;
  amount: number;
  amountCapturable: number;
  amountReceived: number;
  /** Refunded so far, in cents. */
  amountRefunded: number;
  /** When an authorisation lapses (about 7 days after it was made). */
  captureBefore: Date | null;
  customerId: string | null;
  paymentMethodId: string | null;
  metadata: Record<string, string>;
  /** The charge behind the payment (Stripe's latest_charge), once the card was charged or authorised: what a transfer to a pro names as its source (docs/design.md 9). */
  latestChargeId: string | null;
};

export type OffSessionCharge =
  | { outcome: 'succeeded'; paymentIntent: PaymentIntent }
  /** The bank wants the customer present (authentication): send them the invoice link. */
  | { outcome: 'requires_action'; paymentIntentId: string; message: string }
  | { outcome: 'failed'; paymentIntentId: string | null; message: string };

export type Refund = { id: string; paymentIntentId: string; amount: number; status: 'succeeded' | 'pending' | 'failed' };

export type ConnectedAccount = { id: string; chargesEnabled: boolean; payoutsEnabled: boolean; detailsSubmitted: boolean };

export type Transfer = { id: string; accountId: string; amount: number };

/** The events we act on; anything else is acknowledged and ignored. Handlers re-read the object. */
export type GatewayEventType =
  | 'checkout.session.completed'
  | 'checkout.session.expired'
  | 'checkout.session.async_payment_failed'
  | 'payment_intent.amount_capturable_updated'
  | 'payment_intent.succeeded'
  | 'payment_intent.canceled'
  | 'payment_intent.payment_failed'
  | 'charge.refunded'
  | 'account.updated';

export type GatewayEvent = {
  id: string;
  type: GatewayEventType | 'other';
  /** The raw type as the gateway sent it. */
  rawType: string;
  /** Seconds since the epoch, as the gateway stamped it. */
  created: number;
  /** The id of the object the event is about (session, payment intent, charge, account). */
  objectId: string;
  /** The payment intent behind a charge event, when there is one. */
  paymentIntentId: string | null;
};

export class GatewayError extends Error {
  constructor(
    message: string,
    public readonly code: string,
    public readonly declineCode?: string,
  ) {
    super(message);
    this.name = 'GatewayError';
  }
}

export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

export interface PaymentGateway {
  readonly kind: 'local' | 'stripe';
  createCheckout(input: CreateCheckoutInput): Promise<CheckoutSession>;
  retrieveCheckout(sessionId: string): Promise<CheckoutSession>;
  /**
   * Closes an open checkout at once (the customer cancelled it), so its place and gift-card amount
   * go back now, not when it would have lapsed. Refused (a GatewayError) unless it is open.
   */
  expireCheckout(sessionId: string): Promise<CheckoutSession>;
  retrievePaymentIntent(paymentIntentId: string): Promise<PaymentIntent>;
  /** Captures up to the authorised amount; the rest of the authorisation is released. */
  capture(input: { paymentIntentId: string; amountCents: number; idempotencyKey: string }): Promise<PaymentIntent>;
  /** Cancels an uncaptured authorisation: nothing is charged. */
  release(input: { paymentIntentId: string; idempotencyKey: string }): Promise<PaymentIntent>;
  /**
   * Charges the saved card with the customer absent; with capture 'manual', authorises it only
   * (a hold to capture later, as a recurring pick-up's occurrence needs: decision 024).
   */
  chargeOffSession(input: {
    customerId: string;
    paymentMethodId: string;
    amountCents: number;
    description: string;
    metadata: Record<string, string>;
    idempotencyKey: string;
    capture?: 'automatic' | 'manual';
  }): Promise<OffSessionCharge>;
  refund(input: { paymentIntentId: string; amountCents: number; idempotencyKey: string; metadata?: Record<string, string> }): Promise<Refund>;
  createConnectedAccount(input: { email: string; idempotencyKey: string }): Promise<ConnectedAccount>;
  createOnboardingLink(input: { accountId: string; refreshUrl: string; returnUrl: string }): Promise<{ url: string }>;
  retrieveConnectedAccount(accountId: string): Promise<ConnectedAccount>;
  transfer(input: {
    accountId: string;
    amountCents: number;
    /** docs/design.md 9: the booking's charge that funds it (Stripe's source_transaction), so it needs no available balance. */
    sourceTransaction?: string;
    description: string;
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<Transfer>;
  /*
   * What a money call left, found by the `operation_key` its metadata carried (docs/design.md 5.8):
   * Stripe keeps an idempotency key 24 hours, after which the same key is a new request, so the
   * recovery job looks an old operation up instead of repeating it. Null when nothing was made.
   */
  /** A payment made off session for this customer since then (a charge or a hold). */
  findPaymentIntent(input: { customerId: string; operationKey: string; createdSince: Date }): Promise<PaymentIntent | null>;
  /** A refund of this payment. */
  findRefund(input: { paymentIntentId: string; operationKey: string }): Promise<Refund | null>;
  /** A transfer to this connected account since then. */
  findTransfer(input: { accountId: string; operationKey: string; createdSince: Date }): Promise<Transfer | null>;
  /** Verifies the signature (Stripe's scheme) before anything else, then parses the event. */
  parseWebhook(rawBody: string, signatureHeader: string | undefined): GatewayEvent;
}
