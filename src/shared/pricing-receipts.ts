// The money of the documents staff and customers read after booking: the estimate block of the
// booking emails, the charges and the payment block of the final receipt (./pricing-bill lays out
// the whole bill from these charges for the receipt email, the staff receipt and the printed order
// sheet) and the amount left due after weighing. Pure functions over amounts the pricing rules and
// the payment records already hold; every display lays out what these return and adds nothing up itself.
// Kept apart from ./pricing because the /book page loads that one (docs/design.md 4; 003-money-in-cents).
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
  /** What the bill took of the authorisation (at most the authorisation). */
  capturedFromHoldCents: number;
  /** The part of the authorisation the bill did not take, given back to the card. */
  releasedCents: number;
  /** What the bill took above the authorisation (charged off-session at weighing or on approval); never the tip. */
  extraChargedCents: number;
  /** Kept on the card for the bill: from the hold and above it, less refunds. */
  billChargedCents: number;
  /** The tip kept on the card, charged apart from the bill on approval (decision 015). */
  tipCents: number;
  /** Kept on the card in all: the bill and the tip, less refunds. */
  chargedCents: number;
  /** Given back to the card by refunds (decision 031), shown on its own line. */
  refundedCents: number;
  /** Given back as a credit to a gift card instead (decision 031), shown on its own line. */
  creditedCents: number;
};

// docs/design.md 5 and 9 — capture up to the authorisation and release the rest; above it, charge the
// difference off-session; refunds come off what the card paid, the bill's part first.
// Decision 015: a tip is in captured_amount and in tip_amount, so the bill's part of what was
// captured is captured_amount less the tip; only that part is measured against the hold.
export function receiptPayment(b: { authorizedAmount: number; capturedAmount: number; refundedAmount: number; tipAmount: number; giftCardCreditedCents?: number }): ReceiptPayment {
  assertCents(b.authorizedAmount, 'authorizedAmount');
  assertCents(b.capturedAmount, 'capturedAmount');
  assertCents(b.refundedAmount, 'refundedAmount');
  assertCents(b.tipAmount, 'tipAmount');
  if (b.tipAmount < 0 || b.tipAmount > b.capturedAmount) throw new RangeError(`tipAmount must be between 0 and capturedAmount ${b.capturedAmount}, got ${b.tipAmount}`);
  const billCapturedCents = b.capturedAmount - b.tipAmount;
  const capturedFromHoldCents = Math.min(Math.max(0, b.authorizedAmount), billCapturedCents);
  const billRefundedCents = Math.min(b.refundedAmount, billCapturedCents);
  return {
    capturedFromHoldCents,
    releasedCents: Math.max(0, b.authorizedAmount - capturedFromHoldCents),
    extraChargedCents: billCapturedCents - capturedFromHoldCents,
    billChargedCents: billCapturedCents - billRefundedCents,
    tipCents: b.tipAmount - (b.refundedAmount - billRefundedCents),
    chargedCents: b.capturedAmount - b.refundedAmount,
    refundedCents: b.refundedAmount - (b.giftCardCreditedCents ?? 0),
    creditedCents: b.giftCardCreditedCents ?? 0,
  };
}

/** The figures a receipt's payment block is laid out from: the payment records' (receiptPayment) and the booking's. */
export type ReceiptPaymentFigures = Pick<ReceiptPayment, 'releasedCents' | 'extraChargedCents' | 'billChargedCents' | 'tipCents' | 'chargedCents'> &
  Partial<Pick<ReceiptPayment, 'refundedCents' | 'creditedCents'>> & {
    authorizedCents: number;
    amountDueCents: number;
  };

/** total: what the card was charged; due: still owed; muted: not money taken. */
export type PaymentLine = AmountLine & { emphasis: 'total' | 'due' | 'muted' | null };

const paymentWords = {
  customer: {
    authorized: 'Authorized on your card',
    charged: 'Charged to your card',
    totalCharged: 'Total charged to your card',
    released: 'Released back to your card',
    refunded: 'Refunded to your card',
    credited: 'Credited to your gift card',
  },
  staff: { authorized: 'Authorized', charged: 'Charged to card', totalCharged: 'Total charged to card', released: 'Released (refund)', refunded: 'Refunded to card', credited: 'Credited to gift card' },
} as const;

/**
 * The payment block of a bill, in order, for the customer (the receipt email, the invoice page) or
 * for staff (the staff receipt, the printed order sheet): the hold, what the bill took above it,
 * what the card paid for the bill, the tip on its own line (customer-site 4, 9: the tip is not
 * part of the bill) with the card's total, what went back to the card, what is still due.
 */
