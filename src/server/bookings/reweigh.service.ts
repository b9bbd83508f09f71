// Staff correct a weighing before the customer approved the bill (decision 034): the new bill from
// the same shared function (`amountToCharge`, the booking's own rules), and the difference with
// what was settled moved once: lower, what is due goes first and the rest back to the cards
// through decision 031's refunds (and to the gift card what it no longer needs); higher, charged to
// the saved card off-session, due when it declines. Under the booking's payment claim (decision
// 030), once per key the browser made; audited, and the customer emailed the new invoice link.
import { and, eq, isNull, ne } from 'drizzle-orm';
import { confirmationNumber } from '../../shared/booking-values';
import { formatCents } from '../../shared/money';
import { splitRefund, type RefundPiece } from '../../shared/pricing-refunds';
import { reweighMoney } from '../../shared/pricing-reweigh';
import type { BookingReweigh } from '../../shared/schemas/reweigh';
import { recordAudit } from '../audit/record-audit';
import { moveBookingMoney } from '../booking-money/booking-money';
import type { Db } from '../db/client';
import { bookingReweighs, bookings } from '../db/schema';
import { domainError } from '../error-catalogue';
import { DomainError } from '../errors';
import type { PaymentGateway } from '../gateways/payment/payment-gateway';
import { returnReweighedGiftCard } from '../gift-cards/gift-cards.service';
import { paidProOf, reweighAssignment } from '../laundry-pros/assignments.service';
import { queuePaymentDue, type NotificationContext } from '../notifications/notifications.service';
import { queueLaundryReweighed } from '../notifications/reweigh-emails';
import { closeBookingCheckouts } from '../payments/booking-checkouts';
import { refundPayments } from '../payments/charges.service';
import { refundablePayments } from './booking-payments';
import { runOperation } from '../payments/operations.service';
import { withPaymentClaim } from '../payments/payment-claims';
import { applyCheckoutSession } from '../payments/webhook-events.service';
import { getStaffBooking, loadBooking, type Booking, type StaffContext } from './staff-booking';
import { amountToCharge, checkBagWeights, checkWeightLimit } from './weighing.service';

export type ReweighInput = { bookingId: string; requestKey: string; actualWeight: number; bagWeights?: number[] | undefined; reason: string };
type ReweighRow = typeof bookingReweighs.$inferSelect;
type Ctx = StaffContext & { notify: NotificationContext };

/** What may not be corrected any more, each a 409 from the catalogue (decision 034). */
function refuse(b: Booking): void {
  if (b.bookingStatus === 'cancelled') throw domainError('reweigh_cancelled');
  if (!b.weightAdjustmentProcessed || b.actualWeightTenths === null || b.finalTotalAmount === null) throw domainError('reweigh_not_weighed');
  if (b.customerApprovedAt) throw domainError('reweigh_approved');
  if (b.tipAmount > 0) throw domainError('reweigh_tipped');
}

/**
 * Corrects the booking's weight. The same key again answers the first correction and moves
 * nothing more; a key left half done (the gateway did not answer) is carried on with the money it fixed.
 */
export async function reweighBooking(db: Db, gateway: PaymentGateway, input: ReweighInput, ctx: Ctx) {
  const row = await withPaymentClaim(db, input.bookingId, async () => {
    const [existing] = await db.select().from(bookingReweighs).where(eq(bookingReweighs.id, input.requestKey));
    if (existing && existing.bookingId !== input.bookingId) throw domainError('reweigh_key_reused');
    if (existing?.status === 'pending') return carryOut(db, gateway, existing, ctx);
    if (existing) return existing;
    // a payment the gateway's event applies while this one is planned (the webhook takes no claim)
    // changes what the cards paid: the correction is planned again on what is there now
    for (let round = 1; ; round++) {
      try {
        return await plan(db, gateway, input, ctx);
      } catch (err) {
        if (round >= 3 || !(err instanceof DomainError) || err.code !== 'reweigh_changed') throw err;
      }
    }
  });
  return { reweigh: reweighView(row), message: reweighToast(row), booking: await getStaffBooking(db, input.bookingId) };
}

/** Checks the correction against the booking as it is now, settles any checkout paid meanwhile, then begins it. */
async function plan(db: Db, gateway: PaymentGateway, input: ReweighInput, ctx: Ctx): Promise<ReweighRow> {
  let booking = await loadBooking(db, input.bookingId);
  refuse(booking);
  const weightTenths = Math.round(input.actualWeight * 10);
  const bagWeightsTenths = input.bagWeights ? checkBagWeights(input.bagWeights, weightTenths, booking.bagQuantity) : null;
  checkWeightLimit(weightTenths, booking.bagQuantity);
  if (weightTenths === booking.actualWeightTenths && JSON.stringify(bagWeightsTenths ?? booking.bagWeightsTenths) === JSON.stringify(booking.bagWeightsTenths)) throw domainError('reweigh_unchanged');
  const paidPro = await paidProOf(db, booking.id);
  if (paidPro) throw domainError('reweigh_pro_paid', { name: paidPro });
  // decision 030: no checkout of what is due (the pay link's, the invoice's) stays open to be paid
  // at the old amount; one paid meanwhile is applied first, and the booking looked at again
  const closed = await closeBookingCheckouts(db, gateway, booking.id);
  if (closed.completed.length > 0) {
    for (const sessionId of closed.completed) await applyCheckoutSession(db, gateway, ctx.notify, sessionId);
    booking = await loadBooking(db, input.bookingId);
    refuse(booking);
  }
  return begin(db, gateway, { booking, weightTenths, bagWeightsTenths, input }, ctx);
}

