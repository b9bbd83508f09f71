// The bill of a booking, line by line: before weighing its estimate, once weighed its final bill.
// The printed order sheet, the staff receipt and the customer's receipt email lay out what these
// return and add nothing up themselves, so none can disagree with what the server charged (it
// charges by weighedAmounts, which the final bill is made from).
// spec: back-office 2 (the printed order sheet: the total, captured when processed, otherwise
// authorised) and 9 (final total = weight x price per pound + add-ons per 15 lb); customer-site 9;
// docs/design.md 4 (cents) and 9 (the gift card pays first, up to the final total).

import type { PriceList } from './price-list';
import { formatCents } from './money';
import { bagRateCents, finalAddOnsOf, weighedAmounts, type FinalAddOns, type PriceLine, type PromoRate } from './pricing';
import { estimateLines, finalReceiptLines, type AmountLine } from './pricing-receipts';

/**
 * item: a charge; discount: a promo taking charges off (negative); subtotal: what the gift card is
 * taken from; giftCard: its part (negative); total: the last line, what the card is for.
 */
export type BillLineKind = 'item' | 'discount' | 'subtotal' | 'giftCard' | 'total';
export type BillLine = AmountLine & { kind: BillLineKind };
/** The lines in order; the last is the total, also given as totalLabel and totalCents. */
export type Bill = { stage: 'estimate' | 'final'; lines: BillLine[]; totalLabel: string; totalCents: number };

/** What a bill needs of a booking (the staff view of a booking has it all). */
export type BillBooking = FinalAddOns & {
  bagQuantity: number;
  promo: PromoRate | null;
  promoCode: string | null;
  /** The add-ons as booked (estimate readings). */
  addOnLines: readonly PriceLine[];
  subtotalCents: number;
  /** What the booking held of its gift card. */
  giftCardDiscountCents: number;
  /** The estimate after the gift card: what the card is authorised for. */
  totalAmount: number;
  pricePerPoundCents: number;
  actualWeightTenths: number | null;
  weightAdjustmentProcessed: boolean;
  finalBillRules: number;
  /** The prices it was quoted and is billed at (decision 055). */
  priceList: PriceList;
};

function assertCents(value: number, name: string): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${name} must be an integer number of cents, got ${value}`);
}

function items(lines: readonly AmountLine[]): BillLine[] {
  return lines.map((l) => ({ ...l, kind: 'item' }));
}

function sumCents(lines: readonly AmountLine[]): number {
  return lines.reduce((sum, l) => sum + l.cents, 0);
}

/** The closing lines: the total alone, or, when a gift card paid part, what it was taken from, its part, and the rest. */
function closingLines(o: { beforeGiftCardLabel: string; giftCardLabel: string; totalLabel: string; beforeGiftCardCents: number; giftCardCents: number; totalCents: number }): BillLine[] {
  const total: BillLine = { key: 'total', label: o.totalLabel, cents: o.totalCents, kind: 'total' };
  if (o.giftCardCents === 0) return [total];
  return [
    { key: 'subtotal', label: o.beforeGiftCardLabel, cents: o.beforeGiftCardCents, kind: 'subtotal' },
    { key: 'giftCard', label: o.giftCardLabel, cents: -o.giftCardCents, kind: 'giftCard' },
    total,
  ];
}

// ---------------------------------------------------------------------------------------------
// Before weighing: the estimate
// ---------------------------------------------------------------------------------------------

// spec: customer-site 9 "Pricing", "Gift cards" — bags x the bag rate (or the promo rate), the add-ons
// per bag, then the gift card; subtotal, gift card and total are the booking's own (quoteBooking).
export function estimateBillLines(b: Omit<BillBooking, keyof FinalAddOns | 'pricePerPoundCents' | 'actualWeightTenths' | 'weightAdjustmentProcessed' | 'finalBillRules'>): Bill {
  const estimate = estimateLines({
    bagQuantity: b.bagQuantity,
    bagRateCents: bagRateCents(b.promo, b.priceList),
    promoCode: b.promoCode,
    addOnLines: b.addOnLines,
    subtotalCents: b.subtotalCents,
    giftCardDiscountCents: b.giftCardDiscountCents,
    totalCents: b.totalAmount,
  });
  const closing = closingLines({
    beforeGiftCardLabel: 'Subtotal',
    giftCardLabel: 'Gift card',
    totalLabel: 'Estimated total',
    beforeGiftCardCents: estimate.subtotalCents,
    giftCardCents: estimate.giftCardDiscountCents,
    totalCents: estimate.totalCents,
  });
  return { stage: 'estimate', lines: [...items(estimate.lines), ...closing], totalLabel: 'Estimated total', totalCents: estimate.totalCents };
}

// ---------------------------------------------------------------------------------------------
// Once weighed: the final bill
// ---------------------------------------------------------------------------------------------

export type FinalBillInput = {
  weightTenths: number;
  pricePerPoundCents: number;
  /** weight x price per pound (finalInvoice) */
  weightCents: number;
  /** the add-ons per 15 lb (finalInvoice) */
  addOnLines: readonly PriceLine[];
  promoCode: string | null;
  /** weight x rate + add-ons, after a promo that waives all charges (weighedAmounts) */
  finalTotalCents: number;
  /** what the gift card paid of the final total (weighedAmounts) */
  giftCardAppliedCents: number;
};

// spec: back-office 9 — weight x price per pound, the add-ons per 15 lb rounded up, what a promo took
// off (customer-site 9: FREE waives all charges), then docs/design.md 9: the gift card pays first, up to
// the final total; the card is for the rest.
export function finalBillLines(r: FinalBillInput): Bill {
  assertCents(r.finalTotalCents, 'finalTotalCents');
  assertCents(r.giftCardAppliedCents, 'giftCardAppliedCents');
  const charges = items(finalReceiptLines(r).lines);
  const chargesCents = sumCents(charges);
  const discountCents = chargesCents - r.finalTotalCents;
  if (discountCents < 0) throw new RangeError(`finalTotalCents ${r.finalTotalCents} is more than the bill's lines (${chargesCents})`);
  if (r.giftCardAppliedCents < 0 || r.giftCardAppliedCents > r.finalTotalCents)
    throw new RangeError(`giftCardAppliedCents must be between 0 and the final total ${r.finalTotalCents}, got ${r.giftCardAppliedCents}`);
  const discount: BillLine[] = discountCents > 0 ? [{ key: 'promo', label: r.promoCode ? `Promo code ${r.promoCode}` : 'Discount', cents: -discountCents, kind: 'discount' }] : [];
  const totalCents = r.finalTotalCents - r.giftCardAppliedCents;
  const totalLabel = r.giftCardAppliedCents > 0 ? 'Total after gift card' : 'Final total';
  const closing = closingLines({
    beforeGiftCardLabel: 'Final total',
    giftCardLabel: 'Gift card applied',
    totalLabel,
    beforeGiftCardCents: r.finalTotalCents,
    giftCardCents: r.giftCardAppliedCents,
    totalCents,
  });
  return { stage: 'final', lines: [...charges, ...discount, ...closing], totalLabel, totalCents };
}

