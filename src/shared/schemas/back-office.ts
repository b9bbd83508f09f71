// The back office's contracts (spec: back-office 2-5): the bookings list with its filters, the
// actions on a booking, today's schedule, messages and the outbox. zod/mini like every schema the
// browser loads (docs/decisions/009).
import { missedPickupReasons, missedPickupStatuses, noShowFeeOutcomes } from '../stops';
import { payLinkChannels } from '../phone-orders';
import * as z from 'zod/mini';
import { priceLineSchema, priceListSchema } from './booking-api';
import { givenRatingSchema } from './ratings';
import { laundryStepValues } from '../laundry-steps';
import { isIsoDate } from '../dates';

export const bookingStatusValues = ['pending', 'confirmed', 'in-progress', 'completed', 'delivered', 'cancelled'] as const;
export type BookingStatus = (typeof bookingStatusValues)[number];
export const paymentStatusValues = ['pending', 'paid', 'refunded', 'failed'] as const;
export type PaymentStatus = (typeof paymentStatusValues)[number];

export const bookingStatusLabels: Record<BookingStatus, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  'in-progress': 'In progress',
  completed: 'Completed',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};
/**
 * The payment status in staff words (the list's filter). "paid" means the checkout went through:
 * the card is authorized or captured, or nothing was due; "refunded" is also set when a hold is
 * let go, which docs/design.md 9 calls Released. A booking's own money reads moneyState's label.
 */
export const paymentStatusLabels: Record<PaymentStatus, string> = {
  pending: 'Pending payment',
  paid: 'Paid (authorized or captured)',
  refunded: 'Released or refunded',
  failed: 'Payment failed',
};

// docs/design.md 5.9: staff money actions are bounded.
export const PRICE_PER_POUND_MIN_CENTS = 50;
export const PRICE_PER_POUND_MAX_CENTS = 1000;
export const MAX_POUNDS_PER_BAG = 60;

const pageField = z._default(
  z.coerce.number({ error: 'page must be a number' }).check(z.int('page must be a whole number'), z.minimum(1, 'page starts at 1'), z.maximum(100_000, 'page is too large')),
  1,
);

// spec: back-office 2, All Bookings filters (docs/design.md 7: the status filter includes delivered)
export const bookingListQuerySchema = z.strictObject({
  q: z._default(z.string().check(z.trim(), z.maxLength(100, 'Search is too long (100 characters at most)')), ''),
  status: z._default(z.enum(['all', ...bookingStatusValues], { error: 'Unknown booking status' }), 'all'),
  /** A payment status, or 'due': weighed bookings with money still owed (docs/design.md 5.4). */
  payment: z._default(z.enum(['all', ...paymentStatusValues, 'due'], { error: 'Unknown payment status' }), 'all'),
  /** 'unsent': processed and paid bookings whose final receipt is not sent yet (/send-receipt). */
  receipt: z._default(z.enum(['any', 'unsent'], { error: 'receipt is any or unsent' }), 'any'),
  /** One pick-up day's bookings ('' for every day). */
  date: z._default(z.string().check(z.refine((v) => v === '' || isIsoDate(v), 'Pick-up date must be a date (YYYY-MM-DD)')), ''),
  /** One due-back day's bookings (decision 056; '' for every day). */
  due: z._default(z.string().check(z.refine((v) => v === '' || isIsoDate(v), 'Due-back date must be a date (YYYY-MM-DD)')), ''),
  /**
   * 'newest': the newest booked first (spec: back-office 2); 'pickup': by pick-up day and window,
   * the soonest first; 'due': by due-back day and window, the soonest first, those with none last.
   * A search lists its matches newest first.
   */
  sort: z._default(z.enum(['newest', 'pickup', 'due'], { error: 'Sort is newest, pickup or due' }), 'newest'),
  page: pageField,
  pageSize: z._default(
    z.coerce
      .number({ error: 'pageSize must be a number' })
      .check(z.int('pageSize must be a whole number'), z.minimum(1, 'pageSize is at least 1'), z.maximum(100, 'pageSize is at most 100')),
    25,
  ),
});
export type BookingListQuery = z.input<typeof bookingListQuerySchema>;

