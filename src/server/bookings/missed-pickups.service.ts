// A missed pick-up (decision 057; spec: customer-site 9, "$20 no-show fee"): the pro reported "no
// one home" or "no bags out" with a photo (pro-portal/stops.service.ts); staff confirm or dismiss.
// A confirmed one cancels the booking and charges the no-show fee of the settings to the card:
// captured from the booking's hold when it still stands (the rest of the hold is let go with
// the capture), else charged to the saved card. The booking is claimed before any money moves,
// every call is a payments operation with its key (never twice), and staff may give the fee back.
import { and, eq, isNull, sql } from 'drizzle-orm';
import { pickupWindowLabel, prices } from '../../shared/business';
import { confirmationNumber } from '../../shared/booking-values';
import { formatLongDate } from '../../shared/dates';
import { missedPickupReasonLabels, noShowFeeNote, type MissedPickupReason, type NoShowFeeOutcome } from '../../shared/stops';
import { recordAudit } from '../audit/record-audit';
import type { Db } from '../db/client';
import { bookings, missedPickups } from '../db/schema';
import { domainError } from '../error-catalogue';
import type { PaymentGateway } from '../gateways/payment/payment-gateway';
import { releaseGiftCardHold } from '../gift-cards/gift-cards.service';
import type { NotificationContext } from '../notifications/notifications.service';
import { queueEmail } from '../notifications/send-email';
import { runOperation } from '../payments/operations.service';
import { withPaymentClaim } from '../payments/payment-claims';
import { readSettings } from '../settings/settings.service';
import { refundBooking } from './refunds.service';
import { getStaffBooking, loadBooking, type Booking, type StaffContext } from './staff-booking';

type MissedRow = typeof missedPickups.$inferSelect;

async function reported(db: Db, bookingId: string): Promise<MissedRow> {
  const [row] = await db.select().from(missedPickups).where(eq(missedPickups.bookingId, bookingId));
  if (!row) throw domainError('missed_pickup_not_found');
  return row;
}

const decidedWord = (status: string) => (status === 'confirmed' ? 'confirmed' : 'dismissed');

/**
 * Charges the fee: from the hold while it stands (a capture of part of it lets the rest go), the
 * rest or all of it to the saved card otherwise. On the gateway's word only (runOperation).
 */
async function chargeFee(db: Db, gateway: PaymentGateway, b: Booking, feeCents: number, now: Date): Promise<NoShowFeeOutcome> {
  const key = (what: string) => `booking:${b.id}:no-show:${what}`;
  const holds = b.paymentStatus === 'paid' && b.paymentIntentStatus === 'requires_capture' && b.stripePaymentIntentId !== null && (b.captureBefore === null || b.captureBefore > now);
  const release = () => runOperation(db, gateway, { key: key('release'), bookingId: b.id, request: { kind: 'release', paymentIntentId: b.stripePaymentIntentId!, amountCents: 0 } });
  if (feeCents < prices.minimumChargeCents) {
    if (holds) await release();
    return 'waived';
  }
  let left = feeCents;
  if (holds) {
    const part = Math.min(feeCents, b.authorizedAmount);
    const captured = await runOperation(db, gateway, { key: key('capture'), bookingId: b.id, request: { kind: 'capture', paymentIntentId: b.stripePaymentIntentId!, amountCents: part } });
    if (captured.status === 'succeeded') left -= part;
  }
  if (left === 0) return 'charged';
  // the part left is below what a card can be charged: the business keeps what it captured
  if (left < feeCents && left < prices.minimumChargeCents) return 'charged';
  if (!b.stripeCustomerId || !b.stripePaymentMethodId) return left < feeCents ? 'charged' : 'no_card';
  const charged = await runOperation(db, gateway, {
    key: key('charge'),
    bookingId: b.id,
    request: { kind: 'charge_off_session', customerId: b.stripeCustomerId, paymentMethodId: b.stripePaymentMethodId, amountCents: left, description: `Laundry ${confirmationNumber(b.id)}: no-show fee` },
  });
  return charged.status === 'succeeded' ? 'charged' : left < feeCents ? 'charged' : 'failed';
}

/**
 * Staff confirm a reported missed pick-up: the report and the booking are claimed first (the
 * booking cancelled while it is still a pick-up to do), then the fee is charged, then the outcome
 * recorded, audited and emailed. A second confirmation, at once or later, is told it was decided.
 */
