// A local HTTP fake of the Stripe endpoints the Stripe gateway uses (docs/design.md 5.10), for the
// gateway's contract tests: the official SDK talks to it over real HTTP, so what is asserted is
// exactly what would go over the wire. It parses Stripe's form-encoded bodies, records every
// request, keeps a little state (sessions, payment intents, charges, refunds, accounts, transfers)
// and replays the first response for a repeated Idempotency-Key, as Stripe does.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A decoded form value: Stripe's `a[b][0]=x` encoding becomes `{ a: { b: ['x'] } }`. */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

export type RecordedRequest = {
  method: string;
  path: string;
  query: FormObject;
  body: FormObject;
  idempotencyKey: string | null;
  authorization: string | null;
  stripeVersion: string | null;
  userAgent: string | null;
  status: number;
  /** Answered from the idempotency cache, without executing. */
  replayed: boolean;
  /** Answered by an injected fault (see failNext). */
  injected: boolean;
};

/** Stripe's test PaymentMethods; the fake declines or asks for authentication as Stripe would. */
export const testPaymentMethods = {
  visa: 'pm_card_visa',
  /** Off-session: the bank wants the customer (3-D Secure) - a 402 authentication_required. */
  authenticationRequired: 'pm_card_authenticationRequired',
  /** The fake's own magic value: the issuer declines with decline_code authentication_required. */
  issuerWantsAuthentication: 'pm_card_issuerDeclinesAuthenticationRequired',
  /** A generic decline - a 402 card_declined. */
  declined: 'pm_card_chargeDeclined',
  insufficientFunds: 'pm_card_chargeDeclinedInsufficientFunds',
  /** Saved fine at checkout, declined on later charges (the 4000 0000 0000 0341 card). */
  customerFail: 'pm_card_chargeCustomerFail',
} as const;

type Json = { [key: string]: unknown };
type Answer = { status: number; body: Json };

type StoredSession = { session: Json; captureMethod: string; setupFutureUsage: string | null; piMetadata: FormObject; customerCreation: string | null };

const sevenDays = 7 * 24 * 60 * 60;

export type StripeFake = {
  host: string;
  port: number;
  url: string;
  requests: RecordedRequest[];
  /** The recorded requests to a method and path (exact, or a RegExp), oldest first. */
  requestsTo(method: string, path: string | RegExp): RecordedRequest[];
  /** The latest recorded request to a method and path; throws when there is none. */
  lastRequest(method: string, path: string | RegExp): RecordedRequest;
  /** The customer pays on the hosted page: the session completes, its payment intent is authorised
   *  (manual capture) or paid, and a Customer is created when the session asked for one. */
  completeCheckout(sessionId: string, paymentMethod?: string): { paymentIntentId: string; customerId: string | null; paymentMethodId: string };
  /** The session lapses without payment. */
  expireCheckout(sessionId: string): void;
  /** A customer that already exists at Stripe (for off-session charges). */
  createCustomer(email: string): string;
  /** The pro finishes Connect onboarding: charges, payouts and transfers become enabled. */
  completeOnboarding(accountId: string): void;
  /** Moves an authorisation's capture-before date (seconds since the epoch). */
  setCaptureBefore(paymentIntentId: string, captureBefore: number): void;
  /** The next `count` requests (optionally only to `path`) fail before executing: with this HTTP
   *  status, or with the connection dropped unanswered when status is 0. */
  failNext(options: { status: number; count?: number; path?: string }): void;
  /** Forget recorded requests (state is kept). */
  clearRequests(): void;
  close(): Promise<void>;
};

