// The staff tools and invoices (spec: back-office 2 "Staff tools", "Manual Invoices table", 3, 4,
// 5, 7, 8, 9; docs/design.md 6, 7, 9 "invoices"): what /send-terms, /send-invoice and
// /send-subscription-invoice send, with the spec's messages, and an invoice as the Invoices tab
// shows it. Money travels in cents, weights in tenths of a pound; the forms read dollars and
// pounds with the shared parsers. zod/mini like every schema the browser loads (decision 009).
import * as z from 'zod/mini';
import { isIsoDate } from '../dates';
import { phoneCharacters } from './common';

/** spec: back-office 5 and 8, each as the toast's title and its description. */
export const invoiceMessages = {
  emailRequired: { title: 'Email Required', message: 'Please enter a client email address.' },
  missingInvoice: { title: 'Missing Information', message: 'Please fill in client name, email, and due date.' },
  noServices: { title: 'No Services', message: 'Please add laundry weight, services, or add-ons.' },
  missingSubscription: { title: 'Missing Information', message: 'Please fill in all required fields.' },
  invalidPrice: { title: 'Invalid Price', message: 'Monthly price must be greater than 0.' },
  billingDay: 'The billing day must be a whole number from 1 to 31.',
  email: 'Enter a valid email address',
  phone: 'Enter a phone number with digits, spaces, +, ( ) and - only',
  date: 'Enter a real date',
  money: 'Enter an amount of dollars, not negative, with at most two decimals',
  tooManyLines: 'Keep an invoice to 50 lines at most.',
} as const;

const MAX_CENTS = 10_000_000; // $100,000: a typo guard
/** What one invoice comes to at most (a typo guard, and the store's whole cents). */
export const MAX_INVOICE_CENTS = MAX_CENTS;
const cents = (message: string) => z.number({ error: message }).check(z.int(message), z.minimum(0, message), z.maximum(MAX_CENTS, message));
const text = (max: number) => z._default(z.optional(z.string().check(z.trim(), z.maxLength(max, `Keep it to ${max} characters`))), '');
const requiredText = (max: number, message: string) => z.string({ error: message }).check(z.trim(), z.minLength(1, message), z.maxLength(max, `Keep it to ${max} characters`));
const email = (required: string) =>
  z.string({ error: required }).check(
    z.trim(),
    z.minLength(1, required),
    z.maxLength(254, 'Email is too long'),
    z.refine((v) => v === '' || z.safeParse(z.email(), v).success, invoiceMessages.email),
  );
const isoDate = (required: string) => z.string({ error: required }).check(z.minLength(1, required), z.refine(isIsoDate, invoiceMessages.date));

// spec: back-office 5, send terms: the client's email required, their name optional
export const sendTermsRequestSchema = z.strictObject({
  clientEmail: email(invoiceMessages.emailRequired.message),
  clientName: text(120),
});
export type SendTermsInput = z.input<typeof sendTermsRequestSchema>;
export const sendTermsResponseSchema = z.object({ sentTo: z.string() });

const clientFields = {
  clientPhone: z._default(z.optional(z.string().check(z.trim(), z.maxLength(40, 'The phone number is too long'), z.regex(phoneCharacters, invoiceMessages.phone))), ''),
  clientAddress: text(300),
  notes: text(2000),
};

// spec: back-office 3 "Manual invoice as sent", 5, 9: the add-ons (each on by a switch), custom
// lines (kept when described and priced above 0), weight at a price per pound (default 1.40), tax
export const manualInvoiceRequestSchema = z.strictObject({
  clientName: requiredText(120, invoiceMessages.missingInvoice.message),
  clientEmail: email(invoiceMessages.missingInvoice.message),
  dueDate: isoDate(invoiceMessages.missingInvoice.message),
  ...clientFields,
  /** Left out: the settings' manual-invoice price per lb (decision 055; the spec's 1.40). */
  pricePerPoundCents: z.optional(cents(invoiceMessages.money)),
  /** Tenths of a pound. */
  poundsTenths: z._default(z.optional(z.number({ error: 'Enter the pounds as a number' }).check(z.int('Enter the pounds with at most one decimal'), z.minimum(0, 'The pounds cannot be negative'), z.maximum(100_000, 'That is too many pounds'))), 0),
  addOns: z._default(
    z.optional(
      z
        .array(
          z.strictObject({
            name: requiredText(80, 'Each add-on needs a name'),
            priceCents: cents(invoiceMessages.money),
            quantity: z.number({ error: 'Quantities are whole numbers from 1' }).check(z.int('Quantities are whole numbers from 1'), z.minimum(1, 'Quantities are whole numbers from 1'), z.maximum(1000, 'At most 1,000 of one thing')),
            enabled: z.boolean({ error: 'Say whether the add-on is on' }),
          }),
        )
        .check(z.maxLength(20, 'At most 20 add-ons')),
    ),
    [],
  ),
  customLines: z._default(
    z.optional(
      z
        .array(
          z.strictObject({
            description: text(200),
            quantity: z.number({ error: 'Quantities are whole numbers from 1' }).check(z.int('Quantities are whole numbers from 1'), z.minimum(1, 'Quantities are whole numbers from 1'), z.maximum(1000, 'At most 1,000 of one thing')),
            unitPriceCents: cents(invoiceMessages.money),
          }),
        )
        .check(z.maxLength(50, invoiceMessages.tooManyLines)),
    ),
    [],
  ),
  taxCents: z._default(z.optional(cents(invoiceMessages.money)), 0),
});
export type ManualInvoiceRequest = z.input<typeof manualInvoiceRequestSchema>;

