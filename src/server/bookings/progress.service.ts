// Live progress (decision 023): staff and the order's pro move the laundry forward (washing, ready,
// out for delivery) beside the money's status machine; picked up and delivered come with the status
// moves. Each stage reached is recorded with its time for the customer's timeline; the customer is
// told when their laundry is picked up and when it is out for delivery (the weighing has its own
// message, with the invoice link).
import { eq } from 'drizzle-orm';
import { currentStage, progressMove, type LaundryStep } from '../../shared/order-progress';
import { recordAudit, type Actor } from '../audit/record-audit';
import type { Db, DbOrTx } from '../db/client';
import { recordStage } from '../booking-records/progress-stages';
import { bookings } from '../db/schema';
import { domainError } from '../error-catalogue';
import { getStaffBooking } from './staff-booking';
import { queueLaundryPickedUp, queueOutForDelivery, type NotificationContext } from '../notifications/progress-notices';

/**
 * The laundry is picked up (the status moved to in progress): recorded, and the customer told,
 * unless the weighing that picked it up tells them itself.
 */
export async function markPickedUp(tx: DbOrTx, bookingId: string, ctx: { now: Date; notify: NotificationContext; tell: boolean }): Promise<void> {
  await recordStage(tx, bookingId, 'picked_up', ctx.now);
  if (ctx.tell) await queueLaundryPickedUp(tx, bookingId, ctx.notify);
}

/** The status went back a step (staff correcting a mistake): the laundry steps start again. */
export async function resetProgress(tx: DbOrTx, bookingId: string): Promise<void> {
  await tx.update(bookings).set({ progress: null }).where(eq(bookings.id, bookingId));
}

/** Moves the order to a laundry step; the same step again changes nothing. */
export async function advanceLaundry(db: Db, bookingId: string, to: LaundryStep, ctx: { actor: Actor; now: Date; notify: NotificationContext; by: 'staff' | 'pro' }): Promise<void> {
  await db.transaction(async (tx) => {
    // locked: a status change or another step at the same moment waits for this one
    const [b] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for('update');
    if (!b) throw domainError('booking_not_found');
    const move = progressMove(b, to);
    if (!move.allowed) throw domainError('progress_not_open', { message: move.reason });
    const from = currentStage(b);
    if (from === to) return;
    await tx.update(bookings).set({ progress: to, updatedAt: ctx.now }).where(eq(bookings.id, b.id));
    await recordStage(tx, b.id, to, ctx.now);
    await recordAudit(tx, ctx.actor, { action: 'booking.progress_changed', targetType: 'booking', targetId: b.id, before: { stage: from }, after: { stage: to, by: ctx.by } });
    if (to === 'out_for_delivery') await queueOutForDelivery(tx, b.id, ctx.notify);
  });
}

/** Staff move an order to a laundry step (spec: back-office 2, the booking's details); answers the booking. */
export async function setBookingProgress(db: Db, bookingId: string, stage: LaundryStep, ctx: { actor: Actor; now: Date; notify: NotificationContext }) {
  await advanceLaundry(db, bookingId, stage, { ...ctx, by: 'staff' });
  return getStaffBooking(db, bookingId);
}
