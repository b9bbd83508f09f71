// A booking (spec: customer-site 3, back-office 3): the row itself, its statuses and progress,
// the tallies the back office counts it by, the places per pick-up window and when it reached each
// stage.
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, jsonb, pgEnum, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { detergentTypeValues, pickupLocationValues, waterTemperatureValues } from '../../../shared/booking-values';
import type { PriceList } from '../../../shared/price-list';
import { giftCards } from './gift-cards';
import { matches, oneOf } from './one-of';
import { windowValuePattern } from '../../../shared/business-words';
import { pickupSeries } from './series';

export const bookingStatus = pgEnum('booking_status', [
  'pending',
  'confirmed',
  'in-progress',
  'completed',
  'delivered',
  'cancelled',
]);
export const paymentStatus = pgEnum('payment_status', ['pending', 'paid', 'refunded', 'failed']);
/** Live progress (decision 023): the laundry steps between picked up and delivered, beside the status. */
export const laundryProgress = pgEnum('laundry_progress', ['washing', 'ready', 'out_for_delivery']);
export const progressStage = pgEnum('progress_stage', ['booked', 'picked_up', 'washing', 'ready', 'out_for_delivery', 'delivered']);

/**
 * What the back office's free-text search matches: name, email, the phone's digits, address, city,
 * zip and the id's hex (confirmation numbers), lower-cased. Stored in bookings.search_text, which
 * its trigram index covers: computed once per write instead of for every row a search tests (the
 * regular expression made a test cost about 12 µs on PGlite, the stored text well under 1 µs).
 */
export const bookingSearchText = sql.raw(
  `(lower(name || ' ' || email || ' ' || regexp_replace(phone, '[^0-9]', '', 'g') || ' ' || address || ' ' || city || ' ' || zip_code || ' ' || replace(id::text, '-', '')))`,
);

