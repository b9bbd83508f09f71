// Background jobs of one app instance. They are safe to run on several instances at once: each
// step claims its rows (idempotency keys, forward-only updates).
import type { Db } from './db/client';
import type { LocalGateway } from './gateways/payment/local-gateway';
import type { PaymentGateway } from './gateways/payment/payment-gateway';
import type { Logger } from './logger';
import { recoverPendingOperations } from './payments/payments.service';

export function startJobs(deps: { db: Db; gateway: PaymentGateway; logger: Logger; everyMs?: number }): () => void {
  const { db, gateway, logger } = deps;
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const recovered = await recoverPendingOperations(db, gateway);
      if (recovered.found) logger.info(recovered, 'recovered pending payment operations');
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