export async function confirmMissedPickup(db: Db, gateway: PaymentGateway, bookingId: string, ctx: StaffContext & { notify: NotificationContext }) {
  const report = await reported(db, bookingId);
  // confirmed, but its charge never answered (the request ended): the same calls again, under the same keys
  const unfinished = report.status === 'confirmed' && report.feeOutcome === null;
  if (report.status !== 'reported' && !unfinished) throw domainError('missed_pickup_decided', { status: decidedWord(report.status) });
  const outcome = await withPaymentClaim(db, bookingId, async () => {
    // under the claim: another request may have finished it while this one waited
    if (unfinished && (await reported(db, bookingId)).feeOutcome !== null) throw domainError('missed_pickup_decided', { status: 'confirmed' });
    const claim = unfinished ? { feeCents: report.feeCents ?? 0, booking: await loadBooking(db, bookingId) } : await db.transaction(async (tx) => {
      const feeCents = (await readSettings(tx)).settings.prices.noShowFeeCents;
      const [decided] = await tx
        .update(missedPickups)
        .set({ status: 'confirmed', decidedAt: ctx.now, feeCents })
        .where(and(eq(missedPickups.bookingId, bookingId), eq(missedPickups.status, 'reported')))
        .returning();
      if (!decided) {
        const [now] = await tx.select().from(missedPickups).where(eq(missedPickups.bookingId, bookingId));
        throw domainError('missed_pickup_decided', { status: decidedWord(now?.status ?? 'confirmed') });
      }
      // decision 030: the booking claimed before any money moves; picked up meanwhile, it is refused
      const [cancelled] = await tx
        .update(bookings)
        .set({ bookingStatus: 'cancelled', cancelledAt: ctx.now, updatedAt: ctx.now })
        .where(and(eq(bookings.id, bookingId), eq(bookings.bookingStatus, 'confirmed')))
        .returning();
      if (!cancelled) throw domainError('missed_pickup_not_open');
      return { feeCents, booking: cancelled };
    });
    const charged = await chargeFee(db, gateway, claim.booking, claim.feeCents, ctx.now);
    await db.transaction(async (tx) => {
      const [recorded] = await tx
        .update(missedPickups)
        .set({ feeOutcome: charged })
        .where(and(eq(missedPickups.bookingId, bookingId), isNull(missedPickups.feeOutcome)))
        .returning();
      if (!recorded) return;
      // the hold let go with nothing taken is the spec's "refund" (docs/design.md 5.4), as a cancellation's
      if (charged === 'waived') await tx.update(bookings).set({ paymentStatus: 'refunded' }).where(and(eq(bookings.id, bookingId), eq(bookings.paymentStatus, 'paid')));
      // the place stays taken: the pro went. What a gift card held goes back to it.
      await releaseGiftCardHold(tx, bookingId);
      await recordAudit(tx, ctx.actor, { action: 'booking.missed_pickup_confirmed', targetType: 'booking', targetId: bookingId, after: { feeCents: claim.feeCents, outcome: charged } });
      const b = claim.booking;
      await queueEmail(
        tx,
        'missedPickup',
        {
          name: b.name,
          confirmation: confirmationNumber(b.id),
          pickup: `${formatLongDate(b.pickupDate)}, ${pickupWindowLabel(b.pickupTime)}`,
          found: missedPickupReasonLabels[report.reason as MissedPickupReason],
          feeSentence: noShowFeeNote(charged, claim.feeCents),
          ordersUrl: `${ctx.notify.publicUrl}/orders`,
        },
        { to: b.email, dedupeKey: `missed-pickup:${b.id}`, bookingId: b.id },
      );
    });
    return charged;
  });
  return { outcome, booking: await getStaffBooking(db, bookingId) };
}

/** Staff dismiss a report (the customer was there after all): the pick-up is to do again. */
export async function dismissMissedPickup(db: Db, bookingId: string, ctx: StaffContext) {
  const report = await reported(db, bookingId);
  await db.transaction(async (tx) => {
    const [done] = await tx
      .update(missedPickups)
      .set({ status: 'dismissed', decidedAt: ctx.now })
      .where(and(eq(missedPickups.bookingId, bookingId), eq(missedPickups.status, 'reported')))
      .returning();
    if (!done) throw domainError('missed_pickup_decided', { status: decidedWord(report.status) });
    await recordAudit(tx, ctx.actor, { action: 'booking.missed_pickup_dismissed', targetType: 'booking', targetId: bookingId, before: { reason: report.reason as MissedPickupReason } });
  });
  return { booking: await getStaffBooking(db, bookingId) };
}

/**
 * Staff give a charged no-show fee back: a card refund of what the fee took (refunds.service.ts,
 * under the staff's key, so a retry refunds once), emailed as any refund is. A fee that could not
 * be charged is waived without a refund.
 */
export async function waiveNoShowFee(db: Db, gateway: PaymentGateway, bookingId: string, idempotencyKey: string, ctx: StaffContext) {
  const report = await reported(db, bookingId);
  if (report.status !== 'confirmed') throw domainError('no_show_fee_not_waivable');
  if (report.feeOutcome === 'failed' || report.feeOutcome === 'no_card') {
    await db.transaction(async (tx) => {
      const [done] = await tx
        .update(missedPickups)
        .set({ feeOutcome: 'waived' })
        .where(and(eq(missedPickups.bookingId, bookingId), sql`${missedPickups.feeOutcome} in ('failed', 'no_card')`))
        .returning();
      if (done) await recordAudit(tx, ctx.actor, { action: 'booking.no_show_fee_waived', targetType: 'booking', targetId: bookingId, after: { refundedCents: 0 } });
    });
    return { refundedCents: 0, booking: await getStaffBooking(db, bookingId) };
  }
  if (report.feeOutcome !== 'charged' && report.feeOutcome !== 'waived') throw domainError('no_show_fee_not_waivable');
  const booking = await loadBooking(db, bookingId);
  // what the card paid and has not had back: the fee, the booking's only money
  const amountCents = booking.capturedAmount - booking.refundedAmount;
  if (amountCents <= 0) {
    // given back already (a retry after the refund landed): recorded as waived
    await db.update(missedPickups).set({ feeOutcome: 'waived' }).where(and(eq(missedPickups.bookingId, bookingId), eq(missedPickups.feeOutcome, 'charged')));
    return { refundedCents: 0, booking: await getStaffBooking(db, bookingId) };
  }
  const refunded = await refundBooking(db, gateway, { bookingId, idempotencyKey, amountCents, destination: 'card', reason: 'No-show fee given back' }, ctx);
  await db.transaction(async (tx) => {
    const [done] = await tx.update(missedPickups).set({ feeOutcome: 'waived' }).where(and(eq(missedPickups.bookingId, bookingId), eq(missedPickups.feeOutcome, 'charged'))).returning();
    if (done) await recordAudit(tx, ctx.actor, { action: 'booking.no_show_fee_waived', targetType: 'booking', targetId: bookingId, after: { refundedCents: refunded.refund.refundedCents } });
  });
  return { refundedCents: refunded.refund.refundedCents, booking: await getStaffBooking(db, bookingId) };
}

