// Phone orders (decision 058): staff book for a customer who calls, with the wizard's fields, rules
// and prices, and the customer pays from their own link. zod/mini: the staff form and the pay page
// load these.
import * as z from 'zod/mini';
import { payLinkChannels, phoneOrderStates } from '../phone-orders';
import { preferencesSchema, serviceDetailsSchema } from './booking';
import { codeField, publicBookingSchema } from './booking-api';

const channelField = z.enum(payLinkChannels, { error: 'Choose how the customer gets the pay link' });

/** POST /api/admin/phone-orders: the wizard's details and preferences; the customer accepts the terms on the pay page. */
export const phoneOrderRequestSchema = z.strictObject({
  bookingData: z.strictObject({ ...serviceDetailsSchema.shape, ...preferencesSchema.shape }),
  promoCode: codeField('Promo code', 20),
  channel: channelField,
  /** The form's key for this order: pressed twice, one booking. */
  submissionKey: z.uuid({ error: 'This form is out of date. Please reload the page and try again.' }),
});
export type PhoneOrderRequest = z.input<typeof phoneOrderRequestSchema>;

export const phoneOrderCreatedSchema = z.object({
  bookingId: z.string(),
  confirmation: z.string(),
  totalCents: z.number(),
  channel: z.enum(payLinkChannels),
  /** Where the link went, as staff read it back to the caller. */
  sentTo: z.array(z.string()),
  /** The same form sent again: the order it made the first time. */
  replayed: z.boolean(),
});
export type PhoneOrderCreated = z.infer<typeof phoneOrderCreatedSchema>;

/** POST /api/admin/bookings/:id/pay-link: the link sent again. */
export const resendPayLinkRequestSchema = z.strictObject({ channel: channelField });
export const resendPayLinkResponseSchema = z.object({ channel: z.enum(payLinkChannels), sentTo: z.array(z.string()) });

const linkMessage = 'This payment link is incomplete. Please open the link from your email or text again.';
const tokenField = z.string({ error: linkMessage }).check(z.minLength(1, linkMessage), z.maxLength(200, 'This payment link is not valid.'));

export const phoneOrderQuerySchema = z.strictObject({ token: tokenField });
export const payPhoneOrderRequestSchema = z.strictObject({
  token: tokenField,
  termsAccepted: z.literal(true, { error: 'Please accept the terms and conditions to continue' }),
});

/** What the customer's pay page shows: the order, and whether it waits for their card. */
export const phoneOrderViewSchema = z.object({
  state: z.enum(phoneOrderStates),
  /** Why it can no longer be paid, in the customer's words (closed only). */
  closedReason: z.nullable(z.string()),
  booking: publicBookingSchema,
});
export type PhoneOrderView = z.infer<typeof phoneOrderViewSchema>;

/** Where to send the customer: the card checkout, or nowhere (paid meanwhile). */
export const payPhoneOrderResponseSchema = z.object({ url: z.nullable(z.string()), order: phoneOrderViewSchema });
