// Staff changes to a booking (spec: back-office 2, 3): its status, its price per pound, and its
// deletion. An authorisation or gift-card amount that is no longer needed goes back; every
// change writes the audit log.
import { forgetStopPhotos } from '../booking-records/stop-photos';
import type { FileStore } from '../gateways/files/file-store';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { BookingStatus } from '../../shared/schemas/back-office';
import { statusMove } from '../../shared/status-machine';
import { deletedBookingDetails, recordAudit } from '../audit/record-audit';
import type { Db, DbOrTx } from '../db/client';
import { bookings, laundryAssignments, pickupSlots } from '../db/schema';
import { domainError } from '../error-catalogue';
import type { PaymentGateway } from '../gateways/payment/payment-gateway';
import { releaseGiftCardHold } from '../gift-cards/gift-cards.service';
import { queueBookingCancelled, type NotificationContext } from '../notifications/notifications.service';
import { releaseAuthorisation } from './booking-payments';
import { cancellationNote } from './booking-messages';
import { recordStage } from '../booking-records/progress-stages';
import { markPickedUp, resetProgress } from './progress.service';
import { getStaffBooking, loadBooking, type Booking, type StaffContext } from './staff-booking';

async function freeSlot(tx: DbOrTx, booking: Booking) {
  await tx
    .update(pickupSlots)
    .set({ booked: sql`greatest(${pickupSlots.booked} - 1, 0)` })
    .where(and(eq(pickupSlots.pickupDate, booking.pickupDate), eq(pickupSlots.pickupTime, booking.pickupTime)));
}

/**
 * spec: back-office 4, narrowed by docs/design.md 9 (status machine): one step at a time along the
 * booking's way, one step back to correct a mistake, completed only by weighing, cancelled only
 * before the weighing. Cancelling lets go of what the booking holds: the card authorisation
 * (nothing charged; its payment status becomes refunded, docs/design.md 5.4's word for released money),
 * the gift-card amount and the window, and emails the customer. A cancelled booking stays
 * cancelled (decision 011).
 */
export async function setBookingStatus(db: Db, gateway: PaymentGateway, bookingId: string, status: BookingStatus, ctx: StaffContext & { notify: NotificationContext }) {
  const before = await loadBooking(db, bookingId);
  if (before.bookingStatus === status) return getStaffBooking(db, bookingId);
  const move = statusMove(before, status);
  if (!move.allowed) throw domainError('status_not_allowed', { reason: move.reason });
  const cancelling = status === 'cancelled';
  // the move as it was checked: a weighing or another change at the same moment wins, this one is refused
  const unchanged = and(eq(bookings.id, bookingId), eq(bookings.bookingStatus, before.bookingStatus));
  let released = false;
  if (cancelling) {
    // claimed before the hold is let go, so a weighing cannot start on a hold being released
    const claimed = await db
      .update(bookings)
      .set({ bookingStatus: 'cancelled', cancelledAt: ctx.now, updatedAt: ctx.now })
      .where(and(unchanged, eq(bookings.weightAdjustmentProcessed, false), isNull(bookings.finalTotalAmount)))
      .returning({ id: bookings.id });
    if (claimed.length === 0) throw domainError('status_changed');
    if (before.paymentStatus === 'paid' && before.paymentIntentStatus === 'requires_capture') {
      const release = await releaseAuthorisation(db, gateway, bookingId).catch((err: unknown) => ({ status: 'failed', message: err instanceof Error ? err.message : String(err) }));
      if (release && release.status !== 'succeeded') {
        // nothing was let go: the booking is as it was
        await db
          .update(bookings)
          .set({ bookingStatus: before.bookingStatus, cancelledAt: before.cancelledAt, updatedAt: ctx.now })
          .where(and(eq(bookings.id, bookingId), eq(bookings.bookingStatus, 'cancelled')));
        throw domainError('status_release_failed', { reason: release.message ?? null });
      }
      released = true;
    }
  }
  await db.transaction(async (tx) => {
    if (cancelling) {
      if (released) await tx.update(bookings).set({ paymentStatus: 'refunded' }).where(eq(bookings.id, bookingId));
    } else {
      const moved = await tx.update(bookings).set({ bookingStatus: status, updatedAt: ctx.now }).where(unchanged).returning({ id: bookings.id });
      if (moved.length === 0) throw domainError('status_changed');
      // live progress (decision 023): picked up tells the customer; back to confirmed starts the laundry steps again
      if (status === 'in-progress' && before.bookingStatus === 'confirmed') await markPickedUp(tx, bookingId, { now: ctx.now, notify: ctx.notify, tell: true });
      if (status === 'delivered') await recordStage(tx, bookingId, 'delivered', ctx.now);
      if (status === 'confirmed') await resetProgress(tx, bookingId);
    }
    let giftCardReturnedCents = 0;
    if (cancelling) {
      await freeSlot(tx, before);
      giftCardReturnedCents = await releaseGiftCardHold(tx, bookingId);
      await queueBookingCancelled(tx, bookingId, ctx.notify, cancellationNote(released ? before.authorizedAmount : 0, giftCardReturnedCents));
    }
    await recordAudit(tx, ctx.actor, {
      action: 'booking.status_changed',
      targetType: 'booking',
      targetId: bookingId,
      before: { status: before.bookingStatus },
      after: { status, ...(cancelling ? { authorisationReleased: released, releasedCents: released ? before.authorizedAmount : 0, giftCardReturnedCents } : {}) },
    });
  });
  return getStaffBooking(db, bookingId);
}

