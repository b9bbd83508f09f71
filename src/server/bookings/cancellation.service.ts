// Self-service cancellation (beyond the spec): free up to 2 hours before the pick-up window
// starts; the card authorisation and any gift-card amount go back; confirmed by email.
import { and, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client';
import { bookings, pickupSlots } from '../db/schema';
import { domainError, errorMessage } from '../error-catalogue';
import { businessReach } from '../settings/settings.service';
import type { PaymentGateway } from '../gateways/payment/payment-gateway';
import { giftCardHoldOf, releaseGiftCardHold } from '../gift-cards/gift-cards.service';
import { queueBookingCancelled, type NotificationContext } from '../notifications/notifications.service';
import { releaseAuthorisation } from './booking-payments';
import { getPublicBooking } from '../booking-records/public-booking';
import { cancellationNote } from './booking-messages';
import { cancellationCutoff, verifyCancelToken } from '../booking-records/cancel-link';

export type CancellationContext = NotificationContext & { timeZone: string; now: Date };

export const cancellationMessages = {
  badLink: errorMessage('bad_cancel_link'),
  alreadyCancelled: errorMessage('already_cancelled'),
  notCancellable: errorMessage('not_cancellable'),
} as const;

const bookingIdSchema = z.string().uuid();

/** The booking a cancellation link names, or 403: a link whose id or token does not match is not ours. */
function verifiedBookingId(bookingId: string | undefined, token: string | undefined, secret: string): string {
  const id = bookingIdSchema.safeParse(bookingId);
  if (!id.success || !verifyCancelToken(secret, id.data, token)) throw domainError('bad_cancel_link');
  return id.data;
}

async function load(db: Db, bookingId: string) {
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
  if (!booking) throw domainError('booking_not_found');
  return booking;
}

/** What the cancellation page shows, for the id and token of the link in the customer's email. */
export async function getCancellation(db: Db, input: { bookingId: string | undefined; token: string | undefined }, ctx: CancellationContext) {
  const booking = await load(db, verifiedBookingId(input.bookingId, input.token, ctx.secret));
  const reach = await businessReach(db);
  const cutoff = cancellationCutoff(booking.pickupDate, booking.pickupTime, { timeZone: ctx.timeZone, freeCancellationHours: reach.freeCancellationHours });
  const open = booking.bookingStatus === 'pending' || booking.bookingStatus === 'confirmed';
  const cancelled = booking.bookingStatus === 'cancelled';
  const giftCard = await giftCardHoldOf(db, booking.id);
  return {
    booking: await getPublicBooking(db, { bookingId: booking.id }),
    cancellable: open && ctx.now < cutoff,
    cancelled,
    cutoff: cutoff.toISOString(),
    message: cancelled ? cancellationMessages.alreadyCancelled : !open ? cancellationMessages.notCancellable : ctx.now >= cutoff ? errorMessage('too_late', reach) : null,
    // what the page says a cancellation releases (open) or released (cancelled): amounts this
    // booking's own link already shows, nothing of the card or the gift card's code
    release: open
      ? { card_cents: holdsAuthorisation(booking) ? booking.authorizedAmount : 0, gift_card_cents: giftCard.heldCents }
      : cancelled
        ? { card_cents: booking.paymentStatus === 'refunded' && booking.paymentIntentStatus === 'canceled' ? booking.authorizedAmount : 0, gift_card_cents: giftCard.returnedCents }
        : { card_cents: 0, gift_card_cents: 0 },
  };
}

/** A card authorisation that is still held: what a cancellation releases. */
function holdsAuthorisation(booking: { paymentStatus: string; paymentIntentStatus: string | null }): boolean {
  return booking.paymentStatus === 'paid' && booking.paymentIntentStatus === 'requires_capture';
}

/** The customer's own cancellation, from the link in their email: the link is checked first. */
export async function cancelBookingByLink(
  db: Db,
  gateway: PaymentGateway,
  input: { bookingId: string | undefined; token: string | undefined },
  ctx: CancellationContext,
) {
  return cancelBookingBeforeCutoff(db, gateway, verifiedBookingId(input.bookingId, input.token, ctx.secret), ctx);
}

/**
 * Cancels a booking that is still before its cut-off. The booking is claimed first (cancelled, on
 * the condition that it is still open and not weighed), so staff marking it picked up or weighing
 * it at the same moment either win before it, and the cancellation is refused, or find it
 * cancelled; only then is the card authorisation released (through the payments operation, so
 * never twice). A release the gateway refuses puts the booking back as it was. Then the gift-card
 * amount goes back, the window is freed and the confirmation email is queued.
 */
export async function cancelBookingBeforeCutoff(db: Db, gateway: PaymentGateway, bookingId: string, ctx: CancellationContext) {
  const booking = await load(db, bookingId);
  if (booking.bookingStatus === 'cancelled') throw domainError('already_cancelled');
  if (booking.bookingStatus !== 'pending' && booking.bookingStatus !== 'confirmed')
    throw domainError('not_cancellable');
  const reach = await businessReach(db);
  if (ctx.now >= cancellationCutoff(booking.pickupDate, booking.pickupTime, { timeZone: ctx.timeZone, freeCancellationHours: reach.freeCancellationHours }))
    throw domainError('too_late', reach);

  // decision 030: claimed before any money moves
  const claimed = await db
    .update(bookings)
    .set({ bookingStatus: 'cancelled', cancelledAt: ctx.now, updatedAt: ctx.now })
    .where(and(eq(bookings.id, booking.id), eq(bookings.bookingStatus, booking.bookingStatus), eq(bookings.weightAdjustmentProcessed, false), isNull(bookings.finalTotalAmount)))
    .returning({ id: bookings.id });
  if (claimed.length === 0) {
    const now = await load(db, bookingId);
    throw domainError(now.bookingStatus === 'cancelled' ? 'already_cancelled' : 'not_cancellable');
  }

  let released = false;
  if (holdsAuthorisation(booking)) {
    const release = await releaseAuthorisation(db, gateway, booking.id).catch((err: unknown) => ({ status: 'failed', message: err instanceof Error ? err.message : String(err) }));
    if (release && release.status !== 'succeeded') {
      // nothing was let go: the booking is as it was
      await db
        .update(bookings)
        .set({ bookingStatus: booking.bookingStatus, cancelledAt: booking.cancelledAt, updatedAt: ctx.now })
        .where(and(eq(bookings.id, booking.id), eq(bookings.bookingStatus, 'cancelled')));
      throw domainError('release_failed', { reason: release.message ?? null, phone: (await businessReach(db)).phone });
    }
    released = true;
  }
  const cardReleasedCents = released ? booking.authorizedAmount : 0;
  const { giftCardReturnedCents, emailSent } = await db.transaction(async (tx) => {
    // released money is the spec's "refund" (docs/design.md 5.4): the payment status says so
    if (released) await tx.update(bookings).set({ paymentStatus: 'refunded' }).where(eq(bookings.id, booking.id));
    await tx
      .update(pickupSlots)
      .set({ booked: sql`greatest(${pickupSlots.booked} - 1, 0)` })
      .where(and(eq(pickupSlots.pickupDate, booking.pickupDate), eq(pickupSlots.pickupTime, booking.pickupTime)));
    const giftBack = await releaseGiftCardHold(tx, booking.id);
    // decision 042: an unpaid booking's address gets a few such emails a day at most
    const queued = await queueBookingCancelled(tx, booking.id, ctx, cancellationNote(cardReleasedCents, giftBack));
    return { giftCardReturnedCents: giftBack, emailSent: queued };
  });
  return {
    cancelled: true,
    message: cancellationNote(cardReleasedCents, giftCardReturnedCents),
    card_released_cents: cardReleasedCents,
    gift_card_returned_cents: giftCardReturnedCents,
    email_sent: emailSent,
  };
}