export async function startStripeFake(options: { secretKey?: string } = {}): Promise<StripeFake> {
  const requests: RecordedRequest[] = [];
  const customers = new Map<string, Json>();
  const sessions = new Map<string, StoredSession>();
  const intents = new Map<string, Json>();
  const charges = new Map<string, Json>();
  const refunds = new Map<string, Json>();
  const accounts = new Map<string, Json>();
  const transfers = new Map<string, Json>();
  const idempotent = new Map<string, { fingerprint: string; answer: Answer }>();
  const faults: { status: number; remaining: number; path?: string }[] = [];
  let counter = 0;

  const now = () => Math.floor(Date.now() / 1000);
  const newId = (prefix: string) => `${prefix}_Fk${(++counter).toString().padStart(6, '0')}${randomBytes(6).toString('hex')}`;

  // ---- objects -------------------------------------------------------------------------------

  function customerObject(email: string | null): Json {
    const customer: Json = { id: newId('cus'), object: 'customer', created: now(), email, livemode: false, metadata: {}, name: null };
    customers.set(customer.id as string, customer);
    return customer;
  }

  function chargeObject(intent: Json, captured: boolean, status: 'succeeded' | 'failed', outcome?: Json): Json {
    const amount = intent.amount as number;
    const charge: Json = {
      id: newId('ch'),
      object: 'charge',
      amount,
      amount_captured: captured ? amount : 0,
      amount_refunded: 0,
      captured,
      created: now(),
      currency: intent.currency,
      customer: intent.customer,
      description: intent.description ?? null,
      livemode: false,
      metadata: intent.metadata,
      outcome: outcome ?? { network_status: 'approved_by_network', type: 'authorized', seller_message: 'Payment complete.' },
      paid: status === 'succeeded',
      payment_intent: intent.id,
      payment_method: intent.payment_method,
      payment_method_details: {
        type: 'card',
        card: {
          brand: 'visa',
          last4: '4242',
          exp_month: 12,
          exp_year: new Date().getUTCFullYear() + 3,
          amount_authorized: status === 'succeeded' ? amount : null,
          ...(status === 'succeeded' && !captured ? { capture_before: now() + sevenDays - 3600 } : {}),
        },
      },
      refunded: false,
      status,
    };
    charges.set(charge.id as string, charge);
    return charge;
  }

  function intentObject(fields: {
    amount: number;
    customer: string | null;
    paymentMethod: string | null;
    captureMethod: string;
    setupFutureUsage: string | null;
    description: string | null;
    metadata: FormObject;
  }): Json {
    const intent: Json = {
      id: newId('pi'),
      object: 'payment_intent',
      amount: fields.amount,
      amount_capturable: 0,
      amount_received: 0,
      canceled_at: null,
      cancellation_reason: null,
      capture_method: fields.captureMethod,
      client_secret: null,
      confirmation_method: 'automatic',
      created: now(),
      currency: 'usd',
      customer: fields.customer,
      description: fields.description,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      metadata: { ...fields.metadata },
      next_action: null,
      payment_method: fields.paymentMethod,
      payment_method_types: ['card'],
      setup_future_usage: fields.setupFutureUsage,
      status: 'requires_payment_method',
    };
    intent.client_secret = `${intent.id as string}_secret_${randomBytes(8).toString('hex')}`;
    intents.set(intent.id as string, intent);
    return intent;
  }

  /** A payment intent as the API answers it: latest_charge expanded when asked for. */
  function renderIntent(intent: Json, expand: string[]): Json {
    const chargeId = intent.latest_charge as string | null;
    if (chargeId && expand.includes('latest_charge')) return { ...intent, latest_charge: charges.get(chargeId) ?? chargeId };
    return { ...intent };
  }

  // ---- helpers -------------------------------------------------------------------------------

  const error = (status: number, fields: Json): Answer => ({ status, body: { error: { ...fields } } });
  const missing = (kind: string, id: string, param: string, status = 404): Answer =>
    error(status, {
      type: 'invalid_request_error',
      code: 'resource_missing',
      param,
      message: `No such ${kind}: '${id}'`,
      doc_url: 'https://stripe.com/docs/error-codes/resource-missing',
    });
  const invalid = (message: string, param?: string, code?: string): Answer =>
    error(400, { type: 'invalid_request_error', message, ...(param ? { param } : {}), ...(code ? { code } : {}) });
  const ok = (body: Json): Answer => ({ status: 200, body });

  const str = (value: FormValue | undefined): string | undefined => (typeof value === 'string' ? value : undefined);
  const obj = (value: FormValue | undefined): FormObject =>
    value && typeof value === 'object' && !Array.isArray(value) ? value : {};
  const int = (value: FormValue | undefined): number | undefined => {
    const s = str(value);
    return s !== undefined && /^-?\d+$/.test(s) ? Number(s) : undefined;
  };
  const expandOf = (form: FormObject): string[] => {
    const e = form.expand;
    return Array.isArray(e) ? e.filter((v): v is string => typeof v === 'string') : [];
  };

  // ---- endpoints -----------------------------------------------------------------------------

  function createCheckoutSession(body: FormObject): Answer {
    if (str(body.mode) !== 'payment') return invalid('Only payment mode is modelled by the fake', 'mode');
    const items = body.line_items;
    if (!Array.isArray(items) || items.length === 0) return invalid('line_items is required in payment mode', 'line_items');
    const expiresAt = int(body.expires_at);
    if (body.expires_at !== undefined && (expiresAt === undefined || expiresAt < now() + 30 * 60 - 5 || expiresAt > now() + 24 * 60 * 60))
      return invalid('The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.', 'expires_at');
    let total = 0;
    for (const [i, raw] of items.entries()) {
      const item = obj(raw);
      const priceData = obj(item.price_data);
      const unit = int(priceData.unit_amount);
      const quantity = int(item.quantity);
      if (str(priceData.currency) !== 'usd') return invalid('Only usd is modelled', `line_items[${i}][price_data][currency]`);
      if (unit === undefined || unit < 0) return invalid('Invalid integer', `line_items[${i}][price_data][unit_amount]`);
      if (!str(obj(priceData.product_data).name)) return invalid('Missing required param', `line_items[${i}][price_data][product_data][name]`);
      if (quantity === undefined || quantity < 1) return invalid('Invalid quantity', `line_items[${i}][quantity]`);
      total += unit * quantity;
    }
    for (const param of ['success_url', 'cancel_url'] as const) {
      const url = str(body[param]);
      if (param === 'success_url' && !url) return invalid('Missing required param: success_url.', param);
      if (url && !URL.canParse(url)) return invalid('Not a valid URL', param, 'url_invalid');
    }
    const customer = str(body.customer) ?? null;
    const customerEmail = str(body.customer_email) ?? null;
    if (customer && customerEmail) return invalid('You may only specify one of these parameters: customer, customer_email.', 'customer_email');
    if (customer && !customers.has(customer)) return missing('customer', customer, 'customer', 400);
    const customerCreation = str(body.customer_creation) ?? null;
    if (customerCreation && !['always', 'if_required'].includes(customerCreation)) return invalid('Invalid customer_creation', 'customer_creation');
    if (customer && customerCreation) return invalid('customer_creation can only be used when customer is not set', 'customer_creation');
    const pid = obj(body.payment_intent_data);
    const captureMethod = str(pid.capture_method) ?? 'automatic';
    if (!['automatic', 'automatic_async', 'manual'].includes(captureMethod)) return invalid('Invalid capture_method', 'payment_intent_data[capture_method]');
    const setupFutureUsage = str(pid.setup_future_usage) ?? null;
    if (setupFutureUsage && !['on_session', 'off_session'].includes(setupFutureUsage)) {
      return invalid('Invalid setup_future_usage', 'payment_intent_data[setup_future_usage]');
    }
    const id = newId('cs_test');
    const session: Json = {
      id,
      object: 'checkout.session',
      amount_subtotal: total,
      amount_total: total,
      cancel_url: str(body.cancel_url) ?? null,
      client_reference_id: str(body.client_reference_id) ?? null,
      created: now(),
      currency: 'usd',
      customer,
      customer_creation: customerCreation ?? (customer ? null : 'if_required'),
      customer_details: customerEmail ? { email: customerEmail } : null,
      customer_email: customerEmail,
      // 24 hours when left out (a given one is checked against Stripe's 30 minutes to 24 hours above)
      expires_at: int(body.expires_at) ?? now() + 24 * 60 * 60,
      livemode: false,
      metadata: { ...obj(body.metadata) },
      mode: 'payment',
      // Stripe creates the payment intent when the customer confirms, not with the session.
      payment_intent: null,
      payment_method_types: ['card'],
      payment_status: 'unpaid',
      status: 'open',
      success_url: str(body.success_url) ?? null,
      url: `https://checkout.stripe.com/c/pay/${id}#fid${randomBytes(8).toString('hex')}`,
    };
    sessions.set(id, { session, captureMethod, setupFutureUsage, piMetadata: obj(pid.metadata), customerCreation });
    return ok(session);
  }

  function createPaymentIntent(body: FormObject): Answer {
    const amount = int(body.amount);
    if (amount === undefined) return invalid('Missing required param: amount.', 'amount');
    if (amount < 50) return invalid('Amount must be at least $0.50 usd', 'amount', 'amount_too_small');
    if (str(body.currency) !== 'usd') return invalid('Only usd is modelled', 'currency');
    const customer = str(body.customer) ?? null;
    if (customer && !customers.has(customer)) return missing('customer', customer, 'customer', 400);
    const paymentMethod = str(body.payment_method) ?? null;
    const confirm = str(body.confirm) === 'true';
    const offSession = str(body.off_session) === 'true';
    if (offSession && !confirm) return invalid('off_session can only be used when confirm is true', 'off_session');
    if (confirm && !paymentMethod) return invalid('You must provide a payment_method to confirm', 'payment_method');
    const intent = intentObject({
      amount,
      customer,
      paymentMethod,
      captureMethod: str(body.capture_method) ?? 'automatic',
      setupFutureUsage: str(body.setup_future_usage) ?? null,
      description: str(body.description) ?? null,
      metadata: obj(body.metadata),
    });
    const expand = expandOf(body);
    if (!confirm) return ok(renderIntent(intent, expand));

    const decline = declineFor(paymentMethod!, offSession);
    if (decline) {
      const charge = decline.code === 'authentication_required' ? null : chargeObject(intent, false, 'failed', { type: 'issuer_declined' });
      intent.latest_charge = charge ? charge.id : null;
      intent.last_payment_error = { type: 'card_error', ...decline, payment_method: { id: paymentMethod, object: 'payment_method', type: 'card' } };
      intent.status = 'requires_payment_method';
      return error(402, {
        type: 'card_error',
        ...decline,
        ...(charge ? { charge: charge.id } : {}),
        doc_url: `https://stripe.com/docs/error-codes/${decline.code.replace(/_/g, '-')}`,
        payment_intent: renderIntent(intent, []),
      });
    }
    const manual = intent.capture_method === 'manual';
    const charge = chargeObject(intent, !manual, 'succeeded');
    intent.latest_charge = charge.id;
    intent.status = manual ? 'requires_capture' : 'succeeded';
    intent.amount_capturable = manual ? amount : 0;
    intent.amount_received = manual ? 0 : amount;
    return ok(renderIntent(intent, expand));
  }

  function declineFor(paymentMethod: string, offSession: boolean): { code: string; decline_code: string; message: string } | null {
    switch (paymentMethod) {
      case testPaymentMethods.authenticationRequired:
        return offSession
          ? { code: 'authentication_required', decline_code: 'authentication_required', message: 'Your card was declined. This transaction requires authentication.' }
          : null;
      case testPaymentMethods.issuerWantsAuthentication:
        return { code: 'card_declined', decline_code: 'authentication_required', message: 'Your card was declined. This transaction requires authentication.' };
      case testPaymentMethods.declined:
      case testPaymentMethods.customerFail:
        return { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' };
      case testPaymentMethods.insufficientFunds:
        return { code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' };
      default:
        return null;
    }
  }

  function unexpectedState(intent: Json, action: string, allowed: string[]): Answer {
    return error(400, {
      type: 'invalid_request_error',
      code: 'payment_intent_unexpected_state',
      message: `This PaymentIntent could not be ${action} because it has a status of ${intent.status as string}. Only a PaymentIntent with one of the following statuses may be ${action}: ${allowed.join(', ')}.`,
      payment_intent: renderIntent(intent, []),
    });
  }

  function capturePaymentIntent(id: string, body: FormObject): Answer {
    const intent = intents.get(id);
    if (!intent) return missing('payment_intent', id, 'intent');
    if (intent.status !== 'requires_capture') return unexpectedState(intent, 'captured', ['requires_capture']);
    const capturable = intent.amount_capturable as number;
    const requested = body.amount_to_capture === undefined ? capturable : int(body.amount_to_capture);
    if (requested === undefined || requested < 0) return invalid('Invalid integer', 'amount_to_capture');
    if (requested > capturable) {
      return invalid(`The amount to capture (${requested}) is greater than the amount capturable (${capturable}).`, 'amount_to_capture', 'amount_too_large');
    }
    const charge = charges.get(intent.latest_charge as string)!;
    charge.captured = true;
    charge.amount_captured = requested;
    // Stripe releases the uncaptured rest of the authorisation as a refund on the charge.
    charge.amount_refunded = (charge.amount as number) - requested;
    charge.refunded = requested === 0;
    intent.amount_capturable = 0;
    intent.amount_received = requested;
    intent.status = 'succeeded';
    if (body.metadata !== undefined) intent.metadata = { ...(intent.metadata as Json), ...obj(body.metadata) };
    return ok(renderIntent(intent, expandOf(body)));
  }

  function cancelPaymentIntent(id: string, body: FormObject): Answer {
    const intent = intents.get(id);
    if (!intent) return missing('payment_intent', id, 'intent');
    const cancellable = ['requires_payment_method', 'requires_capture', 'requires_confirmation', 'requires_action', 'processing'];
    if (!cancellable.includes(intent.status as string)) return unexpectedState(intent, 'canceled', cancellable);
    const charge = intent.latest_charge ? charges.get(intent.latest_charge as string) : undefined;
    if (charge && charge.status === 'succeeded' && !charge.captured) {
      charge.amount_refunded = charge.amount;
      charge.refunded = true;
    }
    intent.status = 'canceled';
    intent.amount_capturable = 0;
    intent.canceled_at = now();
    intent.cancellation_reason = str(body.cancellation_reason) ?? null;
    return ok(renderIntent(intent, expandOf(body)));
  }

  function createRefund(body: FormObject): Answer {
    const intentId = str(body.payment_intent);
    if (!intentId) return invalid('One of the following params should be provided for this request: payment_intent or charge.', 'payment_intent');
    const intent = intents.get(intentId);
    if (!intent) return missing('payment_intent', intentId, 'payment_intent', 400);
    const charge = intent.latest_charge ? charges.get(intent.latest_charge as string) : undefined;
    if (intent.status !== 'succeeded' || !charge) {
      return invalid(`This PaymentIntent (${intentId}) does not have a successful charge to refund.`, 'payment_intent', 'charge_not_refundable');
    }
    const refundable = (charge.amount as number) - (charge.amount_refunded as number);
    const amount = body.amount === undefined ? refundable : int(body.amount);
    if (amount === undefined || amount <= 0) return invalid('Invalid positive integer', 'amount');
    if (refundable === 0) return invalid(`Charge ${charge.id as string} has already been refunded.`, undefined, 'charge_already_refunded');
    if (amount > refundable) {
      return invalid(`Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(refundable / 100).toFixed(2)})`, 'amount', 'amount_too_large');
    }
    charge.amount_refunded = (charge.amount_refunded as number) + amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    const refund: Json = {
      id: newId('re'),
      object: 'refund',
      amount,
      balance_transaction: newId('txn'),
      charge: charge.id,
      created: now(),
      currency: 'usd',
      metadata: { ...obj(body.metadata) },
      payment_intent: intentId,
      reason: str(body.reason) ?? null,
      receipt_number: null,
      status: 'succeeded',
    };
    refunds.set(refund.id as string, refund);
    return ok(refund);
  }

  function createAccount(body: FormObject): Answer {
    const type = str(body.type);
    if (type && !['express', 'standard', 'custom'].includes(type)) return invalid('Invalid account type', 'type');
    const requested = obj(body.capabilities);
    const capabilities: Json = {};
    for (const [name, value] of Object.entries(requested)) if (str(obj(value).requested) === 'true') capabilities[name] = 'inactive';
    const account: Json = {
      id: newId('acct'),
      object: 'account',
      business_profile: null,
      capabilities,
      charges_enabled: false,
      country: 'US',
      created: now(),
      default_currency: 'usd',
      details_submitted: false,
      email: str(body.email) ?? null,
      metadata: { ...obj(body.metadata) },
      payouts_enabled: false,
      type: type ?? 'standard',
    };
    accounts.set(account.id as string, account);
    return ok(account);
  }

  function createAccountLink(body: FormObject): Answer {
    const account = str(body.account);
    if (!account) return invalid('Missing required param: account.', 'account');
    if (!accounts.has(account)) return missing('account', account, 'account', 400);
    const type = str(body.type);
    if (type !== 'account_onboarding' && type !== 'account_update') return invalid('Invalid type', 'type');
    for (const param of ['refresh_url', 'return_url'] as const) {
      const url = str(body[param]);
      if (!url) return invalid(`Missing required param: ${param}.`, param);
      if (!URL.canParse(url)) return invalid('Not a valid URL', param, 'url_invalid');
    }
    return ok({
      object: 'account_link',
      created: now(),
      expires_at: now() + 300,
      url: `https://connect.stripe.com/setup/e/${account}/${randomBytes(9).toString('base64url')}`,
    });
  }

  function createTransfer(body: FormObject): Answer {
    const amount = int(body.amount);
    if (amount === undefined || amount <= 0) return invalid('Invalid positive integer', 'amount');
    if (str(body.currency) !== 'usd') return invalid('Only usd is modelled', 'currency');
    const destination = str(body.destination);
    if (!destination) return invalid('Missing required param: destination.', 'destination');
    const account = accounts.get(destination);
    if (!account) return missing('destination', destination, 'destination', 400);
    if ((account.capabilities as Json).transfers !== 'active') {
      return invalid(
        'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
        'destination',
        'insufficient_capabilities_for_transfer',
      );
    }
    // source_transaction: a captured charge of this account's, which funds the transfer
    const source = str(body.source_transaction);
    if (source !== undefined) {
      const charge = charges.get(source);
      if (!charge) return missing('source_transaction', source, 'source_transaction', 400);
      if (!charge.captured) return invalid('The source_transaction charge has not been captured.', 'source_transaction');
    }
    const transfer: Json = {
      id: newId('tr'),
      object: 'transfer',
      amount,
      amount_reversed: 0,
      balance_transaction: newId('txn'),
      created: now(),
      currency: 'usd',
      description: str(body.description) ?? null,
      destination,
      destination_payment: newId('py'),
      livemode: false,
      metadata: { ...obj(body.metadata) },
      reversals: { object: 'list', data: [], has_more: false, total_count: 0, url: '' },
      reversed: false,
      source_transaction: source ?? null,
      source_type: 'card',
      transfer_group: str(body.transfer_group) ?? null,
    };
    (transfer.reversals as Json).url = `/v1/transfers/${transfer.id as string}/reversals`;
    transfers.set(transfer.id as string, transfer);
    return ok(transfer);
  }

  /** A list's page as Stripe answers it (one page: the fake never holds more than a test makes). */
  function listed(objects: Map<string, Json>, query: FormObject, keep: (o: Json) => boolean): Json[] {
    const gte = int(obj(query.created).gte);
    return [...objects.values()].filter((o) => keep(o) && (gte === undefined || (o.created as number) >= gte)).reverse();
  }
  const list = (url: string, data: Json[]): Answer => ok({ object: 'list', data, has_more: false, url });

  function route(method: string, path: string, query: FormObject, body: FormObject): Answer {
    let m: RegExpMatchArray | null;
    if (method === 'POST' && path === '/v1/customers') {
      const customer = customerObject(str(body.email) ?? null);
      if (str(body.name)) customer.name = str(body.name);
      customer.metadata = { ...obj(body.metadata) };
      return ok(customer);
    }
    if (method === 'GET' && (m = path.match(/^\/v1\/customers\/([^/]+)$/))) {
      const customer = customers.get(m[1]!);
      return customer ? ok(customer) : missing('customer', m[1]!, 'id');
    }
    // the doctor's check of the key (src/server/doctor/doctor.ts)
    if (method === 'GET' && path === '/v1/balance') return ok({ object: 'balance', available: [{ amount: 0, currency: 'usd' }], pending: [{ amount: 0, currency: 'usd' }], livemode: false });
    if (method === 'POST' && path === '/v1/checkout/sessions') return createCheckoutSession(body);
    if (method === 'GET' && (m = path.match(/^\/v1\/checkout\/sessions\/([^/]+)$/))) {
      const stored = sessions.get(m[1]!);
      return stored ? ok({ ...stored.session }) : missing('checkout.session', m[1]!, 'session');
    }
    if (method === 'POST' && (m = path.match(/^\/v1\/checkout\/sessions\/([^/]+)\/expire$/))) {
      const stored = sessions.get(m[1]!);
      if (!stored) return missing('checkout.session', m[1]!, 'session');
      if (stored.session.status !== 'open') return invalid('Only Checkout Sessions with a status in ["open"] can be expired.', undefined, 'checkout_session_not_open');
      stored.session.status = 'expired';
      stored.session.url = null;
      return ok({ ...stored.session });
    }
    if (method === 'POST' && path === '/v1/payment_intents') return createPaymentIntent(body);
    if (method === 'GET' && (m = path.match(/^\/v1\/payment_intents\/([^/]+)$/))) {
      const intent = intents.get(m[1]!);
      return intent ? ok(renderIntent(intent, expandOf(query))) : missing('payment_intent', m[1]!, 'intent');
    }
    if (method === 'POST' && (m = path.match(/^\/v1\/payment_intents\/([^/]+)\/capture$/))) return capturePaymentIntent(m[1]!, body);
    if (method === 'POST' && (m = path.match(/^\/v1\/payment_intents\/([^/]+)\/cancel$/))) return cancelPaymentIntent(m[1]!, body);
    if (method === 'POST' && path === '/v1/refunds') return createRefund(body);
    if (method === 'POST' && path === '/v1/accounts') return createAccount(body);
    if (method === 'GET' && (m = path.match(/^\/v1\/accounts\/([^/]+)$/))) {
      const account = accounts.get(m[1]!);
      return account
        ? ok(account)
        : error(403, {
            type: 'invalid_request_error',
            code: 'account_invalid',
            message: 'The provided key does not have access to account (or that account does not exist).',
          });
    }
    if (method === 'POST' && path === '/v1/account_links') return createAccountLink(body);
    if (method === 'POST' && path === '/v1/transfers') return createTransfer(body);
    // the lists the recovery job looks an old operation up in, newest first, with their filters
    if (method === 'GET' && path === '/v1/payment_intents') {
      const data = listed(intents, query, (pi) => !str(query.customer) || pi.customer === str(query.customer));
      const expand = expandOf(query).filter((e) => e.startsWith('data.')).map((e) => e.slice('data.'.length));
      return list(path, data.map((pi) => renderIntent(pi, expand)));
    }
    if (method === 'GET' && path === '/v1/refunds') return list(path, listed(refunds, query, (r) => !str(query.payment_intent) || r.payment_intent === str(query.payment_intent)));
    if (method === 'GET' && path === '/v1/transfers') return list(path, listed(transfers, query, (tr) => !str(query.destination) || tr.destination === str(query.destination)));
    return error(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` });
  }

  // ---- HTTP ----------------------------------------------------------------------------------

  function send(res: ServerResponse, answer: Answer, headers: Record<string, string>) {
    const payload = JSON.stringify(answer.body);
    res.writeHead(answer.status, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(payload),
      'request-id': `req_${randomBytes(7).toString('hex')}`,
      ...headers,
    });
    res.end(payload);
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://fake');
    const method = req.method ?? 'GET';
    const path = url.pathname;
    const query = parseForm(url.search.slice(1));
    const body = parseForm(raw);
    const idempotencyKey = header(req, 'idempotency-key');
    const authorization = header(req, 'authorization');
    const stripeVersion = header(req, 'stripe-version');
    const userAgent = header(req, 'user-agent');
    const record: RecordedRequest = {
      method,
      path,
      query,
      body,
      idempotencyKey,
      authorization,
      stripeVersion,
      userAgent,
      status: 0,
      replayed: false,
      injected: false,
    };
    requests.push(record);
    const headers: Record<string, string> = {};
    if (stripeVersion) headers['stripe-version'] = stripeVersion;
    if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
    const reply = (answer: Answer) => {
      record.status = answer.status;
      send(res, answer, headers);
    };

    if (options.secretKey !== undefined && authorization !== `Bearer ${options.secretKey}`) {
      return reply(error(401, { type: 'invalid_request_error', message: 'Invalid API Key provided.' }));
    }
    const fault = faults.find((f) => f.remaining > 0 && (!f.path || f.path === path));
    if (fault) {
      fault.remaining -= 1;
      record.injected = true;
      if (fault.status === 0) {
        req.socket.destroy();
        return;
      }
      return reply(error(fault.status, { type: 'api_error', message: 'An unexpected error occurred (injected by the fake).' }));
    }
    const replayable = method === 'POST' && idempotencyKey !== null;
    const fingerprint = `${method} ${path} ${canonical(body)}`;
    if (replayable) {
      const previous = idempotent.get(idempotencyKey);
      if (previous) {
        if (previous.fingerprint !== fingerprint) {
          return reply(
            error(400, {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            }),
          );
        }
        record.replayed = true;
        headers['idempotent-replayed'] = 'true';
        return reply(previous.answer);
      }
    }
    const answer = route(method, path, query, body);
    // Like Stripe, keep results of requests that ran (successes and card declines), not of
    // requests refused before running, so a corrected retry can reuse the key.
    if (replayable && (answer.status < 300 || answer.status === 402)) {
      idempotent.set(idempotencyKey, { fingerprint, answer: { status: answer.status, body: structuredClone(answer.body) } });
    }
    return reply(answer);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      if (!res.headersSent) send(res, error(500, { type: 'api_error', message: `Fake crashed: ${String(e)}` }), {});
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const matches = (r: RecordedRequest, method: string, path: string | RegExp) =>
    r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path));

  return {
    host: '127.0.0.1',
    port,
    url: `http://127.0.0.1:${port}`,
    requests,
    requestsTo: (method, path) => requests.filter((r) => matches(r, method, path)),
    lastRequest(method, path) {
      const found = requests.filter((r) => matches(r, method, path)).at(-1);
      if (!found) throw new Error(`No ${method} ${String(path)} request was made to the Stripe fake`);
      return found;
    },
    completeCheckout(sessionId, paymentMethod = testPaymentMethods.visa) {
      const stored = sessions.get(sessionId);
      if (!stored) throw new Error(`No checkout session ${sessionId}`);
      const { session } = stored;
      if (session.status !== 'open') throw new Error(`Checkout session ${sessionId} is ${session.status as string}`);
      let customerId = session.customer as string | null;
      if (!customerId && stored.customerCreation === 'always') {
        customerId = customerObject(session.customer_email as string | null).id as string;
      }
      // Checkout turns the card into a saved PaymentMethod of its own.
      const paymentMethodId = paymentMethod.startsWith('pm_card_') ? newId('pm') : paymentMethod;
      const intent = intentObject({
        amount: session.amount_total as number,
        customer: customerId,
        paymentMethod: paymentMethodId,
        captureMethod: stored.captureMethod,
        setupFutureUsage: customerId ? stored.setupFutureUsage : null,
        description: null,
        metadata: stored.piMetadata,
      });
      const manual = stored.captureMethod === 'manual';
      const charge = chargeObject(intent, !manual, 'succeeded');
      intent.latest_charge = charge.id;
      intent.status = manual ? 'requires_capture' : 'succeeded';
      intent.amount_capturable = manual ? intent.amount : 0;
      intent.amount_received = manual ? 0 : intent.amount;
      session.status = 'complete';
      session.payment_intent = intent.id;
      session.customer = customerId;
      // An authorised-but-uncaptured payment has not moved funds yet: Stripe reports it unpaid.
      session.payment_status = manual ? 'unpaid' : 'paid';
      session.url = null;
      return { paymentIntentId: intent.id as string, customerId, paymentMethodId };
    },
    expireCheckout(sessionId) {
      const stored = sessions.get(sessionId);
      if (!stored) throw new Error(`No checkout session ${sessionId}`);
      stored.session.status = 'expired';
      stored.session.url = null;
    },
    createCustomer: (email) => customerObject(email).id as string,
    completeOnboarding(accountId) {
      const account = accounts.get(accountId);
      if (!account) throw new Error(`No account ${accountId}`);
      Object.assign(account, { charges_enabled: true, payouts_enabled: true, details_submitted: true });
      account.capabilities = { ...(account.capabilities as Json), transfers: 'active' };
    },
    setCaptureBefore(paymentIntentId, captureBefore) {
      const chargeId = intents.get(paymentIntentId)?.latest_charge as string | undefined;
      const card = chargeId ? ((charges.get(chargeId)?.payment_method_details as Json | undefined)?.card as Json | undefined) : undefined;
      if (!card) throw new Error(`Payment intent ${paymentIntentId} has no card charge`);
      card.capture_before = captureBefore;
    },
    failNext({ status, count = 1, path }) {
      faults.push({ status, remaining: count, path });
    },
    clearRequests() {
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((e) => (e ? reject(e) : resolve()));
        server.closeAllConnections();
      }),
  };
}

function header(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name];
  return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
}

/** Decodes `a[b][0][c]=x&...` (Stripe's form encoding, also used in query strings) into nested
 *  objects; containers whose keys are exactly 0..n-1 become arrays. */
export function parseForm(encoded: string): FormObject {
  const root: FormObject = {};
  for (const [key, value] of new URLSearchParams(encoded)) {
    const first = key.indexOf('[');
    const path = first === -1 ? [key] : [key.slice(0, first), ...[...key.slice(first).matchAll(/\[([^\]]*)\]/g)].map((m) => m[1]!)];
    let node: FormObject = root;
    for (const [i, segment] of path.entries()) {
      if (i === path.length - 1) {
        node[segment] = value;
      } else {
        const next = node[segment];
        node = (next && typeof next === 'object' && !Array.isArray(next) ? next : (node[segment] = {})) as FormObject;
      }
    }
  }
  return arrayify(root, '') as FormObject;
}

function arrayify(value: FormValue, parentKey: string): FormValue {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const entries = keys.map((k) => [k, arrayify(value[k]!, k)] as const);
  const indexed = parentKey !== 'metadata' && keys.length > 0 && keys.every((k, i) => k === String(i));
  return indexed ? entries.map(([, v]) => v) : Object.fromEntries(entries);
}

function canonical(value: FormValue): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  return `{${Object.keys(value)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${canonical(value[k]!)}`)
    .join(',')}}`;
}