// spec: customer-site 3 (stored booking) and back-office 3 (Booking). Money in cents; weight in
// tenths of a pound so that weight x price stays exact.
export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    address: text('address').notNull(),
    city: text('city').notNull(),
    zipCode: text('zip_code').notNull(),
    pickupDate: date('pickup_date', { mode: 'string' }).notNull(),
    pickupTime: text('pickup_time').notNull(),
    pickupLocation: text('pickup_location').notNull(),
    specialInstructions: text('special_instructions').notNull().default(''),
    bagQuantity: integer('bag_quantity').notNull(),
    waterTemperature: text('water_temperature').notNull().default('cold'),
    detergentType: text('detergent_type').notNull().default('standard'),
    fabricSoftener: boolean('fabric_softener').notNull().default(false),
    hasDelicates: boolean('has_delicates').notNull().default(false),
    hasStainedItems: boolean('has_stained_items').notNull().default(false),
    containsSportsUniforms: boolean('contains_sports_uniforms').notNull().default(false),
    allergies: text('allergies').notNull().default(''),
    specialCareInstructions: text('special_care_instructions').notNull().default(''),
    rushDelivery: boolean('rush_delivery').notNull().default(false),
    hangDriedDelicates: boolean('hang_dried_delicates').notNull().default(false),
    oxiClean: boolean('oxi_clean').notNull().default(false),
    stainTreatment: boolean('stain_treatment').notNull().default(false),
    sportsUniformsCount: integer('sports_uniforms_count').notNull().default(0),
    blanketsQueenCount: integer('blankets_queen_count').notNull().default(0),
    blanketsKingCount: integer('blankets_king_count').notNull().default(0),
    mattressPadsQueenCount: integer('mattress_pads_queen_count').notNull().default(0),
    mattressPadsKingCount: integer('mattress_pads_king_count').notNull().default(0),
    smsConsent: boolean('sms_consent').notNull().default(false),
    termsAccepted: boolean('terms_accepted').notNull().default(false),
    promoCode: text('promo_code'),
    /** The promo code's bag rate and add-on waiver as they were when booked (docs/design.md 9: promo codes are data). */
    promoBagRateCents: integer('promo_bag_rate_cents'),
    promoWaivesAddOns: boolean('promo_waives_add_ons').notNull().default(false),
    /** The customer as a key: customerEmailKey / customerPhoneKey (src/shared/customer-identity.ts). */
    emailKey: text('email_key').notNull().default(''),
    phoneKey: text('phone_key').notNull().default(''),
    subtotalCents: integer('subtotal_cents').notNull().default(0),
    giftCardDiscountCents: integer('gift_card_discount_cents').notNull().default(0),
    /** The estimate the card is authorised for, after discounts (spec: total_amount). */
    totalAmount: integer('total_amount').notNull(),
    originalTotalAmount: integer('original_total_amount'),
    authorizedAmount: integer('authorized_amount').notNull().default(0),
    capturedAmount: integer('captured_amount').notNull().default(0),
    tipAmount: integer('tip_amount').notNull().default(0),
    pricePerPoundCents: integer('price_per_pound_cents').notNull().default(175),
    /** The prices it was quoted (decision 055): a bag's estimate and each add-on's, kept so a later price change never reaches it; null, booked before prices were settings: the spec's. */
    priceList: jsonb('price_list').$type<PriceList>(),
    actualWeightTenths: integer('actual_weight_tenths'),
    weightAdjustmentProcessed: boolean('weight_adjustment_processed').notNull().default(false),
    /** The rules the final bill is made by (decision 033, FinalBillRules): 1 for bills weighed before it. */
    finalBillRules: smallint('final_bill_rules').notNull().default(2),
    bookingStatus: bookingStatus('booking_status').notNull().default('pending'),
    /** Live progress (decision 023): washing, ready or out for delivery, once picked up; null before. */
    progress: laundryProgress('progress'),
    /** The delivery window (decision 056): planned when the laundry is picked up, movable by the customer; null before. */
    dueBackDate: date('due_back_date', { mode: 'string' }),
    dueBackTime: text('due_back_time'),
    /** The recurring pick-up this booking is an occurrence of (decision 024). */
    seriesId: uuid('series_id').references((): AnyPgColumn => pickupSeries.id, { onDelete: 'set null' }),
    paymentStatus: paymentStatus('payment_status').notNull().default('pending'),
    paymentIntentStatus: text('payment_intent_status'),
    stripePaymentIntentId: text('stripe_payment_intent_id'),
    deliveryConfirmationSent: boolean('delivery_confirmation_sent').notNull().default(false),
    finalReceiptSent: boolean('final_receipt_sent').notNull().default(false),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** Why a booking was cancelled, where its customer must be told (decision 042: 'window_full', a payment that came after the window filled). */
    cancelReason: text('cancel_reason'),
    customerApprovedAt: timestamp('customer_approved_at', { withTimezone: true }),
    /** docs/design.md 5.5 transparent weighing: when the customer questioned the weight from their invoice, once, and their note. */
    weightQuestionedAt: timestamp('weight_questioned_at', { withTimezone: true }),
    weightQuestion: text('weight_question'),
    /** docs/design.md 5.5 transparent weighing: each bag's weight when staff weighed them one by one (they add up to the actual weight). */
    bagWeightsTenths: integer('bag_weights_tenths').array(),
    /** The photo of the scale reading (docs/design.md 9, files): its FileStore key, and when it was taken. */
    scalePhotoKey: text('scale_photo_key'),
    scalePhotoUploadedAt: timestamp('scale_photo_uploaded_at', { withTimezone: true }),
    giftCardId: uuid('gift_card_id').references(() => giftCards.id),
    stripeCustomerId: text('stripe_customer_id'),
    stripePaymentMethodId: text('stripe_payment_method_id'),
    /** When the card authorisation lapses (about 7 days after it was made). */
    captureBefore: timestamp('capture_before', { withTimezone: true }),
    /** What was given back: card refunds on the gateway's word plus credits to a gift card (decision 031). */
    refundedAmount: integer('refunded_amount').notNull().default(0),
    /** The part of refunded_amount staff credited to a gift card instead of the card (decision 031). */
    giftCardCreditedCents: integer('gift_card_credited_cents').notNull().default(0),
    abandonedNoticeAt: timestamp('abandoned_notice_at', { withTimezone: true }),
    /** The IP address the booking was made from (SMS consent, abuse checks). */
    clientIp: text('client_ip'),
    /** Weighing (back office): the final amount charged for the actual weight, and when. */
    finalTotalAmount: integer('final_total_amount'),
    /** What the gift card paid of the final bill (docs/design.md 9, gift card first: up to the final total; the rest went back to the card). */
    giftCardAppliedCents: integer('gift_card_applied_cents'),
    weightProcessedAt: timestamp('weight_processed_at', { withTimezone: true }),
    /** What is still owed after weighing when the card needed the customer (their invoice). */
    amountDueCents: integer('amount_due_cents').notNull().default(0),
    finalReceiptSentAt: timestamp('final_receipt_sent_at', { withTimezone: true }),
    deliveryConfirmationSentAt: timestamp('delivery_confirmation_sent_at', { withTimezone: true }),
    /** bookingSearchText, kept by the database (the back office's search). */
    searchText: text('search_text').notNull().generatedAlwaysAs(bookingSearchText),
    /**
     * The wizard's submission (a random UUID the browser made for this form, the customer's
     * secret) and a digest of what it sent: the same submission again answers this booking
     * instead of making a second one (src/server/bookings/booking-submission.ts).
     */
    submissionKey: uuid('submission_key'),
    submissionDigest: text('submission_digest'),
  },
  (t) => [
    // decision 030: the money columns can only hold what money can be. Never negative; a refund
    // never above what was taken; a tip is part of what was taken; never more due than the bill.
    check(
      'bookings_money_non_negative',
      sql`${t.subtotalCents} >= 0 AND ${t.giftCardDiscountCents} >= 0 AND ${t.totalAmount} >= 0 AND coalesce(${t.originalTotalAmount}, 0) >= 0 AND ${t.authorizedAmount} >= 0 AND ${t.capturedAmount} >= 0 AND ${t.tipAmount} >= 0 AND ${t.refundedAmount} >= 0 AND coalesce(${t.finalTotalAmount}, 0) >= 0 AND coalesce(${t.giftCardAppliedCents}, 0) >= 0 AND ${t.amountDueCents} >= 0`,
    ),
    check('bookings_final_bill_rules_known', sql`${t.finalBillRules} in (1, 2)`),
    // decision 049: the form's closed lists (spec: customer-site 3), the same arrays its schema validates with
    check('bookings_pickup_time_window', matches(t.pickupTime, windowValuePattern)),
    check('bookings_due_back_time_window', sql`${t.dueBackTime} is null or ${matches(t.dueBackTime, windowValuePattern)}`),
    check('bookings_due_back_whole', sql`(${t.dueBackDate} is null) = (${t.dueBackTime} is null)`),
    check('bookings_pickup_location_known', oneOf(t.pickupLocation, pickupLocationValues)),
    check('bookings_water_temperature_known', oneOf(t.waterTemperature, waterTemperatureValues)),
    check('bookings_detergent_type_known', oneOf(t.detergentType, detergentTypeValues)),
    check('bookings_cancel_reason_known', sql`${t.cancelReason} is null or ${t.cancelReason} in ('window_full')`),
    check('bookings_refund_within_captured', sql`${t.refundedAmount} <= ${t.capturedAmount}`),
    check('bookings_credit_within_refunded', sql`${t.giftCardCreditedCents} >= 0 AND ${t.giftCardCreditedCents} <= ${t.refundedAmount}`),
    check('bookings_tip_within_captured', sql`${t.tipAmount} <= ${t.capturedAmount}`),
    check('bookings_due_within_bill', sql`${t.finalTotalAmount} is null or ${t.amountDueCents} <= ${t.finalTotalAmount}`),
    index('bookings_pickup_date_idx').on(t.pickupDate, t.pickupTime),
    index('bookings_created_at_idx').on(t.createdAt),
    // the day board's deliveries and All Bookings' due-back filter (decision 056)
    index('bookings_due_back_idx').on(t.dueBackDate, t.dueBackTime).where(sql`${t.dueBackDate} is not null`),
    // the All Bookings filters, newest first (docs/design.md 8: paged and searched on the server)
    index('bookings_status_created_idx').on(t.bookingStatus, t.createdAt),
    index('bookings_payment_status_created_idx').on(t.paymentStatus, t.createdAt),
    // a customer's earlier bookings (first-time promo codes, uses per customer, one open free
    // booking): by either key, so the planner ORs the two
    index('bookings_email_key_idx').on(t.emailKey),
    // decision 049: a gift card's bookings (its deletion's check); most bookings have no card, so only theirs
    index('bookings_gift_card_idx').on(t.giftCardId).where(sql`${t.giftCardId} is not null`),
    // one occurrence of a series a day (decision 024): two job runs at once create it once
    uniqueIndex('bookings_series_date_idx').on(t.seriesId, t.pickupDate).where(sql`${t.seriesId} is not null`),
    index('bookings_phone_key_idx').on(t.phoneKey),
    // a promo code's uses (its maximum)
    index('bookings_promo_code_idx').on(t.promoCode).where(sql`${t.promoCode} is not null`),
    // free-text search: trigrams over name, email, phone and the id's hex (confirmation numbers)
    // a small pending list (128 kB): a booking's trigrams are appended to it instead of inserted
    // into the tree one by one (the booking write's largest cost), and the insert that fills it
    // merges it in one batch. Kept small because PGlite runs no autovacuum: a search scans at most
    // 128 kB of unmerged entries (the default 4 MB made a rare term 5x slower). docs/benchmarks.md
    index('bookings_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')).with({ fastupdate: true, gin_pending_list_limit: 128 }),
    // /send-receipt (receipt=unsent): weighed, paid, final receipt not sent yet; a few thousand at most
    index('bookings_receipt_unsent_idx')
      .on(t.createdAt)
      .where(sql`${t.weightAdjustmentProcessed} and ${t.paymentStatus} = 'paid' and not ${t.finalReceiptSent}`),
    // one booking per submission; a booking made without one (staff, older clients) is not in it
    uniqueIndex('bookings_submission_key_idx').on(t.submissionKey).where(sql`${t.submissionKey} is not null`),
  ],
);

