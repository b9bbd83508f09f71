// The local payment gateway: the offline default and the test double (docs/design.md 5.10). It keeps
// its own checkout sessions, payment intents, customers, refunds, connected accounts and
// transfers, behaves like Stripe's test mode for Stripe's test card numbers, honours idempotency
// keys, and delivers signed events to our webhook endpoint with Stripe's signature scheme.
import { eq, sql } from 'drizzle-orm';
import { rowsOf, type Db, type Tx } from '../../db/client';
import { localGatewayObjects } from '../../db/schema';
import {
  authorisationLifetimeDays,
  id,
  intentIdOfCharge,
  localStore,
  toIntent,
  toSession,
  type StoredAccount,
  type StoredIntent,
  type StoredPaymentMethod,
  type StoredSession,
} from './local-gateway-objects';
import { testCards, validateTestCard, type CardBehaviour, type CardInput } from './local-test-cards';
import {
  checkoutLifetimeMinutes,
  GatewayError,
  type ConnectedAccount,
  type GatewayEventType,
  type OffSessionCharge,
  type PaymentGateway,
  type Refund,
  type Transfer,
} from './payment-gateway';
import { parseStripeEvent } from './stripe-events';
import { signPayload, verifySignature } from './webhook-signature';

export type PayResult =
  | { outcome: 'paid'; redirectUrl: string }
  | { outcome: 'authenticate' }
  | { outcome: 'declined'; message: string }
  | { outcome: 'invalid'; fields: Partial<Record<keyof CardInput, string>> };

export type LocalGateway = PaymentGateway & {
  readonly kind: 'local';
  /** Where signed events go: main.ts and tests wire it to the app's webhook endpoint. */
  setDelivery(deliver: (rawBody: string, signature: string) => Promise<void>): void;
  /** Resolves when every event emitted so far has been delivered (or given up on). */
  flushEvents(): Promise<void>;
  sessionForPage(sessionId: string): Promise<StoredSession | null>;
  pay(sessionId: string, card: CardInput): Promise<PayResult>;
  authenticate(sessionId: string, approve: boolean): Promise<PayResult>;
  cancelUrl(sessionId: string): Promise<string | null>;
  completeOnboarding(accountId: string): Promise<ConnectedAccount>;
  expireOpenSessions(): Promise<number>;
  /** Test helpers: what the gateway holds. */
  list<T>(kind: string): Promise<T[]>;
};