export const staffBookingSchema = z.object({
  id: z.string(),
  confirmation: z.string(),
  orderNumber: z.string(),
  createdAt: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  city: z.string(),
  zipCode: z.string(),
  pickupDate: z.string(),
  pickupTime: z.string(),
  /** A pick-up still to come that the schedule no longer offers (its day, date or window changed, decision 055): why, else null. */
  outsideSchedule: z.nullable(z.string()),
  /** The delivery window planned at the pick-up (decision 056); null before it. */
  dueBackDate: z.nullable(z.string()),
  dueBackTime: z.nullable(z.string()),
  pickupLocation: z.string(),
  bagQuantity: z.number(),
  specialInstructions: z.string(),
  waterTemperature: z.string(),
  detergentType: z.string(),
  fabricSoftener: z.boolean(),
  allergies: z.string(),
  specialCareInstructions: z.string(),
  hasDelicates: z.boolean(),
  hasStainedItems: z.boolean(),
  containsSportsUniforms: z.boolean(),
  rushDelivery: z.boolean(),
  hangDriedDelicates: z.boolean(),
  oxiClean: z.boolean(),
  stainTreatment: z.boolean(),
  /** The items counted at booking, billed each on the final bill (decision 033). */
  sportsUniformsCount: z.number(),
  blanketsQueenCount: z.number(),
  blanketsKingCount: z.number(),
  mattressPadsQueenCount: z.number(),
  mattressPadsKingCount: z.number(),
  /** The rules its final bill is made by (decision 033, FinalBillRules). */
  finalBillRules: z.number(),
  /** The add-ons as booked (estimate readings). */
  addOnLines: z.array(priceLineSchema),
  promoCode: z.nullable(z.string()),
  /** The promo as booked: its rate and whether it waives the add-ons (docs/design.md 9, promo codes are data). */
  promo: z.nullable(z.object({ code: z.string(), bagRateCents: z.number(), waivesAddOns: z.boolean() })),
  pricePerPoundCents: z.number(),
  /** The prices it was quoted and is billed at (decision 055): staff see which list a booking carries. */
  priceList: priceListSchema,
  subtotalCents: z.number(),
  giftCardDiscountCents: z.number(),
  totalAmount: z.number(),
  originalTotalAmount: z.nullable(z.number()),
  authorizedAmount: z.number(),
  capturedAmount: z.number(),
  refundedAmount: z.number(),
  /** The part of refundedAmount credited to a gift card (decision 031). */
  giftCardCreditedCents: z.number(),
  tipAmount: z.number(),
  finalTotalAmount: z.nullable(z.number()),
  /** What the gift card paid of the weighed bill (decision 034: the correction's preview). */
  giftCardAppliedCents: z.nullable(z.number()),
  amountDueCents: z.number(),
  actualWeightTenths: z.nullable(z.number()),
  /** When the customer approved the invoice: a weight is corrected only before (decision 034). */
  customerApprovedAt: z.nullable(z.string()),
  weightAdjustmentProcessed: z.boolean(),
  weightProcessedAt: z.nullable(z.string()),
  bookingStatus: z.enum(bookingStatusValues),
  /** Live progress (decision 023): washing, ready or out for delivery, once picked up. */
  progress: z.nullable(z.enum(laundryStepValues)),
  paymentStatus: z.enum(paymentStatusValues),
  paymentIntentStatus: z.nullable(z.string()),
  captureBefore: z.nullable(z.string()),
  /** spec: back-office 2 — the assigned pro, their payout once the weighing completed the assignment (per-pound + tip), and their rate (the weight dialog's preview). */
  laundryPro: z.nullable(z.object({ id: z.string(), name: z.string(), payoutCents: z.nullable(z.number()), perPoundRateCents: z.number() })),
  deliveryConfirmationSent: z.boolean(),
  finalReceiptSent: z.boolean(),
  finalReceiptSentAt: z.nullable(z.string()),
  /** docs/design.md 5.5 transparent weighing: when the customer questioned the weight from their invoice, and their note. */
  weightQuestionedAt: z.nullable(z.string()),
  weightQuestion: z.nullable(z.string()),
  /** docs/design.md 5.5 transparent weighing: each bag's weight when weighed one by one, and when the scale was photographed. */
  bagWeightsTenths: z.nullable(z.array(z.number())),
  scalePhotoUploadedAt: z.nullable(z.string()),
  /** When each photo of the stops was taken (decision 057); staff open it at getStopPhoto. */
  stopPhotos: z.object({ pickup: z.nullable(z.string()), delivery: z.nullable(z.string()), no_show: z.nullable(z.string()) }),
  /** A missed pick-up the pro reported, what staff decided, and the fee's outcome (decision 057). */
  missedPickup: z.nullable(
    z.object({
      reason: z.enum(missedPickupReasons),
      status: z.enum(missedPickupStatuses),
      reportedAt: z.string(),
      feeCents: z.nullable(z.number()),
      feeOutcome: z.nullable(z.enum(noShowFeeOutcomes)),
    }),
  ),
  /** Taken on the phone (decision 058): how its pay link last went, and when. */
  phoneOrder: z.nullable(z.object({ linkChannel: z.enum(payLinkChannels), linkSentAt: z.string() })),
  /** The customer's rating of the order after delivery, once given (decision 063), with its words ("4 out of 5 (Very good)"). */
  rating: z.nullable(z.extend(givenRatingSchema, { label: z.string() })),
});
export type StaffBooking = z.infer<typeof staffBookingSchema>;

