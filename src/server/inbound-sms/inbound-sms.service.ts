// Inbound texts (Twilio's webhook): STOP records an opt-out, START opts in again, SKIP cancels
// the next pick-up if it is still before its cut-off. Signature-checked before anything else.
import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import { formatLongDate, nowIn } from '../../shared/dates';
import { cancelBookingBeforeCutoff, type CancellationContext } from '../bookings/cancellation.service';
import type { Db } from '../db/client';
import { bookings, smsOptOuts } from '../db/schema';
import { readSettings } from '../settings/settings.service';
import { domainError } from '../error-catalogue';
import { DomainError } from '../errors';
import type { PaymentGateway } from '../gateways/payment/payment-gateway';
import { parseInboundKeyword } from '../gateways/sms/sms-keywords';
import { normalisePhoneNumber } from '../gateways/sms/sms-sender';
import { verifyTwilioSignature } from '../gateways/sms/twilio-signature';

export type InboundText = { url: string; params: Record<string, string>; signature: string | undefined };

/** The next open pick-up booked with this phone number (compared by its last ten digits). */
async function nextOpenPickup(db: Db, phone: string, today: string) {
  const [next] = await db
    .select()
    .from(bookings)
    .where(
      and(
        gte(bookings.pickupDate, today),
        inArray(bookings.bookingStatus, ['pending', 'confirmed']),
        sql`right(regexp_replace(${bookings.phone}, '[^0-9]', '', 'g'), 10) = ${phone.slice(-10)}`,
      ),
    )
    .orderBy(asc(bookings.pickupDate))
    .limit(1);
  return next;
}

/**
 * Acts on one inbound text and says what to text back (null: nothing). A text whose signature
 * does not match, or from a number that is not a US phone, is refused before anything is read.
 */
export async function answerInboundText(
  db: Db,
  gateway: PaymentGateway,
  text: InboundText,
  ctx: CancellationContext & { authToken: string },
): Promise<string | null> {
  if (!verifyTwilioSignature(ctx.authToken, text.url, text.params, text.signature)) throw domainError('bad_signature');
  const phone = normalisePhoneNumber(text.params.From ?? '');
  if (!phone) throw domainError('invalid_sender');
  const keyword = parseInboundKeyword(text.params.Body ?? '');
  // the business as its Settings say (decision 055): who writes back, and how to reach them
  const { business } = (await readSettings(db)).settings;

  if (keyword === 'stop') {
    await db.insert(smsOptOuts).values({ phone }).onConflictDoNothing();
    return null; // the carrier confirms the opt-out itself
  }
  if (keyword === 'start') {
    await db.delete(smsOptOuts).where(eq(smsOptOuts.phone, phone));
    return `${business.name}: you will receive pick-up texts again. Reply STOP to opt out.`;
  }
  if (keyword === 'help') return `${business.name}: call ${business.phone} or email ${business.email}. Reply STOP to opt out.`;
  if (keyword === 'skip') {
    const next = await nextOpenPickup(db, phone, nowIn(ctx.timeZone, ctx.now).date);
    if (!next) return `${business.name}: we found no upcoming pick-up for this number. Call ${business.phone} if you need help.`;
    try {
      await cancelBookingBeforeCutoff(db, gateway, next.id, ctx);
      return `${business.name}: your pick-up on ${formatLongDate(next.pickupDate)} is skipped and cancelled. Nothing was charged.`;
    } catch (err) {
      if (err instanceof DomainError) return `${business.name}: ${err.message}`;
      throw err;
    }
  }
  return `${business.name}: reply SKIP to skip your next pick-up, STOP to opt out, HELP for help.`;
}
