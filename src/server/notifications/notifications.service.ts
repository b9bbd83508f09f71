// What the business says to whom, queued in the transaction of the change that causes it.
import { bookingPriceList } from '../../shared/price-list';
import { and, eq, gt, lte } from 'drizzle-orm';
import type { BookingEmailData } from '../../../emails/email-data';
import { formatWeightTenths } from '../../../emails/format';
import { pickupWindowLabel } from '../../shared/business';
import { formatLongDate } from '../../shared/dates';
import { formatCents } from '../../shared/money';
import { dueSummary } from '../../shared/pricing-receipts';
import { bagRateCents, bookedAddOnLines, bookedPromo, pickExtras } from '../../shared/pricing';
import { confirmationNumber } from '../../shared/booking-values';
import { payAmountDueUrl } from '../booking-records/pay-link';
import { invoiceUrl } from '../booking-records/invoice-link';
import { cancellationCutoff, cancelUrl } from '../booking-records/cancel-link';
import type { Db, DbOrTx } from '../db/client';
import { bookings, outbox, smsOptOuts } from '../db/schema';
import { normalisePhoneNumber } from '../gateways/sms/sms-sender';
import { enqueueSms } from './outbox.service';
import { readSettings } from '../settings/settings.service';
import { queueEmail } from './send-email';
import { formatPhone } from '../../shared/phone';
import { seriesManageUrl } from '../booking-records/series-link';
import { mayEmailUnvouched, vouched } from './recipients';

type Booking = typeof bookings.$inferSelect;

export type NotificationContext = {
  publicUrl: string;
  secret: string;
  /** The app's clock (a test's, or the development clock) and the business's time zone: the system's and the settings' when absent. */
  clock?: () => Date;
  timeZone?: string;
};

export function bookingEmailData(booking: Booking, ctx: NotificationContext): BookingEmailData {
  const promo = bookedPromo(booking);
  const authorised = booking.paymentIntentStatus === 'requires_capture' && booking.authorizedAmount > 0;
  return {
    bookingId: booking.id,
    confirmation: confirmationNumber(booking.id),
    name: booking.name,
    email: booking.email,
    phone: formatPhone(booking.phone),
    address: booking.address,
    city: booking.city,
    zipCode: booking.zipCode,
    pickupDate: booking.pickupDate,
    pickupTime: booking.pickupTime,
    pickupLocation: booking.pickupLocation,
    bagQuantity: booking.bagQuantity,
    bagRateCents: bagRateCents(promo, bookingPriceList(booking)),
    addOnLines: bookedAddOnLines(pickExtras(booking), booking.bagQuantity, promo, bookingPriceList(booking)),
    subtotalCents: booking.subtotalCents,
    giftCardDiscountCents: booking.giftCardDiscountCents,
    totalCents: booking.totalAmount,
    promoCode: booking.promoCode,
    paymentNote: authorised
      ? `Authorized on your card: ${formatCents(booking.authorizedAmount)}. You are charged the actual amount after we weigh your laundry.`
      : booking.totalAmount === 0
        ? 'No payment needed.'
        : `Estimated total: ${formatCents(booking.totalAmount)}.`,
    waterTemperature: booking.waterTemperature,
    detergentType: booking.detergentType,
    allergies: booking.allergies,
    specialInstructions: booking.specialInstructions,
    specialCareInstructions: booking.specialCareInstructions,
    cancelUrl: cancelUrl(ctx.publicUrl, ctx.secret, booking.id),
    ordersUrl: `${ctx.publicUrl}/orders`,
  };
}

/**
 * The number a booking may be texted at: someone stood behind the booking (decision 042: an unpaid
 * one's phone and consent are only its sender's word), it consented and has not said STOP.
 */
export async function canText(tx: DbOrTx, booking: Booking): Promise<string | null> {
  if (!booking.smsConsent || !vouched(booking)) return null;
  const phone = normalisePhoneNumber(booking.phone);
  if (!phone) return null;
  const [opted] = await tx.select().from(smsOptOuts).where(eq(smsOptOuts.phone, phone));
  return opted ? null : phone;
}

