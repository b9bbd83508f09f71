// A stop's photo over HTTP (decision 057): the upload's own body limit, and the image answer staff
// and the order's customer read it as.
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { domainError } from '../error-catalogue';
import type { StoredFile } from '../gateways/files/file-store';
import { MAX_STOP_PHOTO_BYTES } from './stop-photos';

export const stopPhotoBodyLimit = bodyLimit({
  maxSize: MAX_STOP_PHOTO_BYTES,
  onError: () => {
    throw domainError('stop_photo_too_large', { maxMegabytes: MAX_STOP_PHOTO_BYTES / 1024 / 1024 });
  },
});

/** An image answer: the type the bytes were checked to be, shown inline, never sniffed or kept by a shared cache. */
export function imageResponse(c: Context, photo: StoredFile) {
  return c.body(new Uint8Array(photo.bytes), 200, {
    'content-type': photo.contentType,
    'content-disposition': 'inline',
    'cache-control': 'private, no-store',
    'x-content-type-options': 'nosniff',
  });
}
