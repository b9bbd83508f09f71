// A photo (the scale's, a stop's), made small in the browser before it is sent (docs/design.md 9, files): a
// phone photo of several MB becomes a JPEG of at most 1600 px, a few hundred KB on a weak signal,
// and drawing it again leaves its metadata (where and on which phone it was taken) behind. A photo
// the browser cannot draw goes as it is; the server checks type and size either way.
const maxSide = 1600;

export async function shrinkPhoto(file: File): Promise<Blob> {
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, maxSide / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85));
    return blob && blob.size > 0 ? blob : file;
  } catch {
    return file;
  }
}
