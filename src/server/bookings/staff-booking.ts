// A booking as the back office sees it (spec: back-office 2-4): the shape every staff screen
// reads and the row loader the staff capabilities share.
import { bookingPriceList } from '../../shared/price-list';
import { eq, inArray } from 'drizzle-orm';
import { bookedAddOnLines, bookedPromo, pickExtras } from '../../shared/pricing';
import type { StaffBooking } from '../../shared/schemas/back-office';
import { ratingLabel } from '../../shared/ratings';
import type { AssignedPro } from '../../shared/schemas/laundry-pros';
import { assignedPros } from '../laundry-pros/assignments.service';
import { confirmationNumber, receiptOrderNumber } from '../../shared/booking-values';
import type { Actor } from '../audit/record-audit';
import type { Db, DbOrTx } from '../db/client';
import { bookingRatings, bookings, missedPickups, phoneOrders } from '../db/schema';
import { stopPhotoTimes } from '../booking-records/stop-photos';
import type { PayLinkChannel } from '../../shared/phone-orders';
import type { MissedPickupReason, MissedPickupStatus, NoShowFeeOutcome } from '../../shared/stops';
import { domainError } from '../error-catalogue';
import { outsideSchedule, type ScheduleShape } from '../../shared/pickup-rules';
import { readSchedule } from '../settings/settings.service';

export type Booking = typeof bookings.$inferSelect;

export type StaffContext = { actor: Actor; now: Date };

/** The booking as staff see it, with its assigned pro (assignedPros) when it has one, measured against the schedule when given. */
/** A booking's stops as staff see them (decision 057): its photos and missed pick-up. */
export type StaffStops = Pick<StaffBooking, 'stopPhotos' | 'missedPickup' | 'phoneOrder'>;
const noStops: StaffStops = { stopPhotos: { pickup: null, delivery: null, no_show: null }, missedPickup: null, phoneOrder: null };

export function toStaffBooking(b: Booking, laundryPro: AssignedPro | null = null, schedule: ScheduleShape | null = null, stops: StaffStops = noStops, rating: StaffRating | null = null): StaffBooking {
  const promo = bookedPromo(b);
  const toCome = b.bookingStatus === 'pending' || b.bookingStatus === 'confirmed';
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
    outsideSchedule: toCome && schedule ? outsideSchedule(b.pickupDate, b.pickupTime, schedule) : null,
    dueBackDate: b.dueBackDate,
    dueBackTime: b.dueBackTime,
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
    sportsUniformsCount: b.sportsUniformsCount,
    blanketsQueenCount: b.blanketsQueenCount,
    blanketsKingCount: b.blanketsKingCount,
    mattressPadsQueenCount: b.mattressPadsQueenCount,
    mattressPadsKingCount: b.mattressPadsKingCount,
    finalBillRules: b.finalBillRules,
    addOnLines: bookedAddOnLines(pickExtras(b), b.bagQuantity, promo, bookingPriceList(b)),
    promoCode: b.promoCode,
    promo,
    pricePerPoundCents: b.pricePerPoundCents,
    priceList: bookingPriceList(b),
    subtotalCents: b.subtotalCents,
    giftCardDiscountCents: b.giftCardDiscountCents,
    totalAmount: b.totalAmount,
    originalTotalAmount: b.originalTotalAmount,
    authorizedAmount: b.authorizedAmount,
    capturedAmount: b.capturedAmount,
    refundedAmount: b.refundedAmount,
    giftCardCreditedCents: b.giftCardCreditedCents,
    tipAmount: b.tipAmount,
    finalTotalAmount: b.finalTotalAmount,
    giftCardAppliedCents: b.giftCardAppliedCents,
    amountDueCents: b.amountDueCents,
    actualWeightTenths: b.actualWeightTenths,
    customerApprovedAt: b.customerApprovedAt?.toISOString() ?? null,
    weightAdjustmentProcessed: b.weightAdjustmentProcessed,
    weightProcessedAt: b.weightProcessedAt?.toISOString() ?? null,
    bookingStatus: b.bookingStatus,
    progress: b.progress,
    paymentStatus: b.paymentStatus,
    paymentIntentStatus: b.paymentIntentStatus,
    captureBefore: b.captureBefore?.toISOString() ?? null,
    laundryPro,
    deliveryConfirmationSent: b.deliveryConfirmationSent,
    finalReceiptSent: b.finalReceiptSent,
    finalReceiptSentAt: b.finalReceiptSentAt?.toISOString() ?? null,
    weightQuestionedAt: b.weightQuestionedAt?.toISOString() ?? null,
    weightQuestion: b.weightQuestion,
    bagWeightsTenths: b.bagWeightsTenths,
    scalePhotoUploadedAt: b.scalePhotoUploadedAt?.toISOString() ?? null,
    ...stops,
    rating,
  };
}

