// The gateway's word (docs/design.md 5.2, 5.3; docs/design.md 9, checkout purposes): the webhook's events,
// and a page or a job asking for a checkout itself. Each event is applied once (its id is stored
// in the transaction of its effect) and forward only, by the owner of what it is about, whose
// handler was registered at start-up (handler-registry.ts, decision 051): payments reads the
// gateway and keeps its own records, and writes nothing of what was paid for.
import { eq, lt } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { webhookEvents } from '../db/schema';
import type { NotificationContext } from '../notifications/notifications.service';
import { GatewayError, type GatewayEvent, type PaymentGateway } from '../gateways/payment/payment-gateway';
import { recordCheckout, subjectOf } from './checkout-purposes';
import { paymentHandlers, type CheckoutInput, type CheckoutOutcome } from './handler-registry';

/**
 * Re-reads a checkout session (and its payment intent) from the gateway and hands it to the owner
 * of its purpose. Used by the webhook, by the pages a customer comes back to when the webhook has
 * not arrived yet, and by the jobs. A purpose nobody owns is acknowledged and changes nothing; an
 * owned purpose without its handler throws before anything is written (decision 051).
 */
export async function applyCheckoutSession(
  db: Db,
  gateway: PaymentGateway,
  notify: NotificationContext,
  sessionId: string,
  options: { event?: { id: string; type: string } } = {},
): Promise<CheckoutOutcome> {
  const eventId = options.event;
  const session = await gateway.retrieveCheckout(sessionId);
  const subject = subjectOf(session.metadata);
  const handler = subject ? paymentHandlers.checkoutHandler(subject.purpose) : null;
  const pi = session.status === 'complete' && session.paymentIntentId ? await gateway.retrievePaymentIntent(session.paymentIntentId) : null;
  const input: CheckoutInput | null =
    subject && handler ? { purpose: subject.purpose as CheckoutInput['purpose'], subjectId: subject.subjectId, session, pi, notify } : null;
  const outcome = await db.transaction(async (tx) => {
    if (eventId && !(await claimEvent(tx, eventId))) return 'already';
    if (!subject || !handler || !input) return 'ignored';
    // the session is on record with its purpose even when this event came before our own write
    await recordCheckout(tx, session.id, subject);
    return handler.settle(tx, input);
  });
  // after the commit: money the owner gives back for what it found (a held card whose booking is
  // gone, a second payment of an invoice), through the ledger's operations
  if (handler?.afterCommit && input) await handler.afterCommit(db, gateway, input, outcome);
  return outcome === 'orphaned' ? 'ignored' : outcome;
}

/** Stores the event id in the transaction of its effect: a replay finds it and changes nothing. */
async function claimEvent(tx: Tx, event: { id: string; type: string }): Promise<boolean> {
  const inserted = await tx.insert(webhookEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().returning({ id: webhookEvents.id });
  return inserted.length === 1;
}

/** The webhook's event, once: a replay is answered 'duplicate' and changes nothing. */
export async function handleGatewayEvent(db: Db, gateway: PaymentGateway, notify: NotificationContext, event: GatewayEvent): Promise<string> {
  try {
    return await applyGatewayEvent(db, gateway, notify, event);
  } catch (err) {
    // a signed event about an object the gateway itself doesn't know (another account's or test
    // mode's, say): nothing of ours can follow from it, and a retry would not change that
    if (err instanceof GatewayError && err.code === 'resource_missing') return 'ignored_unknown_object';
    throw err;
  }
}

async function applyGatewayEvent(db: Db, gateway: PaymentGateway, notify: NotificationContext, event: GatewayEvent): Promise<string> {
  const [seen] = await db.select({ id: webhookEvents.id }).from(webhookEvents).where(eq(webhookEvents.id, event.id));
  if (seen) return 'duplicate';
  const claim = { id: event.id, type: event.rawType };
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.expired':
    case 'checkout.session.async_payment_failed':
      return applyCheckoutSession(db, gateway, notify, event.objectId, { event: claim });
    case 'payment_intent.amount_capturable_updated':
    case 'payment_intent.succeeded':
    case 'payment_intent.canceled':
    case 'payment_intent.payment_failed':
    case 'charge.refunded': {
      const pi = event.paymentIntentId ? await gateway.retrievePaymentIntent(event.paymentIntentId) : null;
      const apply = paymentHandlers.paymentEvent();
      const type = event.type;
      return db.transaction(async (tx) => {
        if (!(await claimEvent(tx, claim))) return 'duplicate';
        if (!pi) return 'ignored';
        // the booking's payments (bookings/card-refunds.ts): its main intent's state, and the
        // refunds of any of its payments (decision 031)
        return apply(tx, { type, pi });
      });
    }
    case 'account.updated': {
      // spec: back-office 4 — a pro's account becomes ready on the gateway's word (re-read, not the event's copy)
      const sync = paymentHandlers.account();
      const account = await gateway.retrieveConnectedAccount(event.objectId);
      return db.transaction(async (tx) => {
        if (!(await claimEvent(tx, claim))) return 'duplicate';
        return (await sync(tx, account)) ? 'synced' : 'ignored';
      });
    }
    default:
      await db.insert(webhookEvents).values(claim).onConflictDoNothing();
      return 'ignored';
  }
}

/**
 * Retention (decision 061): the record of events received before `before` goes. The gateway stops
 * sending an event again within days (Stripe: 3), so the record no longer has one to recognise.
 */
export async function pruneWebhookEvents(db: Db, before: Date): Promise<number> {
  return (await db.delete(webhookEvents).where(lt(webhookEvents.receivedAt, before)).returning({ id: webhookEvents.id })).length;
}
