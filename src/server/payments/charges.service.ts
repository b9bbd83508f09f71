// The money primitives other capabilities ask for (docs/design.md 5.9): refund a booking's payments
// (decision 031), pay a pro. Each runs as an operation. A booking's final charge and the release of
// its hold are the booking's own (bookings/booking-payments.ts, decision 051).
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { paymentOperations } from '../db/schema';
import { domainError } from '../error-catalogue';
import type { PaymentGateway } from '../gateways/payment/payment-gateway';
import { queueOperation, runOperation } from './operations.service';
import type { RefundPiece } from '../../shared/pricing-refunds';

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

type TransferInput = { accountId: string; amountCents: number; key: string; description: string; bookingId?: string | null; sourceTransaction?: string | null };

function transferOperation(input: TransferInput) {
  if (!Number.isInteger(input.amountCents) || input.amountCents < 1) throw domainError('invalid_transfer_amount');
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
