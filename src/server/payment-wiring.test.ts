// Decision 051: the capabilities register their payment handlers at start-up, in one place, and a
// purpose left without its owner stops the start-up instead of failing at payment time. The tests
// of the process's own registry run first, before this file builds an app: each test file starts
// with fresh modules, so nothing is registered until then.
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../tests/helpers/test-app';
import { registerBookingPayments } from './bookings/register';
import type { Db } from './db/client';
import type { CheckoutSession, PaymentGateway } from './gateways/payment/payment-gateway';
import { registerInvoicePayments } from './invoices/register';
import { createPaymentHandlerRegistry, MissingPaymentHandler, ownedPurposes, paymentHandlers, type CheckoutHandler } from './payments/handler-registry';
import { runOperation } from './payments/operations.service';
import { purposeMetadata } from './payments/checkout-purposes';
import { applyCheckoutSession } from './payments/webhook-events.service';
import { paymentOwners, wirePaymentHandlers } from './payment-wiring';

const notify = { publicUrl: 'http://shop.test', secret: 'x'.repeat(32) };
const subjectId = '00000000-0000-4000-8000-000000000051';

/** A database that must not be reached: anything asked of it fails the test. */
const untouchable = new Proxy({}, {
  get: (_target, key) => {
    throw new Error(`the database was used (${String(key)}) before the missing handler was noticed`);
  },
}) as Db;

/** A gateway that reports one completed checkout of this purpose and nothing else. */
function gatewayWith(purpose: 'amount_due' | 'gift_card_purchase'): PaymentGateway {
  const session: CheckoutSession = {
    id: 'cs_unowned',
    url: null,
    status: 'complete',
    paymentStatus: 'paid',
    paymentIntentId: null,
    customerId: null,
    amountTotal: 1000,
    metadata: purposeMetadata({ purpose, subjectId }),
  };
  return { retrieveCheckout: async () => session } as unknown as PaymentGateway;
}

describe('the payments of a process whose start-up registered nothing (decision 051)', () => {
  it('refuses a checkout of an owned purpose loudly, before anything is written', async () => {
    expect(paymentHandlers.missing().length).toBeGreaterThan(0);
    await expect(applyCheckoutSession(untouchable, gatewayWith('amount_due'), notify, 'cs_unowned')).rejects.toThrow(MissingPaymentHandler);
    await expect(applyCheckoutSession(untouchable, gatewayWith('gift_card_purchase'), notify, 'cs_unowned')).rejects.toThrow(/checkout purpose gift_card_purchase/);
  });

  it("refuses a booking's money operation before its row is written or the gateway called", async () => {
    const gateway = new Proxy({}, {
      get: () => {
        throw new Error('the gateway was called');
      },
    }) as PaymentGateway;
    await expect(runOperation(untouchable, gateway, { key: 'unowned:release', bookingId: subjectId, request: { kind: 'release', paymentIntentId: 'pi_1', amountCents: 0 } })).rejects.toThrow(
      /a booking's money operations/,
    );
  });
});

describe('the start-up wiring (decision 051)', () => {
  it('registers an owner for every purpose a checkout can have, and for the gateway events', () => {
    const registry = wirePaymentHandlers(createPaymentHandlerRegistry());
    expect(registry.missing()).toEqual([]);
    for (const purpose of ownedPurposes) expect(registry.checkoutHandler(purpose)?.settle).toBeTypeOf('function');
    // a purpose no capability opens a checkout for: acknowledged, nothing changes
    expect(registry.checkoutHandler('tip')).toBeNull();
    expect(registry.checkoutHandler('extra_charge')).toBeNull();
  });

  it('stops, naming each, when a capability did not register its handlers', () => {
    const withoutInvoices = paymentOwners.filter((register) => register !== registerInvoicePayments);
    expect(() => wirePaymentHandlers(createPaymentHandlerRegistry(), withoutInvoices)).toThrow(
      'No handler is registered for checkout purpose manual_invoice: register it at start-up (src/server/payment-wiring.ts, decision 051).',
    );
    const withoutBookings = paymentOwners.filter((register) => register !== registerBookingPayments);
    expect(() => wirePaymentHandlers(createPaymentHandlerRegistry(), withoutBookings)).toThrow(
      "No handler is registered for checkout purpose booking_authorisation, checkout purpose invoice_payment, checkout purpose amount_due, a booking's money operations, the payment intents' events:",
    );
  });

  it('keeps one owner per purpose: the same handler again is no change, another is refused', () => {
    const registry = wirePaymentHandlers(createPaymentHandlerRegistry());
    expect(() => wirePaymentHandlers(registry)).not.toThrow();
    const impostor: CheckoutHandler<'amount_due'> = { settle: async () => 'ignored' };
    expect(() => registry.registerCheckoutHandler('amount_due', impostor)).toThrow('The checkout purpose amount_due has an owner already');
    // an unowned purpose takes no handler (tsc refuses it too)
    // @ts-expect-error no capability owns a tip on its own
    expect(() => createPaymentHandlerRegistry().registerCheckoutHandler('tip', impostor)).toThrow('tip is not a purpose a capability owns');
    // typed by purpose, checked by tsc: a handler of one purpose is not another's
    const typeChecks = () => {
      // @ts-expect-error the amount due's handler is not a gift card's
      createPaymentHandlerRegistry().registerCheckoutHandler('gift_card_purchase', impostor);
    };
    expect(typeChecks).toBeTypeOf('function');
  });
});

describe('an app built for a test (decision 051)', () => {
  let t: TestContext | undefined;
  afterAll(async () => t?.close());

  it("gets the start-up's wiring: every owner registered with the process's registry", async () => {
    t = await createTestApp('pglite');
    expect(paymentHandlers.missing()).toEqual([]);
  });
});
