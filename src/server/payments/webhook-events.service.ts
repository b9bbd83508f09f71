// The gateway's word applied to a booking (docs/design.md 5.2, 5.3): the webhook's events, the
// success page asking for its checkout itself, and the customer who leaves the payment page. Each
// event is applied once (its id is stored with its effect) and forward only.
import { and, eq, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { bookings, webhookEvents } from '../db/schema';
import { captureGiftCardHold } from '../gift-cards/gift-cards.service';
import { cancelUnpaidBooking } from '../booking-records/unpaid-booking';
import { placeNotTaken } from '../booking-records/places';
import { queueAbandonedNotices, queueBookingCancelled, queueBookingConfirmed, type NotificationContext } from '../notifications/notifications.service';
import { syncProAccount } from '../laundry-pros/pro-accounts.service';
import { GatewayError, type CheckoutSession, type GatewayEvent, type PaymentGateway, type PaymentIntent, type PaymentIntentStatus } from '../gateways/payment/payment-gateway';
import { runOperation } from './operations.service';
import { syncIntentStatus } from './payment-state';
import { applyChargeRefund, bookingOfPayment } from './charge-refunds';
import { checkoutSubject, recordCheckout, subjectOf, type CheckoutPurpose } from './checkout-purposes';
import { getPublicBooking } from '../booking-records/public-booking';
import { settleAmountDue } from './amount-due';
import { settleInvoicePayment } from './invoice-payment';
import { refundSecondInvoicePayment, settleManualInvoicePayment } from './manual-invoice-payment';
import { issuePurchasedGiftCard } from './gift-card-purchase';
import { NotFoundError } from '../errors';
import { moveBookingMoney } from '../booking-money/booking-money';

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

type SessionOutcome = 'confirmed' | 'already' | 'open' | 'expired' | 'ignored';

/**
 * What applying a checkout may need beyond its notices: the places of a pick-up window, to confirm
 * a booking's payment (decision 042). A path without them (one that applies other purposes'
 * checkouts) leaves a booking's payment to the webhook, the success page or the job.
 */
export type CheckoutPlaces = { capacityPerWindow?: number | undefined };

/** What a purpose's owner does with its checkout's outcome, inside the event's transaction. */
type CheckoutHandler = (
  tx: Tx,
  input: { subjectId: string; session: CheckoutSession; pi: PaymentIntent | null; notify: NotificationContext } & CheckoutPlaces,
) => Promise<SessionOutcome | 'orphaned'>;

/** What the payer who found the window full is told, with the cancellation (decision 042). */
export const windowFilledNote = 'Every place in this window was taken by customers who paid before you. The amount held on your card is released: nothing is charged. Please book another time.';

/**
 * A booking's authorisation: confirmed once the card is authorised, released when it lapses. The
 * first to pay takes the window's place (decision 042): a payment that finds every place taken by
 * bookings that will happen cancels its booking, and the card's hold is released.
 */
const bookingAuthorisation: CheckoutHandler = async (tx, { subjectId: bookingId, session, pi, notify, capacityPerWindow }) => {
  if (session.status === 'expired') {
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
  if (exists.status === 'pending') {
    if (capacityPerWindow === undefined) return 'open';
    if (!(await placeNotTaken(tx, { date: exists.date, time: exists.time }, capacityPerWindow, bookingId))) {
      await cancelUnpaidBooking(tx, bookingId);
      // the success page says why, as the email does
      await tx.update(bookings).set({ cancelReason: 'window_full' }).where(eq(bookings.id, bookingId));
      await queueBookingCancelled(tx, bookingId, notify, windowFilledNote);
      return 'orphaned';
    }
  }
  return (await confirmPaidBooking(tx, bookingId, pi, notify)) ? 'confirmed' : 'already';
};

/**
 * The one dispatch of checkout outcomes (docs/design.md 9): each purpose to the capability that owns
 * it. Invoice payments and tips plug in here; until they do, their events are acknowledged and
 * change nothing.
 */
const checkoutHandlers: Record<CheckoutPurpose, CheckoutHandler | null> = {
  booking_authorisation: bookingAuthorisation,
  gift_card_purchase: issuePurchasedGiftCard,
  invoice_payment: (tx, { subjectId, session, pi }) => settleInvoicePayment(tx, { bookingId: subjectId, session, pi }),
  tip: null,
  extra_charge: null,
  amount_due: (tx, { subjectId, session, pi }) => settleAmountDue(tx, { bookingId: subjectId, session, pi }),
  manual_invoice: (tx, { subjectId, session, pi }) => settleManualInvoicePayment(tx, { invoiceId: subjectId, session, pi }),
};

/**
 * Re-reads a checkout session (and its payment intent) from the gateway and hands it to the owner
 * of its purpose. Used by the webhook and by the success page when the webhook has not arrived yet.
 */
export async function applyCheckoutSession(
  db: Db,
  gateway: PaymentGateway,
  notify: NotificationContext,
  sessionId: string,
  options: CheckoutPlaces & { event?: { id: string; type: string } } = {},
): Promise<SessionOutcome> {
  const eventId = options.event;
  const session = await gateway.retrieveCheckout(sessionId);
  const subject = subjectOf(session.metadata);
  const handler = subject ? checkoutHandlers[subject.purpose] : null;
  const pi = session.status === 'complete' && session.paymentIntentId ? await gateway.retrievePaymentIntent(session.paymentIntentId) : null;
  const outcome = await db.transaction(async (tx) => {
    if (eventId && !(await claimEvent(tx, eventId))) return 'already';
    if (!subject || !handler) return 'ignored';
    // the session is on record with its purpose even when this event came before our own write
    await recordCheckout(tx, session.id, subject);
    return handler(tx, { subjectId: subject.subjectId, session, pi, notify, capacityPerWindow: options.capacityPerWindow });
  });
  // decision 019: a card payment that reached an invoice already paid goes back, after its commit
  // (no answer from the gateway: its row stays pending and the recovery job finishes it)
  if (subject?.purpose === 'manual_invoice' && outcome === 'confirmed') await refundSecondInvoicePayment(db, gateway, session.id).catch(() => undefined);
  // the booking was deleted or cancelled while its checkout was still open: the card must not stay
  // held. Released as a money operation (its ledger row, once per intent), tied to the booking if
  // it is still there.
  if (outcome === 'orphaned') {
    if (pi?.status === 'requires_capture') {
      const [still] = await db.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, subject!.subjectId));
      await runOperation(db, gateway, { key: `orphaned:${pi.id}:release`, bookingId: still?.id ?? null, request: { kind: 'release', paymentIntentId: pi.id, amountCents: 0 } });
    }
    return 'ignored';
  }
  return outcome;
}

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

