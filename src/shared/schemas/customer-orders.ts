// "My orders" (docs/design.md 9: customers signed in by magic link, /orders, their own orders only;
// decision 021). The sign-in form's one field is in ./customer-orders-sign-in.ts, the one schema
// the page runs in the browser (the rest are types to it).
import * as z from 'zod/mini';
import { stopPhotoKinds } from '../stops';
import { orderSignInRequestSchema, signInAddressMessage, signInChannel, type OrderSignInRequest } from './customer-orders-sign-in';
import { windowValuePattern } from '../business-words';
import { pickupTimeSchema, preferencesSchema, serviceDetailsSchema } from './booking';
import { timelineStepSchema } from './order-timeline';
import { seriesViewSchema } from './series';

export { orderSignInRequestSchema, signInAddressMessage, signInChannel, type OrderSignInRequest };

/** Whatever was typed, the same answer: it never says whether the address is known. */
export const orderSignInResponseSchema = z.object({ message: z.string() });

export const openOrdersSessionRequestSchema = z.strictObject({
  token: z.string({ error: 'This sign-in link is not valid.' }).check(z.trim(), z.minLength(1, 'This sign-in link is not valid.'), z.maxLength(200, 'This sign-in link is not valid.')),
});
export const openOrdersSessionResponseSchema = z.object({ signedIn: z.literal(true) });
export const signOutResponseSchema = z.object({ signedOut: z.literal(true) });

export const customerOrderSchema = z.object({
  id: z.string(),
  confirmation: z.string(),
  pickupDate: z.string(),
  pickupTime: z.string(),
  /** The pick-up window in words: "Monday, November 23, 8AM – 12PM". */
  pickupLabel: z.string(),
  address: z.string(),
  bags: z.number(),
  /** When it comes back (decision 056), in words: "Wednesday, December 9, 12PM – 4PM"; null until picked up. */
  dueBackLabel: z.nullable(z.string()),
  /** The delivery windows the customer may choose instead, until it is out for delivery (the first is the planned one); empty otherwise. */
  deliveryChoices: z.array(z.object({ date: z.string(), time: z.string(), label: z.string(), current: z.boolean() })),
  status: z.string(),
  /** The status in the customer's words ("Booked", "Picked up", ...). */
  statusLabel: z.string(),
  upcoming: z.boolean(),
  /** What the money comes to, in the customer's words ("$31.50 held on your card", "Charged $25.85"). */
  moneyLabel: z.string(),
  estimateCents: z.number(),
  finalTotalCents: z.nullable(z.number()),
  tipCents: z.number(),
  amountDueCents: z.number(),
  weightTenths: z.nullable(z.number()),
  /** The final invoice (and receipt) once weighed: the customer's own signed link. */
  invoiceUrl: z.nullable(z.string()),
  /** The free-cancellation link while the booking can still be cancelled. */
  cancelUrl: z.nullable(z.string()),
  /** The rating page (decision 063), once the delivery email that carries its link went out. */
  rateUrl: z.nullable(z.string()),
  /** The stars the customer gave it, once rated. */
  ratedStars: z.nullable(z.number()),
  /** A booked pick-up can be moved until the same cut-off (decision 021). */
  canReschedule: z.boolean(),
  /**
   * "Repeat" is offered (decision 024): a booked order with its card saved, not yet part of a
   * regular pick-up (an occurrence of one, or the order one was started from).
   */
  canRepeat: z.boolean(),
  /** Where the order is (decision 023): every stage, done, now or to come. */
  timeline: z.array(timelineStepSchema),
  /** The photos the pro took at the door (decision 057), each with its own address under /api/orders. */
  photos: z.array(z.object({ kind: z.enum(stopPhotoKinds), label: z.string(), takenAt: z.string(), url: z.string() })),
  /** A missed pick-up staff confirmed (decision 057): what happened and what the fee came to, in words. */
  missedPickup: z.nullable(z.object({ label: z.string(), note: z.string() })),
});
export type CustomerOrder = z.infer<typeof customerOrderSchema>;

/**
 * The contact details and preferences a customer may change on their upcoming pick-ups (decision
 * 022): the fields that do not change the price. The email is who they are (their sign-in), and
 * bags and add-ons change the hold, so neither is here.
 */
