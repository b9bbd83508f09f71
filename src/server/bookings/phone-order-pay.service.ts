// The customer's side of a phone order (decision 058): their link shows what staff booked and
// opens a card checkout that holds its estimate, as the wizard's checkout does. At most one
// checkout of the order is open at a time (under the booking's payment claim, decision 030): a
// second click, a second tab or a second device answers the same one; a lapsed one is followed by
// a new one; one paid meanwhile is applied, never opened again.
import { and, desc, eq, sql } from 'drizzle-orm';
import { confirmationNumber } from '../../shared/booking-values';
import { nowIn } from '../../shared/dates';
import { offeredWindow, windowClosedToday } from '../../shared/pickup-rules';
import { phoneOrderClosedWords, type PhoneOrderClosedWhy } from '../../shared/phone-orders';
import type { PhoneOrderView } from '../../shared/schemas/phone-orders';
import { phoneOrderPayUrl, verifyPhoneOrderToken } from '../booking-records/phone-order-link';
import { getPublicBooking } from '../booking-records/public-booking';
import type { Db } from '../db/client';
import { bookings, checkouts, phoneOrders } from '../db/schema';
import { domainError } from '../error-catalogue';
import type { CheckoutSession, PaymentGateway } from '../gateways/payment/payment-gateway';
import type { NotificationContext } from '../notifications/notifications.service';
import { openBookingCheckout, unavailable } from '../payments/booking-checkouts';
import { withPaymentClaim } from '../payments/payment-claims';
import { applyCheckoutSession } from '../payments/webhook-events.service';
import { readSchedule } from '../settings/settings.service';

type Link = { bookingId: string; token: string };
type Clock = { timeZone: string; now: Date };


/** The booking the link names, taken on the phone; or 403: a link whose id or token does not match opens nothing. */
async function orderOfLink(db: Db, link: Link, secret: string) {
  if (!verifyPhoneOrderToken(secret, link.bookingId, link.token)) throw domainError('bad_phone_order_link');
  const [row] = await db.select({ booking: bookings }).from(bookings).innerJoin(phoneOrders, eq(phoneOrders.bookingId, bookings.id)).where(eq(bookings.id, link.bookingId));
  if (!row) throw domainError('bad_phone_order_link');
  return row.booking;
}

/** Waiting for the card, paid (confirmed, or on since), or closed with the reason. */
async function stateOf(db: Db, b: typeof bookings.$inferSelect, clock: Clock): Promise<Pick<PhoneOrderView, 'state' | 'closedReason'> & { why?: PhoneOrderClosedWhy }> {
  if (b.bookingStatus === 'cancelled') return { state: 'closed', closedReason: phoneOrderClosedWords.cancelled, why: 'cancelled' };
  if (b.bookingStatus !== 'pending') return { state: 'paid', closedReason: null };
  const now = nowIn(clock.timeZone, clock.now);
  const schedule = await readSchedule(db);
  const window = offeredWindow(b.pickupTime, schedule.pickupWindows);
  // the same-day cut-off the wizard keeps: a pick-up no one could book now can no longer be paid for
  const passed = b.pickupDate < now.date || (window !== null && windowClosedToday(b.pickupDate, window, { now, sameDayCutoffHours: schedule.sameDayCutoffHours }));
  return passed ? { state: 'closed', closedReason: phoneOrderClosedWords.passed, why: 'passed' } : { state: 'awaiting_payment', closedReason: null };
}

async function view(db: Db, b: typeof bookings.$inferSelect, clock: Clock): Promise<PhoneOrderView> {
  const { state, closedReason } = await stateOf(db, b, clock);
  return { state, closedReason, booking: await getPublicBooking(db, { bookingId: b.id }) };
}

/** What the pay page shows. */
export async function getPhoneOrder(db: Db, notify: NotificationContext, link: Link, clock: Clock): Promise<PhoneOrderView> {
  return view(db, await orderOfLink(db, link, notify.secret), clock);
}

/**
 * The order's card checkouts of the last two hours (ours lapse after 30 minutes), newest first, as
 * the gateway says they are now: the newest open one for this amount is kept, any other open one
 * closed, and the completed ones answered for the caller to apply.
 */
async function checkoutsOf(db: Db, gateway: PaymentGateway, bookingId: string, amountCents: number) {
  const rows = await db
    .select({ sessionId: checkouts.sessionId, recent: sql<boolean>`${checkouts.createdAt} > now() - interval '2 hours'` })
    .from(checkouts)
    .where(and(eq(checkouts.purpose, 'booking_authorisation'), eq(checkouts.subjectId, bookingId)))
    .orderBy(desc(checkouts.createdAt));
  let kept: CheckoutSession | null = null;
  const completed: string[] = [];
  for (const row of rows) {
    if (!row.recent) continue;
    let session = await gateway.retrieveCheckout(row.sessionId).catch(unavailable);
    if (session.status === 'open') {
      if (!kept && session.amountTotal === amountCents && session.url) {
        kept = session;
        continue;
      }
      // as Stripe: expiring a checkout paid a moment ago is refused; it is then complete
      session = await gateway.expireCheckout(session.id).catch(() => gateway.retrieveCheckout(row.sessionId).catch(unavailable));
    }
    if (session.status === 'complete') completed.push(session.id);
  }
  return { kept, completed, opened: rows.length };
}

/**
 * Opens (or answers again) the checkout that holds the order's estimate, once the customer has
 * accepted the terms. Paid meanwhile: nothing is opened, the page shows it paid.
 */
export async function payPhoneOrder(db: Db, gateway: PaymentGateway, notify: NotificationContext, link: Link, clock: Clock) {
  const { id } = await orderOfLink(db, link, notify.secret);
  return withPaymentClaim(db, id, async () => {
    for (let round = 0; round < 3; round++) {
      const booking = await orderOfLink(db, link, notify.secret);
      const { state, why } = await stateOf(db, booking, clock);
      if (state === 'paid') break;
      if (state === 'closed') throw domainError('phone_order_closed', { why: why ?? 'cancelled' });
      const found = await checkoutsOf(db, gateway, booking.id, booking.totalAmount);
      if (found.completed.length > 0) {
        // paid at a checkout whose event is not here yet: applied now, then looked at again
        for (const sessionId of found.completed) await applyCheckoutSession(db, gateway, notify, sessionId);
        continue;
      }
      if (found.kept?.url) return { url: found.kept.url, order: await view(db, booking, clock) };
      // the terms the customer accepted on the page, kept with the booking as the wizard's are
      await db.update(bookings).set({ termsAccepted: true, updatedAt: clock.now }).where(eq(bookings.id, booking.id));
      const payUrl = phoneOrderPayUrl(notify.publicUrl, notify.secret, booking.id);
      const { url } = await openBookingCheckout(
        db,
        gateway,
        { purpose: 'booking_authorisation', subjectId: booking.id },
        {
          amountCents: booking.totalAmount,
          description: `Laundry pick-up ${confirmationNumber(booking.id)} (estimate)`,
          customerEmail: booking.email,
          customerName: booking.name,
          metadata: { booking_id: booking.id },
          successUrl: `${notify.publicUrl}/booking-success?session_id={CHECKOUT_SESSION_ID}`,
          // back from the payment page without paying: the link's page again, the order kept
          cancelUrl: payUrl,
          // the nth checkout of this order: a retry of the same call opens the same one
          idempotencyKey: `booking:${booking.id}:phone-checkout:${found.opened}`,
        },
        'booking',
      );
      return { url, order: await view(db, booking, clock) };
    }
    return { url: null, order: await view(db, await orderOfLink(db, link, notify.secret), clock) };
  });
}