function windowLabel(booking: Booking) {
  return pickupWindowLabel(booking.pickupTime);
}

/** docs/design.md 7: exactly one confirmation per confirmed booking, free or paid. */
export async function queueBookingConfirmed(tx: DbOrTx, bookingId: string, ctx: NotificationContext) {
  const [booking] = await tx.select().from(bookings).where(eq(bookings.id, bookingId));
  if (!booking) return;
  // spec: customer-site 9: booked after its free-cancellation cut-off, the email offers no cancel link and says so
  const { settings } = await readSettings(tx);
  const cutoff = cancellationCutoff(booking.pickupDate, booking.pickupTime, {
    timeZone: ctx.timeZone ?? settings.business.timeZone,
    freeCancellationHours: settings.schedule.freeCancellationHours,
  });
  const freeCancellationPassed = (ctx.clock?.() ?? new Date()) >= cutoff;
  await queueEmail(tx, 'bookingConfirmation', { ...bookingEmailData(booking, ctx), freeCancellationPassed }, { to: booking.email, dedupeKey: `booking-confirmed:${booking.id}`, bookingId: booking.id });
  const phone = await canText(tx, booking);
  if (phone)
    await enqueueSms(tx, {
      dedupeKey: `booking-confirmed-sms:${booking.id}`,
      kind: 'booking_confirmed_sms',
      to: phone,
      text: `your pick-up ${confirmationNumber(booking.id)} is booked for ${formatLongDate(booking.pickupDate)}, ${windowLabel(booking)}. We call 30 min before. Reply STOP to opt out.`,
      bookingId: booking.id,
    });
}

/**
 * A pick-up the customer moved (decision 021): the new window by email with the calendar event
 * revised, and by text where they consented. Once per move (its revision in the dedupe key).
 */
export async function queueBookingRescheduled(tx: DbOrTx, bookingId: string, ctx: NotificationContext, move: { previousLabel: string; sequence: number }) {
  const [booking] = await tx.select().from(bookings).where(eq(bookings.id, bookingId));
  if (!booking) return;
  const data = { ...bookingEmailData(booking, ctx), ...move };
  await queueEmail(tx, 'bookingRescheduled', data, { to: booking.email, dedupeKey: `booking-rescheduled:${booking.id}:${move.sequence}`, bookingId: booking.id });
  const phone = await canText(tx, booking);
  if (phone)
    await enqueueSms(tx, {
      dedupeKey: `booking-rescheduled-sms:${booking.id}:${move.sequence}`,
      kind: 'booking_rescheduled_sms',
      to: phone,
      text: `your pick-up ${confirmationNumber(booking.id)} moved to ${formatLongDate(booking.pickupDate)}, ${windowLabel(booking)}. Reply STOP to opt out.`,
      bookingId: booking.id,
    });
}

/**
 * The abandoned-payment notice: to the business with the contact details, and a note to the
 * customer. The booking was never paid, so its address may be anyone's (decision 042): the note
 * greets no one by the name the sender typed, and one address gets a few a day at most.
 */
/** Where the business's own notices go: the address its owner set in Settings (decision 055). */
export async function businessNoticesAddress(tx: DbOrTx): Promise<string> {
  return (await readSettings(tx)).settings.business.noticesEmail;
}

export async function queueAbandonedNotices(tx: DbOrTx, bookingId: string, ctx: NotificationContext) {
  const [booking] = await tx.select().from(bookings).where(eq(bookings.id, bookingId));
  if (!booking) return;
  const data = bookingEmailData(booking, ctx);
  await queueEmail(tx, 'abandonedForBusiness', data, { to: await businessNoticesAddress(tx), replyTo: booking.email, dedupeKey: `abandoned-business:${booking.id}`, bookingId: booking.id });
  if (!(await mayEmailUnvouched(tx, booking.email))) return;
  await queueEmail(tx, 'abandonedForCustomer', { name: null, bookUrl: `${ctx.publicUrl}/book` }, { to: booking.email, dedupeKey: `abandoned-customer:${booking.id}`, bookingId: booking.id });
}

