// Buying a gift card (spec: customer-site 2, 3 "Gift-card purchase payload", 5, 7, 9; docs/design.md
// 5.6): the purchase form, its answers, and the back office's Gift Cards view. zod/mini: the
// landing page validates the form with these in the browser (docs/decisions/009).
import * as z from 'zod/mini';
import { isIsoDate } from '../dates';
import { emailField, optionalText, requiredText } from './common';

// The presets ($30, $60, $100 and their descriptions) are gift-card-presets.ts's giftCardPresets.
/** Whole dollars, at least 1 (spec: customer-site 5); at most this many (beyond the spec). */
export const GIFT_CARD_MAX_DOLLARS = 500;
export const GIFT_CARD_MESSAGE_MAX = 500;

export const giftCardAmountField = z
  .number({ error: 'Enter an amount in whole dollars' })
  .check(
    z.int('Enter a whole number of dollars'),
    z.minimum(1, 'The amount must be at least $1'),
    z.maximum(GIFT_CARD_MAX_DOLLARS, `The amount can be at most $${GIFT_CARD_MAX_DOLLARS}`),
  );

/** spec: customer-site 3, the purchase payload (amount in dollars), plus the terms box (spec 5). */
export const giftCardPurchaseRequestSchema = z.strictObject({
  amount: giftCardAmountField,
  purchaser_email: emailField(),
  recipient_name: requiredText('Recipient name', 100),
  recipient_email: emailField(),
  message: optionalText('Message', GIFT_CARD_MESSAGE_MAX),
  /** Who it is from, as the email to the recipient says (beyond the spec's payload: optional). */
  sender_name: optionalText('Your name', 100),
  /** The day to email the recipient (YYYY-MM-DD; the server checks it is today to a year on); left out or '': at once. */
  deliver_on: z.optional(z.string().check(z.refine((v) => v === '' || isIsoDate(v), 'Choose a delivery date'))),
  terms_accepted: z.literal(true, { error: 'Please agree to the terms and conditions' }),
});
export type GiftCardPurchaseRequest = z.input<typeof giftCardPurchaseRequestSchema>;

/** The checkout to open in a new tab (spec: customer-site 7 create-gift-card-payment). */
export const giftCardPurchaseResponseSchema = z.object({ url: z.string(), session_id: z.string() });

/**
 * What /gift-card-success shows for its session (spec: customer-site 2, 4): issued once the
 * gateway said paid; pending while its word is on the way; not_paid for a session that was left,
 * declined or expired. Never the code: that is the recipient's alone (it goes to them by email).
 */
export const giftCardPurchaseStatusSchema = z.object({
  status: z.enum(['issued', 'pending', 'not_paid']),
  amount_cents: z.number(),
  recipient_name: z.string(),
  /** First 8 and last 6 characters of the session id (spec: customer-site 2). */
  transaction: z.string(),
});
export type GiftCardPurchaseStatus = z.infer<typeof giftCardPurchaseStatusSchema>;

// The back office's Gift Cards view (beyond the spec; master admin and admin)
export const staffGiftCardListQuerySchema = z.strictObject({
  page: z._default(
    z.coerce.number({ error: 'page must be a number' }).check(z.int('page must be a whole number'), z.minimum(1, 'page is at least 1'), z.maximum(10_000, 'page is at most 10000')),
    1,
  ),
});
export const staffGiftCardSchema = z.object({
  id: z.string(),
  /** The code masked but for its last 4 characters: staff never read a card's code. */
  maskedCode: z.string(),
  amountCents: z.number(),
  balanceCents: z.number(),
  purchaserEmail: z.nullable(z.string()),
  recipientName: z.nullable(z.string()),
  recipientEmail: z.nullable(z.string()),
  createdAt: z.string(),
  /** Bought on the site (a checkout) or issued otherwise (seed, staff). */
  sold: z.boolean(),
});
export type StaffGiftCard = z.infer<typeof staffGiftCardSchema>;
export const staffGiftCardListSchema = z.object({ giftCards: z.array(staffGiftCardSchema), total: z.number(), page: z.number(), pageSize: z.number() });
export const resendGiftCardEmailResponseSchema = z.object({ message: z.string() });
