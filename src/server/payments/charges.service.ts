// The money primitives other capabilities ask for (docs/design.md 5.4, 5.9): charge the final amount
// of a weighed booking, refund (decision 031), release an authorisation, pay a pro. Each runs as an operation.
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { prices } from '../../shared/business';
import { confirmationNumber } from '../../shared/booking-values';
import type { Db, Tx } from '../db/client';
import { bookings, paymentOperations } from '../db/schema';
import { DomainError } from '../errors';
import type { PaymentGateway } from '../gateways/payment/payment-gateway';
import type { Booking } from './payment-state';
import { withPaymentClaim } from './payment-claims';
import { queueOperation, runOperation } from './operations.service';
import { bookingPaymentIntents } from './charge-refunds';
import type { RefundablePayment, RefundPiece } from '../../shared/pricing-refunds';

async function paidBooking(db: Db, bookingId: string): Promise<Booking> {
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
  if (!booking) throw new DomainError(404, 'booking_not_found', 'Booking not found.');
  if (booking.paymentStatus !== 'paid' || !booking.stripePaymentIntentId)
    throw new DomainError(409, 'booking_not_paid', 'This booking has no card authorization to charge.');
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
 * Charges the final amount of a booking (docs/design.md 5.4): at or below the authorisation, capture
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
  if (captured.status !== 'succeeded') {
    // the gateway refused the capture: the hold is gone before its date (Visa's off-session holds
    // lapse sooner) or was let go. The whole amount is charged to the saved card instead; a card
    // that declines leaves it due (docs/design.md 5.4), never a weighing that cannot be recorded.
    const charged = await offSession(input.finalCents, 'final_amount');
    return finalResult(charged, 0, charged.status === 'succeeded' ? input.finalCents : 0, 'charged_off_session');
  }
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

/**
 * What each of a booking's payments can still give back, newest first, on the gateway's word
 * (decision 031): the hold's capture, the extra charges and the checkouts of the amount due and the
 * invoice. A read that fails throws: nothing may be refunded on a guess.
 */
export async function refundablePayments(db: Db, gateway: PaymentGateway, bookingId: string): Promise<RefundablePayment[]> {
  const payments: RefundablePayment[] = [];
  for (const paymentIntentId of await bookingPaymentIntents(db, bookingId)) {
    const pi = await gateway.retrievePaymentIntent(paymentIntentId);
    if (pi.status === 'succeeded' && pi.amountReceived > pi.amountRefunded) payments.push({ paymentIntentId, refundableCents: pi.amountReceived - pi.amountRefunded });
  }
  return payments;
}

/** The operation key of one payment's part of a refund: the same request, the same call. */
export function refundOperationKey(bookingId: string, refundId: string, paymentIntentId: string): string {
  return `booking:${bookingId}:refund:${refundId}:${paymentIntentId}`;
}

/**
 * Gives back each part of a refund from its payment, one gateway refund per payment, each its own
 * operation (decision 031); the booking's refunded total follows from the gateway's answer. Stops
 * at the first part the gateway refuses and answers what was refunded before it.
 */
export async function refundPayments(db: Db, gateway: PaymentGateway, input: { bookingId: string; refundId: string; plan: RefundPiece[] }) {
  let refundedCents = 0;
  for (const piece of input.plan) {
    const outcome = await runOperation(db, gateway, {
      key: refundOperationKey(input.bookingId, input.refundId, piece.paymentIntentId),
      bookingId: input.bookingId,
      request: { kind: 'refund', paymentIntentId: piece.paymentIntentId, amountCents: piece.amountCents },
    });
    if (outcome.status !== 'succeeded') return { refundedCents, failure: outcome.message ?? 'refused' };
    refundedCents += piece.amountCents;
  }
  return { refundedCents, failure: null };
}

/** Releases an open authorisation (a cancelled or deleted booking): nothing is charged. */
export async function releaseAuthorisation(db: Db, gateway: PaymentGateway, bookingId: string) {
  // under the booking's payment claim: the hold it stands on now, never one a renewal replaced (decision 035)
  return withPaymentClaim(db, bookingId, async () => {
    const booking = await paidBooking(db, bookingId);
    if (booking.paymentIntentStatus !== 'requires_capture') return null;
    return runOperation(db, gateway, { key: `booking:${booking.id}:release`, bookingId: booking.id, request: { kind: 'release', paymentIntentId: booking.stripePaymentIntentId!, amountCents: 0 } });
  });
}

type TransferInput = { accountId: string; amountCents: number; key: string; description: string; bookingId?: string | null; sourceTransaction?: string | null };

function transferOperation(input: TransferInput) {
  if (!Number.isInteger(input.amountCents) || input.amountCents < 1) throw new DomainError(400, 'invalid_amount', 'A transfer must be at least 1 cent.');
  const request = { kind: 'transfer' as const, accountId: input.accountId, amountCents: input.amountCents, description: input.description, ...(input.sourceTransaction ? { sourceTransaction: input.sourceTransaction } : {}) };
  return { key: `transfer:${input.key}`, bookingId: input.bookingId ?? null, request };
}

/** The operation key a transfer made with `key` is recorded under. */
export function transferOperationKey(key: string): string {
  return `transfer:${key}`;
}

/**
 * Records a transfer to a pro as pending in the caller's transaction (with what it pays for);
 * `transferToAccount` with the same key then makes it.
 */
export async function queueTransfer(tx: Tx, input: TransferInput) {
  await queueOperation(tx, transferOperation(input));
}

/**
 * Pays a laundry pro's connected account; the caller records what the transfer covers. With the
 * booking's charge as its source (docs/design.md 9) it is funded by that charge, not by the balance.
 */
export async function transferToAccount(db: Db, gateway: PaymentGateway, input: TransferInput) {
  return runOperation(db, gateway, transferOperation(input));
}

/**
 * The charges that paid each booking (captures and off-session charges the gateway confirmed), with
 * the charge id a transfer names as its source (docs/design.md 9) and what the charge kept after refunds.
 */
export async function bookingCharges(db: Db, gateway: PaymentGateway, bookingIds: string[]) {
  if (bookingIds.length === 0) return [];
  const ops = await db
    .select({ bookingId: paymentOperations.bookingId, intentId: paymentOperations.gatewayRef })
    .from(paymentOperations)
    .where(
      and(
        inArray(paymentOperations.bookingId, bookingIds),
        eq(paymentOperations.status, 'succeeded'),
        inArray(paymentOperations.kind, ['capture', 'charge_off_session']),
        isNotNull(paymentOperations.gatewayRef),
      ),
    )
    .orderBy(paymentOperations.createdAt);
  const charges: { bookingId: string; chargeId: string; keptCents: number }[] = [];
  const seen = new Set<string>();
  for (const op of ops) {
    if (!op.bookingId || !op.intentId || seen.has(op.intentId)) continue;
    seen.add(op.intentId);
    // a read that fails leaves this charge out: the transfer is then funded by the balance
    const pi = await gateway.retrievePaymentIntent(op.intentId).catch(() => null);
    if (pi?.latestChargeId) charges.push({ bookingId: op.bookingId, chargeId: pi.latestChargeId, keptCents: Math.max(pi.amountReceived - pi.amountRefunded, 0) });
  }
  return charges;
}