export async function setPricePerPound(db: Db, bookingId: string, pricePerPoundCents: number, ctx: StaffContext) {
  const before = await loadBooking(db, bookingId);
  if (before.weightAdjustmentProcessed || before.finalTotalAmount !== null) throw domainError('price_locked');
  if (before.pricePerPoundCents === pricePerPoundCents) return getStaffBooking(db, bookingId);
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(bookings)
      .set({ pricePerPoundCents, updatedAt: ctx.now })
      .where(and(eq(bookings.id, bookingId), eq(bookings.weightAdjustmentProcessed, false)))
      .returning({ id: bookings.id });
    if (updated.length === 0) throw domainError('price_locked');
    await recordAudit(tx, ctx.actor, {
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
 * spec: back-office 2, Delete Booking. A booking that money paid for is refused (it is cancelled
 * instead, keeping the record): captured by card, paid by a gift card, or weighed at all (the
 * laundry was done). Otherwise it is claimed first (decision 030: marked cancelled on the condition
 * that none of that happened meanwhile), then its open authorisation and gift-card amount go back,
 * then it is deleted. The deleted row is kept in the audit log.
 */
export async function deleteBooking(db: Db, gateway: PaymentGateway, files: Pick<FileStore, 'delete'>, bookingId: string, ctx: StaffContext) {
  const booking = await loadBooking(db, bookingId);
  if (booking.capturedAmount > 0 || (booking.giftCardAppliedCents ?? 0) > 0 || booking.weightAdjustmentProcessed || booking.finalTotalAmount !== null)
    throw domainError('has_captured_money');
  // a waived weighing charges nothing, but the pro earned their payout (decision 018)
  const [earned] = await db.select({ id: laundryAssignments.id }).from(laundryAssignments).where(and(eq(laundryAssignments.bookingId, bookingId), eq(laundryAssignments.status, 'completed')));
  if (earned) throw domainError('pro_earned');
  const claimed = await db
    .update(bookings)
    .set({ bookingStatus: 'cancelled', cancelledAt: booking.cancelledAt ?? ctx.now, updatedAt: ctx.now })
    .where(
      and(
        eq(bookings.id, bookingId),
        eq(bookings.bookingStatus, booking.bookingStatus),
        eq(bookings.capturedAmount, 0),
        eq(bookings.weightAdjustmentProcessed, false),
        isNull(bookings.finalTotalAmount),
        sql`coalesce(${bookings.giftCardAppliedCents}, 0) = 0`,
      ),
    )
    .returning({ id: bookings.id });
  if (claimed.length === 0) throw domainError('status_changed');
  if (booking.paymentStatus === 'paid' && booking.paymentIntentStatus === 'requires_capture') {
    const released = await releaseAuthorisation(db, gateway, bookingId).catch((err: unknown) => ({ status: 'failed', message: err instanceof Error ? err.message : String(err) }));
    if (released && released.status !== 'succeeded') {
      // nothing was let go: the booking is as it was
      await db.update(bookings).set({ bookingStatus: booking.bookingStatus, cancelledAt: booking.cancelledAt, updatedAt: ctx.now }).where(eq(bookings.id, bookingId));
      throw domainError('delete_release_failed', { reason: released.message ?? null });
    }
  }
  const photoKeys = await db.transaction(async (tx) => {
    const giftBack = await releaseGiftCardHold(tx, bookingId);
    if (booking.bookingStatus !== 'cancelled') await freeSlot(tx, booking);
    await recordAudit(tx, ctx.actor, {
      action: 'booking.deleted',
      targetType: 'booking',
      targetId: bookingId,
      before: deletedBookingDetails(booking),
      after: { authorisationReleased: booking.paymentIntentStatus === 'requires_capture', giftCardReturnedCents: giftBack },
    });
    // its photos go with it (decision 057): the rows now, the files once this has committed
    const keys = await forgetStopPhotos(tx, [bookingId]);
    await tx.delete(bookings).where(eq(bookings.id, bookingId));
    return booking.scalePhotoKey ? [...keys, booking.scalePhotoKey] : keys;
  });
  for (const key of photoKeys) await files.delete(key);
  return { deleted: true, message: `Booking for ${booking.name} deleted` };
}
