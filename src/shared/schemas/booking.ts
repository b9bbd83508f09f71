// The booking form (spec: customer-site 3) and the booking API contracts. The wizard resolves
// each step with these schemas; the server validates the whole request with them.
import * as z from 'zod/mini';
import { business, prices } from '../business';
import { detergentTypeValues, MAX_BAGS, MAX_ITEM_COUNT, pickupLocationValues, pickupTimeValues, waterTemperatureValues } from '../booking-values';
import { isIsoDate, isoWeekday } from '../dates';
import { emailField, optionalText, phoneCharacters, requiredText } from './common';

const count = (label: string) =>
  z._default(
    z
      .number({ error: `${label} must be a number` })
      .check(
        z.int(`${label} must be a whole number`),
        z.minimum(0, `${label} can't be below 0`),
        z.maximum(MAX_ITEM_COUNT, `${label} can't be above ${MAX_ITEM_COUNT}`),
      ),
    0,
  );

const flag = (label: string) => z._default(z.boolean({ error: `${label} must be true or false` }), false);

export const pickupDateSchema = z
  .string({ error: 'Pick-up date is required' })
  .check(
    z.minLength(1, 'Pick-up date is required'),
    z.refine(isIsoDate, 'Pick-up date must be a date (YYYY-MM-DD)'),
    z.refine(
      (d) => !isIsoDate(d) || (business.serviceWeekdays as readonly number[]).includes(isoWeekday(d)),
      `Pick-ups are on ${business.serviceDaysLabel} only`,
    ),
  );

/** Step 1: Service Details. spec: customer-site 2 and 5. */
export const serviceDetailsSchema = z.object({
  name: requiredText('Name', 120),
  email: emailField(),
  phone: z
    .string({ error: 'Phone is required' })
    .check(
      z.trim(),
      z.minLength(1, 'Phone is required'),
      z.maxLength(40, 'Phone number is too long'),
      z.regex(phoneCharacters, 'Enter a valid phone number'),
      z.refine((p) => p.replace(/\D/g, '').length >= 10, 'Enter a 10-digit phone number'),
    ),
  address: requiredText('Address', 200),
  city: requiredText('City', 80),
  zipCode: z
    .string({ error: 'ZIP code is required' })
    .check(z.trim(), z.minLength(1, 'ZIP code is required'), z.regex(/^\d{5}(-\d{4})?$/, 'Enter a 5-digit ZIP code')),
  pickupDate: pickupDateSchema,
  pickupTime: z.enum(pickupTimeValues, { error: 'Choose a pick-up time' }),
  pickupLocation: z.enum(pickupLocationValues, { error: 'Choose where we pick up' }),
  specialInstructions: optionalText('Special instructions', 1000),
  bagQuantity: z
    .number({ error: 'Bag quantity must be a number' })
    .check(
      z.int('Bag quantity must be a whole number'),
      z.minimum(1, 'At least 1 bag'),
      z.maximum(MAX_BAGS, `At most ${MAX_BAGS} bags per pick-up; call us for more`),
    ),
  smsConsent: flag('SMS consent'),
});

/** Step 2: Preferences and add-ons. */
export const preferencesSchema = z.object({
  waterTemperature: z._default(z.enum(waterTemperatureValues, { error: 'Choose a water temperature' }), 'cold'),
  detergentType: z._default(z.enum(detergentTypeValues, { error: 'Choose a detergent' }), 'standard'),
  // spec: customer-site 3, fabricSoftener is never editable in the wizard
  fabricSoftener: z._default(z.literal(false, { error: 'Fabric softener cannot be chosen online' }), false),
  hasDelicates: flag('Delicates'),
  hasStainedItems: flag('Stained items'),
  containsSportsUniforms: flag('Sports uniforms'),
  allergies: optionalText('Allergies', 1000),
  specialCareInstructions: optionalText('Special care instructions', 1000),
  rushDelivery: flag('Rush delivery'),
  hangDriedDelicates: flag('Hang dried delicates'),
  oxiClean: flag('Oxi-clean'),
  stainTreatment: flag('Stain treatment'),
  sportsUniformsCount: count('Sports uniforms'),
  blanketsQueenCount: count('Twin-Queen blankets'),
  blanketsKingCount: count('King blankets'),
  mattressPadsQueenCount: count('Twin-Queen mattress pads'),
  mattressPadsKingCount: count('King mattress pads'),
});

/** Step 3: Terms. */
export const termsSchema = z.object({
  termsAccepted: z.literal(true, { error: 'Please accept the terms and conditions to continue' }),
});

export const bookingFormSchema = z.strictObject({ ...serviceDetailsSchema.shape, ...preferencesSchema.shape, ...termsSchema.shape });
export type BookingForm = z.output<typeof bookingFormSchema>;
export type BookingFormInput = z.input<typeof bookingFormSchema>;

const codeField = (label: string, max: number) =>
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
  /** The promo code's price effect, as the server found it (DESIGN.md 9: promo codes are data). */
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

/** GET /api/bookings/:id: the booking's signed token, from the booking's answer (DESIGN.md 9: one-time links). */
export const bookingTokenQuerySchema = z.strictObject({
  token: z.string({ error: 'This confirmation link is incomplete.' }).check(z.minLength(1, 'This confirmation link is incomplete.'), z.maxLength(200, 'This confirmation link is not valid.')),
});

export const validateGiftCardRequestSchema = z.strictObject({
  giftCardCode: z.pipe(
    z
      .string({ error: 'Please enter a gift card code.' })
      .check(
        z.trim(),
        z.minLength(1, 'Please enter a gift card code.'),
        z.maxLength(prices.giftCardCodeMaxLength, `Gift card codes are ${prices.giftCardCodeMaxLength} characters at most.`),
      ),
    z.transform((s) => s.toUpperCase()),
  ),
});

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
});

// The self-service cancellation link's signed token (spec: customer-site 9): the same field in the
// link's query (to look the booking up) and in the cancel request's body.
const cancelTokenField = z.string({ error: 'This cancellation link is incomplete. Please open the link from your email again.' }).check(
  z.minLength(1, 'This cancellation link is incomplete. Please open the link from your email again.'),
  z.maxLength(200, 'This cancellation link is not valid.'),
);
export const cancellationQuerySchema = z.strictObject({ token: cancelTokenField });
export const cancelBookingRequestSchema = z.strictObject({ token: cancelTokenField });
export const cancelBookingResponseSchema = z.object({ cancelled: z.boolean(), message: z.string() });

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
  serviceWeekdays: z.array(z.number()),
});
