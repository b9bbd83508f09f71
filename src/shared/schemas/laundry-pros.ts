// The laundry pros and their assignments (spec: back-office 2 "Laundry Pros tab", 3, 4, 5 "Add
// laundry pro", 9; docs/design.md 5.7): a pro's profile, the card the tab shows, and the assignment
// overview. Rates travel in cents; the form reads dollars with the shared parser. zod/mini like
// every schema the browser loads (docs/decisions/009).
import * as z from 'zod/mini';
import { isIsoDate } from '../dates';
import { phoneCharacters } from './common';

export const proStatusValues = ['active', 'inactive'] as const;
export type ProStatus = (typeof proStatusValues)[number];
export const proStatusLabels: Record<ProStatus, string> = { active: 'Active', inactive: 'Inactive' };

/** spec: back-office 4 — none, then created but not enabled, then enabled; the badge each shows (spec: back-office 2). */
export const paymentAccountValues = ['none', 'pending', 'enabled'] as const;
export type PaymentAccountState = (typeof paymentAccountValues)[number];
export const paymentAccountLabels: Record<PaymentAccountState, string> = { none: 'No Stripe', pending: 'Setup Pending', enabled: 'Stripe Ready' };

export const assignmentStatusValues = ['assigned', 'completed'] as const;
export type AssignmentStatus = (typeof assignmentStatusValues)[number];

/** A rate is whole cents, at least 0, and at most these (a typo guard: $100 a pound, $1,000 an hour). */
export const PRO_MAX_PER_POUND_CENTS = 10_000;
export const PRO_MAX_HOURLY_CENTS = 100_000;

export const proMessages = {
  nameRequired: "Enter the pro's name",
  perPoundRate: 'The rate per lb must be a number of dollars from 0 to 100, with at most two decimals',
  hourlyRate: 'The hourly rate must be a number of dollars from 0 to 1,000, with at most two decimals',
  startDate: 'Enter the start date as a real date',
  email: 'Enter a valid email address',
  phone: 'Enter a phone number with digits, spaces, +, ( ) and - only',
} as const;

const rateField = (max: number, message: string) => z.number({ error: message }).check(z.int(message), z.minimum(0, message), z.maximum(max, message));
const optionalText = (max: number, message: string) => z._default(z.optional(z.string().check(z.trim(), z.maxLength(max, message))), '');

// spec: back-office 5, add laundry pro: name required (blank after trimming refused); the rates at
// least 0 (defaults 0.75 per lb and 0 an hour); start date today by default (the server's day in
// the business's time zone when left out); status active by default
export const proProfileSchema = z.strictObject({
  name: z.string({ error: proMessages.nameRequired }).check(z.trim(), z.minLength(1, proMessages.nameRequired), z.maxLength(120, 'The name is too long')),
  email: z._default(
    z.optional(
      z.string().check(
        z.trim(),
        z.maxLength(254, 'Email is too long'),
        z.refine((v) => v === '' || z.safeParse(z.email(), v).success, proMessages.email),
      ),
    ),
    '',
  ),
  phone: z._default(z.optional(z.string().check(z.trim(), z.maxLength(40, 'The phone number is too long'), z.regex(phoneCharacters, proMessages.phone))), ''),
  /** Left out: the settings' default rate for a new pro (decision 055), the pro's own on an edit. */
  perPoundRateCents: z.optional(rateField(PRO_MAX_PER_POUND_CENTS, proMessages.perPoundRate)),
  hourlyRateCents: z._default(z.optional(rateField(PRO_MAX_HOURLY_CENTS, proMessages.hourlyRate)), 0),
  startDate: z.optional(z.string().check(z.refine(isIsoDate, proMessages.startDate))),
  notes: optionalText(1000, 'Keep the notes to 1,000 characters'),
  status: z._default(z.optional(z.enum(proStatusValues, { error: 'Choose active or inactive' })), 'active'),
});
export type ProProfileInput = z.input<typeof proProfileSchema>;

/** A pro's ratings (decision 063): how many orders were rated, and their average to one decimal (src/shared/rating-average.ts). */
export const proRatingSchema = z.object({ count: z.number(), average: z.nullable(z.string()) });

const recentAssignmentSchema = z.object({ bookingId: z.string(), orderId: z.string(), status: z.enum(assignmentStatusValues), earnedCents: z.nullable(z.number()) });

/** A pro's card (spec: back-office 2): the profile, the account's state and the earnings, all from the server. */
export const laundryProSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  perPoundRateCents: z.number(),
  hourlyRateCents: z.number(),
  status: z.enum(proStatusValues),
  notes: z.string(),
  startDate: z.string(),
  createdAt: z.string(),
  paymentAccount: z.enum(paymentAccountValues),
  /** Whether the pro has been invited to the pro portal (decision 018). */
  portalInvited: z.boolean(),
  /** Staff took the pro's portal access away (decision 041); inviting again gives it back. */
  portalRevoked: z.boolean(),
  /** The email the pro signs in with: confirmed, and where an invitation goes (decision 041). */
  portalEmail: z.nullable(z.string()),
  /** A new email from the card, waiting for the pro to confirm it from that address. */
  portalEmailPending: z.nullable(z.string()),
  activeAssignments: z.number(),
  completedOrders: z.number(),
  /** Completed assignments not yet paid out, split into the per-pound part and tips. */
  unpaid: z.object({ perPoundCents: z.number(), tipCents: z.number(), totalCents: z.number() }),
  /** Tips paid out to the pro and refunded to the customer since (decision 031): owed back, never taken silently. */
  owedBackCents: z.number(),
  totalEarnedCents: z.number(),
  /** The customers' ratings of the orders the pro had when they rated them (decision 063). */
  rating: proRatingSchema,
  recentAssignments: z.array(recentAssignmentSchema),
});
export type LaundryPro = z.infer<typeof laundryProSchema>;

