// Who may be told what (decision 042). A booking holds whatever its sender typed: a name, an
// email and a phone that may be anyone's. Until someone stands behind it (it is paid at the
// checkout, free by a code, a regular pick-up's or confirmed by staff) the business is no relay:
// no text goes to its phone, and its email gets only a message with no word the sender wrote, at
// most `unvouchedEmailsPerDay` in any 24 hours to one address.
import { createHash } from 'node:crypto';
import { customerEmailKey } from '../../shared/customer-identity';
import type { DbOrTx } from '../db/client';
import type { bookings } from '../db/schema';
import { withinRollingLimit, type Limit } from '../rate-limit';

type Booking = typeof bookings.$inferSelect;

/** A booking someone stood behind, so its email and phone are its owner's: it was booked, not only asked for. */
export function vouched(b: Pick<Booking, 'confirmedAt' | 'bookingStatus' | 'seriesId'>): boolean {
  return b.confirmedAt !== null || b.seriesId !== null || (b.bookingStatus !== 'pending' && b.bookingStatus !== 'cancelled');
}

/** The most messages one address nobody vouched for gets in any 24 hours. */
export const unvouchedEmailsPerDay = 3;

const unvouchedEmails: Limit = { name: 'unvouched-email', windowMs: 86_400_000, max: unvouchedEmailsPerDay, says: 'requests' };

/**
 * Counts one message to an address nobody vouched for and answers whether it may go. An address
 * written another way is the same mailbox (customer-identity.ts); the count is kept under its
 * digest, so the table holds no address.
 */
export async function mayEmailUnvouched(tx: DbOrTx, email: string, now = Date.now()): Promise<boolean> {
  const digest = createHash('sha256').update(customerEmailKey(email)).digest('base64url');
  return withinRollingLimit(tx, unvouchedEmails, digest, now);
}
