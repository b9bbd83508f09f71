import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  primaryKey,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

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
/** Recurring pick-ups (decision 024). */
export const seriesStatus = pgEnum('series_status', ['active', 'paused', 'stopped']);
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
    actualWeightTenths: integer('actual_weight_tenths'),
    weightAdjustmentProcessed: boolean('weight_adjustment_processed').notNull().default(false),
    /** The rules the final bill is made by (decision 033, FinalBillRules): 1 for bills weighed before it. */
    finalBillRules: smallint('final_bill_rules').notNull().default(2),
    bookingStatus: bookingStatus('booking_status').notNull().default('pending'),
    /** Live progress (decision 023): washing, ready or out for delivery, once picked up; null before. */
    progress: laundryProgress('progress'),
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
    check('bookings_cancel_reason_known', sql`${t.cancelReason} is null or ${t.cancelReason} in ('window_full')`),
    check('bookings_refund_within_captured', sql`${t.refundedAmount} <= ${t.capturedAmount}`),
    check('bookings_credit_within_refunded', sql`${t.giftCardCreditedCents} >= 0 AND ${t.giftCardCreditedCents} <= ${t.refundedAmount}`),
    check('bookings_tip_within_captured', sql`${t.tipAmount} <= ${t.capturedAmount}`),
    check('bookings_due_within_bill', sql`${t.finalTotalAmount} is null or ${t.amountDueCents} <= ${t.finalTotalAmount}`),
    index('bookings_pickup_date_idx').on(t.pickupDate, t.pickupTime),
    index('bookings_created_at_idx').on(t.createdAt),
    // the All Bookings filters, newest first (docs/design.md 8: paged and searched on the server)
    index('bookings_status_created_idx').on(t.bookingStatus, t.createdAt),
    index('bookings_payment_status_created_idx').on(t.paymentStatus, t.createdAt),
    // a customer's earlier bookings (first-time promo codes, uses per customer, one open free
    // booking): by either key, so the planner ORs the two
    index('bookings_email_key_idx').on(t.emailKey),
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

// docs/design.md 9, checkout purposes: every checkout session records what it pays for (its purpose
// and the id of that thing), so the webhook's dispatch hands it to the capability that owns it
// and a page that comes back with a session finds its subject. Written right after the gateway
// opened the session; the session's metadata carries the same, for events that come first.
export const checkoutPurpose = pgEnum('checkout_purpose', [
  'booking_authorisation',
  'gift_card_purchase',
  'invoice_payment',
  'tip',
  'extra_charge',
  'amount_due',
  // a manual or subscription invoice paid through its link (docs/design.md 9 invoices)
  'manual_invoice',
]);

