// Staff give back part or all of what a booking's cards paid (decision 031): to the cards, split
// across the payments that took the money, newest first, one gateway refund per payment; or as a
// credit to a gift card. One request at a time moves the booking's money (decision 030: the
// payment claim), the browser's key makes a retry or a double click refund once, and the booking's
// refunded total follows the gateway's word. Each refund is audited and emailed to the customer.
import { and, desc, eq, sql } from 'drizzle-orm';
import { formatCents } from '../../shared/money';
import { maskGiftCardCode } from '../../shared/gift-card-mask';
import { refundableCents, splitRefund, type RefundPiece } from '../../shared/pricing-refunds';
import type { BookingRefund, RefundDestination } from '../../shared/schemas/refunds';
import { recordAudit } from '../audit/record-audit';
import { moveBookingMoney } from '../booking-money/booking-money';
import type { Db } from '../db/client';
import { bookingRefunds, bookings, giftCards } from '../db/schema';
import { domainError } from '../error-catalogue';
import { DomainError } from '../errors';
import type { PaymentGateway } from '../gateways/payment/payment-gateway';
import { creditGiftCard } from '../gift-cards/credit-gift-card';
import { queueBookingRefunded } from '../notifications/refund-emails';
import { refundPayments } from '../payments/charges.service';
import { refundablePayments } from './booking-payments';
import { withPaymentClaim } from '../payments/payment-claims';
import { getStaffBooking, loadBooking, type StaffContext } from './staff-booking';

export type RefundInput = { bookingId: string; idempotencyKey: string; amountCents: number; destination: RefundDestination; reason: string };
type RefundRow = typeof bookingRefunds.$inferSelect;

/**
 * Refunds `amountCents` of the booking to its cards or credits it to a gift card. The same key
 * again answers the first request's refund and moves nothing more; a key left half done (the
 * gateway did not answer) is carried on with the plan it fixed.
 */
export async function refundBooking(db: Db, gateway: PaymentGateway, input: RefundInput, ctx: StaffContext) {
  const refund = await withPaymentClaim(db, input.bookingId, async () => {
    const [existing] = await db.select().from(bookingRefunds).where(eq(bookingRefunds.id, input.idempotencyKey));
    if (existing && existing.bookingId !== input.bookingId) throw domainError('refund_key_reused');
    if (existing?.status === 'pending') return carryOut(db, gateway, existing, ctx);
    if (existing?.status === 'failed') throw domainError('refund_failed_before', { refundedCents: existing.refundedCents });
    if (existing) return existing;
    const booking = await loadBooking(db, input.bookingId);
    const refundable = refundableCents(booking);
    if (refundable === 0) {
      if (booking.capturedAmount > 0) throw domainError('refund_nothing_left');
      throw domainError(booking.bookingStatus === 'cancelled' ? 'refund_cancelled' : 'refund_nothing_paid');
    }
    if (input.amountCents > refundable) throw domainError('refund_too_much', { refundableCents: refundable });
    if (input.destination === 'gift_card') return creditToGiftCard(db, input, booking, ctx);
    const payments = await refundablePayments(db, gateway, booking.id).catch((err: unknown) => {
      if (err instanceof DomainError) throw err;
      throw domainError('refund_gateway_unavailable');
    });
    const plan = splitRefund(input.amountCents, payments);
    if (!plan) throw domainError('refund_gateway_disagrees');
    // the plan is fixed before the first gateway call, so that a retry makes the same calls
    const [row] = await db
      .insert(bookingRefunds)
      .values({ id: input.idempotencyKey, bookingId: booking.id, destination: 'card', amountCents: input.amountCents, reason: input.reason, plan, actorId: ctx.actor.id, actorEmail: ctx.actor.email })
      .returning();
    return carryOut(db, gateway, row!, ctx);
  });
  return { refund: await refundView(db, refund), message: refundToast(refund), booking: await getStaffBooking(db, input.bookingId) };
}