// ---------------------------------------------------------------------------------------------
// A booking's bill
// ---------------------------------------------------------------------------------------------

/**
 * spec: back-office 2, Print Order — the bill as it stands: once the weight is processed, the final
 * bill by the same function the server charged by (weighedAmounts); before, the estimate the card
 * was authorised for.
 */
export function billLines(b: BillBooking): Bill {
  if (!b.weightAdjustmentProcessed || b.actualWeightTenths === null) return estimateBillLines(b);
  const amounts = weighedAmounts({
    weightTenths: b.actualWeightTenths,
    pricePerPoundCents: b.pricePerPoundCents,
    finalAddOns: finalAddOnsOf(b),
    promo: b.promo,
    bagQuantity: b.bagQuantity,
    finalBillRules: b.finalBillRules,
    giftCardDiscountCents: b.giftCardDiscountCents,
    priceList: b.priceList,
  });
  return finalBillLines({
    weightTenths: b.actualWeightTenths,
    pricePerPoundCents: b.pricePerPoundCents,
    weightCents: amounts.invoice.weightCents,
    addOnLines: amounts.invoice.addOnLines,
    promoCode: b.promoCode,
    finalTotalCents: amounts.finalTotalCents,
    giftCardAppliedCents: amounts.giftCardAppliedCents,
  });
}

// The add-ons charged per order or by weight: booked, their quantity is the bags (customer-site 9),
// which is not work to count; the others are items the customer counted.
const perOrderOrWeight = new Set(['rushDelivery', 'hangDriedDelicates', 'oxiClean', 'stainTreatment']);

/** spec: back-office 2, Print Order — the add-ons a booking asked for, as work to do: names and item counts, no prices (those are the bill's). */
export function bookedAddOnNames(lines: readonly Pick<PriceLine, 'key' | 'label' | 'quantity'>[]): string {
  if (lines.length === 0) return 'None';
  return lines.map((l) => (perOrderOrWeight.has(l.key) || l.quantity === 1 ? l.label : `${l.label} ×${l.quantity}`)).join(', ');
}

/** A bill line's amount as printed: "$25.85", a credit "−$21.00" (a true minus sign). */
export function billAmountText(cents: number): string {
  return cents < 0 ? `−${formatCents(-cents)}` : formatCents(cents);
}
