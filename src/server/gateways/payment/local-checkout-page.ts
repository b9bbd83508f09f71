// The local gateway's own checkout page (/dev/checkout): the card typed there against Stripe's test
// card numbers, the authentication step, and the sessions that lapse unpaid.
import type { LocalCore } from './local-gateway-core';
import { id, newIntent, type StoredPaymentMethod, type StoredSession } from './local-gateway-objects';
import { testCards, validateTestCard, type CardBehaviour, type CardInput } from './local-test-cards';

export type PayResult =
  | { outcome: 'paid'; redirectUrl: string }
  | { outcome: 'authenticate' }
  | { outcome: 'declined'; message: string }
  | { outcome: 'invalid'; fields: Partial<Record<keyof CardInput, string>> };

export type CheckoutPagePart = {
  sessionForPage(sessionId: string): Promise<StoredSession | null>;
  pay(sessionId: string, card: CardInput): Promise<PayResult>;
  authenticate(sessionId: string, approve: boolean): Promise<PayResult>;
  cancelUrl(sessionId: string): Promise<string | null>;
  expireOpenSessions(): Promise<number>;
};

export function localCheckoutPage(core: LocalCore, list: <T>(kind: string) => Promise<T[]>): CheckoutPagePart {
  const { db, now, get, put, must, transact, intentObject, sessionObject } = core;

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
      const intent = newIntent({ amountCents: session.amountTotal, manual, at: now(), customerId, paymentMethodId: pm.id, metadata: session.metadata });
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

  return {
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

    async expireOpenSessions() {
      const open = await list<StoredSession>('checkout_session');
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
  };
}
