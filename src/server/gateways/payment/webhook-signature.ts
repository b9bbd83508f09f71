// Stripe's webhook signature scheme, for both gateways: `Stripe-Signature: t=<unix>,v1=<hex>`,
// where v1 = HMAC-SHA256(secret, `${t}.${rawBody}`). Stale timestamps are refused.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { WebhookSignatureError } from './payment-gateway';

export const signatureToleranceSeconds = 300;

export function signPayload(secret: string, payload: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

export function verifySignature(
  secret: string,
  payload: string,
  header: string | undefined,
  now = Math.floor(Date.now() / 1000),
): void {
  if (!header) throw new WebhookSignatureError('Missing Stripe-Signature header');
  const parts = header.split(',').map((p) => p.trim().split('='));
  const t = Number(parts.find(([k]) => k === 't')?.[1]);
  const signatures = parts.filter(([k]) => k === 'v1').map(([, v]) => v ?? '');
  if (!Number.isInteger(t) || signatures.length === 0) throw new WebhookSignatureError('Malformed Stripe-Signature header');
  if (Math.abs(now - t) > signatureToleranceSeconds) throw new WebhookSignatureError('Stale webhook timestamp');
  const expected = Buffer.from(createHmac('sha256', secret).update(`${t}.${payload}`).digest('hex'));
  const ok = signatures.some((s) => {
    const given = Buffer.from(s);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!ok) throw new WebhookSignatureError('Webhook signature does not match');
}