export function createLocalGateway(options: {
  db: Db;
  webhookSecret: string;
  publicUrl: string;
  now?: () => Date;
}): LocalGateway {
  const { db } = options;
  const now = options.now ?? (() => new Date());
  let deliver: ((rawBody: string, signature: string) => Promise<void>) | null = null;
  const inFlight = new Set<Promise<void>>();

  const { get, put, must, createOnce, findByOperationKey } = localStore();

  type Emit = (type: GatewayEventType, object: Record<string, unknown>) => void;

  /** A transaction whose events are sent only after it commits (a handler re-reads the state). */
  async function transact<T>(work: (tx: Tx, emit: Emit) => Promise<T>): Promise<T> {
    const events: [GatewayEventType, Record<string, unknown>][] = [];
    const result = await db.transaction((tx) => work(tx, (type, object) => events.push([type, object])));
    for (const [type, object] of events) emit(type, object);
    return result;
  }

  /**
   * The same key gives the same answer, once: the reply is stored with the effect, in one
   * transaction. A refused request is remembered too (as Stripe does for 4xx answers), and what
   * it changed before refusing (an expired authorisation marked canceled) is kept.
   */
  async function idempotent<T>(key: string, work: (tx: Tx, emit: Emit) => Promise<T>): Promise<T> {
    const rowId = `idem:${key}`;
    const reply = await transact(async (tx, emit) => {
      // one statement takes the key or finds it, and locks its row until the commit either way
      const [held] = rowsOf<{ data: { result?: T; error?: { message: string; code: string } } }>(
        await tx.execute(
          sql`insert into local_gateway_objects (id, kind, data) values (${rowId}, 'idempotency', '{}'::jsonb) on conflict (id) do update set kind = excluded.kind returning data`,
        ),
      );
      if (held?.data.result !== undefined || held?.data.error) return held.data;
      let stored: { result?: T; error?: { message: string; code: string } };
      try {
        stored = { result: await work(tx, emit) };
      } catch (err) {
        if (!(err instanceof GatewayError)) throw err;
        stored = { error: { message: err.message, code: err.code } };
      }
      await tx.update(localGatewayObjects).set({ data: stored }).where(eq(localGatewayObjects.id, rowId));
      return stored;
    });
    if (reply.error) throw new GatewayError(reply.error.message, reply.error.code);
    return reply.result as T;
  }

  function emit(type: GatewayEventType, object: Record<string, unknown>) {
    const event = { id: id('evt'), object: 'event', type, created: Math.floor(now().getTime() / 1000), data: { object } };
    const rawBody = JSON.stringify(event);
    const send = async () => {
      for (let attempt = 0; attempt < 5; attempt++) {
        if (!deliver) return;
        try {
          await deliver(rawBody, signPayload(options.webhookSecret, rawBody));
          return;
        } catch {
          await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
        }
      }
    };
    const p = new Promise<void>((resolve) => setImmediate(() => void send().finally(resolve)));
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p));
  }

  const intentObject = (pi: StoredIntent) => ({ id: pi.id, object: 'payment_intent', status: pi.status, metadata: pi.metadata });
  const sessionObject = (s: StoredSession) => ({
    id: s.id,
    object: 'checkout.session',
    status: s.status,
    payment_intent: s.paymentIntentId,
    metadata: s.metadata,
  });

  /** The card is authorised (booking) or charged (gift card); the session completes. */
  async function completeSession(sessionId: string, card: { last4: string; behaviour: CardBehaviour }): Promise<PayResult> {
    const done = await transact(async (tx, emit) => {
      const session = await must<StoredSession>(tx, 'checkout_session', sessionId, true);
      if (session.status !== 'open') return session;
      const customerId = id('cus');
      const pm: StoredPaymentMethod = { id: id('pm'), customerId, last4: card.last4, behaviour: card.behaviour };
      await put(tx, 'payment_method', pm);
      await put(tx, 'customer', { id: customerId, email: session.customerEmail });
      const manual = session.purpose === 'booking';
      const at = now();
      const intent: StoredIntent = {
        id: id('pi'),
        status: manual ? 'requires_capture' : 'succeeded',
        amount: session.amountTotal,
        amountCapturable: manual ? session.amountTotal : 0,
        amountReceived: manual ? 0 : session.amountTotal,
        amountRefunded: 0,
        captureBefore: manual ? new Date(at.getTime() + authorisationLifetimeDays * 86_400_000).toISOString() : null,
        customerId,
        paymentMethodId: pm.id,
        metadata: session.metadata,
        captureMethod: manual ? 'manual' : 'automatic',
      };
      await put(tx, 'payment_intent', intent);
      const completed: StoredSession = {
        ...session,
        status: 'complete',
        paymentStatus: manual ? 'unpaid' : 'paid',
        paymentIntentId: intent.id,
        customerId,
        pendingCard: undefined,
      };
      await put(tx, 'checkout_session', completed);
      emit('checkout.session.completed', sessionObject(completed));
      emit(manual ? 'payment_intent.amount_capturable_updated' : 'payment_intent.succeeded', intentObject(intent));
      return completed;
    });
    if (done.status === 'expired') return { outcome: 'declined', message: 'This checkout has expired. Please start your booking again.' };
    return { outcome: 'paid', redirectUrl: done.successUrl.replace('{CHECKOUT_SESSION_ID}', done.id) };
  }

  const gateway: LocalGateway = {
    kind: 'local',

    setDelivery(fn) {
      deliver = fn;
    },

    async flushEvents() {
      while (inFlight.size) await Promise.all([...inFlight]);
    },

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
        const base: StoredIntent = {
          id: id('pi'),
          status: manual ? 'requires_capture' : 'succeeded',
          amount: input.amountCents,
          amountCapturable: manual ? input.amountCents : 0,
          amountReceived: manual ? 0 : input.amountCents,
          amountRefunded: 0,
          // as Stripe: a card hold lapses about 7 days after it was made
          captureBefore: manual ? new Date(now().getTime() + 7 * 86_400_000).toISOString() : null,
          customerId: input.customerId,
          paymentMethodId: pm.id,
          metadata: input.metadata,
          captureMethod: manual ? 'manual' : 'automatic',
        };
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

    async createConnectedAccount({ email, idempotencyKey }) {
      return idempotent(`account:${idempotencyKey}`, async (tx) => {
        const account: StoredAccount = { id: id('acct'), email, chargesEnabled: false, payoutsEnabled: false, detailsSubmitted: false };
        await put(tx, 'account', account);
        const { email: _email, ...rest } = account;
        return rest;
      });
    },

    async createOnboardingLink({ accountId, refreshUrl, returnUrl }) {
      await must<StoredAccount>(db, 'account', accountId);
      const q = new URLSearchParams({ return_url: returnUrl, refresh_url: refreshUrl });
      return { url: `${options.publicUrl}/dev/connect/${accountId}?${q}` };
    },

    async retrieveConnectedAccount(accountId) {
      const { email: _email, ...account } = await must<StoredAccount>(db, 'account', accountId);
      return account;
    },

    async transfer(input) {
      return idempotent(`transfer:${input.idempotencyKey}`, async (tx): Promise<Transfer> => {
        const account = await must<StoredAccount>(tx, 'account', input.accountId);
        if (!account.payoutsEnabled) throw new GatewayError('The destination account has not finished onboarding.', 'account_invalid');
        if (!Number.isInteger(input.amountCents) || input.amountCents < 1) throw new GatewayError('Transfer amount must be positive.', 'amount_too_small');
        if (input.sourceTransaction) {
          // as Stripe: the source is a captured charge, and transfers take at most what it kept
          const intentId = intentIdOfCharge(input.sourceTransaction);
          const source = intentId ? await get<StoredIntent>(tx, 'payment_intent', intentId, true) : null;
          if (!source) throw new GatewayError(`No such charge: '${input.sourceTransaction}'`, 'resource_missing');
          if (source.status !== 'succeeded') throw new GatewayError('The source transaction has not been captured.', 'invalid_request_error');
          const available = source.amountReceived - source.amountRefunded - (source.transferredCents ?? 0);
          if (input.amountCents > available) throw new GatewayError('Insufficient funds in the source transaction for this transfer.', 'balance_insufficient');
          await put(tx, 'payment_intent', { ...source, transferredCents: (source.transferredCents ?? 0) + input.amountCents });
        }
        const transfer = { id: id('tr'), accountId: input.accountId, amount: input.amountCents, description: input.description, metadata: input.metadata, sourceTransaction: input.sourceTransaction ?? null };
        await put(tx, 'transfer', transfer);
        return { id: transfer.id, accountId: transfer.accountId, amount: transfer.amount };
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

    async findTransfer({ accountId, operationKey }) {
      const found = await findByOperationKey<Transfer>(db, 'transfer', operationKey, ['accountId', accountId]);
      return found ? { id: found.id, accountId: found.accountId, amount: found.amount } : null;
    },

    parseWebhook(rawBody, signatureHeader) {
      verifySignature(options.webhookSecret, rawBody, signatureHeader);
      return parseStripeEvent(rawBody);
    },

    async sessionForPage(sessionId) {
      return get<StoredSession>(db, 'checkout_session', sessionId);
    },

    async pay(sessionId, card) {
      const session = await get<StoredSession>(db, 'checkout_session', sessionId);
      if (!session) return { outcome: 'declined', message: 'This checkout does not exist.' };
      if (session.status === 'complete') return { outcome: 'paid', redirectUrl: session.successUrl.replace('{CHECKOUT_SESSION_ID}', session.id) };
      if (session.status === 'expired' || new Date(session.expiresAt) < now())
        return { outcome: 'declined', message: 'This checkout has expired. Please start your booking again.' };
      const fields = validateTestCard(card, now());
      if (Object.keys(fields).length) return { outcome: 'invalid', fields };
      const number = card.number.replace(/\s+/g, '');
      const behaviour = testCards[number]!;
      if (behaviour === 'declined') return { outcome: 'declined', message: 'Your card was declined. Try another card.' };
      if (behaviour === 'requires_authentication') {
        await put(db, 'checkout_session', { ...session, pendingCard: { last4: number.slice(-4), behaviour } });
        return { outcome: 'authenticate' };
      }
      return completeSession(sessionId, { last4: number.slice(-4), behaviour });
    },

    async authenticate(sessionId, approve) {
      const session = await get<StoredSession>(db, 'checkout_session', sessionId);
      if (!session?.pendingCard) return { outcome: 'declined', message: 'There is no payment waiting for authentication.' };
      if (!approve) {
        await put(db, 'checkout_session', { ...session, pendingCard: undefined });
        return { outcome: 'declined', message: 'Authentication failed. Your card was not charged.' };
      }
      return completeSession(sessionId, session.pendingCard);
    },

    async cancelUrl(sessionId) {
      const session = await get<StoredSession>(db, 'checkout_session', sessionId);
      return session?.cancelUrl ?? null;
    },

    async completeOnboarding(accountId) {
      const account = await transact(async (tx, emit) => {
        const found = await must<StoredAccount>(tx, 'account', accountId, true);
        const enabled: StoredAccount = { ...found, chargesEnabled: true, payoutsEnabled: true, detailsSubmitted: true };
        await put(tx, 'account', enabled);
        emit('account.updated', { id: accountId, object: 'account' });
        return enabled;
      });
      const { email: _email, ...rest } = account;
      return rest;
    },

    async expireOpenSessions() {
      const open = await gateway.list<StoredSession>('checkout_session');
      let expired = 0;
      for (const s of open) {
        if (s.status !== 'open' || new Date(s.expiresAt) > now()) continue;
        await transact(async (tx, emit) => {
          const current = await must<StoredSession>(tx, 'checkout_session', s.id, true);
          if (current.status !== 'open') return;
          const done = await put(tx, 'checkout_session', { ...current, status: 'expired' as const, pendingCard: undefined });
          emit('checkout.session.expired', sessionObject(done));
          expired += 1;
        });
      }
      return expired;
    },

    async list<T>(kind: string) {
      const rows = await db
        .select({ data: localGatewayObjects.data })
        .from(localGatewayObjects)
        .where(eq(localGatewayObjects.kind, kind))
        .orderBy(localGatewayObjects.createdAt);
      return rows.map((r) => r.data as T);
    },
  };
  return gateway;
}
