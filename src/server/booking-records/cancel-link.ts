// The self-service cancellation link: signed with the server's secret and tied to one booking.
import { windowHoursOf } from '../../shared/business-words';
import { instantAt } from '../../shared/dates';
import { signedToken, verifySignedToken } from '../signed-token';

export function cancelToken(secret: string, bookingId: string): string {
  return signedToken(secret, 'cancel', bookingId);
}

export function verifyCancelToken(secret: string, bookingId: string, token: string | undefined): boolean {
  return verifySignedToken(secret, 'cancel', bookingId, token);
}

export function cancelUrl(publicUrl: string, secret: string, bookingId: string): string {
  return `${publicUrl}/cancel-booking?booking_id=${bookingId}&token=${cancelToken(secret, bookingId)}`;
}

/** When the pick-up window starts, as an instant (the window is in the business time zone). */
export function windowStart(date: string, pickupTime: string, timeZone: string): Date {
  return instantAt(date, windowHoursOf(pickupTime)?.startHour ?? 8, timeZone);
}

/** The business's clock and its free-cancellation cut-off in hours (the settings' schedule, decision 055). */
export type CutoffRules = { timeZone: string; freeCancellationHours: number };

/** spec: customer-site 9, free cancellation up to the settings' hours (the spec's 2) before the pick-up window starts. */
export function cancellationCutoff(date: string, pickupTime: string, rules: CutoffRules): Date {
  return new Date(windowStart(date, pickupTime, rules.timeZone).getTime() - rules.freeCancellationHours * 3_600_000);
}
