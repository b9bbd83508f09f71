// Staff changes to a booking (spec: back-office 2, 3): its status, its price per pound, and its
// deletion. An authorisation or gift-card amount that is no longer needed goes back; every
// change writes the audit log.
import { and, eq, sql } from 'drizzle-orm';
import type { BookingStatus } from '../../shared/schemas/back-office';
import { isSettled } from '../../shared/booking-values';
import { audit } from '../admins/audit';
import type { Db, DbOrTx } from '../db/client';
import { bookings, pickupSlots } from '../db/schema';
import { DomainError } from '../errors';
import type { PaymentGateway } from '../gateways/payment/payment-gateway';
import { releaseGiftCardHold } from '../gift-cards/gift-cards.service';
import { releaseAuthorisation } from '../payments/charges.service';
import { getStaffBooking, loadBooking, staffBookingMessages, toStaffBooking, type Booking, type StaffContext } from './staff-booking';

async function freeSlot(tx: DbOrTx, booking: Booking) {
  await tx
    .update(pickupSlots)
    .set({ booked: sql`greatest(${pickupSlots.booked} - 1, 0)` })
    .where(and(eq(pickupSlots.pickupDate, booking.pickupDate), eq(pickupSlots.pickupTime, booking.pickupTime)));
}

/**
 * spec: back-office 4, an admin can set any status directly. Cancelling a booking that was not yet
 * weighed also lets go of what it holds: the card authorisation (nothing charged; its payment
 * status becomes refunded, DESIGN.md 5.4's word for released money), the gift-card amount and the
 * window. A weighed booking keeps its money and gift card when it is cancelled (a refund is its own
 * action). A cancellation that let something go cannot be undone here: the window, the authorisation
 * and the gift-card amount may be gone (decision 011).
 */
export async function setBookingStatus(db: Db, gateway: PaymentGateway, bookingId: string, status: BookingStatus, ctx: StaffContext) {
  const before = await loadBooking(db, bookingId);
  if (before.bookingStatus === status) return toStaffBooking(before);
  const settled = isSettled(before);
  if (before.bookingStatus === 'cancelled' && !settled) throw new DomainError(409, 'cannot_reopen', staffBookingMessages.cannotReopen);
  const letGo = status === 'cancelled' && !settled;
  let released = false;
  if (letGo && before.paymentStatus === 'paid' && before.paymentIntentStatus === 'requires_capture') {
    const release = await releaseAuthorisation(db, gateway, bookingId);
    if (release && release.status !== 'succeeded')
      throw new DomainError(409, 'release_failed', `The card authorisation could not be released (${release.message ?? 'unknown error'}). The booking is unchanged.`);
    released = true;
  }
  await db.transaction(async (tx) => {
    await tx
      .update(bookings)
      .set({ bookingStatus: status, updatedAt: ctx.now, ...(status === 'cancelled' ? { cancelledAt: ctx.now } : {}), ...(released ? { paymentStatus: 'refunded' as const } : {}) })
      .where(eq(bookings.id, bookingId));
    let giftCardReturnedCents = 0;
    if (letGo) {
      await freeSlot(tx, before);
      giftCardReturnedCents = await releaseGiftCardHold(tx, bookingId);
    }
    await audit(tx, ctx.actor, {
      action: 'booking.status_changed',
      targetType: 'booking',
      targetId: bookingId,
      before: { status: before.bookingStatus },
      after: { status, ...(letGo ? { authorisationReleased: released, giftCardReturnedCents } : {}) },
    });
  });
  return getStaffBooking(db, bookingId);
}

export async function setPricePerPound(db: Db, bookingId: string, pricePerPoundCents: number, ctx: StaffContext) {
  const before = await loadBooking(db, bookingId);
  if (before.weightAdjustmentProcessed || before.finalTotalAmount !== null) throw new DomainError(409, 'price_locked', staffBookingMessages.priceLocked);
  if (before.pricePerPoundCents === pricePerPoundCents) return toStaffBooking(before);
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(bookings)
      .set({ pricePerPoundCents, updatedAt: ctx.now })
      .where(and(eq(bookings.id, bookingId), eq(bookings.weightAdjustmentProcessed, false)))
      .returning({ id: bookings.id });
    if (updated.length === 0) throw new DomainError(409, 'price_locked', staffBookingMessages.priceLocked);
    await audit(tx, ctx.actor, {
      action: 'booking.price_per_pound_changed',
      targetType: 'booking',
      targetId: bookingId,
      before: { pricePerPoundCents: before.pricePerPoundCents },
      after: { pricePerPoundCents },
    });
  });
  return getStaffBooking(db, bookingId);
}

// ---------------------------------------------------------------------------------------------
// Deletion

/**
 * spec: back-office 2, Delete Booking. Releases an open authorisation and the gift-card amount
 * first; a booking with captured money is refused (it is cancelled instead, keeping the record).
 * The deleted row is kept in the audit log.
 */
export async function deleteBooking(db: Db, gateway: PaymentGateway, bookingId: string, ctx: StaffContext) {
  const booking = await loadBooking(db, bookingId);
  if (booking.capturedAmount > 0) throw new DomainError(409, 'has_captured_money', staffBookingMessages.capturedCannotDelete);
  if (booking.paymentStatus === 'paid' && booking.paymentIntentStatus === 'requires_capture') {
    const released = await releaseAuthorisation(db, gateway, bookingId);
    if (released && released.status !== 'succeeded')
      throw new DomainError(409, 'release_failed', `Failed to delete booking: the card authorisation could not be released (${released.message ?? 'unknown error'}).`);
  }
  await db.transaction(async (tx) => {
    const giftBack = await releaseGiftCardHold(tx, bookingId);
    if (booking.bookingStatus !== 'cancelled') await freeSlot(tx, booking);
    // search_text is derived from the rest (and kept by the database)
    const { createdAt, updatedAt, searchText: _searchText, ...rest } = booking;
    await audit(tx, ctx.actor, {
      action: 'booking.deleted',
      targetType: 'booking',
      targetId: bookingId,
      before: { ...rest, createdAt: createdAt.toISOString(), updatedAt: updatedAt.toISOString() },
      after: { authorisationReleased: booking.paymentIntentStatus === 'requires_capture', giftCardReturnedCents: giftBack },
    });
    await tx.delete(bookings).where(eq(bookings.id, bookingId));
  });
  return { deleted: true, message: `Booking for ${booking.name} deleted` };
}
