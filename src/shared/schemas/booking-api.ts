// The booking API's requests and answers (spec: customer-site 3, 7): what the server validates
// and answers with. Apart from the booking form's step schemas (./booking.ts), which the wizard
// runs in the browser: the web takes only types from here, so /book does not carry these schemas
// (its budget, docs/decisions/009).
import { type AddOnKey, addOnKeys } from '../add-ons';
import * as z from 'zod/mini';
import { prices } from '../business';
import { isIsoDate } from '../dates';
import { preferencesSchema, serviceDetailsSchema, termsSchema } from './booking';
import { timelineStepSchema } from './order-timeline';
import { giftCardCodeField } from './gift-card-code';

export const bookingFormSchema = z.strictObject({ ...serviceDetailsSchema.shape, ...preferencesSchema.shape, ...termsSchema.shape });
export type BookingForm = z.output<typeof bookingFormSchema>;
export type BookingFormInput = z.input<typeof bookingFormSchema>;

export const codeField = (label: string, max: number) =>
  z.pipe(
    z.nullish(
      z.pipe(
        z.string({ error: `${label} must be text` }).check(z.trim(), z.maxLength(max, `${label} is ${max} characters at most`)),
        z.transform((s) => s.toUpperCase()),
      ),
    ),
    z.transform((s) => (s ? s : null)),
  );

const submissionKeyMessage = 'This booking form is out of date. Please reload the page and press Pay again.';

const bookingRequestShape = {
  bookingData: bookingFormSchema,
  promoCode: codeField('Promo code', 20),
  giftCardCode: codeField('Gift card code', prices.giftCardCodeMaxLength),
  // sent by the spec's client; never trusted: the server prices every booking itself
  firstTimeCustomer: z.optional(z.boolean()),
  giftCardAmount: z.optional(z.number()),
};

/** POST /api/bookings/quote: the price of a booking request; nothing is held or stored. */
export const quoteBookingRequestSchema = z.strictObject(bookingRequestShape);

/** POST /api/bookings. spec: customer-site 7 (create-booking-payment, create-free-booking). */
export const createBookingRequestSchema = z.strictObject({
  ...bookingRequestShape,
  /**
   * The wizard's key for this submission, a random UUID it keeps with the form: the same
   * submission sent again (a second press of Pay, another tab) answers the same booking.
   */
  submissionKey: z.optional(z.uuid({ error: submissionKeyMessage })),
});
export type CreateBookingRequest = z.input<typeof createBookingRequestSchema>;

export const priceLineSchema = z.object({
  key: z.string(),
  label: z.string(),
  quantity: z.number(),
  unitCents: z.number(),
  totalCents: z.number(),
});

export const bookingQuoteSchema = z.object({
  bagRateCents: z.number(),
  bagsCents: z.number(),
  addOnLines: z.array(priceLineSchema),
  addOnsCents: z.number(),
  subtotalCents: z.number(),
  giftCardDiscountCents: z.number(),
  totalCents: z.number(),
  isFree: z.boolean(),
  promoCode: z.nullable(z.string()),
  /** The promo code's price effect, as the server found it (docs/design.md 9: promo codes are data). */
  promo: z.nullable(z.object({ code: z.string(), bagRateCents: z.number(), waivesAddOns: z.boolean() })),
});
export type BookingQuoteResponse = z.infer<typeof bookingQuoteSchema>;

export const createBookingResponseSchema = z.object({
  booking_id: z.string(),
  confirmation: z.string(),
  quote: bookingQuoteSchema,
  /** Free bookings are confirmed at once; others go to the card checkout. */
  next: z.enum(['confirmed', 'checkout']),
  url: z.nullable(z.string()),
  /** The customer's own key to the booking's confirmation page (GET /api/bookings/:id?token=). */
  token: z.string(),
  /** The same submission was booked before: this answers that booking, and nothing new was made. */
  replayed: z.boolean(),
});

/** GET /api/bookings/:id: the booking's signed token, from the booking's answer (docs/design.md 9: one-time links). */
export const bookingTokenQuerySchema = z.strictObject({
  token: z.string({ error: 'This confirmation link is incomplete.' }).check(z.minLength(1, 'This confirmation link is incomplete.'), z.maxLength(200, 'This confirmation link is not valid.')),
});

export const validateGiftCardRequestSchema = z.strictObject({ giftCardCode: giftCardCodeField });

export const validateGiftCardResponseSchema = z.object({
  valid: z.boolean(),
  code: z.string(),
  balance: z.number(),
  amount: z.number(),
  message: z.string(),
});

