// The photo of the scale for staff (behind the /api/admin guard of app.ts; docs/design.md 9, files):
// the image itself is the request body, with a body limit of its own.
import { Hono, type Context } from 'hono';
import { imageResponse } from '../booking-records/stop-photo-http';
import { bodyLimit } from 'hono/body-limit';
import { fileEndpoints } from '../../shared/endpoints';
import type { StaffEnv } from '../admins/admins.routes';
import type { Db } from '../db/client';
import { domainError } from '../error-catalogue';
import type { FileStore } from '../gateways/files/file-store';
import { uuidParam } from '../http';
import { MAX_SCALE_PHOTO_BYTES, staffScalePhoto, uploadScalePhoto } from './scale-photo.service';

/** An image answer (stop-photo-http.ts): the scale's photo is answered as a stop's is. */
export const photoResponse = imageResponse;

export const scalePhotoBodyLimit = bodyLimit({
  maxSize: MAX_SCALE_PHOTO_BYTES,
  onError: () => {
    throw domainError('scale_photo_too_large', { maxMegabytes: MAX_SCALE_PHOTO_BYTES / 1024 / 1024 });
  },
});

export function scalePhotoRoutes(deps: { db: Db; files: FileStore; now: () => Date }) {
  const id = (c: Context) => uuidParam(c, 'id', 'booking_not_found');
  return new Hono<StaffEnv>()
    .put(fileEndpoints.uploadScalePhoto.path, scalePhotoBodyLimit, async (c) => {
      const bookingId = id(c);
      const bytes = new Uint8Array(await c.req.arrayBuffer());
      return c.json(await uploadScalePhoto(deps.db, deps.files, bookingId, bytes, { actor: c.var.staff, now: deps.now() }));
    })
    .get(fileEndpoints.getScalePhoto.path, async (c) => photoResponse(c, await staffScalePhoto(deps.db, deps.files, id(c))));
}
