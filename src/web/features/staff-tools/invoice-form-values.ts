// The Send Invoice form as text, the invoice it comes to and the request it sends (spec: back-office
// 3 "Manual invoice as sent", 5 manual invoice, 9 defaults). Staff type dollars and pounds; the
// request carries whole cents and tenths of a pound, read with the shared parsers, priced by the
// shared `manualInvoice` and checked by the request's own schema.
import * as z from 'zod/mini';
import { centsToDollarInput } from '../../../shared/pricing-receipts';
import type { ManualAddOnKey } from '../../../shared/add-ons';
import { prices } from '../../../shared/business';
import {
  MANUAL_INVOICE_DEFAULT_PRICE_PER_POUND_CENTS,
  manualInvoice,
  manualInvoiceAddOnsAt,
  manualInvoiceHasServices,
  type ManualInvoice,
  type ManualInvoiceAddOn,
  type ManualInvoiceCustomLine,
  type ManualInvoiceInput,
} from '../../../shared/pricing-invoices';
import { invoiceMessages, manualInvoiceRequestSchema } from '../../../shared/schemas/invoices';
import { addIssues, fieldMessages, isNegative, problemOf, readDollars, readPoundsToTenths, readQuantity, type FormErrors, type FormRead } from './form-read';

export type InvoiceAddOnValues = { name: string; price: string; quantity: string; enabled: boolean };
export type InvoiceLineValues = { description: string; quantity: string; unitPrice: string };
export type InvoiceFormValues = {
  clientName: string;
  clientEmail: string;
  clientPhone: string;
  clientAddress: string;
  dueDate: string;
  pricePerPound: string;
  pounds: string;
  addOns: InvoiceAddOnValues[];
  customLines: InvoiceLineValues[];
  tax: string;
  notes: string;
};
export type InvoiceRequest = z.output<typeof manualInvoiceRequestSchema>;
/** The request, and the invoice it comes to (the confirmation names its total). */
export type ReadInvoice = InvoiceRequest & { invoice: ManualInvoice };

export const newInvoiceLine = (): InvoiceLineValues => ({ description: '', quantity: '1', unitPrice: '' });

/** A manual invoice's starting prices: the settings' (decision 055), the spec's 1.40 per lb and its add-on prices until they load. */
export type ManualInvoiceDefaults = { perPoundCents: number; addOnCents: Record<ManualAddOnKey, number> };
export const specManualInvoiceDefaults: ManualInvoiceDefaults = { perPoundCents: MANUAL_INVOICE_DEFAULT_PRICE_PER_POUND_CENTS, addOnCents: prices.manualInvoiceAddOnCents };

// spec: back-office 9: 1.40 per lb, the add-ons at their default prices, each once, all off
export function newInvoiceFormValues(defaults: ManualInvoiceDefaults = specManualInvoiceDefaults): InvoiceFormValues {
  return {
    clientName: '',
    clientEmail: '',
    clientPhone: '',
    clientAddress: '',
    dueDate: '',
    pricePerPound: centsToDollarInput(defaults.perPoundCents),
    pounds: '',
    addOns: manualInvoiceAddOnsAt(defaults.addOnCents).map((a) => ({ name: a.name, price: centsToDollarInput(a.priceCents), quantity: String(a.quantity), enabled: false })),
    customLines: [],
    tax: '',
    notes: '',
  };
}

/** The priced part of the form, with the form index of each add-on and custom line it kept. */
type Priced = { input: ManualInvoiceInput; errors: FormErrors; addOnAt: number[]; lineAt: number[] };

/**
 * Only the add-ons switched on are read and sent (an add-on that is off is on no invoice); spec 5:
 * a custom line without a description, or whose unit price is blank, 0 or negative, is dropped.
 * A field that is not a number is an error, and counts as nothing in the preview meanwhile.
 */
