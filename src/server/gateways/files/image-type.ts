// The image types a photo may be (the scale's, a stop's): the bytes decide, never the file's name
// or the type the browser sent.

const imageTypes = [
  { type: 'image/jpeg', extension: 'jpg', matches: (b: Uint8Array) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { type: 'image/png', extension: 'png', matches: (b: Uint8Array) => [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((v, i) => b[i] === v) },
  // RIFF....WEBP
  { type: 'image/webp', extension: 'webp', matches: (b: Uint8Array) => ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP' },
] as const;

export type ImageType = (typeof imageTypes)[number];

function ascii(bytes: Uint8Array, from: number, to: number) {
  return String.fromCharCode(...bytes.subarray(from, to));
}

/** The image type the bytes begin with (JPEG, PNG or WebP), or null for anything else. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  return imageTypes.find((t) => t.matches(bytes)) ?? null;
}

/** A phone photo scaled down in the browser is a few hundred KB; an original straight from the camera fits too. */
export const MAX_PHOTO_BYTES = 8 * 1024 * 1024;
