// The back office's work on bookings (spec: back-office 2-4; DESIGN.md 5.4, 5.9, 6-8): the paged
// and searched list, the summary cards, status and price changes, weighing and charging the real
// amount, the final receipt, the rating email, deletion and today's schedule. Every change of
// money or status writes the audit log.
import { and, asc, count, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { renderDeliveryConfirmation, renderFinalReceipt } from '../notifications/email-templates';
import { business, pickupTimes, prices } from '../../shared/business';
import { todayIn } from '../../shared/dates';
import { formatCents } from '../../shared/money';
import { adjustment, bookedAddOnLines, bookedPromo, originalAmountCents, pickExtras, weighedAmounts } from '../../shared/pricing';
import {
  MAX_POUNDS_PER_BAG,
  type BookingStatus,
  type FinalReceipt,
  type StaffBooking,
  type bookingListQuerySchema,
  type weightOutcomeValues,
} from '../../shared/schemas/back-office';
import { confirmationNumber, isSettled, receiptOrderNumber } from '../../shared/booking-values';
import type { z } from 'zod';
import { audit, type Actor } from '../admins/audit';
import { rowsOf, type Db } from '../db/client';
import { bookingTallies, bookings, pickupSlots } from '../db/schema';
import { DomainError, NotFoundError, ValidationError } from '../errors';
import type { PaymentGateway } from '../gateways/payment/payment-gateway';
import { releaseGiftCardHold } from '../gift-cards/gift-cards.service';
import { enqueueEmail } from '../notifications/outbox.service';
import { chargeFinalAmount, releaseAuthorisation } from '../payments/payments.service';

type Booking = typeof bookings.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export const staffBookingMessages = {
  notFound: 'Booking not found.',
  cancelled: 'This booking is cancelled.',
  alreadyProcessed: 'The weight of this booking is already processed.',
  weightInFlight: 'Another weight is being processed for this booking. Refresh and try again.',
  notAuthorised: 'This booking has no card authorisation to charge yet (the customer has not paid).',
  priceLocked: 'The weight is already processed: the price per pound can no longer change.',
  receiptNotReady: 'The receipt is ready once the weight is processed and the payment is paid.',
  receiptAlreadySent: 'The final receipt was already sent.',
  ratingNotDelivered: 'The rating email is sent once the booking is delivered.',
  ratingAlreadySent: 'The rating email was already sent.',
  capturedCannotDelete: 'This booking has captured money and cannot be deleted. Set its status to cancelled instead.',
  cannotReopen: 'This booking was cancelled and its pick-up window, card authorisation and any gift-card amount were let go: it cannot be reopened. Ask the customer to book again.',
} as const;

export type StaffContext = { actor: Actor; now: Date };

export function toStaffBooking(b: Booking): StaffBooking {
  const promo = bookedPromo(b);
  return {
    id: b.id,
    confirmation: confirmationNumber(b.id),
    orderNumber: receiptOrderNumber(b.id),
    createdAt: b.createdAt.toISOString(),
    name: b.name,
    email: b.email,
    phone: b.phone,
    address: b.address,
    city: b.city,
    zipCode: b.zipCode,
    pickupDate: b.pickupDate,
    pickupTime: b.pickupTime,
    pickupLocation: b.pickupLocation,
    bagQuantity: b.bagQuantity,
    specialInstructions: b.specialInstructions,
    waterTemperature: b.waterTemperature,
    detergentType: b.detergentType,
    fabricSoftener: b.fabricSoftener,
    allergies: b.allergies,
    specialCareInstructions: b.specialCareInstructions,
    hasDelicates: b.hasDelicates,
    hasStainedItems: b.hasStainedItems,
    containsSportsUniforms: b.containsSportsUniforms,
    rushDelivery: b.rushDelivery,
    hangDriedDelicates: b.hangDriedDelicates,
    oxiClean: b.oxiClean,
    stainTreatment: b.stainTreatment,
    addOnLines: bookedAddOnLines(pickExtras(b), b.bagQuantity, promo),
    promoCode: b.promoCode,
    promo,
    pricePerPoundCents: b.pricePerPoundCents,
    subtotalCents: b.subtotalCents,
    giftCardDiscountCents: b.giftCardDiscountCents,
    totalAmount: b.totalAmount,
    originalTotalAmount: b.originalTotalAmount,
    authorizedAmount: b.authorizedAmount,
    capturedAmount: b.capturedAmount,
    refundedAmount: b.refundedAmount,
    tipAmount: b.tipAmount,
    finalTotalAmount: b.finalTotalAmount,
    amountDueCents: b.amountDueCents,
    actualWeightTenths: b.actualWeightTenths,
    weightAdjustmentProcessed: b.weightAdjustmentProcessed,
    weightProcessedAt: b.weightProcessedAt?.toISOString() ?? null,
    bookingStatus: b.bookingStatus,
    paymentStatus: b.paymentStatus,
    paymentIntentStatus: b.paymentIntentStatus,
    captureBefore: b.captureBefore?.toISOString() ?? null,
    laundryPro: null,
    deliveryConfirmationSent: b.deliveryConfirmationSent,
    finalReceiptSent: b.finalReceiptSent,
    finalReceiptSentAt: b.finalReceiptSentAt?.toISOString() ?? null,
  };
}

async function load(db: Db | Tx, bookingId: string): Promise<Booking> {
  const [row] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
  if (!row) throw new NotFoundError(staffBookingMessages.notFound);
  return row;
}

export async function getStaffBooking(db: Db, bookingId: string) {
  return toStaffBooking(await load(db, bookingId));
}

// ---------------------------------------------------------------------------------------------
// The list and the cards

/** "WD-3F2A1C", "3f2a1c9b", "(803) 555-0101" → what the search text holds for them. */
export function searchTerm(q: string): string {
  const trimmed = q.trim().toLowerCase();
  const code = /^wd-?([0-9a-f]{1,8})$/.exec(trimmed);
  if (code) return code[1]!;
  if (/^[0-9()+.\-\s]+$/.test(trimmed) && /\d/.test(trimmed)) return trimmed.replace(/\D/g, '');
  return trimmed;
}

function likeContains(term: string) {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

type ListQuery = z.output<typeof bookingListQuerySchema>;

/** A search counts its matches up to this many; past it the total is a lower bound ("1,000+"). */
export const SEARCH_COUNT_CAP = 1000;

const newestFirst = [desc(bookings.createdAt), desc(bookings.id)];

function listPage(rows: Booking[], total: number, totalIsLowerBound: boolean, input: ListQuery) {
  return { bookings: rows.map(toStaffBooking), total, totalIsLowerBound, page: input.page, pageSize: input.pageSize };
}

/**
 * spec: back-office 2, All Bookings: newest first, a page at a time, filtered and searched on the
 * server (DESIGN.md 8). Totals: status and payment filters from booking_tallies (exact, without
 * counting every booking); a search counts up to SEARCH_COUNT_CAP matches and says so past it.
 */
export async function listStaffBookings(db: Db, input: ListQuery) {
  const filters: SQL[] = [];
  if (input.status !== 'all') filters.push(eq(bookings.bookingStatus, input.status));
  if (input.payment !== 'all') filters.push(eq(bookings.paymentStatus, input.payment));
  // written as bookings_receipt_unsent_idx's predicate, so that the planner can use it
  if (input.receipt === 'unsent') filters.push(sql`${bookings.weightAdjustmentProcessed} and ${bookings.paymentStatus} = 'paid' and not ${bookings.finalReceiptSent}`);
  const offset = (input.page - 1) * input.pageSize;
  const term = searchTerm(input.q);
  if (term) return searchBookings(db, term, filters, input, offset);

  const where = filters.length ? and(...filters) : undefined;
  // one snapshot for the page and its total, so that they agree while others write
  return db.transaction(
    async (tx) => {
      const rows = await tx.select().from(bookings).where(where).orderBy(...newestFirst).limit(input.pageSize).offset(offset);
      let total: number;
      if (input.receipt === 'any') total = await tallyTotal(tx, input);
      // not in the tallies: a page that is not full tells the total itself, else count the few
      // bookings waiting for their receipt (the partial index holds only them)
      else if (rows.length > 0 && rows.length < input.pageSize) total = offset + rows.length;
      else if (rows.length === 0 && offset === 0) total = 0;
      else total = Number((await tx.select({ n: count() }).from(bookings).where(where))[0]?.n ?? 0);
      return listPage(rows, total, false, input);
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** How many bookings have this status and payment status ('all': any), from booking_tallies. */
async function tallyTotal(db: Db | Tx, input: Pick<ListQuery, 'status' | 'payment'>) {
  const where: SQL[] = [];
  if (input.status !== 'all') where.push(eq(bookingTallies.bookingStatus, input.status));
  if (input.payment !== 'all') where.push(eq(bookingTallies.paymentStatus, input.payment));
  const [row] = await db
    .select({ n: sql<string>`coalesce(sum(${bookingTallies.bookings}), 0)` })
    .from(bookingTallies)
    .where(where.length ? and(...where) : undefined);
  return Number(row?.n ?? 0);
}

/**
 * A free-text search. First the trigram index's matches, up to one past the cap: how many, and
 * while that is all of them, the page (sorting at most 1,000). A broad term (more than 1,000
 * matches) instead walks the newest bookings, testing each, until the page is full: sorting tens of
 * thousands of matches to show 25 is what made "yahoo" or a zip code slow. The walk stops after a
 * window of the newest bookings; a broad term whose matches are mostly older than that (rare) is
 * answered by sorting its matches after all.
 */
async function searchBookings(db: Db, term: string, filters: SQL[], input: ListQuery, offset: number) {
  const pattern = likeContains(term);
  const match = and(...filters, sql`${bookings.searchText} like ${pattern}`);
  const capped = await db.execute(sql`
    with matches as materialized (
      select ${bookings.id} as id, ${bookings.createdAt} as created_at from ${bookings} where ${match} limit ${SEARCH_COUNT_CAP + 1})
    select (select count(*) from matches) as total,
           (select string_agg(p.id::text, ',' order by p.created_at desc, p.id desc)
              from (select id, created_at from matches order by created_at desc, id desc limit ${input.pageSize} offset ${offset}) p) as ids`);
  const [summary] = rowsOf<{ total: number | string; ids: string | null }>(capped);
  const found = Number(summary?.total ?? 0);
  if (found <= SEARCH_COUNT_CAP) {
    const ids = summary?.ids ? summary.ids.split(',') : [];
    const rows = ids.length ? await db.select().from(bookings).where(inArray(bookings.id, ids)).orderBy(...newestFirst) : [];
    return listPage(rows, found, false, input);
  }

  // more than 1,000 matches in 100,000 bookings is at least 1 in 100: a page of 25 is usually found
  // among the first few thousand; the window allows 20 bookings tested per booking shown
  const windowRows = Math.max(5_000, (offset + input.pageSize) * 20);
  const newest = db
    .select()
    .from(bookings)
    .where(filters.length ? and(...filters) : undefined)
    .orderBy(...newestFirst)
    .limit(windowRows)
    .as('newest');
  let rows: Booking[] = await db
    .select()
    .from(newest)
    .where(sql`${newest.searchText} like ${pattern}`)
    .orderBy(desc(newest.createdAt), desc(newest.id))
    .limit(input.pageSize)
    .offset(offset);
  if (rows.length < input.pageSize) rows = await db.select().from(bookings).where(match).orderBy(...newestFirst).limit(input.pageSize).offset(offset);
  // a page that is not full is the last one: the total is exact again
  if (rows.length > 0 && rows.length < input.pageSize) return listPage(rows, offset + rows.length, false, input);
  return listPage(rows, Math.max(SEARCH_COUNT_CAP, rows.length > 0 ? offset + rows.length : 0), true, input);
}

/**
 * spec: back-office 2, the four cards. Total bookings, pending orders and revenue (captured money
 * where captured, else authorised, over paid bookings: booking_revenue_cents in migration 0007)
 * come from booking_tallies; today's pick-ups (business time zone) from the pick-up date index.
 */
export async function dashboardStats(db: Db, ctx: { timeZone: string; now: Date }) {
  const today = todayIn(ctx.timeZone, ctx.now);
  const [row] = await db
    .select({
      total: sql<string>`coalesce(sum(${bookingTallies.bookings}), 0)`,
      pending: sql<string>`coalesce(sum(${bookingTallies.bookings}) filter (where ${bookingTallies.bookingStatus} = 'pending'), 0)`,
      revenue: sql<string>`coalesce(sum(${bookingTallies.revenueCents}), 0)`,
      todays: sql<string>`(select count(*) from ${bookings} where ${bookings.pickupDate} = ${today} and ${bookings.bookingStatus} <> 'cancelled')`,
    })
    .from(bookingTallies);
  return {
    today,
    totalBookings: Number(row?.total ?? 0),
    todaysPickups: Number(row?.todays ?? 0),
    totalRevenueCents: Number(row?.revenue ?? 0),
    pendingOrders: Number(row?.pending ?? 0),
  };
}

/** Held by whoever folds the tallies; migration 0007's reset on TRUNCATE waits for it too. */
const TALLY_FOLD_LOCK = 727270002;

/**
 * Folds booking_tallies' rows of differences into one row per status pair (the background jobs
 * call it; safe on several instances at once, and beside writers: rows committed after the fold
 * began are left for the next one). Returns how many rows it folded.
 */
export async function compactBookingTallies(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const [lock] = rowsOf<{ locked: boolean }>(await tx.execute(sql`select pg_try_advisory_xact_lock(${TALLY_FOLD_LOCK}) as locked`));
    if (!lock?.locked) return 0;
    const folded = await tx.execute(sql`
      with folded as (
        delete from ${bookingTallies}
        where (booking_status, payment_status) in (
          select booking_status, payment_status from ${bookingTallies} group by booking_status, payment_status
          having count(*) > 1 or (sum(bookings) = 0 and sum(revenue_cents) = 0))
        returning booking_status, payment_status, bookings, revenue_cents),
      kept as (
        insert into ${bookingTallies} (booking_status, payment_status, bookings, revenue_cents)
        select booking_status, payment_status, sum(bookings), sum(revenue_cents) from folded group by booking_status, payment_status
        having sum(bookings) <> 0 or sum(revenue_cents) <> 0
        returning 1)
      select (select count(*) from folded) as n`);
    return Number(rowsOf<{ n: string | number }>(folded)[0]?.n ?? 0);
  });
}

// ---------------------------------------------------------------------------------------------
// Status and price

async function freeSlot(tx: Tx, booking: Booking) {
  await tx
    .update(pickupSlots)
    .set({ booked: sql`greatest(${pickupSlots.booked} - 1, 0)` })
    .where(and(eq(pickupSlots.pickupDate, booking.pickupDate), eq(pickupSlots.pickupTime, booking.pickupTime)));
}

/**
 * spec: back-office 4, an admin can set any status directly. Cancelling a booking that was not yet
 * weighed also lets go of what it holds: the card authorisation (nothing charged; its payment
 * status becomes refunded, DESIGN.md 5.4's word for released money), the gift-card amount and the
 * window. A weighed booking keeps its money and gift card when it is cancelled (a refund is its own
 * action). A cancellation that let something go cannot be undone here: the window, the authorisation
 * and the gift-card amount may be gone (decision 011).
 */
export async function setBookingStatus(db: Db, gateway: PaymentGateway, bookingId: string, status: BookingStatus, ctx: StaffContext) {
  const before = await load(db, bookingId);
  if (before.bookingStatus === status) return toStaffBooking(before);
  const settled = isSettled(before);
  if (before.bookingStatus === 'cancelled' && !settled) throw new DomainError(409, 'cannot_reopen', staffBookingMessages.cannotReopen);
  const letGo = status === 'cancelled' && !settled;
  let released = false;
  if (letGo && before.paymentStatus === 'paid' && before.paymentIntentStatus === 'requires_capture') {
    const release = await releaseAuthorisation(db, gateway, bookingId);
    if (release && release.status !== 'succeeded')
      throw new DomainError(409, 'release_failed', `The card authorisation could not be released (${release.message ?? 'unknown error'}). The booking is unchanged.`);
    released = true;
  }
  await db.transaction(async (tx) => {
    await tx
      .update(bookings)
      .set({ bookingStatus: status, updatedAt: ctx.now, ...(status === 'cancelled' ? { cancelledAt: ctx.now } : {}), ...(released ? { paymentStatus: 'refunded' as const } : {}) })
      .where(eq(bookings.id, bookingId));
    let giftCardReturnedCents = 0;
    if (letGo) {
      await freeSlot(tx, before);
      giftCardReturnedCents = await releaseGiftCardHold(tx, bookingId);
    }
    await audit(tx, ctx.actor, {
      action: 'booking.status_changed',
      targetType: 'booking',
      targetId: bookingId,
      before: { status: before.bookingStatus },
      after: { status, ...(letGo ? { authorisationReleased: released, giftCardReturnedCents } : {}) },
    });
  });
  return getStaffBooking(db, bookingId);
}

export async function setPricePerPound(db: Db, bookingId: string, pricePerPoundCents: number, ctx: StaffContext) {
  const before = await load(db, bookingId);
  if (before.weightAdjustmentProcessed || before.finalTotalAmount !== null) throw new DomainError(409, 'price_locked', staffBookingMessages.priceLocked);
  if (before.pricePerPoundCents === pricePerPoundCents) return toStaffBooking(before);
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(bookings)
      .set({ pricePerPoundCents, updatedAt: ctx.now })
      .where(and(eq(bookings.id, bookingId), eq(bookings.weightAdjustmentProcessed, false)))
      .returning({ id: bookings.id });
    if (updated.length === 0) throw new DomainError(409, 'price_locked', staffBookingMessages.priceLocked);
    await audit(tx, ctx.actor, {
      action: 'booking.price_per_pound_changed',
      targetType: 'booking',
      targetId: bookingId,
      before: { pricePerPoundCents: before.pricePerPoundCents },
      after: { pricePerPoundCents },
    });
  });
  return getStaffBooking(db, bookingId);
}

// ---------------------------------------------------------------------------------------------
// Weighing (DESIGN.md 5.4)

export type WeightOutcome = (typeof weightOutcomeValues)[number];

/** What the customer owes for the actual weight, after what a gift card already paid. */
export function amountToCharge(booking: Booking, weightTenths: number) {
  return weighedAmounts({
    weightTenths,
    pricePerPoundCents: booking.pricePerPoundCents,
    finalAddOns: pickFinalAddOns(booking),
    promo: bookedPromo(booking),
    giftCardDiscountCents: booking.giftCardDiscountCents,
  });
}

function pickFinalAddOns(b: Booking) {
  return { rushDelivery: b.rushDelivery, hangDriedDelicates: b.hangDriedDelicates, oxiClean: b.oxiClean, stainTreatment: b.stainTreatment };
}

/**
 * spec: back-office 7 process-weight-adjustment. Records the weight, charges the final amount
 * through the payments primitives (capture up to the authorisation, then off-session for the
 * rest; an expired authorisation off-session in full) and answers the spec's toast.
 */
export async function processWeight(db: Db, gateway: PaymentGateway, input: { bookingId: string; actualWeight: number }, ctx: StaffContext) {
  const weightTenths = Math.round(input.actualWeight * 10);
  const booking = await load(db, input.bookingId);
  if (booking.bookingStatus === 'cancelled') throw new DomainError(409, 'booking_cancelled', staffBookingMessages.cancelled);
  if (booking.weightAdjustmentProcessed) throw new DomainError(409, 'already_processed', staffBookingMessages.alreadyProcessed);
  const maxTenths = booking.bagQuantity * MAX_POUNDS_PER_BAG * 10;
  if (weightTenths > maxTenths)
    throw new ValidationError(
      { actualWeight: `At most ${MAX_POUNDS_PER_BAG} lb a bag: ${booking.bagQuantity * MAX_POUNDS_PER_BAG} lb for ${booking.bagQuantity} bag${booking.bagQuantity === 1 ? '' : 's'}` },
      `The weight is too high: at most ${MAX_POUNDS_PER_BAG} lb a bag (${booking.bagQuantity * MAX_POUNDS_PER_BAG} lb for this booking).`,
    );
  const hasCard = booking.stripePaymentIntentId !== null;
  if (!hasCard && booking.totalAmount > 0) throw new DomainError(409, 'booking_not_paid', staffBookingMessages.notAuthorised);
  if (hasCard && booking.paymentStatus !== 'paid') throw new DomainError(409, 'booking_not_paid', staffBookingMessages.notAuthorised);

  const { finalTotalCents, chargeCents } = amountToCharge(booking, weightTenths);
  // claim the booking for this weight: a double click repeats the same charge (same idempotency
  // keys), a different weight at the same moment is refused
  const claimed = await db
    .update(bookings)
    .set({ actualWeightTenths: weightTenths, finalTotalAmount: finalTotalCents, updatedAt: ctx.now })
    .where(
      and(
        eq(bookings.id, booking.id),
        eq(bookings.weightAdjustmentProcessed, false),
        sql`(${bookings.finalTotalAmount} is null or (${bookings.finalTotalAmount} = ${finalTotalCents} and ${bookings.actualWeightTenths} = ${weightTenths}))`,
      ),
    )
    .returning({ id: bookings.id });
  if (claimed.length === 0) throw new DomainError(409, 'weight_in_flight', staffBookingMessages.weightInFlight);

  const original = originalAmountCents({ originalTotalAmount: booking.originalTotalAmount, totalAmount: booking.totalAmount });
  const adj = adjustment(chargeCents, original);
  let outcome: WeightOutcome;
  let message: string;
  let amountDueCents = 0;

  if (!hasCard) {
    // a free booking, or one a gift card paid in full: nothing to capture
    amountDueCents = chargeCents;
    outcome = chargeCents > 0 ? 'needs_customer' : 'none';
    message = chargeCents > 0 ? `No card on file: ${formatCents(chargeCents)} is due from the customer.` : 'Weight adjustment completed - no payment change needed';
  } else {
    let result;
    try {
      result = await chargeFinalAmount(db, gateway, { bookingId: booking.id, finalCents: chargeCents, now: ctx.now });
    } catch (err) {
      // the gateway did not answer: the operation rows stay pending for the recovery job; the
      // weight stays claimed so a retry repeats the same charge, never a second one
      await audit(db, ctx.actor, { action: 'booking.weight_failed', targetType: 'booking', targetId: booking.id, after: { weightTenths, chargeCents, error: err instanceof Error ? err.message : String(err) } });
      throw new DomainError(409, 'gateway_unavailable', 'Failed to process weight adjustment: the card payment service did not answer. Please try again in a moment.');
    }
    if (result.outcome === 'failed' && result.capturedCents === 0) {
      await db.transaction(async (tx) => {
        await tx.update(bookings).set({ actualWeightTenths: null, finalTotalAmount: null, updatedAt: ctx.now }).where(eq(bookings.id, booking.id));
        await audit(tx, ctx.actor, { action: 'booking.weight_failed', targetType: 'booking', targetId: booking.id, after: { weightTenths, chargeCents, error: result.message } });
      });
      throw new DomainError(409, 'charge_failed', `Failed to process weight adjustment: ${result.message ?? 'the card was declined'}.`);
    }
    const charged = result.capturedCents + result.extraChargedCents;
    if (result.outcome === 'needs_customer' || result.outcome === 'failed') {
      amountDueCents = chargeCents - charged;
      outcome = result.outcome === 'needs_customer' ? 'needs_customer' : 'charge_failed';
      message =
        result.outcome === 'needs_customer'
          ? `Captured ${formatCents(charged)}. The card needs the customer for the remaining ${formatCents(amountDueCents)}: it is due on their invoice.`
          : `Captured ${formatCents(charged)}, but the additional charge of ${formatCents(amountDueCents)} failed (${result.message ?? 'declined'}). It is due on their invoice.`;
    } else if (result.outcome === 'waived') {
      outcome = 'waived';
      message = `Weight adjustment completed - ${formatCents(chargeCents)} is below the card minimum of ${formatCents(prices.minimumChargeCents)}: nothing was charged and the authorisation was released.`;
    } else if (result.outcome === 'charged_off_session') {
      outcome = 'charge';
      message = `The authorisation had expired: ${formatCents(charged)} charged to the saved card.`;
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
    await tx
      .update(bookings)
      .set({ weightAdjustmentProcessed: true, weightProcessedAt: ctx.now, amountDueCents, tipAmount: 0, updatedAt: ctx.now })
      .where(eq(bookings.id, booking.id));
    await audit(tx, ctx.actor, {
      action: 'booking.weight_processed',
      targetType: 'booking',
      targetId: booking.id,
      before: { authorizedCents: booking.authorizedAmount, capturedCents: booking.capturedAmount, pricePerPoundCents: booking.pricePerPoundCents },
      after: { weightTenths, finalTotalCents, chargeCents, outcome, amountDueCents, message },
    });
  });
  return { outcome, message, booking: await getStaffBooking(db, booking.id) };
}

// ---------------------------------------------------------------------------------------------
// Receipt and rating email

export function buildFinalReceipt(b: Booking): FinalReceipt {
  if (!b.weightAdjustmentProcessed || b.actualWeightTenths === null || b.paymentStatus !== 'paid')
    throw new DomainError(409, 'receipt_not_ready', staffBookingMessages.receiptNotReady);
  const { invoice, finalTotalCents } = amountToCharge(b, b.actualWeightTenths);
  const charged = b.capturedAmount - b.refundedAmount;
  return {
    bookingId: b.id,
    orderNumber: receiptOrderNumber(b.id),
    confirmation: confirmationNumber(b.id),
    name: b.name,
    email: b.email,
    pickupDate: b.pickupDate,
    pickupTime: b.pickupTime,
    weightTenths: b.actualWeightTenths,
    pricePerPoundCents: b.pricePerPoundCents,
    weightCents: invoice.weightCents,
    addOnLines: invoice.addOnLines,
    finalTotalCents: b.finalTotalAmount ?? finalTotalCents,
    authorizedCents: b.authorizedAmount,
    capturedCents: charged,
    releasedCents: Math.max(0, b.authorizedAmount - b.capturedAmount),
    extraChargedCents: Math.max(0, b.capturedAmount - b.authorizedAmount),
    amountDueCents: b.amountDueCents,
    giftCardCents: b.giftCardDiscountCents,
    processedAt: (b.weightProcessedAt ?? b.updatedAt).toISOString(),
    sentAt: b.finalReceiptSentAt?.toISOString() ?? null,
  };
}

export async function getFinalReceipt(db: Db, bookingId: string) {
  return buildFinalReceipt(await load(db, bookingId));
}

/** spec: back-office 7 send-final-receipt: once per booking (final_receipt_sent), through the outbox. */
export async function sendFinalReceipt(db: Db, bookingId: string, ctx: StaffContext) {
  const booking = await load(db, bookingId);
  const receipt = buildFinalReceipt(booking);
  if (booking.finalReceiptSent) throw new DomainError(409, 'receipt_already_sent', staffBookingMessages.receiptAlreadySent);
  const email = await renderFinalReceipt(receipt);
  await db.transaction(async (tx) => {
    const marked = await tx
      .update(bookings)
      .set({ finalReceiptSent: true, finalReceiptSentAt: ctx.now, updatedAt: ctx.now })
      .where(and(eq(bookings.id, bookingId), eq(bookings.finalReceiptSent, false)))
      .returning({ id: bookings.id });
    if (marked.length === 0) throw new DomainError(409, 'receipt_already_sent', staffBookingMessages.receiptAlreadySent);
    await enqueueEmail(tx, {
      dedupeKey: `final-receipt:${bookingId}`,
      kind: 'final_receipt',
      to: booking.email,
      subject: email.subject,
      payload: { html: email.html, text: email.text },
      bookingId,
    });
    await audit(tx, ctx.actor, { action: 'booking.receipt_sent', targetType: 'booking', targetId: bookingId, after: { to: booking.email, finalTotalCents: receipt.finalTotalCents } });
  });
  return { sent: true, message: `Final receipt sent to ${booking.email}` };
}

/** spec: back-office 7 send-delivery-confirmation: when delivered, once, with the rating request. */
export async function sendDeliveryConfirmation(db: Db, bookingId: string, ctx: StaffContext & { timeZone: string }) {
  const booking = await load(db, bookingId);
  if (booking.bookingStatus !== 'delivered') throw new DomainError(409, 'not_delivered', staffBookingMessages.ratingNotDelivered);
  if (booking.deliveryConfirmationSent) throw new DomainError(409, 'rating_already_sent', staffBookingMessages.ratingAlreadySent);
  const email = await renderDeliveryConfirmation({
    bookingId,
    confirmation: confirmationNumber(bookingId),
    name: booking.name,
    deliveredOn: todayIn(ctx.timeZone, ctx.now),
    finalTotalCents: booking.weightAdjustmentProcessed ? booking.finalTotalAmount : null,
  });
  await db.transaction(async (tx) => {
    const marked = await tx
      .update(bookings)
      .set({ deliveryConfirmationSent: true, deliveryConfirmationSentAt: ctx.now, updatedAt: ctx.now })
      .where(and(eq(bookings.id, bookingId), eq(bookings.deliveryConfirmationSent, false)))
      .returning({ id: bookings.id });
    if (marked.length === 0) throw new DomainError(409, 'rating_already_sent', staffBookingMessages.ratingAlreadySent);
    await enqueueEmail(tx, {
      dedupeKey: `delivery-confirmation:${bookingId}`,
      kind: 'delivery_confirmation',
      to: booking.email,
      subject: email.subject,
      payload: { html: email.html, text: email.text },
      bookingId,
    });
    await audit(tx, ctx.actor, { action: 'booking.rating_email_sent', targetType: 'booking', targetId: bookingId, after: { to: booking.email } });
  });
  return { sent: true, message: `Delivery confirmation and rating request sent to ${booking.email}` };
}

// ---------------------------------------------------------------------------------------------
// Deletion

/**
 * spec: back-office 2, Delete Booking. Releases an open authorisation and the gift-card amount
 * first; a booking with captured money is refused (it is cancelled instead, keeping the record).
 * The deleted row is kept in the audit log.
 */
export async function deleteBooking(db: Db, gateway: PaymentGateway, bookingId: string, ctx: StaffContext) {
  const booking = await load(db, bookingId);
  if (booking.capturedAmount > 0) throw new DomainError(409, 'has_captured_money', staffBookingMessages.capturedCannotDelete);
  if (booking.paymentStatus === 'paid' && booking.paymentIntentStatus === 'requires_capture') {
    const released = await releaseAuthorisation(db, gateway, bookingId);
    if (released && released.status !== 'succeeded')
      throw new DomainError(409, 'release_failed', `Failed to delete booking: the card authorisation could not be released (${released.message ?? 'unknown error'}).`);
  }
  await db.transaction(async (tx) => {
    const giftBack = await releaseGiftCardHold(tx, bookingId);
    if (booking.bookingStatus !== 'cancelled') await freeSlot(tx, booking);
    // search_text is derived from the rest (and kept by the database)
    const { createdAt, updatedAt, searchText: _searchText, ...rest } = booking;
    await audit(tx, ctx.actor, {
      action: 'booking.deleted',
      targetType: 'booking',
      targetId: bookingId,
      before: { ...rest, createdAt: createdAt.toISOString(), updatedAt: updatedAt.toISOString() },
      after: { authorisationReleased: booking.paymentIntentStatus === 'requires_capture', giftCardReturnedCents: giftBack },
    });
    await tx.delete(bookings).where(eq(bookings.id, bookingId));
  });
  return { deleted: true, message: `Booking for ${booking.name} deleted` };
}

// ---------------------------------------------------------------------------------------------
// Today's schedule

const windowOrder = sql`case ${bookings.pickupTime} ${sql.join(
  pickupTimes.map((t, i) => sql`when ${t.value} then ${i}`),
  sql` `,
)} else 99 end`;

/** A directions link through the stops in order (the first 10: what maps apps take in a link). */
export function routeUrl(stops: { address: string; city: string; zipCode: string }[]): string | null {
  if (stops.length === 0) return null;
  const places = stops.slice(0, 10).map((s) => `${s.address}, ${s.city}, ${business.stateCode} ${s.zipCode}`);
  const destination = places[places.length - 1]!;
  const waypoints = places.slice(0, -1);
  const params = new URLSearchParams({ api: '1', destination, travelmode: 'driving' });
  if (waypoints.length) params.set('waypoints', waypoints.join('|'));
  return `https://www.google.com/maps/dir/?${params}`;
}

/** spec: back-office 2, Today's Schedule (business time zone): by window, then by area. */
export async function todaysSchedule(db: Db, ctx: { timeZone: string; now: Date; date?: string }) {
  const date = ctx.date ?? todayIn(ctx.timeZone, ctx.now);
  const rows = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.pickupDate, date), ne(bookings.bookingStatus, 'cancelled')))
    .orderBy(windowOrder, asc(bookings.zipCode), asc(bookings.city), asc(bookings.address), asc(bookings.createdAt));
  const windows = pickupTimes.map((t) => {
    const stops = rows.filter((r) => r.pickupTime === t.value).map(toStaffBooking);
    return { pickupTime: t.value as string, label: t.label as string, stops, routeUrl: routeUrl(stops) };
  });
  const other = rows.filter((r) => !pickupTimes.some((t) => t.value === r.pickupTime)).map(toStaffBooking);
  if (other.length) windows.push({ pickupTime: 'other', label: 'Other times', stops: other, routeUrl: routeUrl(other) });
  return { date, total: rows.length, windows: windows.filter((w) => w.stops.length > 0) };
}
