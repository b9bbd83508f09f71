// Background jobs of one app instance. They are safe to run on several instances at once: each
// step claims its rows (idempotency keys, forward-only updates).
import type { Db } from './db/client';
import type { LocalGateway } from './gateways/payment/local-gateway';
import type { PaymentGateway } from './gateways/payment/payment-gateway';
import type { Logger } from './logger';
import { reconcileBookings, recoverPendingOperations } from './payments/payments.service';

export function startJobs(deps: { db: Db; gateway: PaymentGateway; logger: Logger; everyMs?: number }): () => void {
  const { db, gateway, logger } = deps;
  let running = false;
  let ticks = 0;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const recovered = await recoverPendingOperations(db, gateway);
      if (recovered.found) logger.info(recovered, 'recovered pending payment operations');
      // once an hour: list bookings whose payment state disagrees with the gateway's
      if (ticks++ % 60 === 0) {
        const disagreements = await reconcileBookings(db, gateway);
        if (disagreements.length) logger.warn({ disagreements }, 'bookings disagree with the payment gateway');
      }
      if (gateway.kind === 'local') {
        const expired = await (gateway as LocalGateway).expireOpenSessions();
        if (expired) logger.info({ expired }, 'expired open local checkouts');
      }
    } catch (err) {
      logger.error({ err }, 'background job failed');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), deps.everyMs ?? 60_000);
  timer.unref();
  void tick();
  return () => clearInterval(timer);
}