/**
 * Fixes the money the correction moves, then records the corrected bill, the pro's payout, the
 * gift card's return and the correction in one transaction (its commit point), on the condition
 * that the booking's money is still what was read; then moves the money.
 */
async function begin(
  db: Db,
  gateway: PaymentGateway,
  p: { booking: Booking; weightTenths: number; bagWeightsTenths: number[] | null; input: ReweighInput },
  ctx: Ctx,
): Promise<ReweighRow> {
  const { booking: b, weightTenths } = p;
  const amounts = amountToCharge(b, weightTenths);
  const money = reweighMoney({
    finalTotalCents: amounts.finalTotalCents,
    previousGiftCardAppliedCents: b.giftCardAppliedCents ?? 0,
    capturedCents: b.capturedAmount,
    refundedCents: b.refundedAmount,
    amountDueCents: b.amountDueCents,
  });
  let plan: RefundPiece[] = [];
  if (money.refundCents > 0) {
    // decision 031: split across the payments on the gateway's word, newest first
    const payments = await refundablePayments(db, gateway, b.id).catch((err: unknown) => {
      if (err instanceof DomainError) throw err;
      throw domainError('reweigh_gateway_unavailable');
    });
    const split = splitRefund(money.refundCents, payments);
    if (!split) throw domainError('reweigh_gateway_disagrees');
    plan = split;
  }
  const row = await db.transaction(async (tx) => {
    const updated = await tx
      .update(bookings)
      .set({
        actualWeightTenths: weightTenths,
        bagWeightsTenths: p.bagWeightsTenths,
        finalTotalAmount: amounts.finalTotalCents,
        updatedAt: ctx.now,
      })
      .where(
        and(
          eq(bookings.id, b.id),
          eq(bookings.weightAdjustmentProcessed, true),
          ne(bookings.bookingStatus, 'cancelled'),
          isNull(bookings.customerApprovedAt),
          eq(bookings.tipAmount, 0),
          eq(bookings.actualWeightTenths, b.actualWeightTenths!),
          eq(bookings.finalTotalAmount, b.finalTotalAmount!),
          eq(bookings.capturedAmount, b.capturedAmount),
          eq(bookings.refundedAmount, b.refundedAmount),
          eq(bookings.amountDueCents, b.amountDueCents),
        ),
      )
      .returning({ id: bookings.id });
    if (updated.length === 0) throw domainError('reweigh_changed');
    // decision 036: the corrected gift card's part and amount due, on the booking's ledger
    await moveBookingMoney(tx, b.id, { entry: 'reweighed', source: p.input.requestKey, changes: { giftCardApplied: { set: money.giftCardAppliedCents }, due: { set: money.amountDueCents } }, at: ctx.now });
    // spec: back-office 9, decision 018: the pro earns the corrected weight, unless a payout came first
    const paid = await reweighAssignment(tx, { id: b.id, weightTenths });
    if (paid) throw domainError('reweigh_pro_paid', { name: paid.paidPro });
    const giftCardReturnedCents = await returnReweighedGiftCard(tx, b.id, money.giftCardReturnedCents);
    const [inserted] = await tx
      .insert(bookingReweighs)
      .values({
        id: p.input.requestKey,
        bookingId: b.id,
        reason: p.input.reason,
        fromWeightTenths: b.actualWeightTenths!,
        toWeightTenths: weightTenths,
        fromTotalCents: b.finalTotalAmount!,
        toTotalCents: amounts.finalTotalCents,
        refundCents: money.refundCents,
        refundPlan: plan,
        chargeCents: money.chargeCents,
        giftCardReturnedCents,
        amountDueCents: money.amountDueCents,
        actorId: ctx.actor.id,
        actorEmail: ctx.actor.email,
      })
      .returning();
    return inserted!;
  });
  return carryOut(db, gateway, row, ctx);
}

/** The operation key of a correction's extra charge: the same request, the same call. */
const chargeKey = (row: ReweighRow) => `booking:${row.bookingId}:reweigh:${row.id}:charge`;