// spec: back-office 3 "Subscription invoice", 5, 4 (next billing date)
export const subscriptionInvoiceRequestSchema = z.strictObject({
  clientName: requiredText(120, invoiceMessages.missingSubscription.message),
  clientEmail: email(invoiceMessages.missingSubscription.message),
  ...clientFields,
  description: requiredText(200, invoiceMessages.missingSubscription.message),
  monthlyPriceCents: z
    .number({ error: invoiceMessages.missingSubscription.message })
    .check(z.int(invoiceMessages.money), z.minimum(1, invoiceMessages.invalidPrice.message), z.maximum(MAX_CENTS, invoiceMessages.money)),
  taxCents: z._default(z.optional(cents(invoiceMessages.money)), 0),
  startDate: isoDate(invoiceMessages.missingSubscription.message),
  billingDay: z.number({ error: invoiceMessages.billingDay }).check(z.int(invoiceMessages.billingDay), z.minimum(1, invoiceMessages.billingDay), z.maximum(31, invoiceMessages.billingDay)),
});
export type SubscriptionInvoiceRequest = z.input<typeof subscriptionInvoiceRequestSchema>;

export const invoiceStatusValues = ['pending', 'paid'] as const;
export type InvoiceStatus = (typeof invoiceStatusValues)[number];
export const invoiceKindValues = ['manual', 'subscription'] as const;

const invoiceLineSchema = z.object({ description: z.string(), quantity: z.number(), unitPriceCents: z.number(), totalCents: z.number() });

/** spec: back-office 2 "Manual Invoices table", 3: an invoice as staff see it. Overdue is computed from the due date in the business's time zone. */
export const staffInvoiceSchema = z.object({
  id: z.string(),
  invoiceNumber: z.string(),
  kind: z.enum(invoiceKindValues),
  clientName: z.string(),
  clientEmail: z.string(),
  lines: z.array(invoiceLineSchema),
  subtotalCents: z.number(),
  taxCents: z.number(),
  totalCents: z.number(),
  dueDate: z.string(),
  status: z.enum(invoiceStatusValues),
  overdue: z.boolean(),
  notes: z.string(),
  createdAt: z.string(),
  paidAt: z.nullable(z.string()),
  paidBy: z.nullable(z.string()),
  /**
   * Card payments that reached the invoice once it was already paid (decision 019): each is given
   * back through the payments ledger; its refund pending, done, or failed (then staff refund it by hand).
   */
  extraPayments: z.array(z.object({ amountCents: z.number(), refund: z.enum(['pending', 'refunded', 'failed']) })),
});
export type StaffInvoice = z.infer<typeof staffInvoiceSchema>;
export const staffInvoiceResponseSchema = z.object({ invoice: staffInvoiceSchema });

export const subscriptionStatusValues = ['active', 'paused', 'ended'] as const;
export const subscriptionSchema = z.object({
  id: z.string(),
  clientName: z.string(),
  clientEmail: z.string(),
  description: z.string(),
  monthlyPriceCents: z.number(),
  taxCents: z.number(),
  billingDay: z.number(),
  startDate: z.string(),
  nextBillingDate: z.string(),
  status: z.enum(subscriptionStatusValues),
  createdAt: z.string(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;
export const subscriptionInvoiceResponseSchema = z.object({ invoice: staffInvoiceSchema, subscription: subscriptionSchema });
export const subscriptionListSchema = z.object({ subscriptions: z.array(subscriptionSchema) });

/** docs/design.md 9 invoices: what the client's pay link shows (no staff fields), and paying it. */
export const payInvoiceQuerySchema = z.strictObject({
  token: z.string({ error: 'This payment link is not valid.' }).check(z.minLength(1, 'This payment link is not valid.'), z.maxLength(200, 'This payment link is not valid.')),
  session_id: z.optional(z.string().check(z.maxLength(200, 'The checkout id is not valid.'))),
});
export const payInvoiceRequestSchema = z.strictObject({ token: z.string({ error: 'This payment link is not valid.' }).check(z.minLength(1, 'This payment link is not valid.'), z.maxLength(200, 'This payment link is not valid.')) });
export const publicInvoiceSchema = z.object({
  invoice: z.object({
    invoiceNumber: z.string(),
    clientName: z.string(),
    lines: z.array(invoiceLineSchema),
    subtotalCents: z.number(),
    taxCents: z.number(),
    totalCents: z.number(),
    dueDate: z.string(),
    status: z.enum(invoiceStatusValues),
    paidAt: z.nullable(z.string()),
  }),
});
export type PublicInvoice = z.infer<typeof publicInvoiceSchema>['invoice'];
export const payInvoiceResponseSchema = z.object({ url: z.string() });

/** docs/design.md 9 invoices: staff pause, resume or end a subscription. */
export const subscriptionStatusRequestSchema = z.strictObject({ status: z.enum(subscriptionStatusValues, { error: 'Choose active, paused or ended.' }) });
export const subscriptionResponseSchema = z.object({ subscription: subscriptionSchema });
