// Decision 051: payments records the gateway's word (its checkouts, its events, every money
// operation) in payments' own tables and hands what follows from it to the capability that owns
// what was paid for. Each owner registers its handler here at start-up (src/server/payment-wiring.ts,
// called where the app is composed); payments imports none of them. A purpose left without its
// owner fails at start-up (`assertComplete`), and again when a payment reaches it, never silently.
import type { Db, Tx } from '../db/client';
import { checkoutPurpose } from '../db/schema';
import type { CheckoutSession, ConnectedAccount, GatewayEventType, PaymentGateway, PaymentIntent } from '../gateways/payment/payment-gateway';
import type { NotificationContext } from '../notifications/notifications.service';
import type { CheckoutPurpose } from './checkout-purposes';
import type { OperationRequest } from './operation-request';

/**
 * Purposes the schema has held since decision 014 that no capability opens a checkout for (a tip
 * is paid with the invoice's checkout, invoice_payment). An event of one is acknowledged and
 * changes nothing; giving one an owner is moving it out of this list.
 */
export const unownedPurposes = ['tip', 'extra_charge'] as const satisfies readonly CheckoutPurpose[];

/** The purposes a capability must own: every one the database knows but the unowned. */
export type OwnedPurpose = Exclude<CheckoutPurpose, (typeof unownedPurposes)[number]>;

export const ownedPurposes = checkoutPurpose.enumValues.filter((p): p is OwnedPurpose => !(unownedPurposes as readonly string[]).includes(p));

/** What a checkout came to, as the page or the webhook that applied it is told. */
export type CheckoutOutcome = 'confirmed' | 'already' | 'open' | 'expired' | 'ignored';

/**
 * What a handler may answer in its transaction: an outcome, or `orphaned` when what was paid for
 * is gone (deleted, cancelled, its place taken): its `afterCommit` then gives the money back, and
 * the caller is told `ignored`.
 */
export type SettledOutcome = CheckoutOutcome | 'orphaned';

/** A checkout of one purpose as the gateway reports it, with the id of what it pays for. */
export type CheckoutInput<P extends CheckoutPurpose = OwnedPurpose> = {
  purpose: P;
  subjectId: string;
  session: CheckoutSession;
  pi: PaymentIntent | null;
  notify: NotificationContext;
};

/** The owner of a purpose: what its checkouts settle, applied once and forward only. */
export type CheckoutHandler<P extends OwnedPurpose = OwnedPurpose> = {
  /**
   * In the transaction that stores the event's id and records the checkout: a replayed event, the
   * success page and the job may all bring the same session, so a second call changes nothing.
   */
  settle: (tx: Tx, input: CheckoutInput<P>) => Promise<SettledOutcome>;
  /** After the commit, with the gateway: money to give back for what `settle` found (a held card, a second payment). */
  afterCommit?: (db: Db, gateway: PaymentGateway, input: CheckoutInput<P>, outcome: SettledOutcome) => Promise<void>;
};

/**
 * A succeeded money operation of a booking, in the transaction that completes its row on the
 * ledger (payment_operations): the booking's owner applies it (decision 036: its money through
 * booking-money). Runs once per operation.
 */
export type OperationEffect = (tx: Tx, op: { bookingId: string; key: string; request: OperationRequest; pi: PaymentIntent | null }) => Promise<void>;

export type PaymentEventType = Extract<GatewayEventType, `payment_intent.${string}` | 'charge.refunded'>;

/** A payment intent's event (its status, its refunds), in the transaction that stores the event's id. */
export type PaymentEventHandler = (tx: Tx, event: { type: PaymentEventType; pi: PaymentIntent }) => Promise<'synced' | 'ignored'>;

/** A connected account the gateway says changed (a pro's, spec: back-office 4); answers whether it was ours. */
export type AccountHandler = (tx: Tx, account: ConnectedAccount) => Promise<boolean>;

export class MissingPaymentHandler extends Error {}

export function createPaymentHandlerRegistry() {
  const checkout = new Map<OwnedPurpose, CheckoutHandler<never>>();
  const single: { operationEffect?: OperationEffect; paymentEvent?: PaymentEventHandler; account?: AccountHandler } = {};

  /** One owner each: the same handler again (a second app in one process) is no change; another is refused. */
  function claim<T>(what: string, current: T | undefined, next: T): T {
    if (current !== undefined && current !== next) throw new Error(`${what} has an owner already: one handler each (decision 051).`);
    return next;
  }
  function required<T>(what: string, handler: T | undefined): T {
    if (handler === undefined) throw new MissingPaymentHandler(`No handler is registered for ${what}: register it at start-up (src/server/payment-wiring.ts, decision 051).`);
    return handler;
  }

  const registry = {
    registerCheckoutHandler<P extends OwnedPurpose>(purpose: P, handler: CheckoutHandler<P>): void {
      if (!(ownedPurposes as readonly string[]).includes(purpose)) throw new Error(`${purpose} is not a purpose a capability owns (unownedPurposes).`);
      checkout.set(purpose, claim(`The checkout purpose ${purpose}`, checkout.get(purpose), handler as unknown as CheckoutHandler<never>));
    },
    registerOperationEffect(handler: OperationEffect): void {
      single.operationEffect = claim("A booking's money operations", single.operationEffect, handler);
    },
    registerPaymentEventHandler(handler: PaymentEventHandler): void {
      single.paymentEvent = claim("The payment intents' events", single.paymentEvent, handler);
    },
    registerAccountHandler(handler: AccountHandler): void {
      single.account = claim("The connected accounts' events", single.account, handler);
    },

    /** What has no handler yet, by name: empty once every capability registered. */
    missing(): string[] {
      return [
        ...ownedPurposes.filter((p) => !checkout.has(p)).map((p) => `checkout purpose ${p}`),
        ...(single.operationEffect ? [] : ["a booking's money operations"]),
        ...(single.paymentEvent ? [] : ["the payment intents' events"]),
        ...(single.account ? [] : ["the connected accounts' events"]),
      ];
    },
    /** The start-up's check: throws, naming each, when anything has no handler. */
    assertComplete(): void {
      const missing = registry.missing();
      if (missing.length > 0) throw new MissingPaymentHandler(`No handler is registered for ${missing.join(', ')}: register it at start-up (src/server/payment-wiring.ts, decision 051).`);
    },

    /** The owner of a purpose; null for an unowned one (acknowledged, nothing changes). Throws for an owned purpose nobody registered. */
    checkoutHandler(purpose: CheckoutPurpose): CheckoutHandler | null {
      if ((unownedPurposes as readonly string[]).includes(purpose)) return null;
      return required(`checkout purpose ${purpose}`, checkout.get(purpose as OwnedPurpose)) as unknown as CheckoutHandler;
    },
    operationEffect: (): OperationEffect => required("a booking's money operations", single.operationEffect),
    paymentEvent: (): PaymentEventHandler => required("the payment intents' events", single.paymentEvent),
    account: (): AccountHandler => required("the connected accounts' events", single.account),
  };
  return registry;
}

export type PaymentHandlerRegistry = ReturnType<typeof createPaymentHandlerRegistry>;

/** The process's registry: the one payments dispatches through, filled at start-up. */
export const paymentHandlers = createPaymentHandlerRegistry();

