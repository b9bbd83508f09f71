// A refund or credit staff make of a booking (decision 031): the request the dialog sends and the
// answer. zod/mini like every schema the browser loads (docs/decisions/009).
import * as z from 'zod/mini';
import { REFUND_MAX_CENTS, REFUND_REASON_MAX, REFUND_REASON_MIN, refundMessages } from '../pricing-refunds';
import { staffBookingSchema } from './back-office';

export const refundDestinationValues = ['card', 'gift_card'] as const;
export type RefundDestination = (typeof refundDestinationValues)[number];

export const refundBookingRequestSchema = z.strictObject({
  /** Made by the browser once per dialog: the same key again refunds nothing more. */
  idempotencyKey: z.uuid({ error: 'Reload the page and try again (the request had no valid key).' }),
  amountCents: z
    .number({ error: refundMessages.amount })
    .check(z.int(refundMessages.tooManyDecimals), z.minimum(1, refundMessages.atLeastOneCent), z.maximum(REFUND_MAX_CENTS, refundMessages.amount)),
  destination: z.enum(refundDestinationValues, { error: 'Choose where the refund goes: to the card or to a gift card.' }),
  reason: z.string({ error: refundMessages.reasonShort }).check(z.trim(), z.minLength(REFUND_REASON_MIN, refundMessages.reasonShort), z.maxLength(REFUND_REASON_MAX, refundMessages.reasonLong)),
});
export type RefundBookingRequest = z.input<typeof refundBookingRequestSchema>;

export const bookingRefundSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  destination: z.enum(refundDestinationValues),
  amountCents: z.number(),
  refundedCents: z.number(),
  reason: z.string(),
  /** A credit's gift card, its code masked but the last 4. */
  giftCardCode: z.nullable(z.string()),
});
export type BookingRefund = z.infer<typeof bookingRefundSchema>;

export const refundBookingResponseSchema = z.object({
  refund: bookingRefundSchema,
  /** The toast: "Refunded $12.00 to the card". */
  message: z.string(),
  booking: staffBookingSchema,
});
