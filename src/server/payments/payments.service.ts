// Money movements of a booking, on the gateway's word only (DESIGN.md 5). Every call that moves
// money runs as an operation: its row (pending, with the idempotency key) is written before the
// gateway call and completed after it, together with its effect on the booking; a recovery job
// finishes rows left pending, so a crash between the gateway's success and our write loses
// nothing and charges nothing twice.
import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { prices } from '../../shared/business';
import { confirmationNumber } from '../../shared/booking-values';
import type { CheckoutRequest, BookingCheckout } from '../bookings/checkout';
import type { Db } from '../db/client';
import { bookings, paymentOperations, webhookEvents } from '../db/schema';
import { DomainError } from '../errors';
import { captureGiftCardHold } from '../gift-cards/gift-cards.service';
import { cancelUnpaidBooking } from '../bookings/bookings.service';
import { queueAbandonedNotices, queueBookingConfirmed, type NotificationContext } from '../notifications/notifications.service';
import {
  GatewayError,
  type GatewayEvent,
  type OffSessionCharge,
  type PaymentGateway,
  type PaymentIntent,
  type PaymentIntentStatus,
} from '../gateways/payment/payment-gateway';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Booking = typeof bookings.$inferSelect;


// ---------------------------------------------------------------------------------------------
// Checkout (the seam of the bookings service)

export function createBookingCheckout(deps: { db: Db; gateway: PaymentGateway }): BookingCheckout {
  return {
    async start(request: CheckoutRequest) {
      let session;
      try {
        session = await deps.gateway.createCheckout({
          purpose: 'booking',
          amountCents: request.totalCents,
          description: `Laundry pick-up ${request.confirmation} (estimate)`,
          customerEmail: request.email,
          customerName: request.name,
          metadata: { booking_id: request.bookingId },
          successUrl: `${request.publicUrl}/booking-success?session_id={CHECKOUT_SESSION_ID}`,
          cancelUrl: `${request.publicUrl}/booking-cancelled?session_id={CHECKOUT_SESSION_ID}`,
          idempotencyKey: `booking:${request.bookingId}:checkout`,
        });
      } catch (err) {
        if (err instanceof GatewayError) throw new DomainError(409, 'checkout_failed', err.message);
        throw new DomainError(409, 'checkout_unavailable', 'The card payment service did not answer. Please try again in a moment.');
      }
      await deps.db.update(bookings).set({ stripeSessionId: session.id, updatedAt: new Date() }).where(eq(bookings.id, request.bookingId));
      if (!session.url) throw new DomainError(409, 'checkout_failed', 'No payment URL received');
      return { url: session.url };
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Applying the gateway's state to a booking: forward only

const intentRank: Record<PaymentIntentStatus, number> = {
  requires_payment_method: 0,
  requires_confirmation: 0,
  requires_action: 0,
  processing: 1,
  requires_capture: 2,
  succeeded: 3,
  canceled: 3,
};

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
      refundedAmount: pi.amountRefunded,
      bookingStatus: 'confirmed',
      paymentIntentStatus: pi.status,
      stripePaymentIntentId: pi.id,
      stripeCustomerId: pi.customerId,
      stripePaymentMethodId: pi.paymentMethodId,
      authorizedAmount: pi.amount,
      capturedAmount: pi.amountReceived,
      captureBefore: pi.captureBefore,
      confirmedAt: new Date(),
      updatedAt: new Date(),
    })
    .where(and(eq(bookings.id, bookingId), eq(bookings.paymentStatus, 'pending'), eq(bookings.bookingStatus, 'pending')))
    .returning({ id: bookings.id });
  if (updated.length === 0) return false;
  await captureGiftCardHold(tx, bookingId);
  await queueBookingConfirmed(tx, bookingId, notify);
  return true;
}

async function syncIntentStatus(tx: Tx, booking: Booking, pi: PaymentIntent) {
  const current = booking.paymentIntentStatus as PaymentIntentStatus | null;
  if (current && intentRank[pi.status] < intentRank[current]) return;
  const refunded = pi.amountRefunded;
  await tx
    .update(bookings)
    .set({
      paymentIntentStatus: pi.status,
      refundedAmount: Math.max(booking.refundedAmount, refunded),
      ...(refunded > 0 && refunded >= pi.amountReceived && booking.paymentStatus === 'paid' ? { paymentStatus: 'refunded' as const } : {}),
      updatedAt: new Date(),
    })
    .where(eq(bookings.id, booking.id));
}

