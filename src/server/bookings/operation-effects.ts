// What a payment operation that succeeded does to its booking (docs/design.md 5): the capture, the
// release, a charge to the saved card (an approved invoice's tip and approval with it), a hold
// placed or renewed, a refund. Payments records the operation on the gateway's word and hands it
// here in the same commit (decision 051); bookings decides what it changes.
import { and, eq, isNull, sql } from 'drizzle-orm';
import { bookings } from '../db/schema';
import { cardPaid, moveBookingMoney } from '../booking-money/booking-money';
import type { OperationEffect } from '../payments/handler-registry';
import { applyChargeRefund } from './card-refunds';

/**
 * The booking side of a successful operation, in the transaction that completes its row on the
 * payments ledger (its money through booking-money, decision 036). Registered with payments at
 * start-up (register.ts, decision 051).
 */
export const applyOperationEffect: OperationEffect = async (tx, { bookingId, key, request: req, pi }) => {
  const now = new Date();
  switch (req.kind) {
    case 'capture':
      await tx.update(bookings).set({ paymentIntentStatus: pi?.status ?? 'succeeded', updatedAt: now }).where(eq(bookings.id, bookingId));
      await moveBookingMoney(tx, bookingId, { entry: 'capture', source: key, changes: cardPaid({ cents: req.amountCents }), at: now });
      return;
    case 'release':
      // the booking's own hold only: a hold it no longer stands on (renewed, decision 035) changes nothing
      await tx
        .update(bookings)
        .set({ paymentIntentStatus: 'canceled', updatedAt: now })
        .where(and(eq(bookings.id, bookingId), eq(bookings.stripePaymentIntentId, req.paymentIntentId)));
      return;
    case 'charge_off_session':
      // decision 015: a tip is in captured_amount and in tip_amount, which takes it out of revenue
      await moveBookingMoney(tx, bookingId, {
        entry: 'charge',
        source: key,
        changes: cardPaid({ cents: req.amountCents, tipCents: req.invoice?.tipCents ?? 0, dueCents: req.invoice?.dueCents ?? 0 }),
        at: now,
      });
      if (req.invoice)
        await tx
          .update(bookings)
          .set({ customerApprovedAt: sql`coalesce(${bookings.customerApprovedAt}, ${now.toISOString()}::timestamptz)`, updatedAt: now })
          .where(eq(bookings.id, bookingId));
      return;
    case 'authorize_off_session':
      if (req.replaces) {
        // decision 035: the renewed hold replaces the old one only while the booking still stands
        // on it, confirmed and unweighed; otherwise the renewal lets the new hold go
        const standing = and(
          eq(bookings.id, bookingId),
          eq(bookings.stripePaymentIntentId, req.replaces),
          eq(bookings.bookingStatus, 'confirmed'),
          eq(bookings.weightAdjustmentProcessed, false),
          isNull(bookings.finalTotalAmount),
        );
        const renewed = await tx
          .update(bookings)
          .set({ stripePaymentIntentId: pi?.id ?? null, paymentIntentStatus: pi?.status ?? 'requires_capture', captureBefore: pi?.captureBefore ?? null, updatedAt: now })
          .where(standing)
          .returning({ id: bookings.id });
        if (renewed.length === 1) await moveBookingMoney(tx, bookingId, { entry: 'hold', source: key, changes: { authorized: { set: req.amountCents } }, at: now });
        return;
      }
      // the gateway's word: the hold is on the card, so the pick-up is booked (docs/design.md 5.2)
      await tx
        .update(bookings)
        .set({
          paymentStatus: 'paid',
          paymentIntentStatus: pi?.status ?? 'requires_capture',
          stripePaymentIntentId: pi?.id ?? null,
          captureBefore: pi?.captureBefore ?? null,
          bookingStatus: sql`case when ${bookings.bookingStatus} = 'pending' then 'confirmed'::booking_status else ${bookings.bookingStatus} end`,
          confirmedAt: sql`coalesce(${bookings.confirmedAt}, ${now.toISOString()}::timestamptz)`,
          updatedAt: now,
        })
        .where(eq(bookings.id, bookingId));
      await moveBookingMoney(tx, bookingId, { entry: 'hold', source: key, changes: { authorized: { set: req.amountCents } }, at: now });
      return;
    case 'refund':
      // decision 031: the gateway's total refunded of this payment when we have it (its
      // charge.refunded event may already have applied this refund, so adding ours would count it
      // twice); without it (the read failed just after the refund) this refund's amount.
      await applyChargeRefund(tx, {
        bookingId,
        paymentIntentId: req.paymentIntentId,
        ...(pi ? { refundedCents: pi.amountRefunded } : { addedCents: req.amountCents }),
      });
      return;
    case 'transfer':
      return;
  }
};
