// A bag tag's QR code (decision 056): the address that opens the order in All Bookings,
// `<site>/admin?q=WD-XXXXXX`, and the reading of a scanned code back into the order's code. A code
// from another site, another page, or without an order code is not one of this business's tags.

const codePattern = /^WD-[0-9A-F]{6}$/;

export function tagUrl(origin: string, confirmation: string): string {
  return `${origin}/admin?${new URLSearchParams({ q: confirmation })}`;
}

export type TagReading = { ok: true; code: string } | { ok: false; reason: 'not_ours' };

/** The order code a scanned tag names, if it is one of this site's tags. */
export function readTagText(text: string, origin: string): TagReading {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return { ok: false, reason: 'not_ours' };
  }
  const code = url.searchParams.get('q')?.toUpperCase() ?? '';
  if (url.origin !== origin || url.pathname !== '/admin' || !codePattern.test(code)) return { ok: false, reason: 'not_ours' };
  return { ok: true, code };
}

/** Whether a pro's job (its 8-character order number) is the order a tag's code names. */
export function tagNamesOrder(code: string, orderNumber: string): boolean {
  return codePattern.test(code) && orderNumber.toUpperCase().startsWith(code.slice(3));
}

/** The words a scan's refusal shows. */
export const tagMessages = {
  unreadable: 'No bag tag found in the photo. Hold the phone closer to the QR code, in good light, and try again.',
  notOurs: 'This code is not one of our bag tags.',
} as const;