export const bookingListResponseSchema = z.object({
  bookings: z.array(staffBookingSchema),
  total: z.number(),
  /** A broad search stops counting at 1,000: total is then at least this many ("1,000+"). */
  totalIsLowerBound: z.boolean(),
  page: z.number(),
  pageSize: z.number(),
});
export const staffBookingResponseSchema = z.object({ booking: staffBookingSchema });
/** Staff corrected a booking's details: the fields that changed, in words. */
export const editStaffBookingDetailsResponseSchema = z.object({ changed: z.array(z.string()), booking: staffBookingSchema });
/** A missed pick-up confirmed: what became of the no-show fee (decision 057). */
export const confirmMissedPickupResponseSchema = z.object({ outcome: z.enum(noShowFeeOutcomes), booking: staffBookingSchema });
/** The no-show fee given back: once per key the browser made. */
export const waiveNoShowFeeRequestSchema = z.strictObject({ idempotencyKey: z.uuid({ error: 'Reload the page and try again (the request had no valid key).' }) });
export const waiveNoShowFeeResponseSchema = z.object({ refundedCents: z.number(), booking: staffBookingSchema });

// spec: back-office 2, the four summary cards; the money as decision 015 defines it
export const dashboardStatsSchema = z.object({
  today: z.string(),
  totalBookings: z.number(),
  todaysPickups: z.number(),
  /** Money earned on bookings: card captures and extra charges less refunds and tips, plus gift-card amounts applied. */
  totalRevenueCents: z.number(),
  /** Open card authorisations: authorised, not yet captured nor released. Not revenue. */
  onHoldCents: z.number(),
  pendingOrders: z.number(),
  /** Bookings not cancelled with an amount still owed after weighing (bookings.amount_due_cents > 0). */
  paymentDueBookings: z.number(),
  /** What gift cards bought at a checkout were sold for: a liability until redeemed, not revenue (docs/decisions/015). */
  giftCardSalesCents: z.number(),
});

export const setBookingStatusRequestSchema = z.strictObject({ status: z.enum(bookingStatusValues, { error: 'Choose one of: ' + bookingStatusValues.join(', ') }) });

/** Live progress (decision 023): the laundry step staff move an order to. */
export const setBookingProgressRequestSchema = z.strictObject({ stage: z.enum(laundryStepValues, { error: 'Choose one of: washing, ready, out for delivery' }) });

export const setPricePerPoundRequestSchema = z.strictObject({
  pricePerPoundCents: z
    .number({ error: 'Enter the price per pound' })
    .check(
      z.int('The price per pound must be whole cents'),
      z.minimum(PRICE_PER_POUND_MIN_CENTS, 'The price per pound must be between $0.50 and $10.00'),
      z.maximum(PRICE_PER_POUND_MAX_CENTS, 'The price per pound must be between $0.50 and $10.00'),
    ),
});

