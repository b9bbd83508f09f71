// The back office's contracts (spec: back-office 2-5): the bookings list with its filters, the
// actions on a booking, today's schedule, messages and the outbox.
import { z } from 'zod';
import { priceLineSchema } from './booking';

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
export const paymentStatusLabels: Record<PaymentStatus, string> = { pending: 'Pending', paid: 'Paid', refunded: 'Refunded', failed: 'Failed' };

// DESIGN.md 5.9: staff money actions are bounded.
export const PRICE_PER_POUND_MIN_CENTS = 50;
export const PRICE_PER_POUND_MAX_CENTS = 1000;
export const MAX_POUNDS_PER_BAG = 60;

const pageField = z.coerce.number({ error: 'page must be a number' }).int('page must be a whole number').min(1, 'page starts at 1').max(100_000, 'page is too large').default(1);

// spec: back-office 2, All Bookings filters (DESIGN.md 7: the status filter includes delivered)
export const bookingListQuerySchema = z
  .object({
    q: z.string().trim().max(100, 'Search is too long (100 characters at most)').default(''),
    status: z.enum(['all', ...bookingStatusValues], { error: 'Unknown booking status' }).default('all'),
    payment: z.enum(['all', ...paymentStatusValues], { error: 'Unknown payment status' }).default('all'),
    /** 'unsent': processed and paid bookings whose final receipt is not sent yet (/send-receipt). */
    receipt: z.enum(['any', 'unsent'], { error: 'receipt is any or unsent' }).default('any'),
    page: pageField,
    pageSize: z.coerce.number({ error: 'pageSize must be a number' }).int('pageSize must be a whole number').min(1, 'pageSize is at least 1').max(100, 'pageSize is at most 100').default(25),
  })
  .strict();
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
  /** The add-ons as booked (estimate readings). */
  addOnLines: z.array(priceLineSchema),
  promoCode: z.string().nullable(),
  pricePerPoundCents: z.number(),
  subtotalCents: z.number(),
  giftCardDiscountCents: z.number(),
  totalAmount: z.number(),
  originalTotalAmount: z.number().nullable(),
  authorizedAmount: z.number(),
  capturedAmount: z.number(),
  refundedAmount: z.number(),
  tipAmount: z.number(),
  finalTotalAmount: z.number().nullable(),
  amountDueCents: z.number(),
  actualWeightTenths: z.number().nullable(),
  weightAdjustmentProcessed: z.boolean(),
  weightProcessedAt: z.string().nullable(),
  bookingStatus: z.enum(bookingStatusValues),
  paymentStatus: z.enum(paymentStatusValues),
  paymentIntentStatus: z.string().nullable(),
  captureBefore: z.string().nullable(),
  laundryPro: z.string().nullable(),
  deliveryConfirmationSent: z.boolean(),
  finalReceiptSent: z.boolean(),
  finalReceiptSentAt: z.string().nullable(),
});
export type StaffBooking = z.infer<typeof staffBookingSchema>;

export const bookingListResponseSchema = z.object({
  bookings: z.array(staffBookingSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export const staffBookingResponseSchema = z.object({ booking: staffBookingSchema });

// spec: back-office 2, the four summary cards
export const dashboardStatsSchema = z.object({
  today: z.string(),
  totalBookings: z.number(),
  todaysPickups: z.number(),
  totalRevenueCents: z.number(),
  pendingOrders: z.number(),
});

export const setBookingStatusRequestSchema = z.object({ status: z.enum(bookingStatusValues, { error: 'Choose one of: ' + bookingStatusValues.join(', ') }) }).strict();

export const setPricePerPoundRequestSchema = z
  .object({
    pricePerPoundCents: z
      .number({ error: 'Enter the price per pound' })
      .int('The price per pound must be whole cents')
      .min(PRICE_PER_POUND_MIN_CENTS, 'The price per pound must be between $0.50 and $10.00')
      .max(PRICE_PER_POUND_MAX_CENTS, 'The price per pound must be between $0.50 and $10.00'),
  })
  .strict();

// spec: back-office 5 and 7 (process-weight-adjustment: bookingId, actualWeight, tipAmount always 0)
export const processWeightRequestSchema = z
  .object({
    actualWeight: z
      .number({ error: 'Please enter the actual weight' })
      .gt(0, 'The weight must be more than 0 lb')
      .max(MAX_POUNDS_PER_BAG * 20, `The weight is too high (at most ${MAX_POUNDS_PER_BAG} lb a bag)`)
      .refine((w) => Math.abs(w * 10 - Math.round(w * 10)) < 1e-6, 'Enter the weight to 0.1 lb'),
    tipAmount: z.literal(0, { error: 'tipAmount is always 0 here (the customer tips on the invoice)' }).optional().default(0),
  })
  .strict();

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
  finalTotalCents: z.number(),
  authorizedCents: z.number(),
  capturedCents: z.number(),
  releasedCents: z.number(),
  extraChargedCents: z.number(),
  amountDueCents: z.number(),
  giftCardCents: z.number(),
  processedAt: z.string(),
  sentAt: z.string().nullable(),
});
export type FinalReceipt = z.infer<typeof finalReceiptSchema>;
export const finalReceiptResponseSchema = z.object({ receipt: finalReceiptSchema });
export const sentResponseSchema = z.object({ sent: z.boolean(), message: z.string() });
export const deleteBookingResponseSchema = z.object({ deleted: z.boolean(), message: z.string() });

// spec: back-office 2, Today's Schedule (business time zone)
export const scheduleQuerySchema = z.object({ date: z.iso.date('Use a date as YYYY-MM-DD').optional() }).strict();
export const scheduleStopSchema = staffBookingSchema;
export const scheduleWindowSchema = z.object({
  pickupTime: z.string(),
  label: z.string(),
  stops: z.array(scheduleStopSchema),
  /** Opens this window's stops, in order, as one route in a maps app. */
  routeUrl: z.string().nullable(),
});
export const scheduleResponseSchema = z.object({ date: z.string(), total: z.number(), windows: z.array(scheduleWindowSchema) });

// Messages (DESIGN.md 7: contact messages in the back office)
export const messageListQuerySchema = z
  .object({ status: z.enum(['open', 'handled', 'all'], { error: 'status is open, handled or all' }).default('open'), page: pageField })
  .strict();
export const contactMessageRowSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  subject: z.string(),
  message: z.string(),
  handledAt: z.string().nullable(),
});
export const messageListResponseSchema = z.object({ messages: z.array(contactMessageRowSchema), total: z.number(), page: z.number(), pageSize: z.number() });
export const setMessageHandledRequestSchema = z.object({ handled: z.boolean({ error: 'handled must be true or false' }) }).strict();
export const messageResponseSchema = z.object({ message: contactMessageRowSchema });

// Outbox (DESIGN.md 1: mail kept in the outbox is readable in the back office)
export const outboxStatusValues = ['pending', 'sending', 'sent', 'kept', 'failed'] as const;
export const outboxListQuerySchema = z
  .object({
    status: z.enum(['all', ...outboxStatusValues], { error: 'Unknown outbox status' }).default('all'),
    channel: z.enum(['all', 'email', 'sms'], { error: 'channel is all, email or sms' }).default('all'),
    page: pageField,
  })
  .strict();
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
  sentAt: z.string().nullable(),
  lastError: z.string().nullable(),
  bookingId: z.string().nullable(),
});
export const outboxListResponseSchema = z.object({ messages: z.array(outboxRowSchema), total: z.number(), page: z.number(), pageSize: z.number() });
export const resendResponseSchema = z.object({ queued: z.boolean(), message: z.string() });