export const checkouts = pgTable(
  'checkouts',
  {
    sessionId: text('session_id').primaryKey(),
    purpose: checkoutPurpose('purpose').notNull(),
    subjectId: uuid('subject_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('checkouts_subject_idx').on(t.purpose, t.subjectId)],
);

// docs/design.md 9, promo codes are data: what a code does to the price (the bag rate, add-ons waived)
// and who may use it when. FIRST12 comes with migration 0010; TEST1 and FREE only with the
// development seed (src/server/promo-codes/promo-codes.service.ts).
export const promoCodes = pgTable(
  'promo_codes',
  {
    code: text('code').primaryKey(),
    description: text('description').notNull().default(''),
    /** What a bag costs with this code: it replaces the $31.50 estimate. */
    bagRateCents: integer('bag_rate_cents').notNull(),
    /** Add-ons cost nothing (FREE waives all charges). */
    waivesAddOns: boolean('waives_add_ons').notNull().default(false),
    /** Only for a customer with no earlier confirmed booking (by email or phone). */
    firstTimeOnly: boolean('first_time_only').notNull().default(false),
    active: boolean('active').notNull().default(true),
    /** The pick-up dates it is good for, both ends included; null: no bound. */
    validFrom: date('valid_from', { mode: 'string' }),
    validUntil: date('valid_until', { mode: 'string' }),
    /** How many bookings may use it in all, and per customer; null: no limit. Cancelled bookings don't count. */
    maxUses: integer('max_uses'),
    maxUsesPerCustomer: integer('max_uses_per_customer'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('promo_codes_code_upper', sql`${t.code} = upper(${t.code}) and length(${t.code}) between 1 and 20`),
    check('promo_codes_bag_rate', sql`${t.bagRateCents} >= 0`),
    check('promo_codes_max_uses', sql`(${t.maxUses} is null or ${t.maxUses} >= 0) and (${t.maxUsesPerCustomer} is null or ${t.maxUsesPerCustomer} >= 0)`),
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

// spec: customer-site 3 (contact form). Stored so that no message is ever lost.
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    handledAt: timestamp('handled_at', { withTimezone: true }),
  },
  (t) => [index('contact_messages_created_at_idx').on(t.createdAt)],
);

// spec: back-office 3 (laundry pro, laundry assignment), 4, 9; docs/design.md 5.7. Rates in cents; the
// payment account's state comes from the gateway's word (account.updated and the status check).
export const proStatus = pgEnum('pro_status', ['active', 'inactive']);
export const laundryPros = pgTable(
  'laundry_pros',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    name: text('name').notNull(),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    perPoundRateCents: integer('per_pound_rate_cents').notNull().default(75),
    hourlyRateCents: integer('hourly_rate_cents').notNull().default(0),
    status: proStatus('status').notNull().default('active'),
    notes: text('notes').notNull().default(''),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    stripeAccountId: text('stripe_account_id').unique(),
    accountEnabled: boolean('account_enabled').notNull().default(false),
    /** The pro's own sign-in to the pro portal (role `pro`), once invited (decision 018). */
    userId: text('user_id')
      .unique()
      .references(() => user.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('laundry_pros_created_at_idx').on(t.createdAt),
    check('laundry_pros_rates_non_negative', sql`${t.perPoundRateCents} >= 0 AND ${t.hourlyRateCents} >= 0`),
  ],
);

/**
 * A new email for a pro's portal sign-in, written on their card by staff and waiting for the pro to
 * confirm it from that address (decision 041): until then the sign-in keeps its confirmed email.
 * One at a time per pro; the link's token is kept only as its SHA-256.
 */
export const proEmailChanges = pgTable('pro_email_changes', {
  proId: uuid('pro_id')
    .primaryKey()
    .references(() => laundryPros.id, { onDelete: 'cascade' }),
  userId: text('user_id')
    .notNull()
    .references(() => user.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const assignmentStatus = pgEnum('assignment_status', ['assigned', 'completed']);
/** One pro per booking: assigned, then completed with its per-pound payout when the weighing is processed (spec: back-office 4). */
export const laundryAssignments = pgTable(
  'laundry_assignments',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    bookingId: uuid('booking_id')
      .notNull()
      .unique()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    laundryProId: uuid('laundry_pro_id')
      .notNull()
      .references(() => laundryPros.id),
    status: assignmentStatus('status').notNull().default('assigned'),
    /** Set when the weighing completes it: the actual weight x the pro's rate then (spec: back-office 9). The tip is the booking's, as the customer paid it. */
    perPoundPayoutCents: integer('per_pound_payout_cents'),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [index('laundry_assignments_pro_idx').on(t.laundryProId, t.assignedAt), index('laundry_assignments_assigned_at_idx').on(t.assignedAt)],
);

/**
 * A payout to a pro (spec: back-office 3 "payout record", 9; docs/design.md 5.7, 9): what staff asked
 * to pay, once per request key. Its items say which assignments it covers and how much of each;
 * each item is one transfer, whose state is its payment operation's (decision 018).
 */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    laundryProId: uuid('laundry_pro_id')
      .notNull()
      .references(() => laundryPros.id),
    /** The browser's key for one click of "Pay Out": a retried or doubled request finds this row. */
    requestKey: text('request_key').notNull(),
    amountCents: integer('amount_cents').notNull(),
    createdBy: text('created_by'),
  },
  (t) => [
    unique('payouts_request_key_unique').on(t.laundryProId, t.requestKey),
    index('payouts_pro_idx').on(t.laundryProId, t.createdAt),
    check('payouts_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/** One transfer of a payout: the part of one assignment's earnings it pays, and the charge that funds it. */
export const payoutItems = pgTable(
  'payout_items',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    payoutId: uuid('payout_id')
      .notNull()
      .references(() => payouts.id),
    assignmentId: uuid('assignment_id')
      .notNull()
      .references(() => laundryAssignments.id),
    perPoundCents: integer('per_pound_cents').notNull(),
    tipCents: integer('tip_cents').notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** The payment operation (its idempotency key) that makes the transfer. */
    operationKey: text('operation_key').notNull().unique(),
    /** The booking's charge named as the transfer's source, when one covers it (docs/design.md 9). */
    sourceCharge: text('source_charge'),
  },
  (t) => [
    index('payout_items_assignment_idx').on(t.assignmentId),
    index('payout_items_payout_idx').on(t.payoutId),
    check('payout_items_parts', sql`${t.perPoundCents} >= 0 AND ${t.tipCents} >= 0 AND ${t.amountCents} = ${t.perPoundCents} + ${t.tipCents} AND ${t.amountCents} > 0`),
  ],
);

export const invoiceKind = pgEnum('invoice_kind', ['manual', 'subscription']);
export const invoiceStatus = pgEnum('invoice_status', ['pending', 'paid']);
export const subscriptionStatus = pgEnum('subscription_status', ['active', 'paused', 'ended']);

/** A client billed every month (spec: back-office 3 "Subscription invoice", 4; docs/design.md 9 invoices): its price, its day, the next date it bills. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    clientName: text('client_name').notNull(),
    clientEmail: text('client_email').notNull(),
    clientPhone: text('client_phone').notNull().default(''),
    clientAddress: text('client_address').notNull().default(''),
    description: text('description').notNull(),
    monthlyPriceCents: integer('monthly_price_cents').notNull(),
    taxCents: integer('tax_cents').notNull().default(0),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    billingDay: integer('billing_day').notNull(),
    nextBillingDate: date('next_billing_date', { mode: 'string' }).notNull(),
    status: subscriptionStatus('status').notNull().default('active'),
    notes: text('notes').notNull().default(''),
    createdBy: text('created_by'),
  },
  (t) => [
    index('subscriptions_created_at_idx').on(t.createdAt),
    check('subscriptions_amounts', sql`${t.monthlyPriceCents} > 0 AND ${t.taxCents} >= 0 AND ${t.billingDay} BETWEEN 1 AND 31`),
  ],
);

/**
 * spec: back-office 3 "manual_invoices": an invoice staff send by hand, or a subscription's month
 * (docs/design.md 9 invoices: rows with lines computed by the shared pricing functions). One invoice per
 * subscription and billing date, so the monthly job bills each month once.
 */
export const manualInvoices = pgTable(
  'manual_invoices',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    invoiceNumber: text('invoice_number').notNull().unique(),
    kind: invoiceKind('kind').notNull().default('manual'),
    subscriptionId: uuid('subscription_id').references(() => subscriptions.id),
    billingDate: date('billing_date', { mode: 'string' }),
    clientName: text('client_name').notNull(),
    clientEmail: text('client_email').notNull(),
    clientPhone: text('client_phone').notNull().default(''),
    clientAddress: text('client_address').notNull().default(''),
    /** The lines as sent: description, quantity, unit price and total in cents. */
    lines: jsonb('lines').notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    taxCents: integer('tax_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    status: invoiceStatus('status').notNull().default('pending'),
    notes: text('notes').notNull().default(''),
    createdBy: text('created_by'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** The staff member who marked it paid, or 'online' when the gateway said so. */
    paidBy: text('paid_by'),
  },
  (t) => [
    index('manual_invoices_created_at_idx').on(t.createdAt),
    uniqueIndex('manual_invoices_subscription_month_idx').on(t.subscriptionId, t.billingDate),
    check('manual_invoices_totals', sql`${t.subtotalCents} >= 0 AND ${t.taxCents} >= 0 AND ${t.totalCents} = ${t.subtotalCents} + ${t.taxCents}`),
  ],
);

// spec: customer-site 3 (gift card record). The balance is what is left to spend: holds take from
// it at once, releases give back, so it can never go below zero (also a CHECK).
export const giftCards = pgTable(
  'gift_cards',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    code: text('code').notNull().unique(),
    amount: integer('amount').notNull(),
    balance: integer('balance').notNull(),
    purchaserEmail: text('purchaser_email'),
    recipientEmail: text('recipient_email'),
    recipientName: text('recipient_name'),
    message: text('message').notNull().default(''),
    stripeSessionId: text('stripe_session_id').unique(),
    /** Refunds credited to this card by staff (decision 031): spendable, but not what it was sold for. */
    creditedCents: integer('credited_cents').notNull().default(0),
  },
  (t) => [check('gift_cards_balance_non_negative', sql`${t.balance} >= 0 AND ${t.creditedCents} >= 0 AND ${t.balance} <= ${t.amount} + ${t.creditedCents}`)],
);

/** credit: a booking's refund put on the card (decision 031). */
export const giftCardEntryKind = pgEnum('gift_card_entry_kind', ['hold', 'capture', 'release', 'credit']);

/** Every movement of a gift card's balance, tied to the booking that caused it. */
export const giftCardLedger = pgTable(
  'gift_card_ledger',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    giftCardId: uuid('gift_card_id')
      .notNull()
      .references(() => giftCards.id),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    kind: giftCardEntryKind('kind').notNull(),
    amountCents: integer('amount_cents').notNull(),
  },
  (t) => [
    index('gift_card_ledger_card_idx').on(t.giftCardId),
    index('gift_card_ledger_booking_idx').on(t.bookingId),
    check('gift_card_ledger_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/** Places taken per pick-up window, claimed atomically (capacity beyond the spec). */
export const pickupSlots = pgTable(
  'pickup_slots',
  {
    pickupDate: date('pickup_date', { mode: 'string' }).notNull(),
    pickupTime: text('pickup_time').notNull(),
    booked: integer('booked').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.pickupDate, t.pickupTime] }), check('pickup_slots_booked_non_negative', sql`${t.booked} >= 0`)],
);

/** spec: customer-site 5, SMS consent recorded with a timestamp and IP address. */
export const smsConsents = pgTable(
  'sms_consents',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    phone: text('phone').notNull(),
    consentText: text('consent_text').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sms_consents_phone_idx').on(t.phone)],
);

/** Webhook events already applied: a replay finds its id here and changes nothing. */
export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

export const paymentOperationStatus = pgEnum('payment_operation_status', ['pending', 'succeeded', 'failed', 'needs_customer', 'waived']);

/**
 * Every gateway call that moves money: written (pending, with its idempotency key) before the
 * call, completed after it. A recovery job finishes rows left pending (docs/design.md 5.8).
 */
export const paymentOperations = pgTable(
  'payment_operations',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    kind: text('kind').notNull(),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    amountCents: integer('amount_cents').notNull(),
    status: paymentOperationStatus('status').notNull().default('pending'),
    /** What the call needs to be made again by the recovery job. */
    request: jsonb('request').notNull(),
    result: jsonb('result'),
    gatewayRef: text('gateway_ref'),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
  },
  (t) => [
    index('payment_operations_pending_idx').on(t.status, t.createdAt),
    index('payment_operations_booking_idx').on(t.bookingId),
    // decision 031: a refund event finds the booking whose operation made the payment it refunds
    index('payment_operations_gateway_ref_idx').on(t.gatewayRef),
  ],
);

/**
 * Decision 031: what the gateway says each of a booking's payments has had refunded (the main
 * intent's capture, an extra charge, a checkout). bookings.refunded_amount is their sum plus the
 * gift-card credits; each only goes up, so an event and our own refund never count one twice.
 */
export const chargeRefunds = pgTable(
  'charge_refunds',
  {
    paymentIntentId: text('payment_intent_id').primaryKey(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    refundedCents: integer('refunded_cents').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('charge_refunds_booking_idx').on(t.bookingId), check('charge_refunds_non_negative', sql`${t.refundedCents} >= 0`)],
);

export const bookingRefundDestination = pgEnum('booking_refund_destination', ['card', 'gift_card']);
export const bookingRefundStatus = pgEnum('booking_refund_status', ['pending', 'succeeded', 'failed']);

/**
 * Decision 031: a refund staff made of a booking, under the key the browser made for it (a retry
 * or a double click finds it and moves nothing more). `plan`: each payment and the part of the
 * refund it gives back, fixed before the first gateway call so that a retry repeats the same calls.
 */
export const bookingRefunds = pgTable(
  'booking_refunds',
  {
    id: uuid('id').primaryKey(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    destination: bookingRefundDestination('destination').notNull(),
    status: bookingRefundStatus('status').notNull().default('pending'),
    /** What staff asked to give back, and what was given back. */
    amountCents: integer('amount_cents').notNull(),
    refundedCents: integer('refunded_cents').notNull().default(0),
    reason: text('reason').notNull(),
    plan: jsonb('plan').notNull().default([]),
    giftCardId: uuid('gift_card_id').references(() => giftCards.id),
    actorId: text('actor_id'),
    actorEmail: text('actor_email'),
  },
  (t) => [
    index('booking_refunds_booking_idx').on(t.bookingId, t.createdAt),
    check('booking_refunds_amounts', sql`${t.amountCents} > 0 AND ${t.refundedCents} >= 0 AND ${t.refundedCents} <= ${t.amountCents}`),
  ],
);

/**
 * Decision 034: a correction of a weighing before the customer approved the bill, under the key the
 * browser made for it (a retry or a double click finds it and moves nothing more). The money it
 * moves is fixed before the first gateway call: `refundPlan` (each payment and its part, as
 * decision 031's refunds) or `chargeCents` (off-session to the saved card); a retry repeats the
 * same calls under the same operation keys.
 */
export const bookingReweighs = pgTable(
  'booking_reweighs',
  {
    id: uuid('id').primaryKey(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    status: bookingRefundStatus('status').notNull().default('pending'),
    reason: text('reason').notNull(),
    fromWeightTenths: integer('from_weight_tenths').notNull(),
    toWeightTenths: integer('to_weight_tenths').notNull(),
    fromTotalCents: integer('from_total_cents').notNull(),
    toTotalCents: integer('to_total_cents').notNull(),
    /** What goes back to the card (the plan's sum) and what is charged to it; at most one is above 0. */
    refundCents: integer('refund_cents').notNull().default(0),
    refundPlan: jsonb('refund_plan').notNull().default([]),
    chargeCents: integer('charge_cents').notNull().default(0),
    /** What the gateway did: refunded, charged; what went back to the gift card; what is due after. */
    refundedCents: integer('refunded_cents').notNull().default(0),
    chargedCents: integer('charged_cents').notNull().default(0),
    giftCardReturnedCents: integer('gift_card_returned_cents').notNull().default(0),
    amountDueCents: integer('amount_due_cents').notNull().default(0),
    actorId: text('actor_id'),
    actorEmail: text('actor_email'),
  },
  (t) => [
    index('booking_reweighs_booking_idx').on(t.bookingId, t.createdAt),
    check(
      'booking_reweighs_amounts',
      sql`${t.refundCents} >= 0 AND ${t.chargeCents} >= 0 AND ${t.refundedCents} >= 0 AND ${t.refundedCents} <= ${t.refundCents} AND ${t.chargedCents} >= 0 AND ${t.chargedCents} <= ${t.chargeCents} AND ${t.giftCardReturnedCents} >= 0 AND ${t.amountDueCents} >= 0`,
    ),
  ],
);

/**
 * The local payment gateway's own records (sessions, payment intents, customers, refunds,
 * accounts, transfers, idempotency replies, events): it plays the card network offline.
 */
export const localGatewayObjects = pgTable(
  'local_gateway_objects',
  {
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    data: jsonb('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('local_gateway_objects_kind_idx').on(t.kind, t.createdAt)],
);

export const outboxChannel = pgEnum('outbox_channel', ['email', 'sms']);
export const outboxStatus = pgEnum('outbox_status', ['pending', 'sending', 'sent', 'kept', 'failed']);

/**
 * Emails and texts, written in the transaction of the change that causes them (docs/design.md 1).
 * A worker delivers them with retries; the dedupe key keeps each one to a single row.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    channel: outboxChannel('channel').notNull(),
    kind: text('kind').notNull(),
    dedupeKey: text('dedupe_key').notNull().unique(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull().default(''),
    /** email: { html, text, replyTo, attachments }; sms: { body } */
    payload: jsonb('payload').notNull(),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    status: outboxStatus('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    providerId: text('provider_id'),
    lastError: text('last_error'),
  },
  (t) => [index('outbox_due_idx').on(t.status, t.nextAttemptAt), index('outbox_created_idx').on(t.createdAt)],
);

/** Numbers that answered STOP: no text goes to them until they answer START. */
export const smsOptOuts = pgTable('sms_opt_outs', {
  phone: text('phone').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

// Staff accounts (better-auth's tables, with its admin plugin's fields: role, banned). Roles:
// admin, master_admin. A banned (disabled) user is refused and their sessions are revoked.
export const user = pgTable('user', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  role: text('role'),
  banned: boolean('banned').default(false),
  banReason: text('ban_reason'),
  banExpires: timestamp('ban_expires', { withTimezone: true }),
  /** A temporary password must be changed at the first sign-in. */
  mustChangePassword: boolean('must_change_password').notNull().default(false),
});

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    impersonatedBy: text('impersonated_by'),
  },
  (t) => [index('session_user_idx').on(t.userId)],
);

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('account_user_idx').on(t.userId)],
);

export const verification = pgTable('verification', {
  id: text('id').primaryKey(),
  identifier: text('identifier').notNull(),
  value: text('value').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every staff action on money or people: who, what, on what, before and after, when, from where. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    // the moment of the insert, not of its transaction: two entries one action writes read in order
    at: timestamp('at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
    actorId: text('actor_id'),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
  },
  (t) => [index('audit_log_at_idx').on(t.at)],
);

/** Fixed-window rate limits shared by every app instance (docs/design.md 8: stateless servers). */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index('rate_limit_hits_window_idx').on(t.windowStart)],
);

// docs/design.md 9 (one-time links; customers signed in by magic link, /orders, their own orders
// only), decision 021: a customer is their email or phone, not an account. A sign-in link is
// random, kept only as its SHA-256, works once, for 15 minutes, for the address it was sent to.
export const customerSignInLinks = pgTable(
  'customer_sign_in_links',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    tokenHash: text('token_hash').notNull().unique(),
    /** The customer the link opens: the email key or the phone key it was sent to (customer-identity.ts). */
    emailKey: text('email_key'),
    phoneKey: text('phone_key'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('customer_sign_in_links_expires_idx').on(t.expiresAt), check('customer_sign_in_links_one_key', sql`(${t.emailKey} is null) <> (${t.phoneKey} is null)`)],
);

/** A customer's signed-in device (the cookie holds the random token; only its SHA-256 is kept), 30 days. */
export const customerSessions = pgTable(
  'customer_sessions',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    tokenHash: text('token_hash').notNull().unique(),
    emailKey: text('email_key'),
    phoneKey: text('phone_key'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('customer_sessions_expires_idx').on(t.expiresAt), check('customer_sessions_one_key', sql`(${t.emailKey} is null) <> (${t.phoneKey} is null)`)],
);

/** Staff notes on a customer (their email key: every booking has one), shown on the customer's page. */
export const customerNotes = pgTable(
  'customer_notes',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    emailKey: text('email_key').notNull(),
    body: text('body').notNull(),
    authorEmail: text('author_email'),
  },
  (t) => [index('customer_notes_email_key_idx').on(t.emailKey, t.createdAt)],
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

/**
 * A recurring pick-up (decision 024): the order to repeat (the booking form's fields but its day),
 * every one or two weeks on the same weekday and window, each occurrence a booking of its own with
 * its own hold on the saved card, made a few days ahead. The customer is its email or phone key.
 */
export const pickupSeries = pgTable(
  'pickup_series',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The booking it was started from. */
    startedFrom: uuid('started_from').notNull(),
    emailKey: text('email_key').notNull(),
    phoneKey: text('phone_key').notNull(),
    /** The order each occurrence repeats: the booking form's fields without its day and window. */
    order: jsonb('order').notNull(),
    everyWeeks: integer('every_weeks').notNull(),
    pickupTime: text('pickup_time').notNull(),
    /** The next day an occurrence is due; the job makes it a few days ahead. */
    nextDate: date('next_date', { mode: 'string' }).notNull(),
    status: seriesStatus('status').notNull().default('active'),
    stripeCustomerId: text('stripe_customer_id').notNull(),
    stripePaymentMethodId: text('stripe_payment_method_id').notNull(),
    /** The last occurrence that could not be made (a failed hold, a full window), for staff and the customer. */
    lastIssue: text('last_issue'),
    lastIssueAt: timestamp('last_issue_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('pickup_series_started_from_idx').on(t.startedFrom),
    index('pickup_series_due_idx').on(t.status, t.nextDate),
    index('pickup_series_email_key_idx').on(t.emailKey),
    check('pickup_series_every_weeks', sql`${t.everyWeeks} in (1, 2)`),
  ],
);

/**
 * A once-a-day job claimed by one instance (decision 025, two instances): the first to insert its
 * day runs it; the others see the row and skip. A run that fails gives its claim back.
 */
export const jobClaims = pgTable(
  'job_claims',
  {
    job: text('job').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
    /** Who claimed it: the host and process, for the log. */
    claimedBy: text('claimed_by').notNull(),
  },
  (t) => [primaryKey({ columns: [t.job, t.day] })],
);

// decision 030: who is moving a booking's money at a checkout or off-session now. One row per
// subject while a request opens, closes or charges; a lease, so a crashed request frees it.
export const paymentClaims = pgTable('payment_claims', {
  subjectId: uuid('subject_id').primaryKey(),
  /** The request that holds it, so that only it lets go. */
  holder: text('holder').notNull(),
  claimedUntil: timestamp('claimed_until', { withTimezone: true }).notNull(),
});

/**
 * Decision 036: a booking's money ledger. Every change of its money columns (authorised, captured,
 * tip, refunded, credited to a gift card, paid by a gift card, due) is one row here, the difference
 * each column moved, written with the change by `booking-money/` alone. The columns on `bookings`
 * are the sums of these rows: a deferred trigger (migration 0034) refuses a commit where they
 * are not, so nothing else can write them.
 */
export const bookingMoneyLedger = pgTable(
  'booking_money_ledger',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** What moved the money (BookingMoneyEntry in booking-money/booking-money.ts). */
    entry: text('entry').notNull(),
    /** What it answers to: the payment operation's key, the checkout, the refund, the event. */
    source: text('source'),
    authorizedCents: integer('authorized_cents').notNull().default(0),
    capturedCents: integer('captured_cents').notNull().default(0),
    tipCents: integer('tip_cents').notNull().default(0),
    refundedCents: integer('refunded_cents').notNull().default(0),
    creditedCents: integer('credited_cents').notNull().default(0),
    giftCardAppliedCents: integer('gift_card_applied_cents').notNull().default(0),
    dueCents: integer('due_cents').notNull().default(0),
  },
  (t) => [
    index('booking_money_ledger_booking_idx').on(t.bookingId, t.id),
    // a change answering to a source (an operation's key, a checkout) is written once
    uniqueIndex('booking_money_ledger_source_idx').on(t.bookingId, t.entry, t.source).where(sql`${t.source} is not null`),
  ],
);
