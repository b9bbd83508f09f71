// Promo codes managed in Settings (decision 055): a master admin creates a code, pauses, resumes
// or ends it, and both roles see how many bookings used each. zod/mini: the Settings tab loads it.
import * as z from 'zod/mini';
import { isIsoDate } from '../dates';

const date = (label: string) => z.nullable(z.string().check(z.refine(isIsoDate, `${label} must be a real date (YYYY-MM-DD)`)));
const count = (label: string, max: number) =>
  z.nullable(z.number({ error: `${label} must be a number` }).check(z.int(`${label} must be a whole number`), z.minimum(1, `${label} must be 1 or more, or left empty for no limit`), z.maximum(max, `${label} must be at most ${max}`)));

export const promoCodeInputSchema = z
  .strictObject({
    /** Read in capitals: what the customer types is matched without case. */
    code: z.string({ error: 'Code is required' }).check(z.trim(), z.regex(/^[A-Za-z0-9]{1,20}$/, 'Code must be 1 to 20 letters or digits')),
    description: z.string().check(z.trim(), z.maxLength(120, 'Description is too long (120 characters at most)'), z.regex(/^[^\p{Cc}]*$/u, 'Description must be one line')),
    /** What a bag costs with the code, in place of the bag estimate; 0: free. */
    bagRateCents: z.number({ error: 'Price a bag must be an amount' }).check(z.int('Price a bag must be a whole number of cents'), z.minimum(0, 'Price a bag must be $0.00 or more'), z.maximum(100_000, 'Price a bag must be at most $1,000.00')),
    waivesAddOns: z.boolean(),
    firstTimeOnly: z.boolean(),
    validFrom: date('Valid from'),
    validUntil: date('Valid until'),
    maxUses: count('Uses in all', 1_000_000),
    maxUsesPerCustomer: count('Uses per customer', 1000),
  })
  .check(z.refine((p) => p.validFrom === null || p.validUntil === null || p.validUntil >= p.validFrom, { message: 'Valid until must not be before valid from', path: ['validUntil'] }));
export type PromoCodeInput = z.output<typeof promoCodeInputSchema>;

/** What an admin can do to a code: pause it (it can be resumed), resume it, or end it for good. */
export const promoCodeActions = ['pause', 'resume', 'end'] as const;
export const promoCodeActionSchema = z.strictObject({ action: z.enum(promoCodeActions, { error: 'Action must be pause, resume or end' }) });

/** A code's state today: taking bookings, paused, not started yet, or ended (past its last day). */
export const promoCodeStates = ['active', 'paused', 'scheduled', 'ended'] as const;
export type PromoCodeState = (typeof promoCodeStates)[number];

export const promoCodeRowSchema = z.strictObject({
  code: z.string(),
  description: z.string(),
  bagRateCents: z.number(),
  waivesAddOns: z.boolean(),
  firstTimeOnly: z.boolean(),
  validFrom: z.nullable(z.string()),
  validUntil: z.nullable(z.string()),
  maxUses: z.nullable(z.number()),
  maxUsesPerCustomer: z.nullable(z.number()),
  state: z.enum(promoCodeStates),
  /** Bookings that used it and were not cancelled. */
  uses: z.number(),
});
export type PromoCodeRow = z.output<typeof promoCodeRowSchema>;

export const promoCodeListSchema = z.strictObject({ promoCodes: z.array(promoCodeRowSchema), canEdit: z.boolean() });
export type PromoCodeList = z.output<typeof promoCodeListSchema>;
export const promoCodeAnswerSchema = z.strictObject({ promoCode: promoCodeRowSchema });
