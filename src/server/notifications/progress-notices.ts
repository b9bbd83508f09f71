// Live progress (decision 023): what the customer hears as their laundry moves. Picked up and out
// for delivery, by email and by text where they consented, once per order each (the weighing's
// message, with the invoice link, is queueLaundryWeighed's).
import { eq } from 'drizzle-orm';
import { confirmationNumber } from '../../shared/booking-values';
import { deliveryLabel, dueBackOf } from '../../shared/due-back';
import type { DbOrTx } from '../db/client';
import { bookings } from '../db/schema';
import { canText, type NotificationContext } from './notifications.service';
import { enqueueSms } from './outbox.service';
import { queueEmail } from './send-email';

export type { NotificationContext };

const ordersUrl = (ctx: NotificationContext) => `${ctx.publicUrl}/orders`;

async function tell(tx: DbOrTx, bookingId: string, ctx: NotificationContext, stage: 'picked_up' | 'out_for_delivery') {
  const [booking] = await tx.select().from(bookings).where(eq(bookings.id, bookingId));
  if (!booking) return;
  const confirmation = confirmationNumber(booking.id);
  const planned = dueBackOf(booking);
  const dueBack = planned ? deliveryLabel(planned) : null;
  const data = { name: booking.name, confirmation, ordersUrl: ordersUrl(ctx), dueBack: stage === 'picked_up' ? dueBack : null };
  const template = stage === 'picked_up' ? 'laundryPickedUp' : 'laundryOutForDelivery';
  await queueEmail(tx, template, data, { to: booking.email, dedupeKey: `progress-${stage}:${booking.id}`, bookingId: booking.id });
  const phone = await canText(tx, booking);
  if (!phone) return;
  const body =
    stage === 'picked_up'
      ? `we picked up your laundry ${confirmation}.${dueBack ? ` It comes back ${dueBack}.` : ''} We text you again when it is on its way back. Reply STOP to opt out.`
      : `your laundry ${confirmation} is out for delivery today. Follow it at ${ordersUrl(ctx)}. Reply STOP to opt out.`;
  await enqueueSms(tx, { dedupeKey: `progress-${stage}-sms:${booking.id}`, kind: `laundry_${stage}_sms`, to: phone, text: body, bookingId: booking.id });
}

export function queueLaundryPickedUp(tx: DbOrTx, bookingId: string, ctx: NotificationContext) {
  return tell(tx, bookingId, ctx, 'picked_up');
}

export function queueOutForDelivery(tx: DbOrTx, bookingId: string, ctx: NotificationContext) {
  return tell(tx, bookingId, ctx, 'out_for_delivery');
}

/** The customer chose another delivery window (decision 056): told by email, once per change (a repeated request for the same window at the same moment, once). */
export async function queueDeliveryMoved(tx: DbOrTx, bookingId: string, ctx: NotificationContext, at: Date) {
  const [booking] = await tx.select().from(bookings).where(eq(bookings.id, bookingId));
  const planned = booking && dueBackOf(booking);
  if (!booking || !planned) return;
  const data = { name: booking.name, confirmation: confirmationNumber(booking.id), ordersUrl: ordersUrl(ctx), dueBack: deliveryLabel(planned) };
  await queueEmail(tx, 'deliveryMoved', data, { to: booking.email, dedupeKey: `delivery-moved:${booking.id}:${planned.date}:${planned.time}:${at.getTime()}`, bookingId: booking.id });
}
