// The link a customer pays a phone order from (decision 058; docs/design.md 9, one-time links):
// signed with the server's secret for this purpose and this booking only, sent to the customer
// alone (email, text), never shown to staff. It opens nothing once the order is paid or closed.
import { phoneOrderPayPath } from '../../shared/phone-orders';
import { signedToken, verifySignedToken } from '../signed-token';

const purpose = 'pay-phone-order';

export function verifyPhoneOrderToken(secret: string, bookingId: string, token: string | undefined): boolean {
  return verifySignedToken(secret, purpose, bookingId, token);
}

export function phoneOrderPayUrl(publicUrl: string, secret: string, bookingId: string): string {
  return `${publicUrl}${phoneOrderPayPath(bookingId, signedToken(secret, purpose, bookingId))}`;
}
