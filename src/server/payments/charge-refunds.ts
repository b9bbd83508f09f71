// Decision 031: a booking is paid by several payments (its hold's capture, an extra charge to the
// saved card, the amount-due or invoice checkout), and any of them can be refunded, by staff here
// or in the gateway's dashboard. What each has had refunded is the gateway's figure, kept per
// payment (charge_refunds) and only ever raised, so our own refund and the gateway's event about
// it never count one refund twice. The booking's refunded total follows from these rows, written
// by its owner (bookings/card-refunds.ts, decision 051).
import { and, desc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { chargeRefunds, paymentOperations } from '../db/schema';

/** The ledger's kinds of operation that took money from the customer's card for a booking. */
export const payingOperationKinds = ['capture', 'charge_off_session', 'checkout_payment'] as const;

/**
 * Records what the gateway says a payment has had refunded (`refundedCents`, its total), or, when
 * the gateway could not be read just after our own refund, that refund's amount added
 * (`addedCents`); never down.
 */
export async function recordChargeRefund(tx: DbOrTx, input: { bookingId: string; paymentIntentId: string } & ({ refundedCents: number } | { addedCents: number })) {
  const now = new Date();
  if ('refundedCents' in input) {
    await tx
      .insert(chargeRefunds)
      .values({ paymentIntentId: input.paymentIntentId, bookingId: input.bookingId, refundedCents: input.refundedCents, updatedAt: now })
      .onConflictDoUpdate({ target: chargeRefunds.paymentIntentId, set: { refundedCents: sql`greatest(${chargeRefunds.refundedCents}, excluded.refunded_cents)`, updatedAt: now } });
  } else {
    await tx
      .insert(chargeRefunds)
      .values({ paymentIntentId: input.paymentIntentId, bookingId: input.bookingId, refundedCents: input.addedCents, updatedAt: now })
      .onConflictDoUpdate({ target: chargeRefunds.paymentIntentId, set: { refundedCents: sql`${chargeRefunds.refundedCents} + excluded.refunded_cents`, updatedAt: now } });
  }
}

/** What a booking's card payments have had refunded in all, as a subquery of the statement it is in. */
export function cardRefundsOf(bookingId: string): SQL<number> {
  return sql<number>`(select coalesce(sum(${chargeRefunds.refundedCents}), 0)::int from ${chargeRefunds} where ${chargeRefunds.bookingId} = ${bookingId})`;
}

/**
 * The booking the ledger's operation that made a payment was for (an extra charge, a checkout of
 * the amount due or of the invoice); null for a payment the ledger made for no booking.
 */
export async function bookingOfLedgerPayment(tx: DbOrTx, paymentIntentId: string): Promise<string | null> {
  const [op] = await tx
    .select({ bookingId: paymentOperations.bookingId })
    .from(paymentOperations)
    .where(
      and(
        eq(paymentOperations.gatewayRef, paymentIntentId),
        eq(paymentOperations.status, 'succeeded'),
        inArray(paymentOperations.kind, [...payingOperationKinds]),
        isNotNull(paymentOperations.bookingId),
      ),
    )
    .limit(1);
  return op?.bookingId ?? null;
}

/** The payment intents the ledger's operations took a booking's money with, newest first. */
export async function ledgerPaymentIntents(db: Db, bookingId: string): Promise<string[]> {
  const ops = await db
    .select({ intentId: paymentOperations.gatewayRef })
    .from(paymentOperations)
    .where(
      and(
        eq(paymentOperations.bookingId, bookingId),
        eq(paymentOperations.status, 'succeeded'),
        inArray(paymentOperations.kind, [...payingOperationKinds]),
        isNotNull(paymentOperations.gatewayRef),
      ),
    )
    .orderBy(desc(paymentOperations.createdAt), desc(paymentOperations.id));
  return ops.map((o) => o.intentId!);
}
