// Decision 051: the capabilities register their payment handlers at start-up, in one place, and a
// purpose left without its owner stops the start-up instead of failing at payment time. A process
// that registered nothing is a child process (tests/helpers/unwired-payments.ts): test files share
// their modules within a worker (docs/decisions/054), so this one's registry may be filled already.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../tests/helpers/test-app';
import { registerBookingPayments } from './bookings/register';
import { registerInvoicePayments } from './invoices/register';
import { createPaymentHandlerRegistry, ownedPurposes, paymentHandlers, type CheckoutHandler } from './payments/handler-registry';
import { paymentOwners, wirePaymentHandlers } from './payment-wiring';

const root = path.resolve(import.meta.dirname, '../..');

type Refusal = { threw: boolean; missingHandler?: boolean; message?: string };

describe('the payments of a process whose start-up registered nothing (decision 051)', () => {
  // a process of its own: this one's registry is filled by any app a test file builds
  it("refuses a checkout of an owned purpose, and a booking's money operation, loudly and before the database or the gateway is touched", () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'tests/helpers/unwired-payments.ts'], { cwd: root, encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    const seen = JSON.parse(run.stdout.trim().split('\n').at(-1)!) as { missing: string[]; amountDue: Refusal; giftCard: Refusal; operation: Refusal };
    expect(seen.missing.length).toBeGreaterThan(0);
    expect(seen.amountDue).toMatchObject({ threw: true, missingHandler: true, message: expect.stringMatching(/checkout purpose amount_due/) });
    expect(seen.giftCard).toMatchObject({ threw: true, missingHandler: true, message: expect.stringMatching(/checkout purpose gift_card_purchase/) });
    expect(seen.operation).toMatchObject({ threw: true, missingHandler: true, message: expect.stringMatching(/a booking's money operations/) });
  }, 30_000);
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