export const laundryProListSchema = z.object({ pros: z.array(laundryProSchema) });
export const laundryProResponseSchema = z.object({ pro: laundryProSchema });

/** spec: back-office 2, Assignment Overview: Order, Laundry Pro, Customer, Weight (or Pending), Status, Payout, Assigned date. */
export const assignmentRowSchema = z.object({
  id: z.string(),
  bookingId: z.string(),
  orderId: z.string(),
  proId: z.string(),
  proName: z.string(),
  customerName: z.string(),
  weightTenths: z.nullable(z.number()),
  status: z.enum(assignmentStatusValues),
  payout: z.nullable(z.object({ perPoundCents: z.number(), tipCents: z.number(), totalCents: z.number() })),
  assignedAt: z.string(),
});
export type AssignmentRow = z.infer<typeof assignmentRowSchema>;
export const assignmentListSchema = z.object({ assignments: z.array(assignmentRowSchema) });

/** spec: back-office 2, the Laundry Pro dropdown: a pro, or none; a weighed booking's payout moves only when confirmed. */
export const assignLaundryProRequestSchema = z.strictObject({
  laundryProId: z.nullable(z.string().check(z.regex(/^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/, 'Laundry pro not found.'))),
  confirmWeighed: z._default(z.optional(z.boolean({ error: 'confirmWeighed must be true or false' })), false),
});
/** perPoundRateCents: the pro's rate now, what the weight dialog previews the payout at (spec: back-office 9). */
export const assignedProSchema = z.object({ id: z.string(), name: z.string(), payoutCents: z.nullable(z.number()), perPoundRateCents: z.number() });
export type AssignedPro = z.infer<typeof assignedProSchema>;
export const assignLaundryProResponseSchema = z.object({ laundryPro: z.nullable(assignedProSchema) });

/** spec: back-office 7 create-connect-account: the onboarding page staff open in a new tab, and the pro's card now. */
export const proOnboardingResponseSchema = z.object({ url: z.string(), pro: laundryProSchema });
/** spec: back-office 7 check-connect-status: whether the provider says onboarding is complete, and the card. */
export const proAccountStatusResponseSchema = z.object({ onboardingComplete: z.boolean(), pro: laundryProSchema });

/**
 * spec: back-office 2 'Pay Out $x', 7 process-payout (decision 018): the amount the card showed, so
 * that a tip paid a moment ago is not paid unseen, and the browser's key for this click (a retry
 * or a double click finds the same payout). The server computes what is paid.
 */
export const payOutRequestSchema = z.strictObject({
  requestKey: z.string({ error: 'Reload the Laundry Pros tab and press Pay Out again.' }).check(z.regex(/^[A-Za-z0-9-]{8,64}$/, 'Reload the Laundry Pros tab and press Pay Out again.')),
  expectedCents: z.number({ error: 'The amount to pay must be whole cents.' }).check(z.int('The amount to pay must be whole cents.'), z.minimum(1, 'The amount to pay must be at least 1 cent.'), z.maximum(100_000_000, 'The amount to pay is too large.')),
});

export const payoutStatusValues = ['processing', 'paid', 'partly_paid', 'failed'] as const;
export type PayoutStatus = (typeof payoutStatusValues)[number];
export const payoutStatusLabels: Record<PayoutStatus, string> = { processing: 'Processing', paid: 'Paid', partly_paid: 'Partly paid', failed: 'Failed' };
export const payoutItemStatusValues = ['pending', 'paid', 'failed'] as const;

/** spec: back-office 3, payout record: the orders (assignments) it covers, with what it paid of each. */
export const payoutSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  amountCents: z.number(),
  /** What the gateway confirmed transferred. */
  paidCents: z.number(),
  status: z.enum(payoutStatusValues),
  /** Why a transfer failed, when one did. */
  failure: z.nullable(z.string()),
  orders: z.array(
    z.object({
      assignmentId: z.string(),
      bookingId: z.string(),
      orderId: z.string(),
      perPoundCents: z.number(),
      tipCents: z.number(),
      amountCents: z.number(),
      status: z.enum(payoutItemStatusValues),
    }),
  ),
});
export type Payout = z.infer<typeof payoutSchema>;
export const payOutResponseSchema = z.object({ payout: payoutSchema, pro: laundryProSchema });
export const payoutListSchema = z.object({ payouts: z.array(payoutSchema) });
