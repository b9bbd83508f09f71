// Inbound texts (Twilio's webhook): STOP records an opt-out, START opts in again, SKIP cancels
// the next pick-up if it is still before its cut-off. Signature-checked before anything else.
import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { business } from '../../shared/business';
import { formatLongDate } from '../../shared/dates';
import { nowIn } from '../../shared/dates';
import { cancelBookingBeforeCutoff } from '../bookings/cancellation.service';
import type { Db } from '../db/client';
import { bookings, smsOptOuts } from '../db/schema';
import { DomainError } from '../errors';
import type { PaymentGateway } from '../gateways/payment/payment-gateway';
import { parseInboundKeyword } from '../gateways/sms/sms-keywords';
import { normalisePhoneNumber } from '../gateways/sms/sms-sender';
import { verifyTwilioSignature } from '../gateways/sms/twilio-signature';
import type { AppEnv } from '../http';
import type { NotificationContext } from '../notifications/notifications.service';

export const inboundSmsPath = '/api/sms/inbound';

function twiml(message: string | null) {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return `<?xml version="1.0" encoding="UTF-8"?><Response>${message ? `<Message>${esc(message)}</Message>` : ''}</Response>`;
}

export function smsRoutes(deps: { db: Db; gateway: PaymentGateway; notify: NotificationContext; authToken: string; timeZone: string; now: () => Date }) {
  const { db } = deps;
  return new Hono<AppEnv>().post(inboundSmsPath, async (c) => {
    const type = c.req.header('content-type') ?? '';
    if (!type.startsWith('application/x-www-form-urlencoded'))
      return c.json({ error: { code: 'unsupported_media_type', message: 'Send the form Twilio sends (application/x-www-form-urlencoded).' } }, 415);
    const form = await c.req.parseBody().catch(() => null);
    if (!form) return c.json({ error: { code: 'invalid_body', message: 'The request body is not a form.' } }, 400);
    const params = Object.fromEntries(Object.entries(form).filter(([, v]) => typeof v === 'string')) as Record<string, string>;
    const url = `${deps.notify.publicUrl}${inboundSmsPath}`;
    if (!verifyTwilioSignature(deps.authToken, url, params, c.req.header('x-twilio-signature')))
      return c.json({ error: { code: 'bad_signature', message: 'The request signature does not match.' } }, 403);
    const phone = normalisePhoneNumber(params.From ?? '');
    if (!phone) return c.json({ error: { code: 'invalid_sender', message: 'The sender is not a US phone number.' } }, 400);
    const keyword = parseInboundKeyword(params.Body ?? '');
    const reply = (message: string | null) => c.body(twiml(message), 200, { 'content-type': 'text/xml; charset=utf-8' });

    if (keyword === 'stop') {
      await db.insert(smsOptOuts).values({ phone }).onConflictDoNothing();
      return reply(null); // the carrier confirms the opt-out itself
    }
    if (keyword === 'start') {
      await db.delete(smsOptOuts).where(eq(smsOptOuts.phone, phone));
      return reply(`${business.name}: you will receive pick-up texts again. Reply STOP to opt out.`);
    }
    if (keyword === 'help') return reply(`${business.name}: call ${business.phone} or email ${business.email}. Reply STOP to opt out.`);
    if (keyword === 'skip') {
      const today = nowIn(deps.timeZone, deps.now()).date;
      const digits = phone.slice(-10);
      const [next] = await db
        .select()
        .from(bookings)
        .where(
          and(
            gte(bookings.pickupDate, today),
            inArray(bookings.bookingStatus, ['pending', 'confirmed']),
            sql`right(regexp_replace(${bookings.phone}, '[^0-9]', '', 'g'), 10) = ${digits}`,
          ),
        )
        .orderBy(asc(bookings.pickupDate))
        .limit(1);
      if (!next) return reply(`${business.name}: we found no upcoming pick-up for this number. Call ${business.phone} if you need help.`);
      try {
        await cancelBookingBeforeCutoff(db, deps.gateway, next.id, { ...deps.notify, timeZone: deps.timeZone, now: deps.now() });
        return reply(`${business.name}: your pick-up on ${formatLongDate(next.pickupDate)} is skipped and cancelled. Nothing was charged.`);
      } catch (err) {
        if (err instanceof DomainError) return reply(`${business.name}: ${err.message}`);
        throw err;
      }
    }
    return reply(`${business.name}: reply SKIP to skip your next pick-up, STOP to opt out, HELP for help.`);
  });
}
