// The photo of the scale reading (docs/design.md 5.5 transparent weighing; docs/design.md 9, files): staff
// attach it from the weight dialog, the customer sees it on their invoice. The bytes decide the
// type (never the name or the header the browser sent), the size is bounded, and the file is kept
// behind the FileStore under a key the server makes; it is served only to staff and to the
// holder of the booking's invoice link.
import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { recordAudit } from '../audit/record-audit';
import type { Db } from '../db/client';
import { bookings } from '../db/schema';
import { domainError } from '../error-catalogue';
import type { FileStore, StoredFile } from '../gateways/files/file-store';
import { MAX_PHOTO_BYTES, sniffImageType } from '../gateways/files/image-type';
import { getStaffBooking, loadBooking, type Booking, type StaffContext } from './staff-booking';

export { sniffImageType };
export const MAX_SCALE_PHOTO_BYTES = MAX_PHOTO_BYTES;

/** Checks the upload and names its type; every refusal is the staff's sentence. */
export function checkScalePhoto(bytes: Uint8Array) {
  if (bytes.byteLength === 0) throw domainError('scale_photo_missing');
  if (bytes.byteLength > MAX_SCALE_PHOTO_BYTES) throw domainError('scale_photo_too_large', { maxMegabytes: MAX_SCALE_PHOTO_BYTES / 1024 / 1024 });
  const image = sniffImageType(bytes);
  if (!image) throw domainError('scale_photo_type');
  return image;
}

/**
 * Keeps the photo for the booking, replacing the one before (its file is removed once the booking
 * names the new one). Refused once the customer approved the bill, which the photo is part of.
 */
export async function uploadScalePhoto(db: Db, files: FileStore, bookingId: string, bytes: Uint8Array, ctx: StaffContext) {
  const image = checkScalePhoto(bytes);
  const booking = await loadBooking(db, bookingId);
  refuseChange(booking);
  const key = `scale-photos/${booking.id}/${randomUUID()}.${image.extension}`;
  await files.put(key, { bytes, contentType: image.type });
  const replaced = await db.transaction(async (tx) => {
    const [current] = await tx.select({ key: bookings.scalePhotoKey }).from(bookings).where(eq(bookings.id, booking.id)).for('update');
    const rows = await tx
      .update(bookings)
      .set({ scalePhotoKey: key, scalePhotoUploadedAt: ctx.now, updatedAt: ctx.now })
      .where(and(eq(bookings.id, booking.id), isNull(bookings.customerApprovedAt)))
      .returning({ id: bookings.id });
    if (rows.length === 0) return null;
    await recordAudit(tx, ctx.actor, { action: 'booking.scale_photo_added', targetType: 'booking', targetId: booking.id, after: { bytes: bytes.byteLength, type: image.type } });
    return { previousKey: current?.key ?? null };
  });
  if (!replaced) {
    // approved between the check and the write: the new file is not the booking's
    await files.delete(key);
    throw domainError('scale_photo_locked');
  }
  if (replaced.previousKey) await files.delete(replaced.previousKey);
  return { booking: await getStaffBooking(db, booking.id) };
}

function refuseChange(booking: Booking) {
  if (booking.bookingStatus === 'cancelled') throw domainError('scale_photo_cancelled');
  if (booking.customerApprovedAt) throw domainError('scale_photo_locked');
}

/** The booking's photo for someone already allowed to see the booking (staff, or its invoice link). */
export async function readScalePhoto(files: FileStore, booking: Pick<Booking, 'scalePhotoKey'>): Promise<StoredFile> {
  const file = booking.scalePhotoKey ? await files.get(booking.scalePhotoKey) : null;
  if (!file) throw domainError('no_scale_photo');
  return file;
}

export async function staffScalePhoto(db: Db, files: FileStore, bookingId: string) {
  return readScalePhoto(files, await loadBooking(db, bookingId));
}
