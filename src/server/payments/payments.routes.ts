import { Hono } from 'hono';
import { contracts } from '../../shared/api';
import type { Db } from '../db/client';
import { GatewayError, WebhookSignatureError, type PaymentGateway } from '../gateways/payment/payment-gateway';
import { domainError } from '../error-catalogue';
import { parseJsonBody, type AppEnv } from '../http';
import type { NotificationContext } from '../notifications/notifications.service';
import { rateLimit } from '../rate-limit';
import { getBookingByCheckoutSession, handleGatewayEvent, recordAbandonedCheckout } from './webhook-events.service';

export const webhookPath = '/api/webhooks/stripe';

export function paymentRoutes(deps: { db: Db; gateway: PaymentGateway; notify: NotificationContext; capacityPerWindow: number }) {
  const { db, gateway, notify } = deps;
  // decision 042: a booking's payment takes its window's place only while one is left
  const places = { capacityPerWindow: deps.capacityPerWindow };
  return new Hono<AppEnv>()
    .post(webhookPath, async (c) => {
      // the raw body, verified before anything else
      const raw = await c.req.text();
      let event;
      try {
        event = gateway.parseWebhook(raw, c.req.header('stripe-signature'));
      } catch (err) {
        if (err instanceof WebhookSignatureError) return c.json({ error: { code: 'bad_signature', message: err.message } }, 400);
        if (err instanceof GatewayError) return c.json({ error: { code: err.code, message: err.message } }, 400);
        throw err;
      }
      const outcome = await handleGatewayEvent(db, gateway, notify, event, places);
      c.var.log.info({ eventId: event.id, type: event.rawType, outcome }, 'webhook');
      return c.json({ received: true, outcome });
    })
    .get(contracts.getBookingBySession.path, async (c) => {
      const sessionId = c.req.param('sessionId') ?? '';
      if (!/^[A-Za-z0-9_]{1,255}$/.test(sessionId)) throw domainError('booking_not_found');
      return c.json(await getBookingByCheckoutSession(db, gateway, notify, sessionId, (err) => c.var.log.warn({ err }, 'could not retrieve the checkout'), places));
    })
    .post(
      contracts.recordAbandonedCheckout.path,
      rateLimit({ db, name: 'abandoned-checkout', windowMs: 60_000, max: 20, says: 'requests' }),
      async (c) => {
        const body = await parseJsonBody(c, contracts.recordAbandonedCheckout.body);
        const result = await recordAbandonedCheckout(db, gateway, notify, { sessionId: body.session_id, ...places });
        return c.json({ recorded: result.recorded });
      },
    );
}