export const customerDetailsSchema = z.strictObject({
  name: serviceDetailsSchema.shape.name,
  phone: serviceDetailsSchema.shape.phone,
  address: serviceDetailsSchema.shape.address,
  city: serviceDetailsSchema.shape.city,
  zipCode: serviceDetailsSchema.shape.zipCode,
  pickupLocation: serviceDetailsSchema.shape.pickupLocation,
  specialInstructions: serviceDetailsSchema.shape.specialInstructions,
  waterTemperature: preferencesSchema.shape.waterTemperature,
  detergentType: preferencesSchema.shape.detergentType,
  allergies: preferencesSchema.shape.allergies,
  specialCareInstructions: preferencesSchema.shape.specialCareInstructions,
});
export type CustomerDetails = z.output<typeof customerDetailsSchema>;

/** A new booking's details, filled in for a signed-in customer (/book): their latest confirmed booking's, or none. */
export const bookingDetailsResponseSchema = z.object({ details: z.nullable(z.object({ ...customerDetailsSchema.shape, email: z.string() })) });
export type BookingDetails = z.output<typeof bookingDetailsResponseSchema>;
export type CustomerDetailsInput = z.input<typeof customerDetailsSchema>;

/** What saving the details changed: the pick-ups it applies to, by confirmation number. */
export const customerDetailsResponseSchema = z.object({ changed: z.array(z.string()), message: z.string() });

/** Deleting their data (decision 022): they type DELETE to say they mean it. */
export const eraseCustomerRequestSchema = z.strictObject({
  confirm: z.literal('DELETE', { error: 'Type DELETE (in capital letters) to confirm' }),
});
export const eraseCustomerResponseSchema = z.object({ erased: z.literal(true), message: z.string() });

export const customerOrdersSchema = z.object({
  /** Who is signed in, as they gave it: the email or the phone in (803) 555-0142 form. */
  signedInAs: z.string(),
  upcoming: z.array(customerOrderSchema),
  past: z.array(customerOrderSchema),
  /** The details and preferences of the next pick-up (else the latest order). */
  details: z.nullable(customerDetailsSchema),
  /** Some upcoming pick-up can still take new details (before its cut-off, decision 022). */
  detailsEditable: z.boolean(),
  /** The account can be deleted now: nothing open, held or owed (decision 022). */
  canErase: z.boolean(),
  /** Their regular pick-ups (decision 024). */
  series: z.array(seriesViewSchema),
});
export type CustomerOrders = z.infer<typeof customerOrdersSchema>;

export const customerOrderResponseSchema = z.object({ order: customerOrderSchema });

/** Move a pick-up to another day and window (decision 021). */
export const rescheduleRequestSchema = z.strictObject({
  pickupDate: z.string({ error: 'Choose a pick-up date' }).check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Choose a pick-up date')),
  pickupTime: pickupTimeSchema,
});
export type RescheduleRequest = z.infer<typeof rescheduleRequestSchema>;

/** Choose another delivery window (decision 056): one of the order's deliveryChoices. */
export const deliveryChoiceRequestSchema = z.strictObject({
  dueBackDate: z.string({ error: 'Choose a delivery day' }).check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Choose a delivery day')),
  dueBackTime: z.string({ error: 'Choose a delivery window' }).check(z.regex(windowValuePattern, 'Choose a delivery window')),
});
export type DeliveryChoiceRequest = z.infer<typeof deliveryChoiceRequestSchema>;

/** "Download my data": what the business keeps about the customer (decision 021). */
export const customerDataExportSchema = z.object({
  exportedAt: z.string(),
  business: z.string(),
  note: z.string(),
  bookings: z.array(z.looseObject({ confirmation: z.string(), email: z.string(), pickupDate: z.string(), status: z.string() })),
  smsConsents: z.array(z.object({ createdAt: z.string(), phone: z.string(), text: z.string() })),
  contactMessages: z.array(z.object({ createdAt: z.string(), name: z.string(), email: z.string(), phone: z.string(), subject: z.string(), message: z.string() })),
});
