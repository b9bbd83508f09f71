// The customer's final invoice (spec: customer-site 2 "Final invoice page", 4, 5, 7
// approve-customer-payment; docs/design.md 5.5): the weighed bill, the tip choice and the approval,
// opened from the customer's signed link. A link that does not check out is simply not found.
import * as z from 'zod/mini';
import { giftCardDuePaymentSchema } from './amount-due';
import { giftCardCodeField } from './gift-card-code';

const tokenField = z.string().check(z.minLength(1), z.maxLength(200));
const sessionField = z.string().check(z.minLength(1), z.maxLength(255));

export const invoiceQuerySchema = z.strictObject({ token: tokenField, session_id: z.optional(sessionField) });
/** tipCents: whole cents; the server checks the range and answers its sentence (pricing-tips). */
export const approveInvoiceRequestSchema = z.strictObject({ token: tokenField, tipCents: z.number() });
/** Decision 064: a gift card pays what is still due before the approval (the code checked after the link). */
export const payInvoiceDueFromGiftCardRequestSchema = z.strictObject({ token: tokenField, giftCardCode: giftCardCodeField });

/** docs/design.md 5.5 transparent weighing: "Question this weight", with an optional short note. */
export const WEIGHT_QUESTION_MAX_CHARS = 500;
export const weightQuestionMessages = {
  tooLong: `Please keep your note to ${WEIGHT_QUESTION_MAX_CHARS} characters.`,
  invalid: 'Your note should be plain text.',
} as const;
/** note: checked by weightQuestionNoteProblem after the link, with its own sentence. */
export const weightQuestionRequestSchema = z.strictObject({ token: tokenField, note: z.optional(z.string()) });

/** The note's problem in the customer's words, or null when it is fine (empty is fine). */
export function weightQuestionNoteProblem(note: unknown): string | null {
  if (note === undefined) return null;
  if (typeof note !== 'string') return weightQuestionMessages.invalid;
  return note.trim().length > WEIGHT_QUESTION_MAX_CHARS ? weightQuestionMessages.tooLong : null;
}

const billLineSchema = z.object({ key: z.string(), label: z.string(), cents: z.number(), kind: z.enum(['item', 'discount', 'subtotal', 'giftCard', 'total']) });

export const invoiceResponseSchema = z.object({
  confirmation: z.string(),
  name: z.string(),
  weightTenths: z.number(),
  pricePerPoundCents: z.number(),
  bill: z.object({ lines: z.array(billLineSchema), totalLabel: z.string(), totalCents: z.number() }),
  /** The bill before the gift card: what the tip presets are a percent of. */
  subtotalCents: z.number(),
  /** The card's figures (receiptPayment): the bill's part and the tip apart (decision 015). */
  payment: z.object({
    authorizedCents: z.number(),
    billChargedCents: z.number(),
    tipCents: z.number(),
    chargedCents: z.number(),
    releasedCents: z.number(),
    extraChargedCents: z.number(),
    amountDueCents: z.number(),
    /** Decision 031: refunded to the card, and credited to a gift card. */
    refundedCents: z.number(),
    creditedCents: z.number(),
  }),
  tipPresets: z.array(z.object({ percent: z.number(), cents: z.number() })),
  tipMaximumCents: z.number(),
  /** Set once the customer approved: when, the tip the card paid, bill + tip, and what of it the gift card paid. */
  approved: z.nullable(z.object({ at: z.string(), tipCents: z.number(), totalPaidCents: z.number(), giftCardCents: z.number() })),
  /** When the customer questioned the weight (once), or null. */
  weightQuestionedAt: z.nullable(z.string()),
  /** docs/design.md 5.5 transparent weighing: each bag's weight, when weighed one by one. */
  bagWeightsTenths: z.nullable(z.array(z.number())),
  /** When the scale was photographed; the photo is read from its own address with the same link. */
  scalePhotoUploadedAt: z.nullable(z.string()),
});
export type Invoice = z.infer<typeof invoiceResponseSchema>;

/** The invoice as it now stands, and, when the card needs the customer, the checkout to finish at. */
export const approveInvoiceResponseSchema = z.object({ invoice: invoiceResponseSchema, url: z.nullable(z.string()) });
export type ApproveInvoiceResponse = z.infer<typeof approveInvoiceResponseSchema>;
export const payInvoiceDueFromGiftCardResponseSchema = z.object({ invoice: invoiceResponseSchema, giftCard: giftCardDuePaymentSchema });
