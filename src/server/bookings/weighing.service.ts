// Weighing and settlement (spec: back-office 4; docs/design.md 5.4): the real weight sets the final
// amount, which is captured from the authorisation, charged above it, or left owed; audited.
import { bookingPriceList } from '../../shared/price-list';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { prices } from '../../shared/business';
import { formatCents } from '../../shared/money';
import { adjustment, bookedPromo, finalAddOnsOf, originalAmountCents, pickItemCounts, weighedAmounts, type ItemCounts } from '../../shared/pricing';
import { settlementAmounts } from '../../shared/pricing-receipts';
import { bookingStatusLabels, MAX_POUNDS_PER_BAG, type weightOutcomeValues } from '../../shared/schemas/back-office';
import { canWeighFrom } from '../../shared/status-machine';
import { recordAudit } from '../audit/record-audit';
import { moveBookingMoney } from '../booking-money/booking-money';
import type { Db } from '../db/client';
import { bookings } from '../db/schema';
import { domainError } from '../error-catalogue';
import type { PaymentGateway } from '../gateways/payment/payment-gateway';
import { chargeFinalAmount } from './booking-payments';
import { withPaymentClaim } from '../payments/payment-claims';
import { returnUnusedGiftCard } from '../gift-cards/gift-cards.service';
import { completeAssignment } from '../laundry-pros/assignments.service';
import { queueLaundryWeighed, queuePaymentDue, type NotificationContext } from '../notifications/notifications.service';
import { getStaffBooking, loadBooking, type Booking, type StaffContext } from './staff-booking';
import { markPickedUp } from './progress.service';

export type WeightOutcome = (typeof weightOutcomeValues)[number];

/** Why part of the bill is still due, as the customer reads it in their email. */
const dueReasons = {
  needs_customer: 'Your bank wants you to confirm the rest of the charge yourself, so we could not charge it to your card.',
  declined: 'Your card declined the rest of the charge.',
  no_card: 'There is no card on file for this order.',
} as const;

/** What the customer owes for the actual weight, after what a gift card already paid. */
export function amountToCharge(booking: Booking, weightTenths: number) {
  return weighedAmounts({
    weightTenths,
    pricePerPoundCents: booking.pricePerPoundCents,
    finalAddOns: finalAddOnsOf(booking),
    promo: bookedPromo(booking),
    bagQuantity: booking.bagQuantity,
    finalBillRules: booking.finalBillRules,
    giftCardDiscountCents: booking.giftCardDiscountCents,
    // its own prices, never today's (decision 055)
    priceList: bookingPriceList(booking),
  });
}

/**
 * docs/design.md 5.5 transparent weighing: the bags weighed one by one, at most one weight per booked
 * bag, add up to the actual weight the customer pays for.
 */
export function checkBagWeights(bagWeights: number[], weightTenths: number, bagQuantity: number): number[] {
  const tenths = bagWeights.map((w) => Math.round(w * 10));
  if (tenths.length > bagQuantity) throw domainError('bag_weights_too_many', { bagQuantity });
  const sumTenths = tenths.reduce((a, b) => a + b, 0);
  if (sumTenths !== weightTenths) throw domainError('bag_weights_mismatch', { bagsTenths: sumTenths, weightTenths });
  return tenths;
}

/** At most MAX_POUNDS_PER_BAG a booked bag: a weight above it is a typing slip, refused before anything moves. */
export function checkWeightLimit(weightTenths: number, bagQuantity: number): void {
  const maxTenths = bagQuantity * MAX_POUNDS_PER_BAG * 10;
  if (weightTenths > maxTenths) throw domainError('weight_too_high', { bagQuantity });
}

/**
 * spec: back-office 7 process-weight-adjustment. Records the weight, charges the final amount
 * through the payments primitives (capture up to the authorisation, then off-session for the
 * rest; an expired authorisation off-session in full) and answers the spec's toast.
 */
