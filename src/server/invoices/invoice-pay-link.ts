// The link that pays an invoice (docs/design.md 9 invoices and one-time links): signed with the server's
// secret for this purpose and this invoice only, sent to the client alone (the Outbox hides it).
import { signedToken, verifySignedToken } from '../signed-token';

const purpose = 'pay-manual-invoice';

export function verifyInvoicePayToken(secret: string, invoiceId: string, token: string | undefined): boolean {
  return verifySignedToken(secret, purpose, invoiceId, token);
}

export function invoicePayUrl(publicUrl: string, secret: string, invoiceId: string): string {
  return `${publicUrl}/pay?invoice=${invoiceId}&token=${signedToken(secret, purpose, invoiceId)}`;
}