/** The booking fields the confirmation page reads (spec: customer-site 3, stored booking). */
export const publicBookingSchema = z.object({
  id: z.string(),
  confirmation: z.string(),
  payment_status: z.string(),
  booking_status: z.string(),
  /** Why it was cancelled, where the customer is told (decision 042: paid after the window filled). */
  cancel_reason: z.nullable(z.literal('window_full')),
  /** The card payment's state: 'requires_capture' is shown as "Authorized". */
  payment_intent_status: z.nullable(z.string()),
  authorized_amount: z.number(),
  name: z.string(),
  address: z.string(),
  city: z.string(),
  zip_code: z.string(),
  pickup_date: z.string(),
  pickup_time: z.string(),
  pickup_location: z.string(),
  bag_quantity: z.number(),
  bag_rate_cents: z.number(),
  subtotal_cents: z.number(),
  gift_card_discount_cents: z.number(),
  total_amount: z.number(),
  promo_code: z.nullable(z.string()),
  add_on_lines: z.array(priceLineSchema),
  /** Where the order is (decision 023). */
  timeline: z.array(timelineStepSchema),
});
export type PublicBooking = z.infer<typeof publicBookingSchema>;

// docs/decisions/012: the notice is for the checkout the page came back from, so it needs its session
export const abandonedCheckoutRequestSchema = z.strictObject({
  session_id: z.string({ error: 'session_id is the checkout session the payment page came back with.' }).check(z.trim(), z.minLength(1, 'session_id is the checkout session the payment page came back with.'), z.maxLength(255)),
});

export const abandonedCheckoutResponseSchema = z.object({ recorded: z.boolean() });

export const cancellationResponseSchema = z.object({
  booking: publicBookingSchema,
  cancellable: z.boolean(),
  cancelled: z.boolean(),
  cutoff: z.string(),
  message: z.nullable(z.string()),
  /** What cancelling releases (an open booking) or released (a cancelled one), in cents. */
  release: z.object({ card_cents: z.number(), gift_card_cents: z.number() }),
});

// The self-service cancellation link's signed token (spec: customer-site 9): the same field in the
// link's query (to look the booking up) and in the cancel request's body.
const cancelTokenField = z.string({ error: 'This cancellation link is incomplete. Please open the link from your email again.' }).check(
  z.minLength(1, 'This cancellation link is incomplete. Please open the link from your email again.'),
  z.maxLength(200, 'This cancellation link is not valid.'),
);
export const cancellationQuerySchema = z.strictObject({ token: cancelTokenField });
export const cancelBookingRequestSchema = z.strictObject({ token: cancelTokenField });
export const cancelBookingResponseSchema = z.object({
  cancelled: z.boolean(),
  message: z.string(),
  card_released_cents: z.number(),
  gift_card_returned_cents: z.number(),
  /** Whether this cancellation queued the confirmation email (to the booking's own address). */
  email_sent: z.boolean(),
});

/** The most days the availability calendar answers for in one request (a year, leap day included). */
export const AVAILABILITY_MAX_DAYS = 366;
export const availabilityRangeMessage = `Use from and to as YYYY-MM-DD, to on or after from (today when left out), at most ${AVAILABILITY_MAX_DAYS} days apart`;

/** Whether from..to is a range the availability calendar answers for: two dates, in order, at most a year apart. */
export function isAvailabilityRange(from: string, to: string): boolean {
  if (!isIsoDate(from) || !isIsoDate(to)) return false;
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
  return days >= 0 && days <= AVAILABILITY_MAX_DAYS;
}

// Both ends are optional (from: today in the business time zone, to: the booking horizon on), so the server
// checks the range again once it has filled them in.
export const availabilityQuerySchema = z
  .strictObject({
    from: z.optional(z.string().check(z.refine(isIsoDate, 'from must be a date (YYYY-MM-DD)'))),
    to: z.optional(z.string().check(z.refine(isIsoDate, 'to must be a date (YYYY-MM-DD)'))),
  })
  .check(
    // a malformed end is already reported by its own field
    z.refine((q) => !q.from || !q.to || !isIsoDate(q.from) || !isIsoDate(q.to) || isAvailabilityRange(q.from, q.to), { message: availabilityRangeMessage, path: ['to'] }),
  );

/** A price list (src/shared/price-list.ts): an object of the add-on keys, not a record, to keep z.record out of the booking page. */
export const priceListSchema = z.object({
  perPoundCents: z.number(),
  bagEstimateCents: z.number(),
  addOnCents: z.object(Object.fromEntries(addOnKeys.map((k) => [k, z.number()])) as Record<AddOnKey, z.ZodMiniNumber>),
});

export const availabilityResponseSchema = z.object({
  today: z.string(),
  /** The last day that can be booked (today + the booking horizon), the closed days in range, the ZIP codes served. */
  lastDay: z.string(),
  closed: z.array(z.string()),
  serviceZipCodes: z.array(z.string()),
  capacityPerWindow: z.number(),
  /** 'YYYY-MM-DD|window' for every window that is full. */
  full: z.array(z.string()),
  started: z.array(z.string()),
  /** 'YYYY-MM-DD|window' for every window still open to booking whose free-cancellation cut-off has passed. */
  noFreeCancellation: z.array(z.string()),
  serviceWeekdays: z.array(z.number()),
  /** The pick-up windows offered, in the day's order (decision 055). */
  windows: z.array(z.object({ value: z.string(), label: z.string(), startHour: z.number() })),
  /** The prices a booking made now is quoted (decision 055): the wizard's estimate. */
  prices: priceListSchema,
});
