// The money of the documents staff and customers read after booking: the estimate block of the
// booking emails, the charges and the payment block of the final receipt (./pricing-bill lays out
// the whole bill from these charges for the receipt email, the staff receipt and the printed order
// sheet) and the amount left due after weighing. Pure functions over amounts the pricing rules and
// the payment records already hold; every display lays out what these return and adds nothing up itself.
// Kept apart from ./pricing because the /book page loads that one (DESIGN.md 4; 003-money-in-cents).
// spec: customer-site 9; back-office 2 and 9.

import { formatCents } from './money';
import type { PriceLine } from './pricing';

/** One labelled amount of a receipt or estimate, in cents. */
export type AmountLine = { key: string; label: string; cents: number };

function assertCents(value: number, name: string): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${name} must be an integer number of cents, got ${value}`);
}

/** A weight kept in tenths of a pound, as receipts and the invoice show it: `142` → "14.2 lb". */
export function poundsLabel(weightTenths: number): string {
  if (!Number.isSafeInteger(weightTenths) || weightTenths < 0) throw new RangeError(`weightTenths must be a non-negative integer, got ${weightTenths}`);
  return `${Math.floor(weightTenths / 10)}.${weightTenths % 10} lb`;
}

/** An add-on line as every receipt names it: "Oxi-clean (2 × $1.00)", or just its label for one. */
export function addOnLineLabel(line: Pick<PriceLine, 'label' | 'quantity' | 'unitCents'>): string {
  return line.quantity > 1 ? `${line.label} (${line.quantity} × ${formatCents(line.unitCents)})` : line.label;
}

function addOnAmountLines(lines: readonly PriceLine[]): AmountLine[] {
  return lines.map((l) => ({ key: l.key, label: addOnLineLabel(l), cents: l.totalCents }));
}

// ---------------------------------------------------------------------------------------------
// Booking estimate (confirmation email, abandoned-payment notice)
// ---------------------------------------------------------------------------------------------

export type EstimateInput = {
  bagQuantity: number;
  bagRateCents: number;
  promoCode: string | null;
  addOnLines: readonly PriceLine[];
  subtotalCents: number;
  giftCardDiscountCents: number;
  totalCents: number;
};

export type EstimateLines = { lines: AmountLine[]; subtotalCents: number; giftCardDiscountCents: number; totalCents: number };

// spec: customer-site 9 "Pricing" — bags x the bag rate (or the promo rate), then the chosen add-ons;
// subtotal, gift card and total are the booking's own (quoteBooking computed them at booking).
export function estimateLines(d: EstimateInput): EstimateLines {
  assertCents(d.bagRateCents, 'bagRateCents');
  const bags = `${d.bagQuantity} ${d.bagQuantity === 1 ? 'bag' : 'bags'} × ${formatCents(d.bagRateCents)}`;
  return {
    lines: [
      { key: 'laundry', label: d.promoCode ? `Laundry (${bags}, promo code ${d.promoCode})` : `Laundry (${bags})`, cents: bagsCents(d.bagQuantity, d.bagRateCents) },
      ...addOnAmountLines(d.addOnLines),
    ],
    subtotalCents: d.subtotalCents,
    giftCardDiscountCents: d.giftCardDiscountCents,
    totalCents: d.totalCents,
  };
}

// spec: customer-site 9 "Pricing" — the laundry part of an estimate: bags x the bag rate.
export function bagsCents(bagQuantity: number, bagRateCents: number): number {
  if (!Number.isSafeInteger(bagQuantity) || bagQuantity < 0) throw new RangeError(`bagQuantity must be a non-negative integer, got ${bagQuantity}`);
  assertCents(bagRateCents, 'bagRateCents');
  return bagQuantity * bagRateCents;
}

// ---------------------------------------------------------------------------------------------
// Final receipt: its charges (finalBillLines adds the promo, the gift card and the totals) and its
// payment block
// ---------------------------------------------------------------------------------------------

export type FinalReceiptLinesInput = {
  weightTenths: number;
  pricePerPoundCents: number;
  weightCents: number;
  addOnLines: readonly PriceLine[];
};

// spec: back-office 9 — final total = weight x price per pound + add-ons: one line each. No total:
// a promo may waive them (customer-site 9, FREE), so the total is finalBillLines'.
export function finalReceiptLines(r: FinalReceiptLinesInput): { lines: AmountLine[] } {
  assertCents(r.weightCents, 'weightCents');
  return {
    lines: [
      { key: 'laundry', label: `Laundry (${poundsLabel(r.weightTenths)} × ${formatCents(r.pricePerPoundCents)}/lb)`, cents: r.weightCents },
      ...addOnAmountLines(r.addOnLines),
    ],
  };
}

export type ReceiptPayment = {
  /** Kept on the card: captured (incl. any extra charge) less refunds. */
  chargedCents: number;
  /** The part of the authorisation not captured, given back to the card. */
  releasedCents: number;
  /** Captured above the authorisation (charged off-session). */
  extraChargedCents: number;
};

// DESIGN.md 5 and 9 — capture up to the authorisation and release the rest; above it, charge the
// difference off-session; refunds come off what the card paid.
export function receiptPayment(b: { authorizedAmount: number; capturedAmount: number; refundedAmount: number }): ReceiptPayment {
  assertCents(b.authorizedAmount, 'authorizedAmount');
  assertCents(b.capturedAmount, 'capturedAmount');
  assertCents(b.refundedAmount, 'refundedAmount');
  return {
    chargedCents: b.capturedAmount - b.refundedAmount,
    releasedCents: Math.max(0, b.authorizedAmount - b.capturedAmount),
    extraChargedCents: Math.max(0, b.capturedAmount - b.authorizedAmount),
  };
}

// ---------------------------------------------------------------------------------------------
// Weighing: what is left due after the card was charged
// ---------------------------------------------------------------------------------------------

// DESIGN.md 9 "Gift card first, then the card" — what the card paid of the charge, and what stays due.
export function settlementAmounts(chargeCents: number, paid: { capturedCents: number; extraChargedCents: number }): { chargedCents: number; amountDueCents: number } {
  assertCents(chargeCents, 'chargeCents');
  const chargedCents = paid.capturedCents + paid.extraChargedCents;
  return { chargedCents, amountDueCents: chargeCents - chargedCents };
}

// ---------------------------------------------------------------------------------------------
// Price inputs
// ---------------------------------------------------------------------------------------------

// spec: back-office 5 — a price per pound shown in its input as plain dollars with 2 decimals ("1.75").
export function centsToDollarInput(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`cents must be a non-negative integer, got ${cents}`);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** What a weighed bill stands at for the customer: its total, what they paid, what is still due (DESIGN.md 5.4). */
export function dueSummary(b: { finalTotalAmount: number | null; totalAmount: number; amountDueCents: number }) {
  const finalTotalCents = b.finalTotalAmount ?? b.totalAmount;
  return { finalTotalCents, paidCents: finalTotalCents - b.amountDueCents, amountDueCents: b.amountDueCents };
}
