// The link to the customer's final invoice (docs/design.md 5.5, 9 one-time links): signed with the
// server's secret for this purpose, this booking and this version of its bill, so a re-weighed
// bill needs the new link, and expiring after 60 days. The token carries its expiry and the
// bill's version in the clear, and the signature covers both: changing either breaks it.
import { invoiceLinkDays } from '../../shared/link-lifetimes';
import { signedToken, verifySignedToken } from '../signed-token';


type WeighedBill = { id: string; actualWeightTenths: number | null; finalTotalAmount: number | null };

/** The version of a booking's weighed bill: its weight and final total; null before weighing. */
export function billVersion(b: WeighedBill): string | null {
  if (b.actualWeightTenths === null || b.finalTotalAmount === null) return null;
  return `${b.actualWeightTenths}-${b.finalTotalAmount}`;
}

function sign(secret: string, bookingId: string, version: string, expiresAt: number): string {
  return `${expiresAt}.${version}.${signedToken(secret, 'invoice', `${bookingId}:${version}:${expiresAt}`)}`;
}

/** A token for this bill, valid for 60 days from now. */
export function invoiceToken(secret: string, bookingId: string, version: string, now: Date): string {
  return sign(secret, bookingId, version, Math.floor(now.getTime() / 1000) + invoiceLinkDays * 86_400);
}

/**
 * The bill version a token was signed for, when the token is ours, for this booking and not
 * expired; null otherwise. The caller compares it with the bill as it is now.
 */
export function verifyInvoiceToken(secret: string, bookingId: string, token: string, now: Date): string | null {
  const match = /^(\d{1,12})\.(\d{1,6}-\d{1,9})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const [, expires, version, signature] = match as unknown as [string, string, string, string];
  if (!verifySignedToken(secret, 'invoice', `${bookingId}:${version}:${expires}`, signature)) return null;
  return Number(expires) * 1000 > now.getTime() ? version : null;
}

/** The invoice page's address for a weighed booking, or null before weighing. */
export function invoiceUrl(publicUrl: string, secret: string, booking: WeighedBill, now: Date): string | null {
  const version = billVersion(booking);
  return version ? `${publicUrl}/invoice?booking_id=${booking.id}&token=${invoiceToken(secret, booking.id, version, now)}` : null;
}
