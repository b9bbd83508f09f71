// What the customer is sent once the work is done (spec: back-office 7; docs/design.md 7): the final
// receipt and the delivery confirmation with the rating request, each once, through the outbox.
import { and, eq } from 'drizzle-orm';
import { todayIn } from '../../shared/dates';
import type { FinalReceipt } from '../../shared/schemas/back-office';
import { confirmationNumber, receiptOrderNumber } from '../../shared/booking-values';
import { receiptPayment } from '../../shared/pricing-receipts';
import { recordAudit } from '../audit/record-audit';
import type { Db } from '../db/client';
import { bookings } from '../db/schema';
import { domainError } from '../error-catalogue';
import { queueEmail } from '../notifications/send-email';
import type { NotificationContext } from '../notifications/notifications.service';
import { invoiceUrl } from '../booking-records/invoice-link';
import { ratingUrl } from '../booking-records/rating-link';
import { loadBooking, type Booking, type StaffContext } from './staff-booking';
import { amountToCharge } from './weighing.service';

export function buildFinalReceipt(b: Booking): FinalReceipt {
  // decision 031: a bill refunded in full still has its receipt
  if (!b.weightAdjustmentProcessed || b.actualWeightTenths === null || (b.paymentStatus !== 'paid' && b.paymentStatus !== 'refunded'))
    throw domainError('receipt_not_ready');
  const { invoice, finalTotalCents, giftCardAppliedCents } = amountToCharge(b, b.actualWeightTenths);
  const payment = receiptPayment(b);
  return {
    bookingId: b.id,
    orderNumber: receiptOrderNumber(b.id),
    confirmation: confirmationNumber(b.id),
    name: b.name,
    email: b.email,
    pickupDate: b.pickupDate,
    pickupTime: b.pickupTime,
    weightTenths: b.actualWeightTenths,
    pricePerPoundCents: b.pricePerPoundCents,
    weightCents: invoice.weightCents,
    addOnLines: invoice.addOnLines,
    promoCode: b.promoCode,
    finalTotalCents: b.finalTotalAmount ?? finalTotalCents,
    authorizedCents: b.authorizedAmount,
    // decision 015: the tip is in what was captured; receiptPayment takes it apart from the bill
    billChargedCents: payment.billChargedCents,
    tipCents: payment.tipCents,
    chargedCents: payment.chargedCents,
    releasedCents: payment.releasedCents,
    extraChargedCents: payment.extraChargedCents,
    amountDueCents: b.amountDueCents,
    // docs/design.md 9: what the gift card paid of the final bill, not what was held at booking
    giftCardCents: b.giftCardAppliedCents ?? giftCardAppliedCents,
    refundedCents: payment.refundedCents,
    creditedCents: payment.creditedCents,
    processedAt: (b.weightProcessedAt ?? b.updatedAt).toISOString(),
    sentAt: b.finalReceiptSentAt?.toISOString() ?? null,
  };
}

export async function getFinalReceipt(db: Db, bookingId: string) {
  return buildFinalReceipt(await loadBooking(db, bookingId));
}

/** spec: back-office 7 send-final-receipt: once per booking (final_receipt_sent), through the outbox. */
export async function sendFinalReceipt(db: Db, bookingId: string, ctx: StaffContext & { notify: NotificationContext }) {
  const booking = await loadBooking(db, bookingId);
  const receipt = buildFinalReceipt(booking);
  if (booking.finalReceiptSent) throw domainError('receipt_already_sent');
  await db.transaction(async (tx) => {
    const marked = await tx
      .update(bookings)
      .set({ finalReceiptSent: true, finalReceiptSentAt: ctx.now, updatedAt: ctx.now })
      .where(and(eq(bookings.id, bookingId), eq(bookings.finalReceiptSent, false)))
      .returning({ id: bookings.id });
    if (marked.length === 0) throw domainError('receipt_already_sent');
    // the customer's invoice link goes in the email only, never in the receipt staff read (docs/design.md 9, one-time links)
    const data = { ...receipt, invoiceUrl: invoiceUrl(ctx.notify.publicUrl, ctx.notify.secret, booking, ctx.now), approved: booking.customerApprovedAt !== null };
    await queueEmail(tx, 'finalReceipt', data, { to: booking.email, dedupeKey: `final-receipt:${bookingId}`, bookingId });
    await recordAudit(tx, ctx.actor, { action: 'booking.receipt_sent', targetType: 'booking', targetId: bookingId, after: { to: booking.email, finalTotalCents: receipt.finalTotalCents } });
  });
  return { sent: true, message: `Final receipt sent to ${booking.email}` };
}

/** spec: back-office 7 send-delivery-confirmation: when delivered, once, with the rating request. */
export async function sendDeliveryConfirmation(db: Db, bookingId: string, ctx: StaffContext & { timeZone: string; notify: NotificationContext }) {
  const booking = await loadBooking(db, bookingId);
  if (booking.bookingStatus !== 'delivered') throw domainError('not_delivered');
  if (booking.deliveryConfirmationSent) throw domainError('rating_already_sent');
  const data = {
    bookingId,
    confirmation: confirmationNumber(bookingId),
    name: booking.name,
    deliveredOn: todayIn(ctx.timeZone, ctx.now),
    finalTotalCents: booking.weightAdjustmentProcessed ? booking.finalTotalAmount : null,
    // decision 063: the customer's secret, in the email only
    ratingUrl: ratingUrl(ctx.notify.publicUrl, ctx.notify.secret, bookingId, ctx.now),
  };
  await db.transaction(async (tx) => {
    const marked = await tx
      .update(bookings)
      .set({ deliveryConfirmationSent: true, deliveryConfirmationSentAt: ctx.now, updatedAt: ctx.now })
      .where(and(eq(bookings.id, bookingId), eq(bookings.deliveryConfirmationSent, false)))
      .returning({ id: bookings.id });
    if (marked.length === 0) throw domainError('rating_already_sent');
    await queueEmail(tx, 'deliveryConfirmation', data, { to: booking.email, dedupeKey: `delivery-confirmation:${bookingId}`, bookingId });
    await recordAudit(tx, ctx.actor, { action: 'booking.rating_email_sent', targetType: 'booking', targetId: bookingId, after: { to: booking.email } });
  });
  return { sent: true, message: `Delivery confirmation and rating request sent to ${booking.email}` };
}
