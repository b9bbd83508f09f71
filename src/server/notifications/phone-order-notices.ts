// A phone order's pay link to its customer (decision 058): by email, by text, or both, as staff
// chose on the call. The text is the one the caller asked for: it is not an agreement to our other
// texts (the booking's consent stays the customer's own to give), and a number that said STOP gets
// none.
import { eq } from 'drizzle-orm';
import { pickupWindowLabel } from '../../shared/business';
import { confirmationNumber } from '../../shared/booking-values';
import { formatLongDate } from '../../shared/dates';
import { formatPhone } from '../../shared/phone';
import type { PayLinkChannel } from '../../shared/phone-orders';
import { phoneOrderPayUrl } from '../booking-records/phone-order-link';
import type { DbOrTx } from '../db/client';
import type { bookings} from '../db/schema';
import { smsOptOuts } from '../db/schema';
import { normalisePhoneNumber } from '../gateways/sms/sms-sender';
import type { NotificationContext } from './notifications.service';
import { enqueueSms } from './outbox.service';
import { queueEmail } from './send-email';

type Booking = typeof bookings.$inferSelect;

/** The number a phone order's link may be texted to, or why not. */
export async function payLinkPhone(tx: DbOrTx, booking: Pick<Booking, 'phone'>): Promise<{ phone: string } | { refused: 'no_number' | 'opted_out' }> {
  const phone = normalisePhoneNumber(booking.phone);
  if (!phone) return { refused: 'no_number' };
  const [opted] = await tx.select().from(smsOptOuts).where(eq(smsOptOuts.phone, phone));
  return opted ? { refused: 'opted_out' } : { phone };
}

/**
 * Queues the pay link the way asked; answers where it went, as staff read it back to the caller.
 * `sending` tells one sending from the next (a link sent again is a new message).
 */
export async function queuePhoneOrderPayLink(tx: DbOrTx, booking: Booking, channel: PayLinkChannel, ctx: NotificationContext, sending: string): Promise<string[]> {
  const confirmation = confirmationNumber(booking.id);
  const payUrl = phoneOrderPayUrl(ctx.publicUrl, ctx.secret, booking.id);
  const pickup = `${formatLongDate(booking.pickupDate)}, ${pickupWindowLabel(booking.pickupTime)}`;
  const sentTo: string[] = [];
  if (channel !== 'text') {
    await queueEmail(
      tx,
      'phoneOrderPayLink',
      { name: booking.name, confirmation, pickup, address: `${booking.address}, ${booking.city} ${booking.zipCode}`, bags: booking.bagQuantity, estimateCents: booking.totalAmount, payUrl },
      { to: booking.email, dedupeKey: `phone-order-link:${booking.id}:${sending}`, bookingId: booking.id },
    );
    sentTo.push(booking.email);
  }
  if (channel !== 'email') {
    const number = await payLinkPhone(tx, booking);
    if ('phone' in number) {
      await enqueueSms(tx, {
        dedupeKey: `phone-order-link-sms:${booking.id}:${sending}`,
        kind: 'phone_order_pay_link_sms',
        to: number.phone,
        text: `confirm your pick-up ${confirmation} on ${pickup} with your card: ${payUrl}`,
        bookingId: booking.id,
      });
      sentTo.push(formatPhone(booking.phone));
    }
  }
  return sentTo;
}
