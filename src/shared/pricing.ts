// Every money rule of the spec's point 9, in one place: the UI uses it to display, the server to charge.
// Pure functions, no I/O. Money is integer cents; weight is integer tenths of a pound; dates are
// 'YYYY-MM-DD' strings. Prices come from ./business (never re-typed here).
// spec: customer-site 9; back-office 9; DESIGN 4.

import { prices } from './business';
import { formatCents } from './money';

// ---------------------------------------------------------------------------------------------
// Guards and integer helpers
// ---------------------------------------------------------------------------------------------

function assertNonNegativeInteger(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a non-negative integer, got ${value}`);
  }
}

function assertInteger(value: number, name: string): void {
  if (!Number.isSafeInteger(value)) {
    throw new RangeError(`${name} must be an integer, got ${value}`);
  }
}

/** a / b rounded to the nearest integer, halves up, for a >= 0 and b > 0 (exact integer arithmetic). */
function divideRoundHalfUp(a: number, b: number): number {
  const n = 2 * a + b;
  const d = 2 * b;
  return (n - (n % d)) / d;
}

/** weightTenths x centsPerPound, rounded to the nearest cent (half up). */
function weightTimesRateCents(weightTenths: number, centsPerPound: number): number {
  return divideRoundHalfUp(weightTenths * centsPerPound, 10);
}

function sumTotals(lines: readonly { totalCents: number }[]): number {
  return lines.reduce((sum, line) => sum + line.totalCents, 0);
}

// ---------------------------------------------------------------------------------------------
// Promo codes and the bag rate
// ---------------------------------------------------------------------------------------------

/**
 * What a promo code does to a price. Who may use which code when is data (DESIGN.md 9: the
 * promo_codes table, checked by the server); the price rule is here.
 */
export type PromoRate = {
  code: string;
  /** The promo rate replaces the bag rate. */
  bagRateCents: number;
  /** FREE: the chosen add-ons are listed, each at 0. */
  waivesAddOns: boolean;
};

// spec: customer-site 9 "Pricing" — FIRST12 $24 a bag, TEST1 $1, FREE $0 with all charges waived
// (the development seed and migration 0010 write these; the tests price with them).
export const specPromoRates = {
  FIRST12: { code: 'FIRST12', bagRateCents: prices.promoBagCents.FIRST12, waivesAddOns: false },
  TEST1: { code: 'TEST1', bagRateCents: prices.promoBagCents.TEST1, waivesAddOns: false },
  FREE: { code: 'FREE', bagRateCents: 0, waivesAddOns: true },
} as const satisfies Record<string, PromoRate>;

// spec: customer-site 5 — a typed code is trimmed and upper-cased; an empty one is no code.
export function normalisePromoCode(input: string): string | null {
  const code = input.trim().toUpperCase();
  return code === '' ? null : code;
}

// spec: customer-site 9 "Pricing" — $31.50 per bag unless a promo rate replaces it.
export function bagRateCents(promo: PromoRate | null): number {
  return promo ? promo.bagRateCents : prices.bagEstimateCents;
}

/** spec: customer-site 9, FREE: nothing to pay at all, add-ons included (also on the final bill). */
export function waivesAllCharges(promo: PromoRate | null): boolean {
  return promo !== null && promo.bagRateCents === 0 && promo.waivesAddOns;
}

/** A booking's promo as it was booked (its stored rate), or null. */
export function bookedPromo(booking: { promoCode: string | null; promoBagRateCents: number | null; promoWaivesAddOns: boolean }): PromoRate | null {
  if (!booking.promoCode || booking.promoBagRateCents === null) return null;
  return { code: booking.promoCode, bagRateCents: booking.promoBagRateCents, waivesAddOns: booking.promoWaivesAddOns };
}

/** The add-on lines a booking shows: under a waiving promo each at 0. */
export function bookedAddOnLines(extras: BookingExtras, bagQuantity: number, promo: PromoRate | null): PriceLine[] {
  const lines = bookingAddOnLines(extras, bagQuantity);
  return promo?.waivesAddOns ? lines.map((l) => ({ ...l, totalCents: 0 })) : lines;
}

// ---------------------------------------------------------------------------------------------
// Booking estimate
// ---------------------------------------------------------------------------------------------

// spec: customer-site 3 "Booking form data" and 9 "Add-ons" — the add-ons a customer picks when booking.
export type BookingExtras = {
  rushDelivery: boolean;
  hangDriedDelicates: boolean;
  oxiClean: boolean;
  stainTreatment: boolean;
  sportsUniformsCount: number;
  blanketsQueenCount: number;
  blanketsKingCount: number;
  mattressPadsQueenCount: number;
  mattressPadsKingCount: number;
};

// spec: customer-site 9 "Add-ons" — no add-on chosen.
export const NO_EXTRAS: BookingExtras = {
  rushDelivery: false,
  hangDriedDelicates: false,
  oxiClean: false,
  stainTreatment: false,
  sportsUniformsCount: 0,
  blanketsQueenCount: 0,
  blanketsKingCount: 0,
  mattressPadsQueenCount: 0,
  mattressPadsKingCount: 0,
};

/** Just the priced options of anything that carries them (a form, a stored booking). */
export function pickExtras(source: BookingExtras): BookingExtras {
  const extras = { ...NO_EXTRAS };
  for (const key of Object.keys(NO_EXTRAS) as (keyof BookingExtras)[]) (extras as Record<string, unknown>)[key] = source[key];
  return extras;
}

// spec: customer-site 9 — one priced line of an estimate or invoice (cents).
export type PriceLine = { key: string; label: string; quantity: number; unitCents: number; totalCents: number };

function line(key: string, label: string, quantity: number, unitCents: number): PriceLine {
  return { key, label, quantity, unitCents, totalCents: quantity * unitCents };
}

function assertBagQuantity(bagQuantity: number): void {
  if (!Number.isSafeInteger(bagQuantity) || bagQuantity < 1) {
    throw new RangeError(`bagQuantity must be an integer of at least 1, got ${bagQuantity}`);
  }
}

// spec: customer-site 9 "Add-ons", "Booking estimate" column (oxi-clean and stain per bag, DESIGN 4) — only chosen add-ons.
/**
 * spec: back-office 9, how Customer Details shows a booking's add-ons: "Rush Delivery +$10, Hang
 * Dried Delicates +$2, OxiClean +$1 per bag, Stain Treatment +$2 per bag". The others (not named
 * there) show their unit price and count.
 */
export function customerDetailsAddOnText(l: PriceLine): string {
  const unit = formatCents(l.unitCents, { compact: true });
  switch (l.key) {
    case 'rushDelivery':
      return `Rush Delivery +${unit}`;
    case 'hangDriedDelicates':
      return `Hang Dried Delicates +${unit}`;
    case 'oxiClean':
      return `OxiClean +${unit} per bag`;
    case 'stainTreatment':
      return `Stain Treatment +${unit} per bag`;
    default:
      return `${l.label} +${unit} each × ${l.quantity}`;
  }
}

export function bookingAddOnLines(extras: BookingExtras, bagQuantity: number): PriceLine[] {
  assertBagQuantity(bagQuantity);
  assertNonNegativeInteger(extras.sportsUniformsCount, 'sportsUniformsCount');
  assertNonNegativeInteger(extras.blanketsQueenCount, 'blanketsQueenCount');
  assertNonNegativeInteger(extras.blanketsKingCount, 'blanketsKingCount');
  assertNonNegativeInteger(extras.mattressPadsQueenCount, 'mattressPadsQueenCount');
  assertNonNegativeInteger(extras.mattressPadsKingCount, 'mattressPadsKingCount');

  const candidates: PriceLine[] = [
    line('rushDelivery', '24-hr Rush Delivery', extras.rushDelivery ? 1 : 0, prices.rushDeliveryCents),
    line('hangDriedDelicates', 'Hang Dried Delicates', extras.hangDriedDelicates ? 1 : 0, prices.hangDriedDelicatesCents),
    line('oxiClean', 'Oxi-clean', extras.oxiClean ? bagQuantity : 0, prices.oxiCleanCents),
    line('stainTreatment', 'Stain Treatment', extras.stainTreatment ? bagQuantity : 0, prices.stainTreatmentCents),
    line('sportsUniforms', 'Sports Uniforms', extras.sportsUniformsCount, prices.sportsUniformCents),
    line('blanketsQueen', 'Blankets & Comforters (Twin-Queen)', extras.blanketsQueenCount, prices.blanketTwinQueenCents),
    line('blanketsKing', 'Blankets & Comforters (King)', extras.blanketsKingCount, prices.blanketKingCents),
    line('mattressPadsQueen', 'Mattress Pads (Twin-Queen)', extras.mattressPadsQueenCount, prices.mattressPadTwinQueenCents),
    line('mattressPadsKing', 'Mattress Pads (King)', extras.mattressPadsKingCount, prices.mattressPadKingCents),
  ];
  return candidates.filter((l) => l.quantity > 0);
}

// spec: customer-site 9 "Gift cards" — the discount is the smaller of balance and subtotal (never negative).
export function giftCardDiscountCents(balanceCents: number, subtotalCents: number): number {
  assertInteger(balanceCents, 'balanceCents');
  assertInteger(subtotalCents, 'subtotalCents');
  return Math.max(0, Math.min(balanceCents, subtotalCents));
}

// spec: customer-site 9 "Pricing" and "Gift cards" — the booking estimate the card is authorised for.
export type BookingQuote = {
  bagRateCents: number;
  bagsCents: number;
  /** Under FREE the chosen add-ons are still listed, each with totalCents 0. */
  addOnLines: PriceLine[];
  addOnsCents: number;
  subtotalCents: number;
  giftCardDiscountCents: number;
  totalCents: number;
  /** true when nothing is to be charged (FREE, or a gift card covering everything): the free-booking path. */
  isFree: boolean;
};

// spec: customer-site 9 "Pricing", "Add-ons", "Gift cards" — bags x rate + add-ons (waived by FREE) − gift card, floored at 0.
export function quoteBooking(input: {
  bagQuantity: number;
  extras: BookingExtras;
  promo: PromoRate | null;
  giftCardBalanceCents?: number;
}): BookingQuote {
  const { bagQuantity, extras, promo } = input;
  const balanceCents = input.giftCardBalanceCents ?? 0;
  assertBagQuantity(bagQuantity);
  assertNonNegativeInteger(balanceCents, 'giftCardBalanceCents');

  const rate = bagRateCents(promo);
  const bagsCents = rate * bagQuantity;
  const addOnLines = bookedAddOnLines(extras, bagQuantity, promo);
  const addOnsCents = sumTotals(addOnLines);
  const subtotalCents = bagsCents + addOnsCents;
  const discount = giftCardDiscountCents(balanceCents, subtotalCents);
  const totalCents = Math.max(0, subtotalCents - discount);
  return {
    bagRateCents: rate,
    bagsCents,
    addOnLines,
    addOnsCents,
    subtotalCents,
    giftCardDiscountCents: discount,
    totalCents,
    isFree: totalCents === 0,
  };
}

// ---------------------------------------------------------------------------------------------
// Final invoice (after the actual weight is known)
// ---------------------------------------------------------------------------------------------

// spec: customer-site 9 "Add-ons", "Final invoice" column — the booking's boolean add-ons.
export type FinalAddOns = {
  rushDelivery: boolean;
  hangDriedDelicates: boolean;
  oxiClean: boolean;
  stainTreatment: boolean;
};

// spec: customer-site 9 "Add-ons" — loads for the final invoice: one per started 15 lb (15.0 lb → 1, 15.1 lb → 2).
export function finalLoadCount(weightTenths: number): number {
  assertNonNegativeInteger(weightTenths, 'weightTenths');
  const tenthsPerLoad = prices.finalAddOnPounds * 10;
  return Math.floor((weightTenths + tenthsPerLoad - 1) / tenthsPerLoad);
}

// spec: customer-site 9 "Add-ons" final column; back-office 9 — rush 10 flat, hang-dried 2 flat, oxi 1 and stain 2 per 15 lb rounded up.
export function finalAddOnLines(input: { weightTenths: number } & FinalAddOns): PriceLine[] {
  const loads = finalLoadCount(input.weightTenths);
  const candidates: PriceLine[] = [
    line('rushDelivery', '24-hr Rush Delivery', input.rushDelivery ? 1 : 0, prices.rushDeliveryCents),
    line('hangDriedDelicates', 'Hang Dried Delicates', input.hangDriedDelicates ? 1 : 0, prices.hangDriedDelicatesCents),
    line('oxiClean', 'Oxi-clean', input.oxiClean ? loads : 0, prices.oxiCleanCents),
    line('stainTreatment', 'Stain Treatment', input.stainTreatment ? loads : 0, prices.stainTreatmentCents),
  ];
  return candidates.filter((l) => l.quantity > 0);
}

// spec: customer-site 9 "Final invoice and tips"; back-office 9 — the final invoice amounts.
export type FinalInvoice = { weightCents: number; addOnLines: PriceLine[]; addOnsCents: number; totalCents: number };

// spec: customer-site 9 "Final invoice and tips"; back-office 9 — actual weight x price per lb (nearest cent, half up) + add-ons.
export function finalInvoice(input: { weightTenths: number; pricePerPoundCents: number } & FinalAddOns): FinalInvoice {
  assertNonNegativeInteger(input.weightTenths, 'weightTenths');
  assertNonNegativeInteger(input.pricePerPoundCents, 'pricePerPoundCents');
  const weightCents = weightTimesRateCents(input.weightTenths, input.pricePerPoundCents);
  const addOnLines = finalAddOnLines(input);
  const addOnsCents = sumTotals(addOnLines);
  return { weightCents, addOnLines, addOnsCents, totalCents: weightCents + addOnsCents };
}

/**
 * What weighing comes to for a booking: the final bill (nothing under a promo that waives all
 * charges, spec: customer-site 9 FREE) and what the card pays of it after the gift card's part.
 * The server charges by it; the weight dialog shows it.
 */
export function weighedAmounts(input: {
  weightTenths: number;
  pricePerPoundCents: number;
  finalAddOns: FinalAddOns;
  promo: PromoRate | null;
  giftCardDiscountCents: number;
}) {
  const invoice = finalInvoice({ weightTenths: input.weightTenths, pricePerPoundCents: input.pricePerPoundCents, ...input.finalAddOns });
  const finalTotalCents = waivesAllCharges(input.promo) ? 0 : invoice.totalCents;
  return { invoice, finalTotalCents, chargeCents: Math.max(0, finalTotalCents - input.giftCardDiscountCents) };
}

// spec: customer-site 9 "Final invoice and tips"; back-office 9 — the original paid is original_total_amount, or else total_amount.
export function originalAmountCents({
  originalTotalAmount,
  totalAmount,
}: {
  originalTotalAmount: number | null;
  totalAmount: number;
}): number {
  const cents = originalTotalAmount ?? totalAmount;
  assertInteger(cents, 'original amount');
  return cents;
}

// spec: customer-site 9; back-office 9 — the adjustment's direction and size.
export type Adjustment = { kind: 'refund' | 'charge' | 'none'; cents: number; deltaCents: number };

// spec: customer-site 9; back-office 9 — final total − original: negative refund, positive extra charge, zero no change.
export function adjustment(finalTotalCents: number, originalCents: number): Adjustment {
  assertInteger(finalTotalCents, 'finalTotalCents');
  assertInteger(originalCents, 'originalCents');
  const deltaCents = finalTotalCents - originalCents;
  const kind = deltaCents < 0 ? 'refund' : deltaCents > 0 ? 'charge' : 'none';
  return { kind, cents: Math.abs(deltaCents), deltaCents };
}

// ---------------------------------------------------------------------------------------------
// Tips
// ---------------------------------------------------------------------------------------------

// spec: customer-site 9 "Final invoice and tips" — percent of the subtotal, rounded to cents (half up).
export function tipPresetCents(subtotalCents: number, percent: number): number {
  assertNonNegativeInteger(subtotalCents, 'subtotalCents');
  assertNonNegativeInteger(percent, 'percent');
  return divideRoundHalfUp(subtotalCents * percent, 100);
}

// spec: customer-site 9 "Final invoice and tips" — the 15, 18, 20 and 25 percent presets.
export function tipPresets(subtotalCents: number): { percent: number; cents: number }[] {
  return prices.tipPresetPercents.map((percent) => ({ percent, cents: tipPresetCents(subtotalCents, percent) }));
}

// spec: customer-site 9 "Final invoice and tips" — a custom amount in dollars ('12', '12.5', '$12.50', '.5') with at most 2 decimals, to exact cents; null when invalid.
export function parseDollarsToCents(input: string): number | null {
  const match = /^\$?(\d*)(?:\.(\d{1,2}))?$/.exec(input.trim());
  const whole = match?.[1] ?? '';
  const fraction = match?.[2] ?? '';
  if (!match || (whole === '' && fraction === '')) return null;
  const cents = Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
}

// ---------------------------------------------------------------------------------------------
// Laundry pro payouts
// ---------------------------------------------------------------------------------------------

// spec: back-office 9 — a pro's payout split into the per-pound part and the tip.
export type ProPayout = { perPoundCents: number; tipCents: number; totalCents: number };

// spec: back-office 9 — actual weight x the pro's per_pound_rate (nearest cent, half up) plus the tip.
export function proPayoutCents(input: { weightTenths: number; perPoundRateCents: number; tipCents: number }): ProPayout {
  assertNonNegativeInteger(input.weightTenths, 'weightTenths');
  assertNonNegativeInteger(input.perPoundRateCents, 'perPoundRateCents');
  assertNonNegativeInteger(input.tipCents, 'tipCents');
  const perPoundCents = weightTimesRateCents(input.weightTenths, input.perPoundRateCents);
  return { perPoundCents, tipCents: input.tipCents, totalCents: perPoundCents + input.tipCents };
}

// spec: back-office 9 — the dashboard estimate: a fixed 0.75 per pound plus the tip.
export function dashboardPayoutEstimateCents(weightTenths: number, tipCents: number): number {
  return proPayoutCents({ weightTenths, perPoundRateCents: prices.proDefaultPerPoundCents, tipCents }).totalCents;
}

// ---------------------------------------------------------------------------------------------
// Price per pound
// ---------------------------------------------------------------------------------------------

// spec: customer-site 9 "Pricing"; back-office 9 — 1.75 per lb when a booking has none.
export const DEFAULT_PRICE_PER_POUND_CENTS: number = prices.perPoundCents;

// spec: back-office 5 and 9 — a typed price per pound in dollars; blank or invalid (incl. 0, negative, >2 decimals) falls back to 1.75.
export function parsePricePerPoundCents(input: string): number {
  const cents = parseDollarsToCents(input);
  return cents === null || cents <= 0 ? DEFAULT_PRICE_PER_POUND_CENTS : cents;
}

// ---------------------------------------------------------------------------------------------
// Manual invoices (staff tool)
// ---------------------------------------------------------------------------------------------

// spec: back-office 3 "Manual invoice as sent" — one add-on row of the manual invoice form.
export type ManualInvoiceAddOn = { name: string; priceCents: number; quantity: number; enabled: boolean };

// spec: back-office 3 "Manual invoice as sent" — one free-form line typed by staff.
export type ManualInvoiceCustomLine = { description: string; quantity: number; unitPriceCents: number };

// spec: back-office 3 — one line of the invoice as sent.
export type ManualInvoiceService = { description: string; quantity: number; unitPriceCents: number; totalCents: number };

// spec: back-office 9 — the manual invoice's own add-on price list (these prices exist only here, not in `prices`).
export const manualInvoiceAddOnDefaults: readonly Readonly<ManualInvoiceAddOn>[] = [
  { name: 'Fabric Softener', priceCents: prices.manualInvoiceAddOnCents.fabricSoftener, quantity: 1, enabled: false },
  { name: 'Rush Delivery', priceCents: prices.manualInvoiceAddOnCents.rushDelivery, quantity: 1, enabled: false },
  { name: 'Hang Dried Delicates', priceCents: prices.manualInvoiceAddOnCents.hangDriedDelicates, quantity: 1, enabled: false },
  { name: 'Oxi Clean', priceCents: prices.manualInvoiceAddOnCents.oxiClean, quantity: 1, enabled: false },
  { name: 'Stain Treatment', priceCents: prices.manualInvoiceAddOnCents.stainTreatment, quantity: 1, enabled: false },
  { name: 'Sports Uniforms', priceCents: prices.manualInvoiceAddOnCents.sportsUniforms, quantity: 1, enabled: false },
];

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

// spec: back-office 9 — 'INV-' (or 'SUB-' for subscriptions) plus the last 8 digits of the current time in ms.
export function invoiceNumber(prefix: 'INV' | 'SUB', nowMs: number): string {
  assertNonNegativeInteger(nowMs, 'nowMs');
  return `${prefix}-${String(nowMs).slice(-8).padStart(8, '0')}`;
}