export async function processWeight(
  db: Db,
  gateway: PaymentGateway,
  input: { bookingId: string; actualWeight: number; bagWeights?: number[] | undefined; itemCounts?: ItemCounts | undefined },
  ctx: StaffContext & { notify: NotificationContext },
) {
  const weightTenths = Math.round(input.actualWeight * 10);
  const loaded = await loadBooking(db, input.bookingId);
  // decision 033: the items staff counted replace the booked counts, and the bill charges those
  const counted = input.itemCounts && !loaded.weightAdjustmentProcessed ? input.itemCounts : null;
  const booking = counted ? { ...loaded, ...counted } : loaded;
  const bagWeightsTenths = input.bagWeights ? checkBagWeights(input.bagWeights, weightTenths, booking.bagQuantity) : null;
  if (booking.bookingStatus === 'cancelled') throw domainError('booking_cancelled');
  if (booking.weightAdjustmentProcessed) throw domainError('already_processed');
  checkWeightLimit(weightTenths, booking.bagQuantity);
  const hasCard = booking.stripePaymentIntentId !== null;
  if (!hasCard && booking.totalAmount > 0) throw domainError('booking_not_paid');
  if (hasCard && booking.paymentStatus !== 'paid') throw domainError('booking_not_paid');
  // docs/design.md 9, status machine: weighing needs the laundry picked up (a confirmed booking passes
  // through in-progress first) and is the one way into completed
  if (!canWeighFrom(booking.bookingStatus)) throw domainError('weighing_not_open', { status: bookingStatusLabels[booking.bookingStatus] });

  const { finalTotalCents, chargeCents, giftCardAppliedCents, giftCardReturnedCents } = amountToCharge(booking, weightTenths);
  // claim the booking for this weight: a double click repeats the same charge (same idempotency
  // keys), a different weight at the same moment is refused
  const claimed = await db.transaction(async (tx) => {
    const rows = await tx
      .update(bookings)
      .set({ actualWeightTenths: weightTenths, bagWeightsTenths, finalTotalAmount: finalTotalCents, ...(counted ?? {}), bookingStatus: 'in-progress', updatedAt: ctx.now })
      .where(
        and(
          eq(bookings.id, booking.id),
          eq(bookings.weightAdjustmentProcessed, false),
          inArray(bookings.bookingStatus, ['confirmed', 'in-progress']),
          sql`(${bookings.finalTotalAmount} is null or (${bookings.finalTotalAmount} = ${finalTotalCents} and ${bookings.actualWeightTenths} = ${weightTenths}))`,
        ),
      )
      .returning({ id: bookings.id });
    // picked up on the way to the scale: recorded for the timeline; the weighing's message tells the customer
    if (rows.length > 0 && booking.bookingStatus === 'confirmed') await markPickedUp(tx, booking.id, { now: ctx.now, notify: ctx.notify, tell: false });
    if (rows.length > 0 && booking.bookingStatus === 'confirmed')
      await recordAudit(tx, ctx.actor, {
        action: 'booking.status_changed',
        targetType: 'booking',
        targetId: booking.id,
        before: { status: 'confirmed' },
        after: { status: 'in-progress', reason: 'weighing' },
      });
    return rows.length > 0;
  });
  if (!claimed) throw domainError('weight_in_flight');

  const original = originalAmountCents({ originalTotalAmount: booking.originalTotalAmount, totalAmount: booking.totalAmount });
  const adj = adjustment(chargeCents, original);
  let outcome: WeightOutcome;
  let message: string;
  let amountDueCents = 0;
  // what the card did, for the audit log's words: captured, charged beyond the hold, let go
  const card = { capturedCents: 0, extraChargedCents: 0, releasedCents: 0 };

  if (!hasCard) {
    // a free booking, or one a gift card paid in full: nothing to capture
    amountDueCents = chargeCents;
    outcome = chargeCents > 0 ? 'needs_customer' : 'none';
    message =
      chargeCents > 0
        ? `No card on file: ${formatCents(chargeCents)} is due from the customer.`
        : giftCardReturnedCents > 0
          ? `Weight adjustment completed - the gift card paid the ${formatCents(finalTotalCents)} and ${formatCents(giftCardReturnedCents)} went back to it.`
          : 'Weight adjustment completed - no payment change needed';
  } else {
    let result;
    try {
      // under the booking's payment claim: the hold it stands on now, never one being renewed (decision 035)
      result = await withPaymentClaim(db, booking.id, () => chargeFinalAmount(db, gateway, { bookingId: booking.id, finalCents: chargeCents, now: ctx.now }));
    } catch (err) {
      // the gateway did not answer: the operation rows stay pending for the recovery job; the
      // weight stays claimed so a retry repeats the same charge, never a second one
      await recordAudit(db, ctx.actor, { action: 'booking.weight_failed', targetType: 'booking', targetId: booking.id, after: { weightTenths, chargeCents, error: err instanceof Error ? err.message : String(err) } });
      throw domainError('weight_gateway_unavailable');
    }
    const expired = booking.captureBefore !== null && booking.captureBefore <= ctx.now;
    card.capturedCents = result.capturedCents;
    card.extraChargedCents = result.extraChargedCents;
    // a partial capture lets the rest of the hold go, and a waived bill all of it; a hold that
    // lapsed (or that the gateway would not capture) is not released by us
    card.releasedCents = result.outcome === 'waived' ? (expired ? 0 : booking.authorizedAmount) : result.capturedCents > 0 ? booking.authorizedAmount - result.capturedCents : 0;
    const { chargedCents: charged, amountDueCents: leftDueCents } = settlementAmounts(chargeCents, result);
    if (result.outcome === 'needs_customer' || result.outcome === 'failed') {
      amountDueCents = leftDueCents;
      outcome = result.outcome === 'needs_customer' ? 'needs_customer' : 'charge_failed';
      message =
        result.outcome === 'needs_customer'
          ? `Captured ${formatCents(charged)}. The card needs the customer for the remaining ${formatCents(amountDueCents)}: it is due on their invoice.`
          : charged === 0
            ? `The card declined the ${formatCents(amountDueCents)} (${result.message ?? 'declined'}): it is due from the customer, who was emailed a link to pay it.`
            : `Captured ${formatCents(charged)}, but the additional charge of ${formatCents(amountDueCents)} failed (${result.message ?? 'declined'}). It is due on their invoice.`;
    } else if (result.outcome === 'waived' && chargeCents === 0) {
      // docs/design.md 9: the gift card paid the whole bill; the card's hold was let go
      outcome = 'none';
      message = `Weight adjustment completed - the gift card paid the ${formatCents(finalTotalCents)}${giftCardReturnedCents > 0 ? ` and ${formatCents(giftCardReturnedCents)} went back to it` : ''}; the card's authorization was released.`;
    } else if (result.outcome === 'waived') {
      outcome = 'waived';
      message = `Weight adjustment completed - ${formatCents(chargeCents)} is below the card minimum of ${formatCents(prices.minimumChargeCents)}: nothing was charged and the authorization was released.`;
    } else if (result.outcome === 'charged_off_session') {
      outcome = 'charge';
      message = `The authorization had expired: ${formatCents(charged)} charged to the saved card.`;
    } else if (result.waivedCents > 0) {
      outcome = 'none';
      message = `Weight adjustment completed - the extra ${formatCents(result.waivedCents)} is below the card minimum and was waived.`;
    } else {
      outcome = adj.kind;
      message =
        adj.kind === 'refund'
          ? `Refund of ${formatCents(adj.cents)} processed`
          : adj.kind === 'charge'
            ? `Additional charge of ${formatCents(adj.cents)} processed`
            : 'Weight adjustment completed - no payment change needed';
    }
  }

  await db.transaction(async (tx) => {
    // once: two submissions of the same weight at the same moment both get here
    const done = await tx
      .update(bookings)
      .set({ weightAdjustmentProcessed: true, weightProcessedAt: ctx.now, bookingStatus: 'completed', updatedAt: ctx.now })
      .where(and(eq(bookings.id, booking.id), eq(bookings.weightAdjustmentProcessed, false)))
      .returning({ id: bookings.id });
    if (done.length === 0) return;
    // decision 036: what the gift card paid of the bill and what is still due, on the booking's ledger
    await moveBookingMoney(tx, booking.id, { entry: 'weighed', changes: { giftCardApplied: { set: giftCardAppliedCents }, due: { set: amountDueCents }, tip: { set: 0 } }, at: ctx.now });
    // spec: back-office 4 — the booking's pro earns the weight at their rate
    await completeAssignment(tx, { id: booking.id, weightTenths }, ctx.now);
    // docs/design.md 9: what the gift card did not need goes back to its balance
    const giftCardBackCents = await returnUnusedGiftCard(tx, booking.id, giftCardReturnedCents);
    // docs/design.md 5.4: what the card did not cover, the customer pays from a link of their own
    if (amountDueCents > 0) await queuePaymentDue(tx, booking.id, ctx.notify, dueReasons[outcome === 'charge_failed' ? 'declined' : hasCard ? 'needs_customer' : 'no_card']);
    // docs/design.md 5.5: the weight, the total and the invoice link (by email when nothing is due)
    await queueLaundryWeighed(tx, booking.id, ctx.notify, ctx.now);
    await recordAudit(tx, ctx.actor, {
      action: 'booking.weight_processed',
      targetType: 'booking',
      targetId: booking.id,
      before: { authorizedCents: booking.authorizedAmount, capturedCents: booking.capturedAmount, pricePerPoundCents: booking.pricePerPoundCents, ...(counted ? { itemCounts: pickItemCounts(loaded) } : {}) },
      after: { weightTenths, finalTotalCents, chargeCents, giftCardAppliedCents, giftCardBackCents, outcome, amountDueCents, message, ...card, ...(counted ? { itemCounts: counted } : {}) },
    });
  });
  return { outcome, message, booking: await getStaffBooking(db, booking.id) };
}