function readPriced(values: InvoiceFormValues): Priced {
  const errors: FormErrors = {};
  // the form starts at the settings' price per lb; left blank, it is an amount missing, as an add-on's price is
  const pricePerPoundCents = readDollars(values.pricePerPound, null);
  if (pricePerPoundCents === null) errors.pricePerPound = invoiceMessages.money;
  const pounds = readPoundsToTenths(values.pounds);
  if (pounds === null) errors.pounds = fieldMessages.pounds;
  const taxCents = readDollars(values.tax, 0);
  if (taxCents === null) errors.tax = invoiceMessages.money;

  const addOns: ManualInvoiceAddOn[] = [];
  const addOnAt: number[] = [];
  values.addOns.forEach((a, i) => {
    if (!a.enabled) return;
    const priceCents = readDollars(a.price, null);
    if (priceCents === null) errors[`addOns.${i}.price`] = invoiceMessages.money;
    const quantity = readQuantity(a.quantity);
    if (quantity === null) errors[`addOns.${i}.quantity`] = fieldMessages.quantity;
    addOns.push({ name: a.name, priceCents: priceCents ?? 0, quantity: quantity ?? 1, enabled: true });
    addOnAt.push(i);
  });

  const customLines: ManualInvoiceCustomLine[] = [];
  const lineAt: number[] = [];
  values.customLines.forEach((line, i) => {
    const description = line.description.trim();
    if (description === '' || line.unitPrice.trim() === '' || isNegative(line.unitPrice)) return;
    const unitPriceCents = readDollars(line.unitPrice, null);
    if (unitPriceCents === 0) return;
    if (unitPriceCents === null) errors[`customLines.${i}.unitPrice`] = invoiceMessages.money;
    const quantity = readQuantity(line.quantity);
    if (quantity === null) errors[`customLines.${i}.quantity`] = fieldMessages.quantity;
    if (unitPriceCents === null) return;
    customLines.push({ description, quantity: quantity ?? 1, unitPriceCents });
    lineAt.push(i);
  });

  return { input: { pricePerPoundCents: pricePerPoundCents ?? 0, pounds: pounds ?? 0, addOns, customLines, taxCents: taxCents ?? 0 }, errors, addOnAt, lineAt };
}

/** What the preview shows while staff type: the shared pricing over what reads so far. */
export function invoicePreview(values: InvoiceFormValues): ManualInvoice {
  return manualInvoice(readPriced(values).input);
}

const plainFields: Record<string, keyof InvoiceFormValues> = {
  clientName: 'clientName',
  clientEmail: 'clientEmail',
  clientPhone: 'clientPhone',
  clientAddress: 'clientAddress',
  dueDate: 'dueDate',
  notes: 'notes',
  pricePerPoundCents: 'pricePerPound',
  poundsTenths: 'pounds',
  taxCents: 'tax',
};
const rowFields: Record<string, string> = { priceCents: 'price', quantity: 'quantity', unitPriceCents: 'unitPrice', description: 'description' };

/**
 * The form field beside which an error about the request's `key` is shown ('customLines.0.unitPriceCents'
 * → 'customLines.3.unitPrice' when the first line sent is the form's fourth). Without the indexes
 * (the lines sent), a row's error is placed by its own index.
 */
export function invoiceFormField(key: string, sent?: { addOnAt: readonly number[]; lineAt: readonly number[] }): string | undefined {
  if (Object.hasOwn(plainFields, key)) return plainFields[key];
  // the list as a whole (too many lines): shown under the list
  if (key === 'customLines' || key === 'addOns') return key;
  const match = /^(addOns|customLines)\.(\d+)\.(\w+)$/.exec(key);
  if (!match) return undefined;
  const [, list, index, field] = match as unknown as [string, 'addOns' | 'customLines', string, string];
  const at = sent ? (list === 'addOns' ? sent.addOnAt : sent.lineAt)[Number(index)] : Number(index);
  const formField = Object.hasOwn(rowFields, field) ? rowFields[field] : undefined;
  return at === undefined || !formField ? undefined : `${list}.${at}.${formField}`;
}

/** The request to send (and its invoice), or the message beside each field that is wrong and the toast. */
export function readInvoiceForm(values: InvoiceFormValues): FormRead<ReadInvoice> & { sent: { addOnAt: number[]; lineAt: number[] } } {
  const priced = readPriced(values);
  const sent = { addOnAt: priced.addOnAt, lineAt: priced.lineAt };
  const errors: FormErrors = { ...priced.errors };
  const parsed = z.safeParse(manualInvoiceRequestSchema, {
    clientName: values.clientName,
    clientEmail: values.clientEmail,
    dueDate: values.dueDate.trim(),
    clientPhone: values.clientPhone,
    clientAddress: values.clientAddress,
    notes: values.notes,
    pricePerPoundCents: priced.input.pricePerPoundCents,
    poundsTenths: priced.input.pounds,
    addOns: priced.input.addOns,
    customLines: priced.input.customLines,
    taxCents: priced.input.taxCents,
  });
  if (!parsed.success) addIssues(errors, parsed.error.issues, (key) => invoiceFormField(key, sent));
  const missing = Object.values(errors).includes(invoiceMessages.missingInvoice.message);
  // spec: back-office 5: the client's details first, then something to bill (the weight marks it)
  if (!missing && Object.keys(errors).length === 0 && !manualInvoiceHasServices(priced.input)) errors.pounds = invoiceMessages.noServices.message;
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, errors, problem: problemOf(errors, [invoiceMessages.missingInvoice, invoiceMessages.noServices]), sent };
  return { ok: true, request: { ...parsed.data, invoice: manualInvoice(priced.input) }, sent };
}

/** The request's body alone (the confirmation's invoice left out). */
export function invoiceBody({ invoice: _invoice, ...request }: ReadInvoice): InvoiceRequest {
  return request;
}
