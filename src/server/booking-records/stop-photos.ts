// A stop's photos (decision 057): the pick-up, the delivery, the missed pick-up. One per booking and
// kind, kept behind the FileStore under a key the server makes; a new one replaces the one before
// (its file removed once the row names the new one). Written by the pro portal, read by staff and
// by the customer whose order it is, each after their own check of who may see the booking.
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { StopPhotoKind } from '../../shared/stops';
import { stopPhotoKinds } from '../../shared/stops';
import { recordAudit, type Actor } from '../audit/record-audit';
import type { Db, DbOrTx } from '../db/client';
import { bookings, stopPhotos } from '../db/schema';
import { domainError } from '../error-catalogue';
import type { FileStore, StoredFile } from '../gateways/files/file-store';
import { MAX_PHOTO_BYTES, sniffImageType } from '../gateways/files/image-type';

export const MAX_STOP_PHOTO_BYTES = MAX_PHOTO_BYTES;

export function stopPhotoKindOf(value: string | undefined): StopPhotoKind {
  const kind = stopPhotoKinds.find((k) => k === value);
  if (!kind) throw domainError('stop_photo_kind');
  return kind;
}

/** Checks the upload and names its type; every refusal is the pro's sentence. */
export function checkStopPhoto(bytes: Uint8Array) {
  if (bytes.byteLength === 0) throw domainError('stop_photo_missing');
  if (bytes.byteLength > MAX_STOP_PHOTO_BYTES) throw domainError('stop_photo_too_large', { maxMegabytes: MAX_STOP_PHOTO_BYTES / 1024 / 1024 });
  const image = sniffImageType(bytes);
  if (!image) throw domainError('stop_photo_type');
  return image;
}

type BookingRow = typeof bookings.$inferSelect;

/**
 * Keeps the photo of a stop. `open` is asked again under the booking's row lock, so a photo is
 * never kept for a stop that moved on meanwhile (it throws its own refusal). The same photo sent
 * twice (an offline retry) replaces itself: nothing is kept twice.
 */
export async function keepStopPhoto(
  db: Db,
  files: FileStore,
  p: { bookingId: string; kind: StopPhotoKind; bytes: Uint8Array; laundryProId: string | null; actor: Actor; now: Date; open: (b: BookingRow) => void },
) {
  const image = checkStopPhoto(p.bytes);
  const key = `stop-photos/${p.bookingId}/${p.kind.replace('_', '-')}-${randomUUID()}.${image.extension}`;
  await files.put(key, { bytes: p.bytes, contentType: image.type });
  let previous: string | null = null;
  try {
    await db.transaction(async (tx) => {
      const [b] = await tx.select().from(bookings).where(eq(bookings.id, p.bookingId)).for('update');
      if (!b) throw domainError('booking_not_found');
      p.open(b);
      const [before] = await tx.select({ key: stopPhotos.fileKey }).from(stopPhotos).where(and(eq(stopPhotos.bookingId, b.id), eq(stopPhotos.kind, p.kind)));
      previous = before?.key ?? null;
      await tx
        .insert(stopPhotos)
        .values({ bookingId: b.id, kind: p.kind, fileKey: key, takenAt: p.now, laundryProId: p.laundryProId })
        .onConflictDoUpdate({ target: [stopPhotos.bookingId, stopPhotos.kind], set: { fileKey: key, takenAt: p.now, laundryProId: p.laundryProId } });
      await recordAudit(tx, p.actor, { action: 'booking.stop_photo_added', targetType: 'booking', targetId: b.id, after: { kind: p.kind, bytes: p.bytes.byteLength, type: image.type } });
    });
  } catch (err) {
    // refused: the new file is nobody's
    await files.delete(key);
    throw err;
  }
  if (previous) await files.delete(previous);
  return { kind: p.kind, takenAt: p.now.toISOString() };
}

export type StopPhotoTimes = Partial<Record<StopPhotoKind, string>>;

/** When each of the bookings' photos was taken, by booking id: what a page lists (never the files). */
export async function stopPhotoTimes(db: DbOrTx, bookingIds: readonly string[]): Promise<Map<string, StopPhotoTimes>> {
  const out = new Map<string, StopPhotoTimes>();
  if (bookingIds.length === 0) return out;
  const rows = await db
    .select({ bookingId: stopPhotos.bookingId, kind: stopPhotos.kind, takenAt: stopPhotos.takenAt })
    .from(stopPhotos)
    .where(inArray(stopPhotos.bookingId, [...bookingIds]));
  for (const r of rows) {
    const times = out.get(r.bookingId) ?? {};
    times[stopPhotoKindOf(r.kind)] = r.takenAt.toISOString();
    out.set(r.bookingId, times);
  }
  return out;
}

/** The photo itself, for someone already allowed to see the booking. */
export async function readStopPhoto(db: DbOrTx, files: FileStore, bookingId: string, kind: StopPhotoKind): Promise<StoredFile> {
  const [row] = await db.select({ key: stopPhotos.fileKey }).from(stopPhotos).where(and(eq(stopPhotos.bookingId, bookingId), eq(stopPhotos.kind, kind)));
  const file = row ? await files.get(row.key) : null;
  if (!file) throw domainError('no_stop_photo');
  return file;
}

/** The keys of the bookings' photos, removed from the table in the caller's transaction (an erasure): the caller deletes the files after it commits. */
export async function forgetStopPhotos(tx: DbOrTx, bookingIds: readonly string[]): Promise<string[]> {
  if (bookingIds.length === 0) return [];
  const rows = await tx.delete(stopPhotos).where(inArray(stopPhotos.bookingId, [...bookingIds])).returning({ key: stopPhotos.fileKey });
  return rows.map((r) => r.key);
}

