// What is still due on a weighed booking, paid from the customer's own link (docs/design.md 5.4; the
// link: docs/design.md 9, one-time links).
import * as z from 'zod/mini';
import { giftCardCodeField } from './gift-card-code';

const payLinkMessage = 'This payment link is incomplete. Please open the link from your email again.';
const payTokenField = z.string({ error: payLinkMessage }).check(z.minLength(1, payLinkMessage), z.maxLength(200, 'This payment link is not valid.'));
const sessionField = z.string({ error: 'session_id must be text' }).check(z.minLength(1, 'session_id is empty'), z.maxLength(255, 'session_id is too long'));

export const amountDueQuerySchema = z.strictObject({ token: payTokenField, session_id: z.optional(sessionField) });
export const payAmountDueRequestSchema = z.strictObject({ token: payTokenField });

export const amountDueResponseSchema = z.object({
  confirmation: z.string(),
  finalTotalCents: z.number(),
  paidCents: z.number(),
  /** Who paid it: the gift card first, the card for the rest (docs/design.md 9). */
  giftCardCents: z.number(),
  cardCents: z.number(),
  amountDueCents: z.number(),
});
export type AmountDue = z.infer<typeof amountDueResponseSchema>;

/** Where to send the customer: the checkout, or nowhere (it was paid meanwhile). */
export const payAmountDueResponseSchema = z.object({ url: z.nullable(z.string()), amountDue: amountDueResponseSchema });

/** Decision 064: a gift card pays what is due, up to its balance. */
export const payDueFromGiftCardRequestSchema = z.strictObject({ token: payTokenField, giftCardCode: giftCardCodeField });
/** What the gift card paid and what is left on it. */
export const giftCardDuePaymentSchema = z.object({ paidCents: z.number(), balanceCents: z.number() });
export type GiftCardDuePayment = z.infer<typeof giftCardDuePaymentSchema>;
export const payDueFromGiftCardResponseSchema = z.object({ amountDue: amountDueResponseSchema, giftCard: giftCardDuePaymentSchema });