// spec: back-office 5 and 7 (process-weight-adjustment: bookingId, actualWeight, tipAmount always 0)
/** An item count staff correct at the weighing: a whole number from 0 to 50. */
const itemCount = (name: string) =>
  z.number({ error: `${name}: enter a whole number` }).check(z.int(`${name}: enter a whole number`), z.minimum(0, `${name}: not below 0`), z.maximum(50, `${name}: at most 50`));
const tenthOfPound = (w: number) => Math.abs(w * 10 - Math.round(w * 10)) < 1e-6;
export const processWeightRequestSchema = z.strictObject({
  actualWeight: z
    .number({ error: 'Please enter the actual weight' })
    .check(
      z.positive('The weight must be more than 0 lb'),
      z.maximum(MAX_POUNDS_PER_BAG * 20, `The weight is too high (at most ${MAX_POUNDS_PER_BAG} lb a bag)`),
      z.refine(tenthOfPound, 'Enter the weight to 0.1 lb'),
    ),
  // docs/design.md 5.5 transparent weighing: optional, one weight per bag, adding up to actualWeight
  // (checked by the service against the booking's bags)
  bagWeights: z.optional(
    z
      .array(
        z
          .number({ error: "Enter each bag's weight in lb" })
          .check(
            z.positive("Each bag's weight must be more than 0 lb"),
            z.maximum(MAX_POUNDS_PER_BAG, `At most ${MAX_POUNDS_PER_BAG} lb a bag`),
            z.refine(tenthOfPound, "Enter each bag's weight to 0.1 lb"),
          ),
      )
      .check(z.minLength(1, 'Enter at least one bag'), z.maxLength(20, 'At most 20 bags')),
  ),
  tipAmount: z._default(z.optional(z.literal(0, { error: 'tipAmount is always 0 here (the customer tips on the invoice)' })), 0),
  // decision 033: the items staff counted, when they differ from what was booked (billed each)
  itemCounts: z.optional(
    z.strictObject({
      sportsUniformsCount: itemCount('Sports uniforms'),
      blanketsQueenCount: itemCount('Blankets (Twin-Queen)'),
      blanketsKingCount: itemCount('Blankets (King)'),
      mattressPadsQueenCount: itemCount('Mattress pads (Twin-Queen)'),
      mattressPadsKingCount: itemCount('Mattress pads (King)'),
    }),
  ),
});

export const weightOutcomeValues = ['refund', 'charge', 'none', 'needs_customer', 'charge_failed', 'waived'] as const;
export const processWeightResponseSchema = z.object({
  outcome: z.enum(weightOutcomeValues),
  /** The toast the spec names: 'Refund of $X processed' and so on. */
  message: z.string(),
  booking: staffBookingSchema,
});

export const finalReceiptSchema = z.object({
  bookingId: z.string(),
  orderNumber: z.string(),
  confirmation: z.string(),
  name: z.string(),
  email: z.string(),
  pickupDate: z.string(),
  pickupTime: z.string(),
  weightTenths: z.number(),
  pricePerPoundCents: z.number(),
  weightCents: z.number(),
  addOnLines: z.array(priceLineSchema),
  /** The promo booked with: names what it took off the final bill (finalBillLines). */
  promoCode: z.nullable(z.string()),
  finalTotalCents: z.number(),
  /** The payment block's figures (receiptPayment; decision 015: the tip apart from the bill). */
  authorizedCents: z.number(),
  billChargedCents: z.number(),
  tipCents: z.number(),
  chargedCents: z.number(),
  releasedCents: z.number(),
  extraChargedCents: z.number(),
  amountDueCents: z.number(),
  giftCardCents: z.number(),
  /** Decision 031: refunded to the card, and credited to a gift card, since the weighing. */
  refundedCents: z.number(),
  creditedCents: z.number(),
  processedAt: z.string(),
  sentAt: z.nullable(z.string()),
});
export type FinalReceipt = z.infer<typeof finalReceiptSchema>;
export const finalReceiptResponseSchema = z.object({ receipt: finalReceiptSchema });
export const sentResponseSchema = z.object({ sent: z.boolean(), message: z.string() });
export const deleteBookingResponseSchema = z.object({ deleted: z.boolean(), message: z.string() });

