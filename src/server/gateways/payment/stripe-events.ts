// Stripe's event JSON (sent by Stripe, or by the local gateway in the same shape) to our own
// GatewayEvent: one parser for both gateways. The signature is verified before this runs.
import { GatewayError, type GatewayEvent, type GatewayEventType } from './payment-gateway';

type EventObject = { id?: unknown; object?: unknown; payment_intent?: unknown };

const knownEventTypes: ReadonlySet<string> = new Set<GatewayEventType>([
  'checkout.session.completed',
  'checkout.session.expired',
  'checkout.session.async_payment_failed',
  'payment_intent.amount_capturable_updated',
  'payment_intent.succeeded',
  'payment_intent.canceled',
  'payment_intent.payment_failed',
  'charge.refunded',
  'account.updated',
]);

/** Parses a verified webhook body; a body that is not a Stripe event is a GatewayError. */
export function parseStripeEvent(rawBody: string): GatewayEvent {
  let event: { id?: unknown; type?: unknown; created?: unknown; data?: { object?: EventObject } };
  try {
    event = JSON.parse(rawBody) as typeof event;
  } catch {
    throw new GatewayError('Webhook body is not JSON', 'invalid_webhook_payload');
  }
  const object = event?.data?.object;
  if (typeof event?.id !== 'string' || typeof event.type !== 'string' || typeof object?.id !== 'string') {
    throw new GatewayError('Webhook body is not a Stripe event', 'invalid_webhook_payload');
  }
  const rawType = event.type;
  return {
    id: event.id,
    type: knownEventTypes.has(rawType) ? (rawType as GatewayEventType) : 'other',
    rawType,
    created: typeof event.created === 'number' ? event.created : 0,
    objectId: object.id,
    paymentIntentId: paymentIntentOf(rawType, object),
  };
}

function paymentIntentOf(rawType: string, object: EventObject): string | null {
  if (rawType.startsWith('payment_intent.') || object.object === 'payment_intent') return typeof object.id === 'string' ? object.id : null;
  const ref = object.payment_intent;
  if (typeof ref === 'string') return ref;
  if (ref && typeof ref === 'object' && typeof (ref as { id?: unknown }).id === 'string') return (ref as { id: string }).id;
  return null;
}
