// A booking's card checkout (docs/design.md 5.2, 5.3; checkout purpose booking_authorisation): the
// gateway's word confirms the booking once its card is authorised, and the customer who leaves the
// payment page gives the place back. Payments records the checkout and its events and hands them
// here (register.ts, decision 051); each is applied once (the event's id is stored with its effect)
// and forward only.
import { and, eq, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { bookings } from '../db/schema';
import { domainError } from '../error-catalogue';
import { GatewayError, type PaymentGateway, type PaymentIntent, type PaymentIntentStatus } from '../gateways/payment/payment-gateway';
import { captureGiftCardHold } from '../gift-cards/gift-cards.service';
import { cancelUnpaidBooking } from '../booking-records/unpaid-booking';
import { placeNotTaken } from '../booking-records/places';
import { getPublicBooking } from '../booking-records/public-booking';
import { moveBookingMoney } from '../booking-money/booking-money';
import { queueAbandonedNotices, queueBookingCancelled, queueBookingConfirmed, type NotificationContext } from '../notifications/notifications.service';
import { checkoutSubject } from '../payments/checkout-purposes';
import type { CheckoutHandler } from '../payments/handler-registry';
import { readSchedule } from '../settings/settings.service';
import { runOperation } from '../payments/operations.service';
import { applyCheckoutSession } from '../payments/webhook-events.service';
import { applyChargeRefund } from './card-refunds';
import { isPhoneOrder } from './phone-orders.service';

/** Statuses of a checkout's payment intent once the card was authorised there. */
const authorisedStatuses: PaymentIntentStatus[] = ['requires_capture', 'succeeded', 'canceled'];

/**
 * Marks the booking paid (authorised) once the gateway says its checkout completed, with the
 * intent as it is now: events may arrive late and out of order, so a refund or a release that
 * already happened is applied here too.
 */
async function confirmPaidBooking(tx: Tx, bookingId: string, pi: PaymentIntent, notify: NotificationContext): Promise<boolean> {
  const fullyRefunded = pi.amountRefunded > 0 && pi.amountRefunded >= pi.amountReceived;
  const updated = await tx
    .update(bookings)
    .set({
      paymentStatus: fullyRefunded ? 'refunded' : 'paid',
      bookingStatus: 'confirmed',
      paymentIntentStatus: pi.status,
      stripePaymentIntentId: pi.id,
      stripeCustomerId: pi.customerId,
      stripePaymentMethodId: pi.paymentMethodId,
      captureBefore: pi.captureBefore,
      confirmedAt: new Date(),
      updatedAt: new Date(),
    })
    .where(and(eq(bookings.id, bookingId), eq(bookings.paymentStatus, 'pending'), eq(bookings.bookingStatus, 'pending')))
    .returning({ id: bookings.id });
  if (updated.length === 0) return false;
  // decision 036: the intent's figures as the gateway gives them, on the booking's ledger (set, so
  // the same figures again move nothing)
  await moveBookingMoney(tx, bookingId, {
    entry: 'checkout_confirmed',
    changes: { authorized: { set: pi.amount }, captured: { set: pi.amountReceived }, refunded: { set: pi.amountRefunded } },
  });
  if (pi.amountRefunded > 0) await applyChargeRefund(tx, { bookingId, paymentIntentId: pi.id, refundedCents: pi.amountRefunded });
  await captureGiftCardHold(tx, bookingId);
  await queueBookingConfirmed(tx, bookingId, notify);
  return true;
}

/** What the payer who found the window full is told, with the cancellation (decision 042). */
export const windowFilledNote = 'Every place in this window was taken by customers who paid before you. The amount held on your card is released: nothing is charged. Please book another time.';

/**
 * A booking's authorisation: confirmed once the card is authorised, released when it lapses. The
 * first to pay takes the window's place (decision 042): a payment that finds every place taken by
 * bookings that will happen cancels its booking, and the card's hold is released.
 */
export const bookingAuthorisations: CheckoutHandler<'booking_authorisation'> = {
  async settle(tx, { subjectId: bookingId, session, pi, notify }) {
    if (session.status === 'expired') {
      // a phone order waits for its customer's next try at its link (decision 058): its place is
      // kept and nobody is told it was abandoned
      if (await isPhoneOrder(tx, bookingId)) return 'ignored';
      await releaseExpiredCheckout(tx, bookingId, notify);
      return 'expired';
    }
    if (!pi || !authorisedStatuses.includes(pi.status)) return 'open';
    // locked: the window's row after it, as every path that frees a place takes them
    const [exists] = await tx
      .select({ id: bookings.id, status: bookings.bookingStatus, intent: bookings.stripePaymentIntentId, date: bookings.pickupDate, time: bookings.pickupTime })
      .from(bookings)
      .where(eq(bookings.id, bookingId))
      .for('update');
    if (!exists) return 'orphaned';
    // cancelled (by staff or the customer) while its checkout was still open, then paid there: the
    // card must not stay held for a booking that will not happen
    if (exists.status === 'cancelled' && exists.intent !== pi.id) return 'orphaned';
    // confirmed already by another of its checkouts (a phone order's link opened twice, decision
    // 058): this second hold on the card is released, never kept beside the first
    if (exists.status !== 'pending' && exists.intent !== null && exists.intent !== pi.id && pi.status === 'requires_capture') return 'orphaned';
    // the places per window the settings give now (decision 055), whichever path brings the payment
    if (exists.status === 'pending' && !(await placeNotTaken(tx, { date: exists.date, time: exists.time }, (await readSchedule(tx)).capacityPerWindow, bookingId))) {
      await cancelUnpaidBooking(tx, bookingId);
      // the success page says why, as the email does
      await tx.update(bookings).set({ cancelReason: 'window_full' }).where(eq(bookings.id, bookingId));
      await queueBookingCancelled(tx, bookingId, notify, windowFilledNote);
      return 'orphaned';
    }
    return (await confirmPaidBooking(tx, bookingId, pi, notify)) ? 'confirmed' : 'already';
  },
  /**
   * The booking was deleted or cancelled while its checkout was still open: the card must not stay
   * held. Released as a money operation (its ledger row, once per intent), tied to the booking if
   * it is still there.
   */
  async afterCommit(db, gateway, { subjectId, pi }, outcome) {
    if (outcome !== 'orphaned' || pi?.status !== 'requires_capture') return;
    const [still] = await db.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, subjectId));
    await runOperation(db, gateway, { key: `orphaned:${pi.id}:release`, bookingId: still?.id ?? null, request: { kind: 'release', paymentIntentId: pi.id, amountCents: 0 } });
  },
};

