// Manual and subscription invoices (the staff tools): their lines and totals, invoice numbers and
// billing dates. spec: back-office 3 and 9; docs/design.md 9 (invoices are rows with lines, computed here).
import { prices } from './business';
import { manualAddOnKeys, type ManualAddOnKey } from './add-ons';
import { formatCents } from './money';
import { assertNonNegativeInteger, sumTotals, weightTimesRateCents } from './pricing-core';

// ---------------------------------------------------------------------------------------------
// Manual invoices (staff tool)
// ---------------------------------------------------------------------------------------------

// spec: back-office 3 "Manual invoice as sent" — one add-on row of the manual invoice form.
export type ManualInvoiceAddOn = { name: string; priceCents: number; quantity: number; enabled: boolean };

// spec: back-office 3 "Manual invoice as sent" — one free-form line typed by staff.
export type ManualInvoiceCustomLine = { description: string; quantity: number; unitPriceCents: number };

// spec: back-office 3 — one line of the invoice as sent.
export type ManualInvoiceService = { description: string; quantity: number; unitPriceCents: number; totalCents: number };

/** The manual invoice's add-ons as its form names them, in its order. */
const manualInvoiceAddOnNames: Record<ManualAddOnKey, string> = {
  fabricSoftener: 'Fabric Softener',
  rushDelivery: 'Rush Delivery',
  hangDriedDelicates: 'Hang Dried Delicates',
  oxiClean: 'Oxi Clean',
  stainTreatment: 'Stain Treatment',
  sportsUniforms: 'Sports Uniforms',
};

/** The manual invoice's own add-on price list at these prices (the settings', decision 055), each once, all off. */
export function manualInvoiceAddOnsAt(cents: Record<ManualAddOnKey, number>): Readonly<ManualInvoiceAddOn>[] {
  return manualAddOnKeys.map((k) => ({ name: manualInvoiceAddOnNames[k], priceCents: cents[k], quantity: 1, enabled: false }));
}

// spec: back-office 9 — the manual invoice's own add-on price list (these prices exist only here, not in `prices`).
export const manualInvoiceAddOnDefaults: readonly Readonly<ManualInvoiceAddOn>[] = manualInvoiceAddOnsAt(prices.manualInvoiceAddOnCents);

// spec: back-office 9 — a manual invoice's price per pound defaults to 1.40.
export const MANUAL_INVOICE_DEFAULT_PRICE_PER_POUND_CENTS: number = prices.manualInvoicePerPoundCents;

// spec: back-office 3 "Manual invoice as sent" — the priced part of the form.
export type ManualInvoiceInput = {
  /** Defaults to 140 ($1.40/lb). */
  pricePerPoundCents?: number;
  /** Weight in tenths of a pound. */
  pounds: number;
  addOns: readonly ManualInvoiceAddOn[];
  customLines: readonly ManualInvoiceCustomLine[];
  taxCents: number;
};

// spec: back-office 3 — the computed invoice.
export type ManualInvoice = {
  services: ManualInvoiceService[];
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
};

/** Quantities are at least 1 (whole units); anything else becomes 1. */
function minOneQuantity(quantity: number): number {
  return Number.isFinite(quantity) && quantity >= 1 ? Math.floor(quantity) : 1;
}

function formatTenthsOfPound(tenths: number): string {
  const whole = Math.floor(tenths / 10);
  const rest = tenths % 10;
  return rest === 0 ? String(whole) : `${whole}.${rest}`;
}

