// The money rules of a booking (spec point 9): promo rates, the estimate, the final bill, tips, pro
// payouts. Beside it: pricing-invoices.ts (manual and subscription invoices), pricing-receipts.ts
// (estimate and receipt lines), pricing-bill.ts (a booking's whole bill: the printed order sheet and
// the staff receipt), pricing-core.ts (the integer helpers). The UI uses them to
// display, the server to charge.
// Pure functions, no I/O. Money is integer cents; weight is integer tenths of a pound; dates are
// 'YYYY-MM-DD' strings. Prices come from ./business (never re-typed here).
// spec: customer-site 9; back-office 9; docs/design.md 4.

import { prices } from './business';
import { type AddOnKey, addOnKeys, addOnLabels } from './add-ons';
import type { PriceList } from './price-list';
import { formatCents } from './money';
import { assertInteger, assertNonNegativeInteger, divideRoundHalfUp, sumTotals, weightTimesRateCents } from './pricing-core';

// ---------------------------------------------------------------------------------------------
// Promo codes and the bag rate
// ---------------------------------------------------------------------------------------------

/**
 * What a promo code does to a price. Who may use which code when is data (docs/design.md 9: the
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

// spec: customer-site 9 "Pricing" — the bag estimate of the booking's prices ($31.50 by the spec's) unless a promo rate replaces it.
export function bagRateCents(promo: PromoRate | null, list: PriceList): number {
  return promo ? promo.bagRateCents : list.bagEstimateCents;
}

/** spec: customer-site 9, FREE: nothing to pay at all, add-ons included (also on the final bill). */
/** spec: customer-site 9 — the bags' line: the bag rate times the bags. */
export function bagsCents(bagQuantity: number, rateCents: number): number {
  assertBagQuantity(bagQuantity);
  assertNonNegativeInteger(rateCents, 'rateCents');
  return rateCents * bagQuantity;
}

export function waivesAllCharges(promo: PromoRate | null): boolean {
  return promo !== null && promo.bagRateCents === 0 && promo.waivesAddOns;
}

/** A booking's promo as it was booked (its stored rate), or null. */
export function bookedPromo(booking: { promoCode: string | null; promoBagRateCents: number | null; promoWaivesAddOns: boolean }): PromoRate | null {
  if (!booking.promoCode || booking.promoBagRateCents === null) return null;
  return { code: booking.promoCode, bagRateCents: booking.promoBagRateCents, waivesAddOns: booking.promoWaivesAddOns };
}

