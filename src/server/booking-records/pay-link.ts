// The link to pay what is still due on a weighed booking (docs/design.md 5.4, 9 one-time links):
// signed with the server's secret for this purpose and this booking only, sent to the customer
// alone. It opens nothing once nothing is due.
import { signedToken, verifySignedToken } from '../signed-token';

export function payAmountDueToken(secret: string, bookingId: string): string {
  return signedToken(secret, 'pay-amount-due', bookingId);
}

export function verifyPayAmountDueToken(secret: string, bookingId: string, token: string | undefined): boolean {
  return verifySignedToken(secret, 'pay-amount-due', bookingId, token);
}

export function payAmountDueUrl(publicUrl: string, secret: string, bookingId: string): string {
  return `${publicUrl}/pay?booking_id=${bookingId}&token=${payAmountDueToken(secret, bookingId)}`;
}
