// The jobs that keep our bookings in step with the gateway (docs/design.md 5): stale checkouts whose
// event never arrived are settled from the gateway's word (payments hands each to its owner,
// decision 051), and disagreements are reported.
import { and, asc, desc, eq, gt, inArray, lt, notExists, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { bookings, checkouts, phoneOrders } from '../db/schema';
import type { NotificationContext } from '../notifications/notifications.service';
import type { PaymentGateway } from '../gateways/payment/payment-gateway';
import { applyCheckoutSession } from '../payments/webhook-events.service';
import { cancelUnpaidBooking } from '../booking-records/unpaid-booking';

/**
 * Heals a lost checkout event: a booking still pending whose checkout the gateway has finished
 * (expired, or paid) is applied from the gateway's own word, as the webhook would have done: an
 * expired one gives its pick-up place and gift-card amount back, a paid one is confirmed (while its
 * window has a place: decision 042). Bookings
 * younger than `olderThanMs` are left to the webhook. Safe beside the webhook and on several
 * instances: every step is conditional on the booking still being pending.
 */
export async function settleStaleCheckouts(db: Db, gateway: PaymentGateway, notify: NotificationContext, options: { now: Date; olderThanMs?: number; limit?: number }) {
  const before = new Date(options.now.getTime() - (options.olderThanMs ?? 60 * 60_000));
  const rows = await db
    .select({ sessionId: checkouts.sessionId })
    .from(bookings)
    .innerJoin(checkouts, and(eq(checkouts.purpose, 'booking_authorisation'), eq(checkouts.subjectId, bookings.id)))
    .where(
      and(
        eq(bookings.bookingStatus, 'pending'),
        eq(bookings.paymentStatus, 'pending'),
        lt(bookings.createdAt, before),
        lt(checkouts.createdAt, before),
        // a phone order stays pending through its lapsed checkouts (decision 058): only its recent ones are asked about
        or(notExists(db.select({ id: phoneOrders.bookingId }).from(phoneOrders).where(eq(phoneOrders.bookingId, bookings.id))), gt(checkouts.createdAt, new Date(options.now.getTime() - 3 * 3600_000))),
      ),
    )
    .orderBy(asc(bookings.createdAt))
    .limit(options.limit ?? 100);
  const settled = { expired: 0, confirmed: 0 };
  for (const { sessionId } of rows) {
    const outcome = await applyCheckoutSession(db, gateway, notify, sessionId!).catch(() => null);
    if (outcome === 'expired') settled.expired += 1;
    else if (outcome === 'confirmed') settled.confirmed += 1;
  }
  return settled;
}

/**
 * A booking written whose checkout never opened (the process ended between the two, decision 061)
 * holds a pick-up place, and a gift-card amount, that nobody can pay for: once older than
 * `olderThanMs` (10 minutes, far past a checkout's start), it is released as an unpaid booking. A
 * phone order waits for its customer without a checkout on purpose (decision 058): not this.
 */
export async function releaseBookingsWithoutCheckout(db: Db, options: { now: Date; olderThanMs?: number; limit?: number }): Promise<number> {
  const before = new Date(options.now.getTime() - (options.olderThanMs ?? 10 * 60_000));
  const rows = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        eq(bookings.bookingStatus, 'pending'),
        eq(bookings.paymentStatus, 'pending'),
        lt(bookings.createdAt, before),
        notExists(db.select({ id: checkouts.sessionId }).from(checkouts).where(and(eq(checkouts.purpose, 'booking_authorisation'), eq(checkouts.subjectId, bookings.id)))),
        notExists(db.select({ id: phoneOrders.bookingId }).from(phoneOrders).where(eq(phoneOrders.bookingId, bookings.id))),
      ),
    )
    .orderBy(asc(bookings.createdAt))
    .limit(options.limit ?? 100);
  for (const { id } of rows) await cancelUnpaidBooking(db, id);
  return rows.length;
}

/** The reconciliation job: bookings whose state disagrees with the gateway's. */
export async function reconcileBookings(db: Db, gateway: PaymentGateway, options: { limit?: number } = {}) {
  const rows = await db
    .select({ booking: bookings, sessionId: checkouts.sessionId })
    .from(bookings)
    .leftJoin(checkouts, and(eq(checkouts.purpose, 'booking_authorisation'), eq(checkouts.subjectId, bookings.id)))
    .where(inArray(bookings.paymentStatus, ['pending', 'paid']))
    .orderBy(desc(bookings.updatedAt))
    .limit(options.limit ?? 200);
  const disagreements: { bookingId: string; ours: string; gateway: string }[] = [];
  for (const { booking: b, sessionId } of rows) {
    if (b.stripePaymentIntentId) {
      const pi = await gateway.retrievePaymentIntent(b.stripePaymentIntentId).catch(() => null);
      if (!pi) disagreements.push({ bookingId: b.id, ours: String(b.paymentIntentStatus), gateway: 'missing' });
      else if (pi.status !== b.paymentIntentStatus) disagreements.push({ bookingId: b.id, ours: String(b.paymentIntentStatus), gateway: pi.status });
    } else if (sessionId && b.paymentStatus === 'pending' && b.bookingStatus === 'pending') {
      const s = await gateway.retrieveCheckout(sessionId).catch(() => null);
      if (s?.status === 'complete') disagreements.push({ bookingId: b.id, ours: 'pending', gateway: 'checkout complete' });
    }
  }
  return disagreements;
}
