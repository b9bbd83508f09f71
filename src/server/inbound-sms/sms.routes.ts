// Twilio's inbound-text webhook: a form in, TwiML out. What a text does is in inbound-sms.service.ts.
import { Hono } from 'hono';
import { escapeHtml } from '../../shared/html';
import type { Db } from '../db/client';
import { domainError } from '../error-catalogue';
import type { PaymentGateway } from '../gateways/payment/payment-gateway';
import type { AppEnv } from '../http';
import type { NotificationContext } from '../notifications/notifications.service';
import { answerInboundText } from './inbound-sms.service';

export const inboundSmsPath = '/api/sms/inbound';

function twiml(message: string | null) {
  return `<?xml version="1.0" encoding="UTF-8"?><Response>${message ? `<Message>${escapeHtml(message)}</Message>` : ''}</Response>`;
}

export function smsRoutes(deps: { db: Db; gateway: PaymentGateway; notify: NotificationContext; authToken: string; timeZone: string; now: () => Date }) {
  return new Hono<AppEnv>().post(inboundSmsPath, async (c) => {
    const type = c.req.header('content-type') ?? '';
    if (!type.startsWith('application/x-www-form-urlencoded')) throw domainError('unsupported_form_type');
    const form = await c.req.parseBody().catch(() => null);
    if (!form) throw domainError('invalid_form');
    const params = Object.fromEntries(Object.entries(form).filter(([, v]) => typeof v === 'string')) as Record<string, string>;
    const text = { url: `${deps.notify.publicUrl}${inboundSmsPath}`, params, signature: c.req.header('x-twilio-signature') };
    const reply = await answerInboundText(deps.db, deps.gateway, text, { ...deps.notify, authToken: deps.authToken, timeZone: deps.timeZone, now: deps.now() });
    return c.body(twiml(reply), 200, { 'content-type': 'text/xml; charset=utf-8' });
  });
}
