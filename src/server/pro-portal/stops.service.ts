// What a pro brings back from a stop (decision 057): a photo at the pick-up, at the delivery, or of
// a missed pick-up; and the report of a missed pick-up ("no one home", "no bags out"), which staff
// then confirm (the no-show fee is charged) or dismiss. Only on the pro's own jobs.
import { and, eq } from 'drizzle-orm';
import type { MissedPickupReason, StopPhotoKind } from '../../shared/stops';
import { recordAudit } from '../audit/record-audit';
import type { Db } from '../db/client';
import { bookings, laundryAssignments, missedPickups, stopPhotos } from '../db/schema';
import { domainError } from '../error-catalogue';
import type { FileStore } from '../gateways/files/file-store';
import { keepStopPhoto } from '../booking-records/stop-photos';
import type { ProActor } from './pro-guard';

type BookingRow = typeof bookings.$inferSelect;

/** The booking of one of the pro's own jobs; another pro's job is not found. */
async function ownJob(db: Db, actor: ProActor, assignmentId: string) {
  const [row] = await db
    .select({ bookingId: laundryAssignments.bookingId })
    .from(laundryAssignments)
    .where(and(eq(laundryAssignments.id, assignmentId), eq(laundryAssignments.laundryProId, actor.proId)));
  if (!row) throw domainError('pro_job_not_found');
  return row.bookingId;
}

const notOpen = (message: string) => domainError('stop_photo_not_open', { message });

/**
 * When each photo may be taken. A photo that waited offline may arrive after the next step was
 * recorded, so the pick-up's is kept until the order is delivered and the delivery's after it.
 */
export function stopPhotoOpen(kind: StopPhotoKind, b: Pick<BookingRow, 'bookingStatus' | 'progress'>): void {
  if (b.bookingStatus === 'cancelled') throw notOpen('This order is cancelled: its photos can no longer change.');
  if (kind === 'pickup' && b.bookingStatus === 'pending') throw notOpen('This order is not paid yet: there is nothing to pick up.');
  if (kind === 'delivery' && b.bookingStatus !== 'completed' && b.bookingStatus !== 'delivered')
    throw notOpen('The delivery photo is taken when the order is delivered: this order is not weighed yet.');
  if (kind === 'no_show' && b.bookingStatus !== 'confirmed') throw domainError('missed_pickup_not_open');
}

export async function uploadProStopPhoto(db: Db, files: FileStore, actor: ProActor, assignmentId: string, kind: StopPhotoKind, bytes: Uint8Array, now: Date) {
  const bookingId = await ownJob(db, actor, assignmentId);
  return keepStopPhoto(db, files, { bookingId, kind, bytes, laundryProId: actor.proId, actor, now, open: (b) => stopPhotoOpen(kind, b) });
}

/**
 * The pro found nobody, or no bags, at a pick-up still to do: reported with the photo taken there.
 * Staff decide (missed-pickups.service.ts). The same report again changes nothing.
 */
export async function reportMissedPickup(db: Db, actor: ProActor, assignmentId: string, reason: MissedPickupReason, now: Date) {
  const bookingId = await ownJob(db, actor, assignmentId);
  return db.transaction(async (tx) => {
    const [b] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for('update');
    if (!b) throw domainError('pro_job_not_found');
    const [already] = await tx.select().from(missedPickups).where(eq(missedPickups.bookingId, bookingId));
    if (already?.status === 'reported') return { reason: already.reason as MissedPickupReason, status: 'reported' as const };
    // a picked-up, delivered or cancelled order, or one staff already decided on
    if (b.bookingStatus !== 'confirmed' || already) throw domainError('missed_pickup_not_open');
    const [photo] = await tx.select({ kind: stopPhotos.kind }).from(stopPhotos).where(and(eq(stopPhotos.bookingId, bookingId), eq(stopPhotos.kind, 'no_show')));
    if (!photo) throw domainError('missed_pickup_photo_needed');
    await tx.insert(missedPickups).values({ bookingId, reason, status: 'reported', reportedAt: now, laundryProId: actor.proId });
    await recordAudit(tx, actor, { action: 'booking.missed_pickup_reported', targetType: 'booking', targetId: bookingId, after: { reason, laundryProId: actor.proId } });
    return { reason, status: 'reported' as const };
  });
}
