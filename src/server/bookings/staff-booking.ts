// A booking as the back office sees it (spec: back-office 2-4): the shape every staff screen
// reads, the staff's messages, and the row loader the staff capabilities share.
import { eq } from 'drizzle-orm';
import { bookedAddOnLines, bookedPromo, pickExtras } from '../../shared/pricing';
import type { StaffBooking } from '../../shared/schemas/back-office';
import type { AssignedPro } from '../../shared/schemas/laundry-pros';
import { assignedPros } from '../laundry-pros/assignments.service';
import { confirmationNumber, receiptOrderNumber } from '../../shared/booking-values';
import type { Actor } from '../audit/record-audit';
import type { Db, DbOrTx } from '../db/client';
import { bookings } from '../db/schema';
import { NotFoundError } from '../errors';

export type Booking = typeof bookings.$inferSelect;

export const staffBookingMessages = {
  notFound: 'Booking not found.',
  cancelled: 'This booking is cancelled.',
  alreadyProcessed: 'The weight of this booking is already processed.',
  weightInFlight: 'Another weight is being processed for this booking. Refresh and try again.',
  notAuthorised: 'This booking has no card authorization to charge yet (the customer has not paid).',
  priceLocked: 'The weight is already processed: the price per pound can no longer change.',
  receiptNotReady: 'The receipt is ready once the weight is processed and the payment is paid.',
  receiptAlreadySent: 'The final receipt was already sent.',
  ratingNotDelivered: 'The rating email is sent once the booking is delivered.',
  ratingAlreadySent: 'The rating email was already sent.',
  capturedCannotDelete: 'This booking has captured money and cannot be deleted: its record stays with the accounts.',
  earnedCannotDelete: 'A laundry pro has earned a payout on this booking: it cannot be deleted, its record stays with their earnings.',
  statusChanged: 'This booking changed while you were looking at it. Refresh and try again.',
  weighNeedsInProgress: (status: string) => `Weighing needs a confirmed or in-progress booking; this one is ${status}. Move it back to In progress first.`,
} as const;

export type StaffContext = { actor: Actor; now: Date };

/** The booking as staff see it, with its assigned pro (assignedPros) when it has one. */
export function toStaffBooking(b: Booking, laundryPro: AssignedPro | null = null): StaffBooking {
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
    sportsUniformsCount: b.sportsUniformsCount,
    blanketsQueenCount: b.blanketsQueenCount,
    blanketsKingCount: b.blanketsKingCount,
    mattressPadsQueenCount: b.mattressPadsQueenCount,
    mattressPadsKingCount: b.mattressPadsKingCount,
    finalBillRules: b.finalBillRules,
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
  };
}

/** A booking's row, or the staff's "not found". */
export async function loadBooking(db: DbOrTx, bookingId: string): Promise<Booking> {
  const [row] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
  if (!row) throw new NotFoundError(staffBookingMessages.notFound);
  return row;
}

export async function getStaffBooking(db: Db, bookingId: string) {
  const [booking, pros] = await Promise.all([loadBooking(db, bookingId), assignedPros(db, [bookingId])]);
  return toStaffBooking(booking, pros.get(bookingId) ?? null);
}

/** Bookings as staff see them, each with its assigned pro: one more query for the whole list. */
export async function toStaffBookings(db: DbOrTx, rows: Booking[]): Promise<StaffBooking[]> {
  const pros = await assignedPros(db, rows.map((r) => r.id));
  return rows.map((r) => toStaffBooking(r, pros.get(r.id) ?? null));
}
