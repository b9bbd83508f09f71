// The delivery email's rating links (decision 063; docs/design.md 9, one-time links): signed with the
// server's secret for this purpose and this booking, expiring after 60 days. The expiry is in the
// clear and under the signature, like the invoice link's. A link only opens the page: the rating
// is given there, so a mail scanner that follows the links rates nothing.
import { ratingLinkDays } from '../../shared/link-lifetimes';
import { signedToken, verifySignedToken } from '../signed-token';

function sign(secret: string, bookingId: string, expiresAt: number): string {
  return `${expiresAt}.${signedToken(secret, 'rate', `${bookingId}:${expiresAt}`)}`;
}

/** Whether a token is ours, for this booking, and not expired. */
export function verifyRatingToken(secret: string, bookingId: string, token: string, now: Date): boolean {
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return false;
  const [, expires, signature] = match as unknown as [string, string, string];
  if (!verifySignedToken(secret, 'rate', `${bookingId}:${expires}`, signature)) return false;
  return Number(expires) * 1000 > now.getTime();
}

/** A token for this booking, valid for 60 days from now. */
export function ratingToken(secret: string, bookingId: string, now: Date): string {
  return sign(secret, bookingId, Math.floor(now.getTime() / 1000) + ratingLinkDays * 86_400);
}

/** The rating page's address for a booking; each star's link adds `&stars=N`. */
export function ratingUrl(publicUrl: string, secret: string, bookingId: string, now: Date): string {
  return `${publicUrl}/rate?booking_id=${bookingId}&token=${ratingToken(secret, bookingId, now)}`;
}