/** Stores the event id in the transaction of its effect: a replay finds it and changes nothing. */
async function claimEvent(tx: Tx, event: { id: string; type: string }): Promise<boolean> {
  const inserted = await tx.insert(webhookEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().returning({ id: webhookEvents.id });
  return inserted.length === 1;
}

export async function handleGatewayEvent(db: Db, gateway: PaymentGateway, notify: NotificationContext, event: GatewayEvent, places: CheckoutPlaces): Promise<string> {
  try {
    return await applyGatewayEvent(db, gateway, notify, event, places);
  } catch (err) {
    // a signed event about an object the gateway itself doesn't know (another account's or test
    // mode's, say): nothing of ours can follow from it, and a retry would not change that
    if (err instanceof GatewayError && err.code === 'resource_missing') return 'ignored_unknown_object';
    throw err;
  }
}

async function applyGatewayEvent(db: Db, gateway: PaymentGateway, notify: NotificationContext, event: GatewayEvent, places: CheckoutPlaces): Promise<string> {
  const [seen] = await db.select({ id: webhookEvents.id }).from(webhookEvents).where(eq(webhookEvents.id, event.id));
  if (seen) return 'duplicate';
  const claim = { id: event.id, type: event.rawType };
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.expired':
    case 'checkout.session.async_payment_failed':
      return applyCheckoutSession(db, gateway, notify, event.objectId, { ...places, event: claim });
    case 'payment_intent.amount_capturable_updated':
    case 'payment_intent.succeeded':
    case 'payment_intent.canceled':
    case 'payment_intent.payment_failed':
    case 'charge.refunded': {
      const pi = event.paymentIntentId ? await gateway.retrievePaymentIntent(event.paymentIntentId) : null;
      return db.transaction(async (tx) => {
        if (!(await claimEvent(tx, claim))) return 'duplicate';
        if (!pi) return 'ignored';
        const [booking] = await tx.select().from(bookings).where(eq(bookings.stripePaymentIntentId, pi.id));
        if (booking) {
          await syncIntentStatus(tx, booking, pi);
          return 'synced';
        }
        // decision 031: a refund of another payment of a booking (an extra charge, a tip's or the
        // amount due's checkout) counts the same; its other events change nothing of the booking
        if (event.type !== 'charge.refunded') return 'ignored';
        const paid = await bookingOfPayment(tx, pi.id);
        if (!paid) return 'ignored'; // a gift card's sale, a manual invoice, or not ours
        await applyChargeRefund(tx, { bookingId: paid.id, paymentIntentId: pi.id, refundedCents: pi.amountRefunded });
        return 'synced';
      });
    }
    case 'account.updated': {
      // spec: back-office 4 — a pro's account becomes ready on the gateway's word (re-read, not the event's copy)
      const account = await gateway.retrieveConnectedAccount(event.objectId);
      return db.transaction(async (tx) => {
        if (!(await claimEvent(tx, claim))) return 'duplicate';
        return (await syncProAccount(tx, account)) ? 'synced' : 'ignored';
      });
    }
    default:
      await db.insert(webhookEvents).values(claim).onConflictDoNothing();
      return 'ignored';
  }
}

/**
 * spec: customer-site 4, 7, the cancelled page's abandoned notice, for the checkout session the
 * page was sent back with, and nothing else (docs/decisions/012: no session, no notice). The
 * checkout is closed at the gateway at once, so its pick-up place and gift-card amount go back now
 * rather than when it would lapse; the notice is queued once per booking, by this call or by the
 * gateway's expiry event, whichever comes first. Answers whether the notice is on record: the
 * same answer however often the page is opened.
 */
export async function recordAbandonedCheckout(db: Db, gateway: PaymentGateway, notify: NotificationContext, input: { sessionId: string } & CheckoutPlaces) {
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
    await applyCheckoutSession(db, gateway, notify, input.sessionId, { capacityPerWindow: input.capacityPerWindow });
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
  places: CheckoutPlaces,
) {
  const bookingId = await checkoutSubject(db, sessionId, 'booking_authorisation');
  if (!bookingId) throw new NotFoundError('Booking not found.');
  const booking = await getPublicBooking(db, { bookingId });
  if (booking.payment_status !== 'pending') return booking;
  await applyCheckoutSession(db, gateway, notify, sessionId, places).catch(onGatewayError);
  return getPublicBooking(db, { bookingId });
}
