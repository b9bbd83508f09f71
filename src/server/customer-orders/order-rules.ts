// What a signed-in customer may still change (decisions 021 and 022), in one place: the order page
// shows the buttons by the same rules the services enforce.
import { and, eq, inArray, ne, sql, type AnyColumn } from 'drizzle-orm';
import { cancellationCutoff } from '../booking-records/cancel-link';
import type { DbOrTx } from '../db/client';
import { manualInvoices, subscriptions, type bookings } from '../db/schema';

type Booking = typeof bookings.$inferSelect;

/** A booked pick-up before its free-cancellation cut-off: it can move and take new details. */
export function isChangeable(b: Pick<Booking, 'bookingStatus' | 'pickupDate' | 'pickupTime'>, now: Date, timeZone: string): boolean {
  return b.bookingStatus === 'confirmed' && now < cancellationCutoff(b.pickupDate, b.pickupTime, timeZone);
}

/**
 * An order that keeps the customer's data until it is done: not yet delivered or cancelled, a
 * hold still on the card, or money still owed (decision 022).
 */
export function keepsDataOpen(b: Pick<Booking, 'bookingStatus' | 'amountDueCents' | 'paymentIntentStatus'>): boolean {
  if (b.bookingStatus !== 'delivered' && b.bookingStatus !== 'cancelled') return true;
  return b.amountDueCents > 0 || b.paymentIntentStatus === 'requires_capture';
}

/** The email addresses of a customer's orders, lower-cased: what their other records are matched by. */
export function lowerEmails(rows: readonly Pick<Booking, 'email'>[]): string[] {
  return [...new Set(rows.map((b) => b.email.trim().toLowerCase()))];
}

/** `column` matches one of these lower-cased addresses, whatever its case. */
export function emailIn(column: AnyColumn, emails: string[]) {
  return inArray(sql`lower(${column})`, emails.length ? emails : ['']);
}

/**
 * Money outside the orders that keeps a customer's data (decision 022): an unpaid invoice to one
 * of their addresses, or a subscription still billing (active or paused).
 */
export async function hasOpenBilling(db: DbOrTx, emails: string[]): Promise<boolean> {
  if (!emails.length) return false;
  const [unpaid] = await db.select({ id: manualInvoices.id }).from(manualInvoices).where(and(emailIn(manualInvoices.clientEmail, emails), eq(manualInvoices.status, 'pending'))).limit(1);
  if (unpaid) return true;
  const [running] = await db.select({ id: subscriptions.id }).from(subscriptions).where(and(emailIn(subscriptions.clientEmail, emails), ne(subscriptions.status, 'ended'))).limit(1);
  return Boolean(running);
}