type SessionOutcome = 'confirmed' | 'already' | 'open' | 'expired' | 'ignored';

/**
 * Re-reads a checkout session (and its payment intent) from the gateway and applies it. Used by
 * the webhook and by the success page when the webhook has not arrived yet.
 */
export async function applyCheckoutSession(
  db: Db,
  gateway: PaymentGateway,
  notify: NotificationContext,
  sessionId: string,
  eventId?: { id: string; type: string },
): Promise<SessionOutcome> {
  const session = await gateway.retrieveCheckout(sessionId);
  const bookingId = session.metadata.booking_id;
  const pi = session.status === 'complete' && session.paymentIntentId ? await gateway.retrievePaymentIntent(session.paymentIntentId) : null;
  const outcome = await db.transaction(async (tx) => {
    if (eventId && !(await claimEvent(tx, eventId))) return 'already';
    if (!bookingId) return 'ignored';
    if (session.status === 'expired') {
      await releaseExpiredCheckout(tx, bookingId, notify);
      return 'expired';
    }
    if (!pi || !authorisedStatuses.includes(pi.status)) return 'open';
    const [exists] = await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, bookingId));
    if (!exists) return 'orphaned';
    return (await confirmPaidBooking(tx, bookingId, pi, notify)) ? 'confirmed' : 'already';
  });
  // staff deleted the booking while its checkout was still open: the card must not stay held
  if (outcome === 'orphaned') {
    if (pi?.status === 'requires_capture') await gateway.release({ paymentIntentId: pi.id, idempotencyKey: `orphaned:${pi.id}:release` });
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
  await cancelUnpaidBooking(tx as unknown as Db, bookingId);
}

/** Stores the event id in the transaction of its effect: a replay finds it and changes nothing. */
async function claimEvent(tx: Tx, event: { id: string; type: string }): Promise<boolean> {
  const inserted = await tx.insert(webhookEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().returning({ id: webhookEvents.id });
  return inserted.length === 1;
}

export async function handleGatewayEvent(db: Db, gateway: PaymentGateway, notify: NotificationContext, event: GatewayEvent): Promise<string> {
  try {
    return await applyGatewayEvent(db, gateway, notify, event);
  } catch (err) {
    // a signed event about an object the gateway itself doesn't know (another account's or test
    // mode's, say): nothing of ours can follow from it, and a retry would not change that
    if (err instanceof GatewayError && err.code === 'resource_missing') return 'ignored_unknown_object';
    throw err;
  }
}

async function applyGatewayEvent(db: Db, gateway: PaymentGateway, notify: NotificationContext, event: GatewayEvent): Promise<string> {
  const [seen] = await db.select({ id: webhookEvents.id }).from(webhookEvents).where(eq(webhookEvents.id, event.id));
  if (seen) return 'duplicate';
  const claim = { id: event.id, type: event.rawType };
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.expired':
    case 'checkout.session.async_payment_failed':
      return applyCheckoutSession(db, gateway, notify, event.objectId, claim);
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
        if (!booking) return 'ignored'; // an extra charge or a checkout not yet confirmed
        await syncIntentStatus(tx, booking, pi);
        return 'synced';
      });
    }
    default:
      await db.insert(webhookEvents).values(claim).onConflictDoNothing();
      return 'ignored';
  }
}

// ---------------------------------------------------------------------------------------------
// The customer's pages

/**
 * spec: customer-site 4, 7, the cancelled page's abandoned notice, for the checkout session the
 * page was sent back with, and nothing else (docs/decisions/012: no session, no notice). The
 * checkout is closed at the gateway at once, so its pick-up place and gift-card amount go back now
 * rather than when it would lapse; the notice is queued once per booking, by this call or by the
 * gateway's expiry event, whichever comes first. Answers whether the notice is on record: the
 * same answer however often the page is opened.
 */