/** Makes the correction's refunds or its charge, then records what they did, audits and emails it, once. */
async function carryOut(db: Db, gateway: PaymentGateway, row: ReweighRow, ctx: Ctx): Promise<ReweighRow> {
  const unconfirmed = (err: unknown) => {
    if (err instanceof DomainError) throw err;
    // no answer: the operation stays pending for the recovery job, this correction for a retry
    throw domainError('reweigh_unconfirmed');
  };
  let refundedCents = 0;
  let failure: string | null = null;
  let chargedCents = 0;
  if (row.refundCents > 0) {
    const result = await refundPayments(db, gateway, { bookingId: row.bookingId, refundId: `reweigh-${row.id}`, plan: row.refundPlan as RefundPiece[] }).catch(unconfirmed);
    refundedCents = result.refundedCents;
    failure = result.failure;
  }
  if (row.chargeCents > 0) {
    const b = await loadBooking(db, row.bookingId);
    if (b.stripeCustomerId && b.stripePaymentMethodId) {
      const op = await runOperation(db, gateway, {
        key: chargeKey(row),
        bookingId: row.bookingId,
        request: { kind: 'charge_off_session', customerId: b.stripeCustomerId, paymentMethodId: b.stripePaymentMethodId, amountCents: row.chargeCents, description: `Laundry ${confirmationNumber(b.id)}: corrected weight` },
      }).catch(unconfirmed);
      if (op.status === 'succeeded') chargedCents = row.chargeCents;
    }
  }
  const amountDueCents = row.amountDueCents - chargedCents;
  const done = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(bookingReweighs)
      .set({ status: failure ? 'failed' : 'succeeded', refundedCents, chargedCents, amountDueCents, completedAt: ctx.now })
      .where(and(eq(bookingReweighs.id, row.id), eq(bookingReweighs.status, 'pending')))
      .returning();
    if (!updated) return null;
    // the charge's own effect added it to what the card paid; it is no longer due
    if (chargedCents > 0) await moveBookingMoney(tx, row.bookingId, { entry: 'reweighed', source: `${row.id}:charged`, changes: { due: { set: amountDueCents } }, at: ctx.now });
    await recordAudit(tx, ctx.actor, {
      action: 'booking.reweighed',
      targetType: 'booking',
      targetId: row.bookingId,
      before: { weightTenths: row.fromWeightTenths, finalTotalCents: row.fromTotalCents },
      after: {
        fromWeightTenths: row.fromWeightTenths,
        toWeightTenths: row.toWeightTenths,
        toTotalCents: row.toTotalCents,
        refundedCents,
        chargedCents,
        giftCardReturnedCents: row.giftCardReturnedCents,
        amountDueCents,
        reason: row.reason,
        ...(failure ? { refundFailure: failure } : {}),
      },
    });
    const moved = { refundedCents, giftCardReturnedCents: row.giftCardReturnedCents, chargedCents };
    await queueLaundryReweighed(tx, { bookingId: row.bookingId, reweighId: row.id, fromWeightTenths: row.fromWeightTenths, fromTotalCents: row.fromTotalCents, reason: row.reason, ...moved }, ctx.notify, ctx.now);
    // docs/design.md 5.4: what the card would not take, the customer pays from their link (reminded as any amount due)
    if (row.chargeCents > 0 && chargedCents === 0)
      await queuePaymentDue(tx, row.bookingId, ctx.notify, 'Your card did not take the difference of the corrected weight.', `payment-due:reweigh:${row.id}`);
    return updated;
  });
  if (failure) throw domainError('reweigh_refund_failed', { reason: failure, refundedCents });
  return done ?? (await db.select().from(bookingReweighs).where(eq(bookingReweighs.id, row.id)))[0]!;
}

function reweighToast(r: ReweighRow): string {
  const weight = `${(r.toWeightTenths / 10).toFixed(1)} lb`;
  const moved = [
    r.refundedCents > 0 && `${formatCents(r.refundedCents)} back to the card`,
    r.giftCardReturnedCents > 0 && `${formatCents(r.giftCardReturnedCents)} back to the gift card`,
    r.chargedCents > 0 && `${formatCents(r.chargedCents)} more charged`,
    r.amountDueCents > 0 && `${formatCents(r.amountDueCents)} due from the customer`,
  ].filter(Boolean);
  return `Weight corrected to ${weight} (${formatCents(r.toTotalCents)})${moved.length > 0 ? `: ${moved.join(', ')}` : ''}`;
}

function reweighView(r: ReweighRow): BookingReweigh {
  return {
    id: r.id,
    fromWeightTenths: r.fromWeightTenths,
    toWeightTenths: r.toWeightTenths,
    fromTotalCents: r.fromTotalCents,
    toTotalCents: r.toTotalCents,
    refundedCents: r.refundedCents,
    chargedCents: r.chargedCents,
    giftCardReturnedCents: r.giftCardReturnedCents,
    amountDueCents: r.amountDueCents,
    reason: r.reason,
  };
}