/** The bookings' photos and missed pick-ups, by booking id. */
async function stopsOf(db: DbOrTx, ids: string[]): Promise<Map<string, StaffStops>> {
  const out = new Map<string, StaffStops>();
  if (ids.length === 0) return out;
  // one after another: `db` may be a transaction, whose one connection takes one query at a time
  const photos = await stopPhotoTimes(db, ids);
  const missed = await db.select().from(missedPickups).where(inArray(missedPickups.bookingId, ids));
  const phoned = await db.select().from(phoneOrders).where(inArray(phoneOrders.bookingId, ids));
  const missedBy = new Map(missed.map((m) => [m.bookingId, m]));
  const phonedBy = new Map(phoned.map((p) => [p.bookingId, p]));
  for (const id of ids) {
    const p = photos.get(id) ?? {};
    const m = missedBy.get(id);
    out.set(id, {
      stopPhotos: { pickup: p.pickup ?? null, delivery: p.delivery ?? null, no_show: p.no_show ?? null },
      missedPickup: m
        ? {
            reason: m.reason as MissedPickupReason,
            status: m.status as MissedPickupStatus,
            reportedAt: m.reportedAt.toISOString(),
            feeCents: m.feeCents,
            feeOutcome: m.feeOutcome as NoShowFeeOutcome | null,
          }
        : null,
      phoneOrder: phonedBy.has(id) ? { linkChannel: phonedBy.get(id)!.linkChannel as PayLinkChannel, linkSentAt: phonedBy.get(id)!.linkSentAt.toISOString() } : null,
    });
  }
  return out;
}

type StaffRating = NonNullable<StaffBooking['rating']>;

/** The customers' ratings of these bookings (decision 063), by booking id: one query for the whole list. */
async function ratingsOf(db: DbOrTx, ids: string[]): Promise<Map<string, StaffRating>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ bookingId: bookingRatings.bookingId, stars: bookingRatings.stars, comment: bookingRatings.comment, ratedAt: bookingRatings.ratedAt })
    .from(bookingRatings)
    .where(inArray(bookingRatings.bookingId, ids));
  return new Map(rows.map((r) => [r.bookingId, { stars: r.stars, comment: r.comment, ratedAt: r.ratedAt.toISOString(), label: ratingLabel(r.stars) }]));
}

/** The schedule as Settings have it now, to flag booked pick-ups it no longer offers (decision 055). */
async function scheduleShape(db: DbOrTx): Promise<ScheduleShape> {
  const schedule = await readSchedule(db);
  return { serviceWeekdays: schedule.serviceWeekdays, closedDates: schedule.closedDates, windows: schedule.pickupWindows };
}

/** A booking's row, or the staff's "not found". */
export async function loadBooking(db: DbOrTx, bookingId: string): Promise<Booking> {
  const [row] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
  if (!row) throw domainError('booking_not_found');
  return row;
}

export async function getStaffBooking(db: Db, bookingId: string) {
  const [booking, pros, schedule, stops, ratings] = await Promise.all([
    loadBooking(db, bookingId),
    assignedPros(db, [bookingId]),
    scheduleShape(db),
    stopsOf(db, [bookingId]),
    ratingsOf(db, [bookingId]),
  ]);
  return toStaffBooking(booking, pros.get(bookingId) ?? null, schedule, stops.get(bookingId), ratings.get(bookingId) ?? null);
}

/** Bookings as staff see them, each with its assigned pro, its stops and its rating: a few more queries for the whole list, none per row. */
export async function toStaffBookings(db: DbOrTx, rows: Booking[]): Promise<StaffBooking[]> {
  const ids = rows.map((r) => r.id);
  // one after another: the list reads in one transaction (its page and total agree), one query at a time
  const pros = await assignedPros(db, ids);
  const schedule = await scheduleShape(db);
  const stops = await stopsOf(db, ids);
  const ratings = await ratingsOf(db, ids);
  return rows.map((r) => toStaffBooking(r, pros.get(r.id) ?? null, schedule, stops.get(r.id), ratings.get(r.id) ?? null));
}
