// Self-service cancellation (beyond the spec): free up to 2 hours before the pick-up window
// starts; the card authorisation and any gift-card amount go back; confirmed by email.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { business, prices } from '../../shared/business';
import { formatCents } from '../../shared/money';
import type { Db } from '../db/client';
import { bookings, pickupSlots } from '../db/schema';
import { DomainError, NotFoundError } from '../errors';
import type { PaymentGateway } from '../gateways/payment/payment-gateway';
import { releaseGiftCardHold } from '../gift-cards/gift-cards.service';
import { queueBookingCancelled, type NotificationContext } from '../notifications/notifications.service';
import { releaseAuthorisation } from '../payments/charges.service';
import { getPublicBooking } from '../booking-records/public-booking';
import { cancellationCutoff, verifyCancelToken } from '../booking-records/cancel-link';

export type CancellationContext = NotificationContext & { timeZone: string; now: Date };

export const cancellationMessages = {
  badLink: 'This cancellation link is not valid. Please use the link in your confirmation email.',
  alreadyCancelled: 'This booking is already cancelled.',
  notCancellable: 'This booking can no longer be cancelled online.',
  tooLate: `Free cancellation ends 2 hours before your pick-up window starts. A late cancellation or no-show has a ${formatCents(prices.noShowFeeCents, { compact: true })} fee. Please call us at ${business.phone}.`,
} as const;

async function load(db: Db, bookingId: string) {
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
  if (!booking) throw new NotFoundError('Booking not found.');
  return booking;
}

/** What the cancellation page shows. */
export async function getCancellation(db: Db, input: { bookingId: string; token: string | undefined }, ctx: CancellationContext) {
  if (!verifyCancelToken(ctx.secret, input.bookingId, input.token)) throw new DomainError(403, 'bad_cancel_link', cancellationMessages.badLink);
  const booking = await load(db, input.bookingId);
  const cutoff = cancellationCutoff(booking.pickupDate, booking.pickupTime, ctx.timeZone);
  const open = booking.bookingStatus === 'pending' || booking.bookingStatus === 'confirmed';
  return {
    booking: await getPublicBooking(db, { bookingId: booking.id }),
    cancellable: open && ctx.now < cutoff,
    cancelled: booking.bookingStatus === 'cancelled',
    cutoff: cutoff.toISOString(),
    message: booking.bookingStatus === 'cancelled' ? cancellationMessages.alreadyCancelled : !open ? cancellationMessages.notCancellable : ctx.now >= cutoff ? cancellationMessages.tooLate : null,
  };
}

/**
 * Cancels a booking that is still before its cut-off: releases the card authorisation (through
 * the payments operation, so never twice), gives the gift-card amount back, frees the window
 * and queues the confirmation email.
 */
export async function cancelBookingBeforeCutoff(db: Db, gateway: PaymentGateway, bookingId: string, ctx: CancellationContext) {
  const booking = await load(db, bookingId);
  if (booking.bookingStatus === 'cancelled') throw new DomainError(409, 'already_cancelled', cancellationMessages.alreadyCancelled);
  if (booking.bookingStatus !== 'pending' && booking.bookingStatus !== 'confirmed')
    throw new DomainError(409, 'not_cancellable', cancellationMessages.notCancellable);
  if (ctx.now >= cancellationCutoff(booking.pickupDate, booking.pickupTime, ctx.timeZone))
    throw new DomainError(409, 'too_late', cancellationMessages.tooLate);

  let releasedNote = 'Nothing was charged.';
  let released = false;
  if (booking.paymentStatus === 'paid' && booking.paymentIntentStatus === 'requires_capture') {
    const release = await releaseAuthorisation(db, gateway, booking.id);
    if (release && release.status !== 'succeeded')
      throw new DomainError(409, 'release_failed', `We could not release your card authorisation (${release.message ?? 'unknown error'}). Please call us at ${business.phone}.`);
    releasedNote = `The ${formatCents(booking.authorizedAmount)} authorisation on your card has been released. Nothing was charged.`;
    released = true;
  }
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(bookings)
      // released money is the spec's "refund" (DESIGN.md 5.4): the payment status says so
      .set({ bookingStatus: 'cancelled', cancelledAt: ctx.now, updatedAt: ctx.now, ...(released ? { paymentStatus: 'refunded' as const } : {}) })
      .where(and(eq(bookings.id, booking.id), inArray(bookings.bookingStatus, ['pending', 'confirmed'])))
      .returning({ id: bookings.id });
    if (updated.length === 0) return;
    await tx
      .update(pickupSlots)
      .set({ booked: sql`greatest(${pickupSlots.booked} - 1, 0)` })
      .where(and(eq(pickupSlots.pickupDate, booking.pickupDate), eq(pickupSlots.pickupTime, booking.pickupTime)));
    const giftBack = await releaseGiftCardHold(tx, booking.id);
    const note = giftBack > 0 ? `${releasedNote} ${formatCents(giftBack)} is back on your gift card.` : releasedNote;
    await queueBookingCancelled(tx, booking.id, ctx, note);
  });
  return { cancelled: true, message: releasedNote };
}