/** An expired checkout: the place and the gift-card hold go back; the abandoned notice is due. */
async function releaseExpiredCheckout(tx: Tx, bookingId: string, notify: NotificationContext) {
  const marked = await tx
    .update(bookings)
    .set({ abandonedNoticeAt: new Date() })
    .where(and(eq(bookings.id, bookingId), isNull(bookings.abandonedNoticeAt)))
    .returning({ id: bookings.id });
  if (marked.length === 1) await queueAbandonedNotices(tx, bookingId, notify);
  // last: the pick-up window's row stays locked only until the commit, not while emails render
  // (a burst of expiries in one window would otherwise be released one at a time)
  await cancelUnpaidBooking(tx, bookingId);
}

/**
 * spec: customer-site 4, 7, the cancelled page's abandoned notice, for the checkout session the
 * page was sent back with, and nothing else (docs/decisions/012: no session, no notice). The
 * checkout is closed at the gateway at once, so its pick-up place and gift-card amount go back now
 * rather than when it would lapse; the notice is queued once per booking, by this call or by the
 * gateway's expiry event, whichever comes first. Answers whether the notice is on record: the
 * same answer however often the page is opened.
 */
export async function recordAbandonedCheckout(db: Db, gateway: PaymentGateway, notify: NotificationContext, input: { sessionId: string }) {
  const bookingId = await checkoutSubject(db, input.sessionId, 'booking_authorisation');
  const find = async () =>
    bookingId
      ? (await db.select({ id: bookings.id, paymentStatus: bookings.paymentStatus, notice: bookings.abandonedNoticeAt }).from(bookings).where(eq(bookings.id, bookingId)).limit(1))[0]
      : undefined;
  const booking = await find();
  if (!booking) return { recorded: false, bookingId: null };
  if (booking.paymentStatus === 'pending' && !booking.notice) {
    // refused unless open: already paid or expired, which the re-read below applies
    await gateway.expireCheckout(input.sessionId).catch((err: unknown) => {
      if (!(err instanceof GatewayError)) throw err;
    });
    await applyCheckoutSession(db, gateway, notify, input.sessionId);
  }
  const after = await find();
  return { recorded: Boolean(after?.notice), bookingId: booking.id };
}

/**
 * The booking a customer comes back to from the card checkout (/booking-success?session_id=):
 * by the session, the customer's secret. While it is still pending the gateway is asked itself,
 * in case its event has not arrived yet; if that fails the page shows what we have.
 */
export async function getBookingByCheckoutSession(
  db: Db,
  gateway: PaymentGateway,
  notify: NotificationContext,
  sessionId: string,
  onGatewayError: (err: unknown) => void,
) {
  const bookingId = await checkoutSubject(db, sessionId, 'booking_authorisation');
  if (!bookingId) throw domainError('booking_not_found');
  const booking = await getPublicBooking(db, { bookingId });
  if (booking.payment_status !== 'pending') return booking;
  await applyCheckoutSession(db, gateway, notify, sessionId).catch(onGatewayError);
  return getPublicBooking(db, { bookingId });
}
