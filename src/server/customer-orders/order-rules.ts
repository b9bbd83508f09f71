// What a signed-in customer may still change (decisions 021 and 022), in one place: the order page
// shows the buttons by the same rules the services enforce.
import { and, eq, inArray, ne, sql, type AnyColumn } from 'drizzle-orm';
import { cancellationCutoff, type CutoffRules } from '../booking-records/cancel-link';
import type { DbOrTx } from '../db/client';
import { manualInvoices, subscriptions, type bookings } from '../db/schema';
import type { CustomerKey } from './sign-in.service';
import { windowHoursOf } from '../../shared/business-words';
import { deliveryChoices, dueBackOf, plannedDelivery, type DeliverySchedule, type DeliveryWindow } from '../../shared/due-back';
import { readSchedule } from '../settings/settings.service';

type Booking = typeof bookings.$inferSelect;

/**
 * The delivery windows the customer may choose (decision 056): once the laundry is picked up and
 * its delivery planned, until it is out for delivery; from the earliest the turnaround allows
 * after the pick-up (so a customer who chose later can come back), the planned one included.
 */
export function deliveryChoicesFor(
  b: Pick<Booking, 'bookingStatus' | 'progress' | 'dueBackDate' | 'dueBackTime' | 'rushDelivery'>,
  pickedUpAt: string | undefined,
  now: Date,
  schedule: DeliverySchedule,
): DeliveryWindow[] {
  const planned = dueBackOf(b);
  if (!planned || (b.bookingStatus !== 'in-progress' && b.bookingStatus !== 'completed') || b.progress === 'out_for_delivery') return [];
  const earliest = pickedUpAt ? plannedDelivery(new Date(pickedUpAt), b.rushDelivery, schedule) : null;
  const from = earliest && earliest.date + startOf(earliest.time) < planned.date + startOf(planned.time) ? earliest : planned;
  const choices = deliveryChoices(from, now, schedule);
  // the planned window stays a choice even when the owner's windows have changed since
  return choices.some((c) => c.date === planned.date && c.time === planned.time) ? choices : [planned, ...choices];
}
const startOf = (time: string) => String(windowHoursOf(time)?.startHour ?? 0).padStart(2, '0');

/** The business's clock and the free-cancellation hours the settings give now (decision 055). */
export async function cutoffRules(db: DbOrTx, ctx: { timeZone: string }): Promise<CutoffRules> {
  return { timeZone: ctx.timeZone, freeCancellationHours: (await readSchedule(db)).freeCancellationHours };
}

/** A booked pick-up before its free-cancellation cut-off: it can move and take new details. */
export function isChangeable(b: Pick<Booking, 'bookingStatus' | 'pickupDate' | 'pickupTime'>, now: Date, rules: CutoffRules): boolean {
  return b.bookingStatus === 'confirmed' && now < cancellationCutoff(b.pickupDate, b.pickupTime, rules);
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
function lowerEmails(rows: readonly Pick<Booking, 'email'>[]): string[] {
  return [...new Set(rows.map((b) => b.email.trim().toLowerCase()))];
}

type Reached = Pick<Booking, 'email' | 'emailKey' | 'phone' | 'phoneKey' | 'confirmedAt' | 'createdAt'>;

/**
 * The addresses a signed-in customer's orders name them by, beyond their orders (decision 037):
 * the session proved one key, so every address under that key is theirs; the other address on an
 * order (the email of an order found by phone, the phone of one found by email) is theirs only
 * when that order was confirmed. An unpaid booking anyone could have made names nobody.
 */
export function addressesOf<B extends Reached>(rows: readonly B[], key: CustomerKey) {
  const confirmed = rows.filter((b) => b.confirmedAt !== null);
  const byEmail = key.emailKey !== null ? rows : confirmed;
  const byPhone = key.phoneKey !== null ? rows : confirmed;
  const unique = (values: string[]) => [...new Set(values.filter(Boolean))];
  return {
    emails: lowerEmails(byEmail),
    emailKeys: unique(byEmail.map((b) => b.emailKey)),
    phones: unique(byPhone.map((b) => b.phone)),
    phoneKeys: unique(byPhone.map((b) => b.phoneKey)),
    /** The latest order whose email is theirs: where a message about them goes. */
    mailTo: byEmail.reduce<B | undefined>((a, b) => (a && a.createdAt > b.createdAt ? a : b), undefined),
  };
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
