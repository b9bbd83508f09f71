// The Send Subscription Invoice form as text, its preview and the request it sends (spec:
// back-office 3 "Subscription invoice", 4 next billing date, 5 subscription invoice, 7: one line
// 'Monthly Subscription: {description}'). Dollars are read into cents with the shared parser; the
// line, its total and the next billing date come from the shared pricing.
import * as z from 'zod/mini';
import { isIsoDate } from '../../../shared/dates';
import { firstBillingDate, manualInvoice, type ManualInvoice } from '../../../shared/pricing-invoices';
import { invoiceMessages, subscriptionInvoiceRequestSchema } from '../../../shared/schemas/invoices';
import { addIssues, isNegative, problemOf, readDollars, type FormErrors, type FormRead } from './form-read';

export type SubscriptionFormValues = {
  clientName: string;
  clientEmail: string;
  clientPhone: string;
  clientAddress: string;
  description: string;
  monthlyPrice: string;
  tax: string;
  startDate: string;
  billingDay: string;
  notes: string;
};
export type SubscriptionRequest = z.output<typeof subscriptionInvoiceRequestSchema>;

/** Starts today, billed on the 1st, unless staff say otherwise. */
export function newSubscriptionFormValues(today: string): SubscriptionFormValues {
  return { clientName: '', clientEmail: '', clientPhone: '', clientAddress: '', description: '', monthlyPrice: '', tax: '', startDate: today, billingDay: '1', notes: '' };
}

/** spec: back-office 7: the one line of a subscription invoice. */
export function subscriptionLineDescription(description: string): string {
  return `Monthly Subscription: ${description.trim()}`;
}

/** A billing day typed as 1 to 31, else null. */
function readBillingDay(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,2}$/.test(trimmed)) return null;
  const day = Number(trimmed);
  return day >= 1 && day <= 31 ? day : null;
}

export type SubscriptionPreview = { invoice: ManualInvoice; nextBillingDate: string | null };

/**
 * What the preview shows while staff type: the month's line and total, and the first billing date
 * once the start and the day read (from today on when the start is in the past: decision 019).
 */
export function subscriptionPreview(values: SubscriptionFormValues, today: string): SubscriptionPreview {
  const monthlyCents = readDollars(values.monthlyPrice, 0) ?? 0;
  const taxCents = readDollars(values.tax, 0) ?? 0;
  const invoice = manualInvoice({ pounds: 0, addOns: [], customLines: [{ description: subscriptionLineDescription(values.description), quantity: 1, unitPriceCents: monthlyCents }], taxCents });
  const startDate = values.startDate.trim();
  const billingDay = readBillingDay(values.billingDay);
  return { invoice, nextBillingDate: isIsoDate(startDate) && billingDay !== null ? firstBillingDate(startDate, billingDay, today) : null };
}

const fields = new Set<string>(['clientName', 'clientEmail', 'clientPhone', 'clientAddress', 'description', 'startDate', 'billingDay', 'notes']);
const centsFields: Record<string, keyof SubscriptionFormValues> = { monthlyPriceCents: 'monthlyPrice', taxCents: 'tax' };

/** The form field beside which an error about the request's `key` is shown. */
export function subscriptionFormField(key: string): keyof SubscriptionFormValues | undefined {
  if (fields.has(key)) return key as keyof SubscriptionFormValues;
  return Object.hasOwn(centsFields, key) ? centsFields[key] : undefined;
}

/** The request to send, or the message beside each field that is wrong and the toast. */
export function readSubscriptionForm(values: SubscriptionFormValues): FormRead<SubscriptionRequest> {
  const errors: FormErrors = {};
  // blank is missing (the schema's 'Missing Information'); 0 or negative is 'Invalid Price'
  let monthlyPriceCents: number | undefined;
  if (values.monthlyPrice.trim() !== '') {
    const cents = isNegative(values.monthlyPrice) ? 0 : readDollars(values.monthlyPrice, null);
    if (cents === null) errors.monthlyPrice = invoiceMessages.money;
    monthlyPriceCents = cents ?? undefined;
  }
  const taxCents = readDollars(values.tax, 0);
  if (taxCents === null) errors.tax = invoiceMessages.money;
  const billingDay = readBillingDay(values.billingDay);
  if (billingDay === null) errors.billingDay = invoiceMessages.billingDay;

  const parsed = z.safeParse(subscriptionInvoiceRequestSchema, {
    clientName: values.clientName,
    clientEmail: values.clientEmail,
    clientPhone: values.clientPhone,
    clientAddress: values.clientAddress,
    notes: values.notes,
    description: values.description,
    ...(monthlyPriceCents === undefined ? {} : { monthlyPriceCents }),
    taxCents: taxCents ?? 0,
    startDate: values.startDate.trim(),
    billingDay: billingDay ?? 1,
  });
  if (!parsed.success) addIssues(errors, parsed.error.issues, subscriptionFormField);
  if (!parsed.success || Object.keys(errors).length > 0) {
    return { ok: false, errors, problem: problemOf(errors, [invoiceMessages.missingSubscription, invoiceMessages.invalidPrice]) };
  }
  return { ok: true, request: parsed.data };
}
