import { Hono } from 'hono';
import type { Db } from '../db/client';
import { GatewayError, WebhookSignatureError, type PaymentGateway } from '../gateways/payment/payment-gateway';
import type { AppEnv } from '../http';
import type { NotificationContext } from '../notifications/notifications.service';
import { handleGatewayEvent } from './webhook-events.service';

export const webhookPath = '/api/webhooks/stripe';

export function paymentRoutes(deps: { db: Db; gateway: PaymentGateway; notify: NotificationContext }) {
  const { db, gateway, notify } = deps;
  return new Hono<AppEnv>().post(webhookPath, async (c) => {
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
    const outcome = await handleGatewayEvent(db, gateway, notify, event);
    c.var.log.info({ eventId: event.id, type: event.rawType, outcome }, 'webhook');
    return c.json({ received: true, outcome });
  });
}
