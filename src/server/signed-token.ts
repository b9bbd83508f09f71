// One-time-link tokens signed with the server's secret (docs/design.md 9): each names its purpose and
// the id it is for, so a token for one purpose or one booking opens nothing else.
import { createHmac, timingSafeEqual } from 'node:crypto';

export type TokenPurpose = 'cancel' | 'view-booking' | 'pay-amount-due' | 'invoice' | 'pay-manual-invoice' | 'series' | 'pay-phone-order' | 'rate';

export function signedToken(secret: string, purpose: TokenPurpose, id: string): string {
  return createHmac('sha256', secret).update(`${purpose}:${id}`).digest('base64url');
}

export function verifySignedToken(secret: string, purpose: TokenPurpose, id: string, token: string | undefined | null): boolean {
  if (!token) return false;
  const expected = Buffer.from(signedToken(secret, purpose, id));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
