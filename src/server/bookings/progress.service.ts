// Live progress (decision 023): staff and the order's pro move the laundry forward (washing, ready,
// out for delivery) beside the money's status machine; picked up and delivered come with the status
// moves. Each stage reached is recorded with its time for the customer's timeline; the customer is
// told when their laundry is picked up and when it is out for delivery (the weighing has its own
// message, with the invoice link).
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { plannedDelivery, type DeliveryWindow } from '../../shared/due-back';
import { deliverySchedule, readSettings } from '../settings/settings.service';
import { currentStage, progressMove, type LaundryStep } from '../../shared/order-progress';
import { recordAudit, type Actor } from '../audit/record-audit';
import type { Db, DbOrTx } from '../db/client';
import { recordStage } from '../booking-records/progress-stages';
import { bookingProgress, bookings } from '../db/schema';
import { domainError } from '../error-catalogue';
import { getStaffBooking } from './staff-booking';
import { queueLaundryPickedUp, queueOutForDelivery, type NotificationContext } from '../notifications/progress-notices';

/**
 * The laundry is picked up (the status moved to in progress): recorded, and the customer told,
 * unless the weighing that picked it up tells them itself.
 */
export async function markPickedUp(tx: DbOrTx, bookingId: string, ctx: { now: Date; notify: NotificationContext; tell: boolean }): Promise<DeliveryWindow | null> {
  await recordStage(tx, bookingId, 'picked_up', ctx.now);
  const planned = await planDelivery(tx, bookingId, ctx.now);
  if (ctx.tell) await queueLaundryPickedUp(tx, bookingId, ctx.notify);
  return planned;
}

/**
 * The delivery window planned at the pick-up (decision 056), from the schedule in the settings at
 * that moment: the turnaround's first window, or rush's last within 24 hours. One already planned
 * (a repeated pick-up, or one the customer moved) stays.
 */
export async function planDelivery(tx: DbOrTx, bookingId: string, now: Date): Promise<DeliveryWindow | null> {
  const [b] = await tx.select({ rush: bookings.rushDelivery, date: bookings.dueBackDate, time: bookings.dueBackTime }).from(bookings).where(eq(bookings.id, bookingId));
  if (!b) return null;
  if (b.date && b.time) return { date: b.date, time: b.time };
  const planned = plannedDelivery(now, b.rush, deliverySchedule(await readSettings(tx)));
  if (planned) await tx.update(bookings).set({ dueBackDate: planned.date, dueBackTime: planned.time }).where(eq(bookings.id, bookingId));
  return planned;
}

/**
 * Orders picked up before deliveries were planned (decision 056, migration 0043): each planned from
 * when it was picked up (its recorded stage, else its last change), as if planned then. A window
 * already past is kept: the day board shows it as overdue. Answers how many were planned.
 */
export async function planMissingDeliveries(db: Db): Promise<number> {
  const rows = await db
    .select({ id: bookings.id, at: sql<Date>`coalesce(${bookingProgress.at}, ${bookings.updatedAt})`.mapWith((v: string | Date) => new Date(v)) })
    .from(bookings)
    .leftJoin(bookingProgress, and(eq(bookingProgress.bookingId, bookings.id), eq(bookingProgress.stage, 'picked_up')))
    .where(and(inArray(bookings.bookingStatus, ['in-progress', 'completed']), isNull(bookings.dueBackDate)))
    .limit(500);
  for (const row of rows) await db.transaction((tx) => planDelivery(tx, row.id, row.at));
  return rows.length;
}

/** The status went back a step (staff correcting a mistake): the laundry steps start again. */
export async function resetProgress(tx: DbOrTx, bookingId: string): Promise<void> {
  // not picked up after all: no delivery is planned either
  await tx.update(bookings).set({ progress: null, dueBackDate: null, dueBackTime: null }).where(eq(bookings.id, bookingId));
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