/** Makes the card refunds of a refund's plan, then records what they gave back, audits and emails it. */
async function carryOut(db: Db, gateway: PaymentGateway, row: RefundRow, ctx: StaffContext): Promise<RefundRow> {
  const plan = row.plan as RefundPiece[];
  const result = await refundPayments(db, gateway, { bookingId: row.bookingId, refundId: row.id, plan }).catch((err: unknown) => {
    if (err instanceof DomainError) throw err;
    // no answer: the operation stays pending for the recovery job, this refund for a retry
    throw domainError('refund_unconfirmed');
  });
  const done = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(bookingRefunds)
      .set({ status: result.failure ? 'failed' : 'succeeded', refundedCents: result.refundedCents, completedAt: ctx.now })
      .where(and(eq(bookingRefunds.id, row.id), eq(bookingRefunds.status, 'pending')))
      .returning();
    if (!updated) return null;
    if (result.refundedCents > 0) {
      await recordAudit(tx, ctx.actor, {
        action: 'booking.refunded',
        targetType: 'booking',
        targetId: row.bookingId,
        after: { destination: 'card', amountCents: row.amountCents, refundedCents: result.refundedCents, reason: row.reason, payments: plan },
      });
      await queueBookingRefunded(tx, { bookingId: row.bookingId, refundId: row.id, amountCents: result.refundedCents, reason: row.reason, giftCard: null });
    }
    return updated;
  });
  if (result.failure) throw domainError('refund_failed', { reason: result.failure, refundedCents: result.refundedCents });
  return done ?? (await db.select().from(bookingRefunds).where(eq(bookingRefunds.id, row.id)))[0]!;
}

/**
 * A credit to a gift card (decision 031): the booking's card if it was paid with one, otherwise a
 * new card for the customer. All in one transaction: the refund's row, the booking's refunded and
 * credited totals (only while as much is still refundable), the card, its ledger, audit and email.
 */
async function creditToGiftCard(db: Db, input: RefundInput, booking: { id: string; giftCardId: string | null; email: string; name: string }, ctx: StaffContext): Promise<RefundRow> {
  return db.transaction(async (tx) => {
    const claimed = await moveBookingMoney(tx, booking.id, {
      entry: 'gift_card_credit',
      source: input.idempotencyKey,
      changes: { refunded: { add: input.amountCents }, credited: { add: input.amountCents } },
      when: sql`${bookings.capturedAmount} - ${bookings.refundedAmount} >= ${input.amountCents}`,
      at: ctx.now,
    });
    if (!claimed.moved) throw domainError('refund_too_much', { refundableCents: refundableCents(await loadBooking(tx, booking.id)) });
    const { card } = await creditGiftCard(tx, {
      bookingId: booking.id,
      giftCardId: booking.giftCardId,
      newCardId: input.idempotencyKey,
      amountCents: input.amountCents,
      customerEmail: booking.email,
      customerName: booking.name,
    });
    const [row] = await tx
      .insert(bookingRefunds)
      .values({
        id: input.idempotencyKey,
        bookingId: booking.id,
        destination: 'gift_card',
        status: 'succeeded',
        amountCents: input.amountCents,
        refundedCents: input.amountCents,
        reason: input.reason,
        giftCardId: card.id,
        actorId: ctx.actor.id,
        actorEmail: ctx.actor.email,
        completedAt: ctx.now,
      })
      .returning();
    await recordAudit(tx, ctx.actor, {
      action: 'booking.refunded',
      targetType: 'booking',
      targetId: booking.id,
      after: { destination: 'gift_card', amountCents: input.amountCents, refundedCents: input.amountCents, reason: input.reason, giftCardId: card.id },
    });
    await queueBookingRefunded(tx, { bookingId: booking.id, refundId: input.idempotencyKey, amountCents: input.amountCents, reason: input.reason, giftCard: { code: card.code, balanceCents: card.balance } });
    return row!;
  });
}

function refundToast(r: RefundRow): string {
  return r.destination === 'gift_card' ? `Credited ${formatCents(r.refundedCents)} to a gift card` : `Refunded ${formatCents(r.refundedCents)} to the card`;
}

async function refundView(db: Db, r: RefundRow): Promise<BookingRefund> {
  const [card] = r.giftCardId ? await db.select({ code: giftCards.code }).from(giftCards).where(eq(giftCards.id, r.giftCardId)) : [];
  return {
    id: r.id,
    createdAt: r.createdAt.toISOString(),
    destination: r.destination,
    amountCents: r.amountCents,
    refundedCents: r.refundedCents,
    reason: r.reason,
    giftCardCode: card ? maskGiftCardCode(card.code) : null,
  };
}

/** A booking's refunds and credits that gave something back, oldest first (receipts, the invoice). */
export async function bookingRefundsOf(db: Db, bookingId: string): Promise<BookingRefund[]> {
  const rows = await db.select().from(bookingRefunds).where(eq(bookingRefunds.bookingId, bookingId)).orderBy(desc(bookingRefunds.createdAt));
  const views = await Promise.all(rows.filter((r) => r.refundedCents > 0).map((r) => refundView(db, r)));
  return views.reverse();
}
