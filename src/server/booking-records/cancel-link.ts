// The self-service cancellation link: signed with the server's secret and tied to one booking.
import { windowHoursOf } from '../../shared/business-words';
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
  const hour = windowHoursOf(pickupTime)?.startHour ?? 8;
  // the zone's offset at that wall-clock time, found by formatting a UTC guess
  const guess = new Date(`${date}T${String(hour).padStart(2, '0')}:00:00Z`);
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' }).formatToParts(guess);
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  const asIfUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'));
  return new Date(guess.getTime() - (asIfUtc - guess.getTime()));
}

/** The business's clock and its free-cancellation cut-off in hours (the settings' schedule, decision 055). */
export type CutoffRules = { timeZone: string; freeCancellationHours: number };

/** spec: customer-site 9, free cancellation up to the settings' hours (the spec's 2) before the pick-up window starts. */
export function cancellationCutoff(date: string, pickupTime: string, rules: CutoffRules): Date {
  return new Date(windowStart(date, pickupTime, rules.timeZone).getTime() - rules.freeCancellationHours * 3_600_000);
}