// The day board (decision 056; spec: back-office 2, Today's Schedule, for any date; business time zone)
export const scheduleQuerySchema = z.strictObject({ date: z.optional(z.iso.date('Use a date as YYYY-MM-DD')) });
export const dayStopKinds = ['pickup', 'delivery'] as const;
/** A stop of a run: a pick-up or a delivery, in its window; overdue when it was due on an earlier day. */
export const dayStopSchema = z.object({ kind: z.enum(dayStopKinds), time: z.string(), label: z.string(), overdue: z.boolean(), booking: staffBookingSchema });
/** One maps link through stops firstStop..lastStop (1-based, in the run's order); a link takes 10 stops. */
export const scheduleRouteLegSchema = z.object({ url: z.string(), firstStop: z.number(), lastStop: z.number() });
/** A pro's run (null: nobody assigned yet): the stops to do, in order, their counts, the done ones counted, the route. */
export const dayRunSchema = z.object({
  pro: z.nullable(z.object({ id: z.string(), name: z.string() })),
  stops: z.array(dayStopSchema),
  pickups: z.number(),
  deliveries: z.number(),
  done: z.number(),
  route: z.array(scheduleRouteLegSchema),
});
export const scheduleResponseSchema = z.object({
  date: z.string(),
  /** The business's today: its board lists what is overdue too. */
  today: z.string(),
  /** The day's stops still to do, every run's (the overdue ones apart). */
  remaining: z.number(),
  runs: z.array(dayRunSchema),
  /** What was done that day: picked up, or delivered. */
  done: z.array(z.object({ kind: z.enum(dayStopKinds), booking: staffBookingSchema })),
  /** Today's board only: what was due on an earlier day and is not done, the oldest first. */
  overdue: z.array(dayStopSchema),
});
export type DayBoard = z.infer<typeof scheduleResponseSchema>;
export type DayRun = z.infer<typeof dayRunSchema>;
export type DayStop = z.infer<typeof dayStopSchema>;

// Messages (docs/design.md 7: contact messages in the back office)
export const messageListQuerySchema = z.strictObject({
  status: z._default(z.enum(['open', 'handled', 'all'], { error: 'status is open, handled or all' }), 'open'),
  page: pageField,
});
export const contactMessageRowSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  subject: z.string(),
  message: z.string(),
  handledAt: z.nullable(z.string()),
});
export const messageListResponseSchema = z.object({ messages: z.array(contactMessageRowSchema), total: z.number(), page: z.number(), pageSize: z.number() });
export const setMessageHandledRequestSchema = z.strictObject({ handled: z.boolean({ error: 'handled must be true or false' }) });
export const messageResponseSchema = z.object({ message: contactMessageRowSchema });

// Outbox (docs/design.md 1: mail kept in the outbox is readable in the back office)
/** What staff see in place of a one-time link (a reset or cancel link): only the recipient gets it (docs/design.md 6). */
export const hiddenLinkText = '[one-time link hidden — sent only to the recipient]';
export const outboxStatusValues = ['pending', 'sending', 'sent', 'kept', 'failed'] as const;
export const outboxListQuerySchema = z.strictObject({
  status: z._default(z.enum(['all', ...outboxStatusValues], { error: 'Unknown outbox status' }), 'all'),
  channel: z._default(z.enum(['all', 'email', 'sms'], { error: 'channel is all, email or sms' }), 'all'),
  page: pageField,
});
export const outboxRowSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  channel: z.enum(['email', 'sms']),
  kind: z.string(),
  recipient: z.string(),
  subject: z.string(),
  preview: z.string(),
  status: z.enum(outboxStatusValues),
  attempts: z.number(),
  sentAt: z.nullable(z.string()),
  lastError: z.nullable(z.string()),
  bookingId: z.nullable(z.string()),
});
export const outboxListResponseSchema = z.object({ messages: z.array(outboxRowSchema), total: z.number(), page: z.number(), pageSize: z.number() });
export const resendResponseSchema = z.object({ queued: z.boolean(), message: z.string() });
