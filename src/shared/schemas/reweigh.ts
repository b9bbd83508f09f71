// A correction of a weighing before the customer approved the bill (decision 034): the request the
// back office's dialog sends and the answer. zod/mini like every schema the browser loads (decision 009).
import * as z from 'zod/mini';
import { REWEIGH_REASON_MAX, REWEIGH_REASON_MIN } from '../pricing-reweigh';
import { processWeightRequestSchema, staffBookingSchema } from './back-office';

export const reweighMessages = {
  reasonShort: `Say why, in ${REWEIGH_REASON_MIN} characters or more: the customer reads it.`,
  reasonLong: `The reason is ${REWEIGH_REASON_MAX} characters at most.`,
} as const;

export const reweighBookingRequestSchema = z.strictObject({
  actualWeight: processWeightRequestSchema.shape.actualWeight,
  bagWeights: processWeightRequestSchema.shape.bagWeights,
  reason: z.string({ error: reweighMessages.reasonShort }).check(z.trim(), z.minLength(REWEIGH_REASON_MIN, reweighMessages.reasonShort), z.maxLength(REWEIGH_REASON_MAX, reweighMessages.reasonLong)),
  /** Made by the browser once per dialog: the same key again answers the first correction. */
  requestKey: z.uuid({ error: 'Reload the page and try again (the request had no valid key).' }),
});
export type ReweighBookingRequest = z.input<typeof reweighBookingRequestSchema>;

export const bookingReweighSchema = z.object({
  id: z.string(),
  fromWeightTenths: z.number(),
  toWeightTenths: z.number(),
  fromTotalCents: z.number(),
  toTotalCents: z.number(),
  refundedCents: z.number(),
  chargedCents: z.number(),
  giftCardReturnedCents: z.number(),
  amountDueCents: z.number(),
  reason: z.string(),
});
export type BookingReweigh = z.infer<typeof bookingReweighSchema>;

export const reweighBookingResponseSchema = z.object({
  reweigh: bookingReweighSchema,
  /** The toast: "Weight corrected to 14.2 lb: $10.15 back to the card". */
  message: z.string(),
  booking: staffBookingSchema,
});