export function receiptPaymentLines(p: ReceiptPaymentFigures, reader: 'customer' | 'staff'): PaymentLine[] {
  const words = paymentWords[reader];
  // docs/design.md 5.1: a card is authorised only when the estimate left something to pay
  const cardHeld = p.authorizedCents > 0 || reader === 'staff';
  const billLine = cardHeld || p.billChargedCents > 0;
  const lines: PaymentLine[] = [];
  if (cardHeld) lines.push({ key: 'authorized', label: words.authorized, cents: p.authorizedCents, emphasis: 'muted' });
  if (p.extraChargedCents > 0) lines.push({ key: 'extraCharged', label: 'Additional charge', cents: p.extraChargedCents, emphasis: null });
  if (billLine) lines.push({ key: 'charged', label: words.charged, cents: p.billChargedCents, emphasis: p.tipCents > 0 ? null : 'total' });
  if (p.tipCents > 0) lines.push({ key: 'tip', label: 'Tip', cents: p.tipCents, emphasis: null });
  if (p.tipCents > 0 && billLine) lines.push({ key: 'totalCharged', label: words.totalCharged, cents: p.chargedCents, emphasis: 'total' });
  if (p.releasedCents > 0) lines.push({ key: 'released', label: words.released, cents: p.releasedCents, emphasis: 'muted' });
  // decision 031: what went back after the card paid; the charged lines above are what it kept
  if ((p.refundedCents ?? 0) > 0) lines.push({ key: 'refunded', label: words.refunded, cents: p.refundedCents!, emphasis: 'muted' });
  if ((p.creditedCents ?? 0) > 0) lines.push({ key: 'credited', label: words.credited, cents: p.creditedCents!, emphasis: 'muted' });
  if (p.amountDueCents > 0) lines.push({ key: 'due', label: 'Still due', cents: p.amountDueCents, emphasis: 'due' });
  return lines;
}

/**
 * spec: back-office 2, Print Order — a booking's payment as it stands, for staff: before the weighing
 * the hold; once weighed what the card paid, the tip apart (receiptPaymentLines); what is still due.
 */
export function bookingPaymentLines(b: {
  authorizedAmount: number;
  capturedAmount: number;
  refundedAmount: number;
  tipAmount: number;
  amountDueCents: number;
  weightAdjustmentProcessed: boolean;
  giftCardCreditedCents?: number;
}): PaymentLine[] {
  assertCents(b.amountDueCents, 'amountDueCents');
  const figures = { authorizedCents: b.authorizedAmount, amountDueCents: b.amountDueCents };
  if (b.weightAdjustmentProcessed) return receiptPaymentLines({ ...figures, ...receiptPayment(b) }, 'staff');
  assertCents(b.authorizedAmount, 'authorizedAmount');
  const lines: PaymentLine[] = [{ key: 'authorized', label: paymentWords.staff.authorized, cents: b.authorizedAmount, emphasis: 'muted' }];
  if (b.amountDueCents > 0) lines.push({ key: 'due', label: 'Still due', cents: b.amountDueCents, emphasis: 'due' });
  return lines;
}

// ---------------------------------------------------------------------------------------------
// Weighing: what is left due after the card was charged
// ---------------------------------------------------------------------------------------------

// docs/design.md 9 "Gift card first, then the card" — what the card paid of the charge, and what stays due.
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

/**
 * What a weighed bill stands at for the customer: its total, what they paid and by whom (the gift
 * card first, the card for the rest: docs/design.md 9), and what is still due (docs/design.md 5.4).
 */
export function dueSummary(b: { finalTotalAmount: number | null; totalAmount: number; amountDueCents: number; giftCardAppliedCents: number | null }) {
  const finalTotalCents = b.finalTotalAmount ?? b.totalAmount;
  const paidCents = finalTotalCents - b.amountDueCents;
  const giftCardCents = Math.min(b.giftCardAppliedCents ?? 0, paidCents);
  return { finalTotalCents, paidCents, giftCardCents, cardCents: paidCents - giftCardCents, amountDueCents: b.amountDueCents };
}

/** Who paid, in words after an amount: "$20.00 by gift card and $15.50 by card", "by card", or "" for nothing paid. */
export function paidByText(p: { giftCardCents: number; cardCents: number }): string {
  for (const [name, cents] of [['giftCardCents', p.giftCardCents], ['cardCents', p.cardCents]] as const)
    if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`${name} must be a non-negative integer, got ${cents}`);
  if (p.giftCardCents > 0 && p.cardCents > 0) return `${formatCents(p.giftCardCents)} by gift card and ${formatCents(p.cardCents)} by card`;
  if (p.giftCardCents > 0) return 'by gift card';
  return p.cardCents > 0 ? 'by card' : '';
}