export async function queueContactMessage(
  tx: DbOrTx,
  message: { id: string; name: string; email: string; phone: string; subject: string; message: string; receivedAt: Date },
) {
  await queueEmail(tx, 'contactMessage', { ...message, phone: formatPhone(message.phone) }, { to: await businessNoticesAddress(tx), replyTo: message.email, dedupeKey: `contact:${message.id}` });
  // a copy for the sender that it arrived: nothing they typed, and a few a day at most to one address (decision 042)
  if (await mayEmailUnvouched(tx, message.email)) await queueEmail(tx, 'contactReceived', { receivedAt: message.receivedAt }, { to: message.email, dedupeKey: `contact-received:${message.id}` });
}

/**
 * The cancellation, by email and by text where the customer consented; answers whether the email
 * was queued. A booking nobody stood behind (decision 042: never paid) is its sender's word: its
 * email greets no one by name and counts against the address's few a day, and no text goes out.
 */
export async function queueBookingCancelled(tx: DbOrTx, bookingId: string, ctx: NotificationContext, releasedNote: string): Promise<boolean> {
  const [booking] = await tx.select().from(bookings).where(eq(bookings.id, bookingId));
  if (!booking) return false;
  const own = vouched(booking);
  if (!own && !(await mayEmailUnvouched(tx, booking.email))) return false;
  await queueEmail(
    tx,
    'bookingCancelled',
    { confirmation: confirmationNumber(booking.id), name: own ? booking.name : null, pickupDate: booking.pickupDate, pickupTime: booking.pickupTime, releasedNote, bookUrl: `${ctx.publicUrl}/book` },
    { to: booking.email, dedupeKey: `booking-cancelled:${booking.id}`, bookingId: booking.id },
  );
  const phone = await canText(tx, booking);
  if (phone)
    await enqueueSms(tx, {
      dedupeKey: `booking-cancelled-sms:${booking.id}`,
      kind: 'booking_cancelled_sms',
      to: phone,
      text: `your pick-up ${confirmationNumber(booking.id)} on ${formatLongDate(booking.pickupDate)} is cancelled. Nothing was charged.`,
      bookingId: booking.id,
    });
  return true;
}

/**
 * docs/design.md 5.4: the weighed bill was not all charged (the card needs the customer, was declined,
 * or there is no card): what is owed and the link to pay exactly that, once per booking.
 */
export async function queuePaymentDue(tx: DbOrTx, bookingId: string, ctx: NotificationContext, reason: string, dedupeKey = `payment-due:${bookingId}`) {
  const [booking] = await tx.select().from(bookings).where(eq(bookings.id, bookingId));
  if (!booking || booking.amountDueCents <= 0) return;
  const { finalTotalCents, paidCents, giftCardCents, cardCents } = dueSummary(booking);
  await queueEmail(
    tx,
    'paymentDue',
    {
      confirmation: confirmationNumber(booking.id),
      name: booking.name,
      finalTotalCents,
      paidCents,
      giftCardCents,
      cardCents,
      amountDueCents: booking.amountDueCents,
      reason,
      // the invoice page pays what is due too, and lets the customer approve and tip (docs/design.md 5.5)
      payUrl: invoiceUrl(ctx.publicUrl, ctx.secret, booking, new Date()) ?? payAmountDueUrl(ctx.publicUrl, ctx.secret, booking.id),
    },
    { to: booking.email, dedupeKey, bookingId: booking.id },
  );
}

/** Days after the weighing when a bill still due is emailed again, with the same link (docs/design.md 5.4; decision 030). */
export const paymentDueReminderDays = [3, 7] as const;

/**
 * A bill still due is a debt, not a dead end (decision 030): its payment-due email again on each
 * reminder day after the weighing, once each (its dedupe key), until it is paid.
 */