/**
 * How many bookings, and how much revenue, per booking status and payment status: the exact totals
 * of All Bookings' status and payment filters and the dashboard cards without counting every booking
 * (docs/design.md 8). Kept by statement triggers on bookings (migration 0007_booking_tallies_triggers):
 * each statement that moves a booking between tallies adds rows of differences here (+1 where it
 * went, -1 where it left). Only inserts, so concurrent writers never wait on one counter row nor
 * deadlock over it; a total is the sum of its rows, and compactBookingTallies folds them back to one
 * row per pair. The money is decision 015's (migration 0014): revenue is money earned on bookings
 * (card captures and extra charges less refunds and tips, plus gift-card amounts applied); on hold
 * is open card authorisations; payment due counts bookings with an amount still owed.
 */
export const bookingTallies = pgTable('booking_tallies', {
  bookingStatus: bookingStatus('booking_status').notNull(),
  paymentStatus: paymentStatus('payment_status').notNull(),
  bookings: integer('bookings').notNull(),
  revenueCents: bigint('revenue_cents', { mode: 'number' }).notNull(),
  onHoldCents: bigint('on_hold_cents', { mode: 'number' }).notNull().default(0),
  paymentDueBookings: integer('payment_due_bookings').notNull().default(0),
});

/** Places taken per pick-up window, claimed atomically (capacity beyond the spec). */
export const pickupSlots = pgTable(
  'pickup_slots',
  {
    pickupDate: date('pickup_date', { mode: 'string' }).notNull(),
    pickupTime: text('pickup_time').notNull(),
    booked: integer('booked').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.pickupDate, t.pickupTime] }),
    check('pickup_slots_booked_non_negative', sql`${t.booked} >= 0`),
    check('pickup_slots_pickup_time_window', matches(t.pickupTime, windowValuePattern)),
  ],
);

/** Live progress (decision 023): when an order reached each stage, for its timeline (the latest time if it came back to it). */
export const bookingProgress = pgTable(
  'booking_progress',
  {
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    stage: progressStage('stage').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.bookingId, t.stage] })],
);