export async function recordAbandonedCheckout(db: Db, gateway: PaymentGateway, notify: NotificationContext, input: { sessionId: string }) {
  const find = async () =>
    (await db.select({ id: bookings.id, paymentStatus: bookings.paymentStatus, notice: bookings.abandonedNoticeAt }).from(bookings).where(eq(bookings.stripeSessionId, input.sessionId)).limit(1))[0];
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

// ---------------------------------------------------------------------------------------------
// Operations: the money primitives

export type OperationKind = 'capture' | 'release' | 'charge_off_session' | 'refund' | 'transfer';

type OperationRequest =
  | { kind: 'capture'; paymentIntentId: string; amountCents: number }
  | { kind: 'release'; paymentIntentId: string; amountCents: 0 }
  | { kind: 'charge_off_session'; customerId: string; paymentMethodId: string; amountCents: number; description: string }
  | { kind: 'refund'; paymentIntentId: string; amountCents: number }
  | { kind: 'transfer'; accountId: string; amountCents: number; description: string };

export type OperationOutcome = {
  status: 'succeeded' | 'failed' | 'needs_customer' | 'waived';
  amountCents: number;
  gatewayRef: string | null;
  message: string | null;
};

async function callGateway(gateway: PaymentGateway, key: string, bookingId: string | null, req: OperationRequest) {
  const metadata: Record<string, string> = bookingId ? { booking_id: bookingId } : {};
  switch (req.kind) {
    case 'capture': {
      const pi = await gateway.capture({ paymentIntentId: req.paymentIntentId, amountCents: req.amountCents, idempotencyKey: key });
      return { status: 'succeeded' as const, gatewayRef: pi.id, message: null, pi };
    }
    case 'release': {
      const pi = await gateway.release({ paymentIntentId: req.paymentIntentId, idempotencyKey: key });
      return { status: 'succeeded' as const, gatewayRef: pi.id, message: null, pi };
    }
    case 'charge_off_session': {
      const r: OffSessionCharge = await gateway.chargeOffSession({ ...req, metadata, idempotencyKey: key });
      if (r.outcome === 'succeeded') return { status: 'succeeded' as const, gatewayRef: r.paymentIntent.id, message: null, pi: r.paymentIntent };
      if (r.outcome === 'requires_action') return { status: 'needs_customer' as const, gatewayRef: r.paymentIntentId, message: r.message, pi: null };
      return { status: 'failed' as const, gatewayRef: r.paymentIntentId, message: r.message, pi: null };
    }
    case 'refund': {
      const refund = await gateway.refund({ paymentIntentId: req.paymentIntentId, amountCents: req.amountCents, idempotencyKey: key });
      // the intent's own total refunded: its webhook may be applied before or after this operation
      const pi = await gateway.retrievePaymentIntent(req.paymentIntentId).catch(() => null);
      return { status: 'succeeded' as const, gatewayRef: refund.id, message: null, pi };
    }
    case 'transfer': {
      const t = await gateway.transfer({ accountId: req.accountId, amountCents: req.amountCents, description: req.description, metadata, idempotencyKey: key });
      return { status: 'succeeded' as const, gatewayRef: t.id, message: null, pi: null };
    }
  }
}

/** The booking side of a successful operation, in the transaction that completes its row. */
async function applyOperationEffect(tx: Tx, bookingId: string | null, req: OperationRequest, pi: PaymentIntent | null) {
  if (!bookingId) return;
  const now = new Date();
  switch (req.kind) {
    case 'capture':
      await tx
        .update(bookings)
        .set({ capturedAmount: sql`${bookings.capturedAmount} + ${req.amountCents}`, paymentIntentStatus: pi?.status ?? 'succeeded', updatedAt: now })
        .where(eq(bookings.id, bookingId));
      return;
    case 'release':
      await tx.update(bookings).set({ paymentIntentStatus: 'canceled', updatedAt: now }).where(eq(bookings.id, bookingId));
      return;
    case 'charge_off_session':
      await tx.update(bookings).set({ capturedAmount: sql`${bookings.capturedAmount} + ${req.amountCents}`, updatedAt: now }).where(eq(bookings.id, bookingId));
      return;
    case 'refund': {
      // The refunded total is the gateway's figure when we have it: the charge.refunded webhook
      // (syncIntentStatus) may already have applied this refund, so adding to ours would count it
      // twice. Without it (the read failed just after the refund) ours goes up by this refund.
      const refunded = pi ? sql`greatest(${bookings.refundedAmount}, ${pi.amountRefunded})` : sql`${bookings.refundedAmount} + ${req.amountCents}`;
      await tx
        .update(bookings)
        .set({
          refundedAmount: refunded,
          paymentStatus: sql`case when ${refunded} >= ${bookings.capturedAmount} then 'refunded'::payment_status else ${bookings.paymentStatus} end`,
          updatedAt: now,
        })
        .where(eq(bookings.id, bookingId));
      return;
    }
    case 'transfer':
      return;
  }
}

/**
 * Runs one money operation exactly once per idempotency key. Gateway refusals are recorded as
 * failed; a crash or a network failure leaves the row pending for the recovery job.
 */
export async function runOperation(
  db: Db,
  gateway: PaymentGateway,
  op: { key: string; bookingId: string | null; request: OperationRequest },
): Promise<OperationOutcome> {
  const amount = op.request.amountCents;
  await db
    .insert(paymentOperations)
    .values({ idempotencyKey: op.key, kind: op.request.kind, bookingId: op.bookingId, amountCents: amount, request: op.request })
    .onConflictDoNothing();
  const [row] = await db.select().from(paymentOperations).where(eq(paymentOperations.idempotencyKey, op.key));
  if (row && row.status !== 'pending') return { status: row.status as OperationOutcome['status'], amountCents: row.amountCents, gatewayRef: row.gatewayRef, message: row.error };
  return completeOperation(db, gateway, op.key, op.bookingId, op.request);
}

async function completeOperation(db: Db, gateway: PaymentGateway, key: string, bookingId: string | null, req: OperationRequest): Promise<OperationOutcome> {
  let result: Awaited<ReturnType<typeof callGateway>>;
  try {
    result = await callGateway(gateway, key, bookingId, req);
  } catch (err) {
    if (!(err instanceof GatewayError)) {
      await db.update(paymentOperations).set({ attempts: sql`${paymentOperations.attempts} + 1` }).where(eq(paymentOperations.idempotencyKey, key));
      throw err; // unknown outcome: stays pending for the recovery job
    }
    result = { status: 'failed', gatewayRef: null, message: err.message, pi: null };
  }
  return db.transaction(async (tx) => {
    const done = await tx
      .update(paymentOperations)
      .set({
        status: result.status,
        gatewayRef: result.gatewayRef,
        error: result.message,
        result: { status: result.status, gatewayRef: result.gatewayRef },
        completedAt: new Date(),
        attempts: sql`${paymentOperations.attempts} + 1`,
      })
      .where(and(eq(paymentOperations.idempotencyKey, key), eq(paymentOperations.status, 'pending')))
      .returning({ id: paymentOperations.id });
    if (done.length === 1 && result.status === 'succeeded') await applyOperationEffect(tx, bookingId, req, result.pi);
    return { status: result.status, amountCents: req.amountCents, gatewayRef: result.gatewayRef, message: result.message };
  });
}

/** The recovery job: finishes operations left pending (a crash, a timeout) with the same key. */
export async function recoverPendingOperations(db: Db, gateway: PaymentGateway, options: { olderThanMs?: number } = {}) {
  const before = new Date(Date.now() - (options.olderThanMs ?? 60_000));
  const pending = await db
    .select()
    .from(paymentOperations)
    .where(and(eq(paymentOperations.status, 'pending'), lt(paymentOperations.createdAt, before)))
    .limit(100);
  let completed = 0;
  for (const row of pending) {
    try {
      await completeOperation(db, gateway, row.idempotencyKey, row.bookingId, row.request as OperationRequest);
      completed += 1;
    } catch {
      // still unreachable: the next run tries again
    }
  }
  return { found: pending.length, completed };
}

// ---------------------------------------------------------------------------------------------
// The primitives the back office and the invoices use

async function paidBooking(db: Db, bookingId: string): Promise<Booking> {
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
  if (!booking) throw new DomainError(404, 'booking_not_found', 'Booking not found.');
  if (booking.paymentStatus !== 'paid' || !booking.stripePaymentIntentId)
    throw new DomainError(409, 'booking_not_paid', 'This booking has no card authorisation to charge.');
  return booking;
}

export type FinalChargeResult = {
  outcome: 'captured' | 'captured_and_charged' | 'charged_off_session' | 'needs_customer' | 'failed' | 'waived';
  capturedCents: number;
  extraChargedCents: number;
  waivedCents: number;
  message: string | null;
};

/**
 * Charges the final amount of a booking (DESIGN.md 5.4): at or below the authorisation, capture
 * it (the rest is released); above it, capture the authorisation and charge the difference off
 * session; an expired authorisation is charged off session in full. Below the gateway's minimum
 * ($0.50) nothing is attempted and the amount is waived.
 */
export async function chargeFinalAmount(
  db: Db,
  gateway: PaymentGateway,
  input: { bookingId: string; finalCents: number; now?: Date },
): Promise<FinalChargeResult> {
  if (!Number.isInteger(input.finalCents) || input.finalCents < 0) throw new DomainError(400, 'invalid_amount', 'The final amount must be whole cents, not negative.');
  const booking = await paidBooking(db, input.bookingId);
  const now = input.now ?? new Date();
  const min = prices.minimumChargeCents;
  const key = (what: string) => `booking:${booking.id}:final:${input.finalCents}:${what}`;
  const piId = booking.stripePaymentIntentId!;
  const expired = booking.captureBefore !== null && booking.captureBefore <= now;
  const authorised = booking.authorizedAmount;

  const offSession = async (amountCents: number, what: string) => {
    if (!booking.stripeCustomerId || !booking.stripePaymentMethodId) return { status: 'failed' as const, message: 'No saved card for this booking.', gatewayRef: null, amountCents };
    return runOperation(db, gateway, {
      key: key(what),
      bookingId: booking.id,
      request: { kind: 'charge_off_session', customerId: booking.stripeCustomerId, paymentMethodId: booking.stripePaymentMethodId, amountCents, description: `Laundry ${confirmationNumber(booking.id)}: ${what.replace('_', ' ')}` },
    });
  };
  const release = () => runOperation(db, gateway, { key: key('release'), bookingId: booking.id, request: { kind: 'release', paymentIntentId: piId, amountCents: 0 } });

  if (input.finalCents < min) {
    if (!expired) await release();
    return { outcome: 'waived', capturedCents: 0, extraChargedCents: 0, waivedCents: input.finalCents, message: null };
  }
  if (expired) {
    const charged = await offSession(input.finalCents, 'final_amount');
    return finalResult(charged, 0, charged.status === 'succeeded' ? input.finalCents : 0, 'charged_off_session');
  }
  const captureCents = Math.min(input.finalCents, authorised);
  const captured = await runOperation(db, gateway, { key: key('capture'), bookingId: booking.id, request: { kind: 'capture', paymentIntentId: piId, amountCents: captureCents } });
  if (captured.status !== 'succeeded') return { outcome: 'failed', capturedCents: 0, extraChargedCents: 0, waivedCents: 0, message: captured.message };
  const difference = input.finalCents - captureCents;
  if (difference === 0) return { outcome: 'captured', capturedCents: captureCents, extraChargedCents: 0, waivedCents: 0, message: null };
  if (difference < min) return { outcome: 'captured', capturedCents: captureCents, extraChargedCents: 0, waivedCents: difference, message: null };
  const extra = await offSession(difference, 'additional_charge');
  return finalResult(extra, captureCents, extra.status === 'succeeded' ? difference : 0, 'captured_and_charged');
}

function finalResult(op: { status: string; message: string | null }, captured: number, charged: number, success: FinalChargeResult['outcome']): FinalChargeResult {
  if (op.status === 'succeeded') return { outcome: success, capturedCents: captured, extraChargedCents: charged, waivedCents: 0, message: null };
  if (op.status === 'needs_customer') return { outcome: 'needs_customer', capturedCents: captured, extraChargedCents: 0, waivedCents: 0, message: op.message };
  return { outcome: 'failed', capturedCents: captured, extraChargedCents: 0, waivedCents: 0, message: op.message };
}

/** Refunds part or all of what a booking was charged on its main payment. */
export async function refundBooking(db: Db, gateway: PaymentGateway, input: { bookingId: string; amountCents: number; key: string }) {
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, input.bookingId));
  if (!booking?.stripePaymentIntentId) throw new DomainError(404, 'booking_not_found', 'Booking not found.');
  const refundable = booking.capturedAmount - booking.refundedAmount;
  if (!Number.isInteger(input.amountCents) || input.amountCents < 1 || input.amountCents > refundable)
    throw new DomainError(400, 'invalid_amount', `A refund must be between $0.01 and what was charged (${refundable} cents).`);
  return runOperation(db, gateway, {
    key: `booking:${booking.id}:refund:${input.key}`,
    bookingId: booking.id,
    request: { kind: 'refund', paymentIntentId: booking.stripePaymentIntentId, amountCents: input.amountCents },
  });
}

