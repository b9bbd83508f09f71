// Reading a bag tag's QR code from a photo (decision 056): the browser's own BarcodeDetector where
// it reads QR codes, else the qr library's detector of the same API, loaded only when a tag is
// scanned. A photo rather than a live camera: every phone's camera opens from a file input, with no
// permission to ask, and the pro's gloves need one tap.
import { readTagText, tagMessages, type TagReading } from '../../shared/bag-tags';

type Detected = { rawValue: string };
type Detector = { detect(image: ImageBitmapSource): Promise<Detected[]> };
type DetectorClass = new (options: { formats: string[] }) => Detector;

async function detectorClass(): Promise<DetectorClass> {
  const native = (globalThis as { BarcodeDetector?: DetectorClass & { getSupportedFormats(): Promise<string[]> } }).BarcodeDetector;
  if (native && (await native.getSupportedFormats().catch((): string[] => [])).includes('qr_code')) return native;
  return (await import('qr/decode.js')).BarcodeDetector as unknown as DetectorClass;
}

export type ScanResult = TagReading | { ok: false; reason: 'unreadable' };

/** The order code in a photo of a tag, or why there is none. */
export async function scanTag(photo: Blob, origin = window.location.origin): Promise<ScanResult> {
  try {
    const bitmap = await createImageBitmap(photo);
    const Detector = await detectorClass();
    const found = await new Detector({ formats: ['qr_code'] }).detect(bitmap);
    bitmap.close();
    const text = found[0]?.rawValue;
    if (!text) return { ok: false, reason: 'unreadable' };
    return readTagText(text, origin);
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
}

export function scanRefusal(result: Exclude<ScanResult, { ok: true }>): string {
  return result.reason === 'unreadable' ? tagMessages.unreadable : tagMessages.notOurs;
}
