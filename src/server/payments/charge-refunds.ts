// Decision 031: a booking is paid by several payments (its hold's capture, an extra charge to the
// saved card, the amount-due or invoice checkout), and any of them can be refunded, by staff here
// or in the gateway's dashboard. What each has had refunded is the gateway's figure, kept per
// payment and only ever raised; the booking's refunded_amount is their sum plus its gift-card
// credits. So our own refund and the gateway's event about it never count one refund twice.
import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { bookings, chargeRefunds, paymentOperations } from '../db/schema';
import { moveBookingMoney } from '../booking-money/booking-money';

/** The ledger's kinds of operation that took money from the customer's card for a booking. */
export const payingOperationKinds = ['capture', 'charge_off_session', 'checkout_payment'] as const;

/**
 * Records what the gateway says a booking's payment has had refunded (`refundedCents`, its total),
 * or, when the gateway could not be read just after our own refund, that refund's amount added
 * (`addedCents`). Then the booking's refunded total follows, never down and never above what its
 * cards paid (the CHECK of decision 030).
 */
export async function applyChargeRefund(tx: DbOrTx, input: { bookingId: string; paymentIntentId: string } & ({ refundedCents: number } | { addedCents: number })) {
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
  const cardRefunds = sql`(select coalesce(sum(${chargeRefunds.refundedCents}), 0)::int from ${chargeRefunds} where ${chargeRefunds.bookingId} = ${input.bookingId})`;
  // decision 036: the refunded total on the booking's ledger, then its status from it
  await moveBookingMoney(tx, input.bookingId, {
    entry: 'card_refunds',
    changes: { refunded: { set: sql`least(${bookings.capturedAmount}, greatest(${bookings.refundedAmount}, ${bookings.giftCardCreditedCents} + ${cardRefunds}))` } },
    at: now,
  });
  await tx
    .update(bookings)
    .set({
      paymentStatus: sql`case when ${bookings.capturedAmount} > 0 and ${bookings.refundedAmount} >= ${bookings.capturedAmount} and ${bookings.paymentStatus} = 'paid' then 'refunded'::payment_status else ${bookings.paymentStatus} end`,
      updatedAt: now,
    })
    .where(eq(bookings.id, input.bookingId));
}

/**
 * The booking a payment paid for: its main intent, or the booking of the ledger's operation that
 * made it (an extra charge, a checkout of the amount due or of the invoice). Null for a payment of
 * no booking (a gift card's sale, a manual invoice).
 */
export async function bookingOfPayment(tx: DbOrTx, paymentIntentId: string): Promise<{ id: string; main: boolean } | null> {
  const [main] = await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.stripePaymentIntentId, paymentIntentId)).limit(1);
  if (main) return { id: main.id, main: true };
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
  return op?.bookingId ? { id: op.bookingId, main: false } : null;
}

/** The payment intents that took a booking's money, newest first (the ledger's word, then the main intent). */
export async function bookingPaymentIntents(db: Db, bookingId: string): Promise<string[]> {
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
  const [booking] = await db.select({ intent: bookings.stripePaymentIntentId }).from(bookings).where(eq(bookings.id, bookingId));
  const ids = ops.map((o) => o.intentId!);
  if (booking?.intent) ids.push(booking.intent);
  return [...new Set(ids)];
}