/** Releases an open authorisation (a cancelled or deleted booking): nothing is charged. */
export async function releaseAuthorisation(db: Db, gateway: PaymentGateway, bookingId: string) {
  const booking = await paidBooking(db, bookingId);
  if (booking.paymentIntentStatus !== 'requires_capture') return null;
  return runOperation(db, gateway, { key: `booking:${booking.id}:release`, bookingId: booking.id, request: { kind: 'release', paymentIntentId: booking.stripePaymentIntentId!, amountCents: 0 } });
}

/** Pays a laundry pro's connected account; the caller records what the transfer covers. */
export async function transferToAccount(db: Db, gateway: PaymentGateway, input: { accountId: string; amountCents: number; key: string; description: string }) {
  if (!Number.isInteger(input.amountCents) || input.amountCents < 1) throw new DomainError(400, 'invalid_amount', 'A transfer must be at least 1 cent.');
  return runOperation(db, gateway, { key: `transfer:${input.key}`, bookingId: null, request: { kind: 'transfer', accountId: input.accountId, amountCents: input.amountCents, description: input.description } });
}

/**
 * Heals a lost checkout event: a booking still pending whose checkout the gateway has finished
 * (expired, or paid) is applied from the gateway's own word, as the webhook would have done: an
 * expired one gives its pick-up place and gift-card amount back, a paid one is confirmed. Bookings
 * younger than `olderThanMs` are left to the webhook. Safe beside the webhook and on several
 * instances: every step is conditional on the booking still being pending.
 */