function manualInvoiceServices(input: Omit<ManualInvoiceInput, 'taxCents'>): ManualInvoiceService[] {
  const pricePerPoundCents = input.pricePerPoundCents ?? MANUAL_INVOICE_DEFAULT_PRICE_PER_POUND_CENTS;
  assertNonNegativeInteger(pricePerPoundCents, 'pricePerPoundCents');
  assertNonNegativeInteger(input.pounds, 'pounds');
  const services: ManualInvoiceService[] = [];

  if (input.pounds > 0) {
    const cents = weightTimesRateCents(input.pounds, pricePerPoundCents);
    services.push({
      description: `Laundry service (${formatTenthsOfPound(input.pounds)} lb @ ${formatCents(pricePerPoundCents)}/lb)`,
      quantity: 1,
      unitPriceCents: cents,
      totalCents: cents,
    });
  }

  for (const addOn of input.addOns) {
    if (!addOn.enabled) continue;
    assertNonNegativeInteger(addOn.priceCents, `price of ${addOn.name}`);
    const quantity = minOneQuantity(addOn.quantity);
    services.push({
      description: addOn.name,
      quantity,
      unitPriceCents: addOn.priceCents,
      totalCents: quantity * addOn.priceCents,
    });
  }

  for (const custom of input.customLines) {
    const description = custom.description.trim();
    if (description === '' || !(custom.unitPriceCents > 0)) continue;
    assertNonNegativeInteger(custom.unitPriceCents, `unit price of ${description}`);
    const quantity = minOneQuantity(custom.quantity);
    services.push({
      description,
      quantity,
      unitPriceCents: custom.unitPriceCents,
      totalCents: quantity * custom.unitPriceCents,
    });
  }
  return services;
}

// spec: back-office 5 — 'No Services' unless pounds > 0, an enabled add-on, or a kept custom line.
export function manualInvoiceHasServices(input: Omit<ManualInvoiceInput, 'taxCents'>): boolean {
  return manualInvoiceServices(input).length > 0;
}

// spec: back-office 3, 5, 9 — weight line, enabled add-ons, kept custom lines; subtotal + tax.
export function manualInvoice(input: ManualInvoiceInput): ManualInvoice {
  assertNonNegativeInteger(input.taxCents, 'taxCents');
  const services = manualInvoiceServices(input);
  const subtotalCents = sumTotals(services);
  return { services, subtotalCents, taxCents: input.taxCents, totalCents: subtotalCents + input.taxCents };
}

// ---------------------------------------------------------------------------------------------
// Subscription invoices and invoice numbers
// ---------------------------------------------------------------------------------------------

function daysInMonth(year: number, month: number): number {
  if (month === 2) {
    const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
    return leap ? 29 : 28;
  }
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function parseIsoDate(date: string): { year: number; month: number; day: number } {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const year = Number(match?.[1]);
  const month = Number(match?.[2]);
  const day = Number(match?.[3]);
  if (!match || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) {
    throw new RangeError(`not a 'YYYY-MM-DD' date: ${date}`);
  }
  return { year, month, day };
}

function formatIsoDate(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

// spec: back-office 4 and 9 — the billing day (1-31, clamped to the month) in the start month, or next month if already past.
export function nextBillingDate(startDate: string, billingDay: number): string {
  if (!Number.isInteger(billingDay) || billingDay < 1 || billingDay > 31) {
    throw new RangeError(`billingDay must be an integer from 1 to 31, got ${billingDay}`);
  }
  const start = parseIsoDate(startDate);
  const sameMonthDay = Math.min(billingDay, daysInMonth(start.year, start.month));
  if (sameMonthDay >= start.day) return formatIsoDate(start.year, start.month, sameMonthDay);
  const year = start.month === 12 ? start.year + 1 : start.year;
  const month = start.month === 12 ? 1 : start.month + 1;
  return formatIsoDate(year, month, Math.min(billingDay, daysInMonth(year, month)));
}

/**
 * A new subscription's first billing date (decision 019): the spec's next billing date from its
 * start date, but never before today — a start date in the past is not billed back, it bills as
 * if it started today (the first invoice due on the first billing day from today on).
 */
export function firstBillingDate(startDate: string, billingDay: number, today: string): string {
  parseIsoDate(today);
  return nextBillingDate(startDate < today ? today : startDate, billingDay);
}

// spec: back-office 9 — 'INV-' (or 'SUB-' for subscriptions) plus the last 8 digits of the current time in ms.
export function invoiceNumber(prefix: 'INV' | 'SUB', nowMs: number): string {
  assertNonNegativeInteger(nowMs, 'nowMs');
  return `${prefix}-${String(nowMs).slice(-8).padStart(8, '0')}`;
}

// docs/design.md 9 invoices: a subscription bills every month on its day — the billing date after `last`.
export function followingBillingDate(last: string, billingDay: number): string {
  const { year, month, day } = parseIsoDate(last);
  const next = day < daysInMonth(year, month) ? formatIsoDate(year, month, day + 1) : month === 12 ? formatIsoDate(year + 1, 1, 1) : formatIsoDate(year, month + 1, 1);
  return nextBillingDate(next, billingDay);
}