/** The add-on lines a booking shows: under a waiving promo each at 0. */
export function bookedAddOnLines(extras: BookingExtras, bagQuantity: number, promo: PromoRate | null, list: PriceList): PriceLine[] {
  const lines = bookingAddOnLines(extras, bagQuantity, list);
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

// spec: customer-site 9 "Add-ons", "Booking estimate" column (oxi-clean and stain per bag, docs/design.md 4) — only chosen add-ons.
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

export function bookingAddOnLines(extras: BookingExtras, bagQuantity: number, list: PriceList): PriceLine[] {
  assertBagQuantity(bagQuantity);
  // oxi-clean and stain treatment per bag on the estimate (docs/design.md 4)
  return addOnLinesFor(extras, bagQuantity, list);
}

/**
 * The chosen add-ons at their prices in the list, in the bill's order: the per-order ones once,
 * the items by their counts, oxi-clean and stain treatment `byWeight` times (the caller's rule:
 * bags on the estimate, 15-lb loads on the final bill).
 */
function addOnLinesFor(x: BookingExtras, byWeight: number, list: PriceList): PriceLine[] {
  for (const key of ['sportsUniformsCount', 'blanketsQueenCount', 'blanketsKingCount', 'mattressPadsQueenCount', 'mattressPadsKingCount'] as const) assertNonNegativeInteger(x[key], key);
  const quantities: Record<AddOnKey, number> = {
    rushDelivery: x.rushDelivery ? 1 : 0,
    hangDriedDelicates: x.hangDriedDelicates ? 1 : 0,
    oxiClean: x.oxiClean ? byWeight : 0,
    stainTreatment: x.stainTreatment ? byWeight : 0,
    sportsUniforms: x.sportsUniformsCount,
    blanketsQueen: x.blanketsQueenCount,
    blanketsKing: x.blanketsKingCount,
    mattressPadsQueen: x.mattressPadsQueenCount,
    mattressPadsKing: x.mattressPadsKingCount,
  };
  return addOnKeys.map((k) => line(k, addOnLabels[k], quantities[k], list.addOnCents[k])).filter((l) => l.quantity > 0);
}

import { giftCardDiscountCents } from './gift-card-discount';

export { giftCardDiscountCents };

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
  /** The prices quoted: the settings' now, or a booking's own. */
  priceList: PriceList;
}): BookingQuote {
  const { bagQuantity, extras, promo, priceList } = input;
  const balanceCents = input.giftCardBalanceCents ?? 0;
  assertBagQuantity(bagQuantity);
  assertNonNegativeInteger(balanceCents, 'giftCardBalanceCents');

  const rate = bagRateCents(promo, priceList);
  const bagLineCents = bagsCents(bagQuantity, rate);
  const addOnLines = bookedAddOnLines(extras, bagQuantity, promo, priceList);
  const addOnsCents = sumTotals(addOnLines);
  const subtotalCents = bagLineCents + addOnsCents;
  const discount = giftCardDiscountCents(balanceCents, subtotalCents);
  const totalCents = Math.max(0, subtotalCents - discount);
  return {
    bagRateCents: rate,
    bagsCents: bagLineCents,
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

// spec: customer-site 9 "Add-ons", "Final invoice" column — the booking's boolean add-ons; and
// (decision 033) the items it counted, billed each at its price.
export type FinalAddOns = BookingExtras;

/**
 * The rules a final bill is made by (decision 033): 1, a bill weighed before the decision (items
 * n/a, a promo only on the estimate); 2, items billed and a promo's discount on the final bill.
 * A booking keeps the rules it was weighed by, so its bill never changes after the fact.
 */
export type FinalBillRules = 1 | 2;

/** The items a booking counted (decision 033): staff may correct them at the weighing. */
export type ItemCounts = Pick<FinalAddOns, 'sportsUniformsCount' | 'blanketsQueenCount' | 'blanketsKingCount' | 'mattressPadsQueenCount' | 'mattressPadsKingCount'>;

export function pickItemCounts(b: ItemCounts): ItemCounts {
  return {
    sportsUniformsCount: b.sportsUniformsCount,
    blanketsQueenCount: b.blanketsQueenCount,
    blanketsKingCount: b.blanketsKingCount,
    mattressPadsQueenCount: b.mattressPadsQueenCount,
    mattressPadsKingCount: b.mattressPadsKingCount,
  };
}

/** No add-on at all on a final bill. */
export const NO_FINAL_ADD_ONS: FinalAddOns = NO_EXTRAS;
export const currentFinalBillRules: FinalBillRules = 2;

/** What the final bill charges of a booking's add-ons, under its rules. */
export function finalAddOnsOf(b: FinalAddOns & { finalBillRules: number }): FinalAddOns {
  const addOns = pickExtras(b);
  if (b.finalBillRules >= 2) return addOns;
  return { ...addOns, sportsUniformsCount: 0, blanketsQueenCount: 0, blanketsKingCount: 0, mattressPadsQueenCount: 0, mattressPadsKingCount: 0 };
}

// spec: customer-site 9 "Add-ons" — loads for the final invoice: one per started 15 lb (15.0 lb → 1, 15.1 lb → 2).
export function finalLoadCount(weightTenths: number): number {
  assertNonNegativeInteger(weightTenths, 'weightTenths');
  const tenthsPerLoad = prices.finalAddOnPounds * 10;
  return Math.floor((weightTenths + tenthsPerLoad - 1) / tenthsPerLoad);
}

// spec: customer-site 9 "Add-ons" final column; back-office 9 — rush 10 flat, hang-dried 2 flat, oxi 1 and stain 2 per 15 lb rounded up;
// decision 033: the counted items at their booked prices.
export function finalAddOnLines(input: { weightTenths: number } & FinalAddOns, list: PriceList): PriceLine[] {
  // oxi-clean and stain treatment per 15 lb, rounded up, on the final bill (docs/design.md 4)
  return addOnLinesFor(input, finalLoadCount(input.weightTenths), list);
}

// spec: customer-site 9 "Final invoice and tips"; back-office 9 — the final invoice amounts.
export type FinalInvoice = { weightCents: number; addOnLines: PriceLine[]; addOnsCents: number; totalCents: number };

// spec: customer-site 9 "Final invoice and tips"; back-office 9 — actual weight x price per lb (nearest cent, half up) + add-ons.
export function finalInvoice(input: { weightTenths: number; pricePerPoundCents: number } & FinalAddOns, list: PriceList): FinalInvoice {
  assertNonNegativeInteger(input.weightTenths, 'weightTenths');
  assertNonNegativeInteger(input.pricePerPoundCents, 'pricePerPoundCents');
  const weightCents = weightTimesRateCents(input.weightTenths, input.pricePerPoundCents);
  const addOnLines = finalAddOnLines(input, list);
  const addOnsCents = sumTotals(addOnLines);
  return { weightCents, addOnLines, addOnsCents, totalCents: weightCents + addOnsCents };
}

/**
 * decision 033: a promo keeps its promise on the final bill. A promo rate promised the booked bags
 * for less than the standard estimate: that difference (bags × ($31.50 − the promo rate); FIRST12
 * $7.50 a bag) comes off the weighed bill, never below $0. FREE waives everything (waivesAllCharges).
 */
export function promoFinalDiscountCents(promo: PromoRate | null, bagQuantity: number, list: PriceList): number {
  if (!promo) return 0;
  assertBagQuantity(bagQuantity);
  return Math.max(0, list.bagEstimateCents - promo.bagRateCents) * bagQuantity;
}

/**
 * What weighing comes to for a booking: the final bill less what its promo promised (decision 033;
 * nothing under a promo that waives all charges, spec: customer-site 9 FREE), then the gift card
 * held at booking pays first, up to the final total; the card pays the rest; what the gift card did
 * not need goes back to its balance (docs/design.md 9, gift card first). Always: applied + charge =
 * final total, applied + returned = held. The server charges by it; the weight dialog shows it.
 */
export function weighedAmounts(input: {
  weightTenths: number;
  pricePerPoundCents: number;
  /** The add-ons the bill charges (finalAddOnsOf: under the booking's rules). */
  finalAddOns: FinalAddOns;
  promo: PromoRate | null;
  bagQuantity: number;
  finalBillRules: number;
  /** What the booking held of its gift card. */
  giftCardDiscountCents: number;
  /** The booking's own prices (bookingPriceList). */
  priceList: PriceList;
}) {
  assertNonNegativeInteger(input.giftCardDiscountCents, 'giftCardDiscountCents');
  const invoice = finalInvoice({ weightTenths: input.weightTenths, pricePerPoundCents: input.pricePerPoundCents, ...input.finalAddOns }, input.priceList);
  const promoDiscountCents = waivesAllCharges(input.promo)
    ? invoice.totalCents
    : input.finalBillRules >= 2
      ? Math.min(invoice.totalCents, promoFinalDiscountCents(input.promo, input.bagQuantity, input.priceList))
      : 0;
  const finalTotalCents = invoice.totalCents - promoDiscountCents;
  const giftCardAppliedCents = Math.min(input.giftCardDiscountCents, finalTotalCents);
  return {
    invoice,
    promoDiscountCents,
    finalTotalCents,
    giftCardAppliedCents,
    giftCardReturnedCents: input.giftCardDiscountCents - giftCardAppliedCents,
    chargeCents: finalTotalCents - giftCardAppliedCents,
  };
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

