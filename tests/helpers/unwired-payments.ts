// Run as its own process by src/server/payment-wiring.test.ts: a process whose start-up registered
// no payment handler (decision 051). It asks payments to apply a checkout of each owned purpose
// and to run a booking's money operation, against a database and a gateway that fail if touched,
// and prints what each refusal said, one JSON line.
import type { Db } from '../../src/server/db/client';
import type { CheckoutSession, PaymentGateway } from '../../src/server/gateways/payment/payment-gateway';
import { purposeMetadata } from '../../src/server/payments/checkout-purposes';
import { MissingPaymentHandler, paymentHandlers } from '../../src/server/payments/handler-registry';
import { runOperation } from '../../src/server/payments/operations.service';
import { applyCheckoutSession } from '../../src/server/payments/webhook-events.service';

const notify = { publicUrl: 'http://shop.test', secret: 'x'.repeat(32) };
const subjectId = '00000000-0000-4000-8000-000000000051';

/** A database or gateway that must not be reached: anything asked of it fails. */
const untouchable = (what: string) =>
  new Proxy({}, {
    get: (_target, key) => {
      throw new Error(`the ${what} was used (${String(key)}) before the missing handler was noticed`);
    },
  });

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

/** What a call threw: its class (whether it is the missing-handler error) and its message. */
async function refusal(call: () => Promise<unknown>) {
  try {
    await call();
    return { threw: false };
  } catch (err) {
    return { threw: true, missingHandler: err instanceof MissingPaymentHandler, message: (err as Error).message };
  }
}

const db = untouchable('database') as Db;
console.log(
  JSON.stringify({
    missing: paymentHandlers.missing(),
    amountDue: await refusal(() => applyCheckoutSession(db, gatewayWith('amount_due'), notify, 'cs_unowned')),
    giftCard: await refusal(() => applyCheckoutSession(db, gatewayWith('gift_card_purchase'), notify, 'cs_unowned')),
    operation: await refusal(() =>
      runOperation(db, untouchable('gateway') as PaymentGateway, { key: 'unowned:release', bookingId: subjectId, request: { kind: 'release', paymentIntentId: 'pi_1', amountCents: 0 } }),
    ),
  }),
);