export async function settleStaleCheckouts(db: Db, gateway: PaymentGateway, notify: NotificationContext, options: { now: Date; olderThanMs?: number; limit?: number }) {
  const before = new Date(options.now.getTime() - (options.olderThanMs ?? 60 * 60_000));
  const rows = await db
    .select({ sessionId: bookings.stripeSessionId })
    .from(bookings)
    .where(and(eq(bookings.bookingStatus, 'pending'), eq(bookings.paymentStatus, 'pending'), isNotNull(bookings.stripeSessionId), lt(bookings.createdAt, before)))
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

/** The reconciliation job: bookings whose state disagrees with the gateway's. */
export async function reconcileBookings(db: Db, gateway: PaymentGateway, options: { limit?: number } = {}) {
  const rows = await db
    .select()
    .from(bookings)
    .where(inArray(bookings.paymentStatus, ['pending', 'paid']))
    .orderBy(desc(bookings.updatedAt))
    .limit(options.limit ?? 200);
  const disagreements: { bookingId: string; ours: string; gateway: string }[] = [];
  for (const b of rows) {
    if (b.stripePaymentIntentId) {
      const pi = await gateway.retrievePaymentIntent(b.stripePaymentIntentId).catch(() => null);
      if (!pi) disagreements.push({ bookingId: b.id, ours: String(b.paymentIntentStatus), gateway: 'missing' });
      else if (pi.status !== b.paymentIntentStatus) disagreements.push({ bookingId: b.id, ours: String(b.paymentIntentStatus), gateway: pi.status });
    } else if (b.stripeSessionId && b.paymentStatus === 'pending' && b.bookingStatus === 'pending') {
      const s = await gateway.retrieveCheckout(b.stripeSessionId).catch(() => null);
      if (s?.status === 'complete') disagreements.push({ bookingId: b.id, ours: 'pending', gateway: 'checkout complete' });
    }
  }
  return disagreements;
}
