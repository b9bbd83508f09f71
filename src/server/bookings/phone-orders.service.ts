// Phone orders (decision 058; spec: back-office 3, a booking made for a customer): staff book for a
// customer who calls, with the wizard's rules and the prices Settings give now, and the customer
// confirms it from their own link with their card. Until then it is a pending booking that holds a
// place as any unpaid checkout does (decision 042); it is kept when a checkout of its link lapses,
// and let go once its pick-up day has passed unpaid.
import { and, eq, lt } from 'drizzle-orm';
import { confirmationNumber } from '../../shared/booking-values';
import { todayIn } from '../../shared/dates';
import type { PayLinkChannel } from '../../shared/phone-orders';
import type { phoneOrderRequestSchema } from '../../shared/schemas/phone-orders';
import type * as z from 'zod/mini';
import { recordAudit } from '../audit/record-audit';
import type { Actor } from '../audit/record-audit';
import { cancelUnpaidBooking } from '../booking-records/unpaid-booking';
import type { Db, DbOrTx, Tx } from '../db/client';
import { bookings, phoneOrders } from '../db/schema';
import { domainError } from '../error-catalogue';
import type { NotificationContext } from '../notifications/notifications.service';
import { payLinkPhone, queuePhoneOrderPayLink } from '../notifications/phone-order-notices';
import { checkPickupTime, writeBooking, type BookingRequest, type BookingRules } from './bookings.service';
import { SubmissionTaken } from './booking-write';
import { findSubmittedBooking, submissionMismatch, submissionOf } from './booking-submission';

export type PhoneOrderInput = z.output<typeof phoneOrderRequestSchema>;
export type PhoneOrderContext = { actor: Actor; now: Date; rules: BookingRules; notify: NotificationContext };

type Booking = typeof bookings.$inferSelect;

/** Whether a booking was taken on the phone: its checkouts lapsing does not release it. */
export async function isPhoneOrder(db: DbOrTx, bookingId: string): Promise<boolean> {
  const [row] = await db.select({ id: phoneOrders.bookingId }).from(phoneOrders).where(eq(phoneOrders.bookingId, bookingId));
  return Boolean(row);
}

/** A text asked for to a number that said STOP (or is no number): refused before anything is written. */
async function refuseUntextable(db: DbOrTx, phone: string, channel: PayLinkChannel) {
  if (channel !== 'text') return;
  const number = await payLinkPhone(db, { phone });
  if ('refused' in number) throw domainError(number.refused === 'opted_out' ? 'pay_link_text_opted_out' : 'pay_link_text_no_number');
}

/**
 * Books for a caller and sends them the link to confirm it. The same form sent twice (its key)
 * answers the order it made the first time. A booking a promo code makes free is confirmed at
 * once, as the wizard's is, and needs no link.
 */
export async function createPhoneOrder(db: Db, input: PhoneOrderInput, ctx: PhoneOrderContext) {
  const request: BookingRequest = {
    // the customer accepts the terms and agrees to texts themselves, on the pay page and their orders
    bookingData: { ...input.bookingData, termsAccepted: true, smsConsent: false },
    promoCode: input.promoCode,
    giftCardCode: null,
    submissionKey: input.submissionKey,
  };
  const submission = submissionOf(request)!;
  await checkPickupTime(db, request.bookingData, ctx.rules);
  await refuseUntextable(db, input.bookingData.phone, input.channel);
  let sentTo: string[] = [];
  try {
    const created = await writeBooking(db, request, { rules: ctx.rules, ip: null, userAgent: null, notify: ctx.notify }, submission, {
      record: async (tx, bookingId) => {
        await tx.insert(phoneOrders).values({ bookingId, placedBy: ctx.actor.id, placedAt: ctx.now, linkChannel: input.channel, linkSentAt: ctx.now });
        const booking = await bookingRow(tx, bookingId);
        await recordAudit(tx, ctx.actor, {
          action: 'booking.phone_order_created',
          targetType: 'booking',
          targetId: bookingId,
          after: { totalCents: booking.totalAmount, channel: input.channel, pickupDate: booking.pickupDate, pickupTime: booking.pickupTime },
        });
        // free by a promo code: confirmed at once, nothing to pay
        if (booking.bookingStatus === 'pending') sentTo = await queuePhoneOrderPayLink(tx, booking, input.channel, ctx.notify, 'placed');
      },
    });
    return { bookingId: created.bookingId, confirmation: confirmationNumber(created.bookingId), totalCents: created.totalCents, channel: input.channel, sentTo, replayed: false };
  } catch (err) {
    if (!(err instanceof SubmissionTaken)) throw err;
    return answerEarlierOrder(db, submission);
  }
}

/** The order the same form made before (pressed twice, sent again after a lost answer). */
async function answerEarlierOrder(db: Db, submission: { key: string; digest: string }) {
  const earlier = await findSubmittedBooking(db, submission.key);
  if (!earlier) throw domainError('submission_gone');
  const [order] = await db.select().from(phoneOrders).where(eq(phoneOrders.bookingId, earlier.id));
  if (!order || earlier.submissionDigest !== submission.digest) throw submissionMismatch();
  return { bookingId: earlier.id, confirmation: confirmationNumber(earlier.id), totalCents: earlier.totalAmount, channel: order.linkChannel as PayLinkChannel, sentTo: [], replayed: true };
}

async function bookingRow(tx: DbOrTx, bookingId: string): Promise<Booking> {
  const [booking] = await tx.select().from(bookings).where(eq(bookings.id, bookingId));
  if (!booking) throw domainError('booking_not_found');
  return booking;
}

/** Sends the link again (lost email, a text wanted after all), while the order still waits for the card. */
export async function resendPayLink(db: Db, bookingId: string, channel: PayLinkChannel, ctx: Omit<PhoneOrderContext, 'rules'>) {
  const sentTo = await db.transaction(async (tx: Tx) => {
    const [booking] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for('update');
    if (!booking) throw domainError('booking_not_found');
    if (!(await isPhoneOrder(tx, bookingId))) throw domainError('phone_order_not_phone');
    if (booking.bookingStatus !== 'pending' || booking.paymentStatus !== 'pending') throw domainError('phone_order_not_open');
    await refuseUntextable(tx, booking.phone, channel);
    await tx.update(phoneOrders).set({ linkChannel: channel, linkSentAt: ctx.now }).where(eq(phoneOrders.bookingId, bookingId));
    await recordAudit(tx, ctx.actor, { action: 'booking.pay_link_sent', targetType: 'booking', targetId: bookingId, after: { channel } });
    return queuePhoneOrderPayLink(tx, booking, channel, ctx.notify, String(ctx.now.getTime()));
  });
  return { channel, sentTo };
}

/**
 * Lets go of the phone orders whose pick-up day has passed without the customer's card: their
 * place goes back. A checkout of the link still open and paid after this finds its booking
 * cancelled and its hold is released (booking-authorisation.ts).
 */
export async function releaseLapsedPhoneOrders(db: Db, input: { timeZone: string; now: Date }): Promise<number> {
  const today = todayIn(input.timeZone, input.now);
  const lapsed = await db
    .select({ id: bookings.id })
    .from(bookings)
    .innerJoin(phoneOrders, eq(phoneOrders.bookingId, bookings.id))
    .where(and(eq(bookings.bookingStatus, 'pending'), eq(bookings.paymentStatus, 'pending'), lt(bookings.pickupDate, today)))
    .limit(200);
  for (const { id } of lapsed) await cancelUnpaidBooking(db, id);
  return lapsed.length;
}