export async function queuePaymentDueReminders(db: Db, now: Date, ctx: NotificationContext): Promise<number> {
  let queued = 0;
  for (const [n, days] of paymentDueReminderDays.entries()) {
    const before = new Date(now.getTime() - days * 86_400_000);
    const owing = await db
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(gt(bookings.amountDueCents, 0), lte(bookings.weightProcessedAt, before), gt(bookings.weightProcessedAt, new Date(before.getTime() - 30 * 86_400_000))));
    for (const b of owing) {
      const before = await db.select({ id: outbox.id }).from(outbox).where(eq(outbox.dedupeKey, `payment-due-reminder:${b.id}:${n + 1}`));
      if (before.length > 0) continue;
      await queuePaymentDue(db, b.id, ctx, `A reminder: this is still due ${days} days after we weighed your laundry.`, `payment-due-reminder:${b.id}:${n + 1}`);
      queued += 1;
    }
  }
  return queued;
}

/**
 * docs/design.md 5.5: the weighing is processed — the weight, the final total and the link to the
 * invoice, once per booking. By email only when nothing is due: otherwise queuePaymentDue's email
 * (same link) is the one email the customer gets. By text to a consenting customer either way.
 */
export async function queueLaundryWeighed(tx: DbOrTx, bookingId: string, ctx: NotificationContext, now: Date) {
  const [booking] = await tx.select().from(bookings).where(eq(bookings.id, bookingId));
  const url = booking ? invoiceUrl(ctx.publicUrl, ctx.secret, booking, now) : null;
  if (!booking || !url || booking.actualWeightTenths === null) return;
  const { finalTotalCents } = dueSummary(booking);
  const confirmation = confirmationNumber(booking.id);
  if (booking.amountDueCents <= 0)
    await queueEmail(
      tx,
      'laundryWeighed',
      { confirmation, name: booking.name, weightTenths: booking.actualWeightTenths, finalTotalCents, invoiceUrl: url },
      { to: booking.email, dedupeKey: `laundry-weighed:${booking.id}`, bookingId: booking.id },
    );
  const phone = await canText(tx, booking);
  const weight = formatWeightTenths(booking.actualWeightTenths);
  const due = booking.amountDueCents > 0 ? ` (${formatCents(booking.amountDueCents)} still due)` : '';
  if (phone)
    await enqueueSms(tx, {
      dedupeKey: `laundry-weighed-sms:${booking.id}`,
      kind: 'laundry_weighed_sms',
      to: phone,
      text: `your laundry ${confirmation} weighed ${weight}, total ${formatCents(finalTotalCents)}${due}. Your invoice (yours alone): ${url}`,
      bookingId: booking.id,
    });
}

/**
 * The day-before reminder text (a scheduled job), once per booking. A regular pick-up's occurrence
 * (decision 024) is reminded by email too, both with the series' own link to skip, pause or stop.
 */
export async function queuePickupReminders(db: Db, tomorrow: string, ctx: NotificationContext) {
  const due = await db.select().from(bookings).where(eq(bookings.pickupDate, tomorrow));
  let queued = 0;
  for (const booking of due) {
    if (booking.bookingStatus !== 'confirmed') continue;
    const manageUrl = booking.seriesId ? seriesManageUrl(ctx.publicUrl, ctx.secret, booking.seriesId) : null;
    if (manageUrl)
      await queueEmail(
        db,
        'seriesReminder',
        { name: booking.name, confirmation: confirmationNumber(booking.id), when: windowLabel(booking), manageUrl },
        { to: booking.email, dedupeKey: `reminder-email:${booking.id}`, bookingId: booking.id },
      );
    const phone = await canText(db, booking);
    if (!phone) continue;
    const added = await enqueueSms(db, {
      dedupeKey: `reminder:${booking.id}`,
      kind: 'pickup_reminder_sms',
      to: phone,
      text: manageUrl
        ? `reminder, we pick up your laundry tomorrow, ${windowLabel(booking)}. Reply SKIP to skip this one; skip, pause or stop: ${manageUrl} Reply STOP to opt out.`
        : `reminder, we pick up your laundry tomorrow, ${windowLabel(booking)}. Reply SKIP to skip this pick-up, STOP to opt out.`,
      bookingId: booking.id,
    });
    if (added) queued += 1;
  }
  return queued;
}

