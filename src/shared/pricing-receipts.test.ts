// The receipt and estimate money of src/shared/pricing-receipts.ts (the whole bill: pricing-bill.test.ts), table by table
// from the spec's numbers (customer-site 9: $31.50 a bag, FIRST12 $24, OxiClean $1 and stain $2 per
// bag; back-office 9: 1.75 per lb, OxiClean 1 and stain 2 per 15 lb rounded up, rush 10 flat).

import { describe, expect, it } from 'vitest';
import { finalInvoice, NO_EXTRAS, quoteBooking, specPromoRates } from './pricing';
import {
  dueSummary,
  addOnLineLabel,
  bagsCents,
  centsToDollarInput,
  estimateLines,
  finalReceiptLines,
  receiptPayment,
  settlementAmounts,
} from './pricing-receipts';

describe('estimateLines (customer-site 9 "Pricing", "Add-ons")', () => {
  const cases = [
    { name: '1 bag, no promo', bags: 1, promo: null, extras: NO_EXTRAS, lines: [['Laundry (1 bag × $31.50)', 3150]], subtotal: 3150 },
    { name: '2 bags, no promo', bags: 2, promo: null, extras: NO_EXTRAS, lines: [['Laundry (2 bags × $31.50)', 6300]], subtotal: 6300 },
    {
      name: '2 bags FIRST12 with OxiClean and stain per bag',
      bags: 2,
      promo: specPromoRates.FIRST12,
      extras: { ...NO_EXTRAS, oxiClean: true, stainTreatment: true },
      lines: [
        ['Laundry (2 bags × $24.00, promo code FIRST12)', 4800],
        ['Oxi-clean (2 × $1.00)', 200],
        ['Stain Treatment (2 × $2.00)', 400],
      ],
      subtotal: 5400,
    },
    {
      name: '1 bag with rush delivery',
      bags: 1,
      promo: null,
      extras: { ...NO_EXTRAS, rushDelivery: true },
      lines: [
        ['Laundry (1 bag × $31.50)', 3150],
        ['24-hr Rush Delivery', 1000],
      ],
      subtotal: 4150,
    },
  ] as const;

  it.each(cases)('$name', ({ bags, promo, extras, lines, subtotal }) => {
    const quote = quoteBooking({ bagQuantity: bags, extras, promo });
    const estimate = estimateLines({ bagQuantity: bags, promoCode: promo?.code ?? null, ...quote });
    expect(estimate.lines.map((l) => [l.label, l.cents])).toEqual(lines);
    // the lines add up to the subtotal the booking stores
    expect(estimate.lines.reduce((sum, l) => sum + l.cents, 0)).toBe(subtotal);
    expect(estimate.subtotalCents).toBe(subtotal);
  });

  it('carries the gift card and the total as booked', () => {
    const quote = quoteBooking({ bagQuantity: 1, extras: NO_EXTRAS, promo: null, giftCardBalanceCents: 1000 });
    const estimate = estimateLines({ bagQuantity: 1, promoCode: null, ...quote });
    expect([estimate.subtotalCents, estimate.giftCardDiscountCents, estimate.totalCents]).toEqual([3150, 1000, 2150]);
  });
});

describe('bagsCents (customer-site 9: bags x rate)', () => {
  it.each([
    [1, 3150, 3150],
    [3, 3150, 9450],
    [2, 2400, 4800],
    [5, 100, 500],
    [4, 0, 0],
  ])('%i bags at %i cents = %i', (bags, rate, cents) => expect(bagsCents(bags, rate)).toBe(cents));

  it('refuses fractional bags and cents', () => {
    expect(() => bagsCents(1.5, 3150)).toThrow(RangeError);
    expect(() => bagsCents(1, 31.5)).toThrow(RangeError);
  });
});

describe('addOnLineLabel', () => {
  it.each([
    [{ label: '24-hr Rush Delivery', quantity: 1, unitCents: 1000 }, '24-hr Rush Delivery'],
    [{ label: 'Oxi-clean', quantity: 2, unitCents: 100 }, 'Oxi-clean (2 × $1.00)'],
    [{ label: 'Stain Treatment', quantity: 3, unitCents: 200 }, 'Stain Treatment (3 × $2.00)'],
  ])('%o → %s', (line, label) => expect(addOnLineLabel(line)).toBe(label));
});

describe('finalReceiptLines (back-office 9: weight x price per lb + add-ons)', () => {
  const cases = [
    { weight: 150, ppl: 175, addOns: {}, lines: [['Laundry (15.0 lb × $1.75/lb)', 2625]], total: 2625 },
    {
      weight: 151,
      ppl: 175,
      addOns: { oxiClean: true, stainTreatment: true },
      lines: [
        ['Laundry (15.1 lb × $1.75/lb)', 2643],
        ['Oxi-clean (2 × $1.00)', 200],
        ['Stain Treatment (2 × $2.00)', 400],
      ],
      total: 3243,
    },
    {
      weight: 100,
      ppl: 175,
      addOns: { rushDelivery: true, hangDriedDelicates: true },
      lines: [
        ['Laundry (10.0 lb × $1.75/lb)', 1750],
        ['24-hr Rush Delivery', 1000],
        ['Hang Dried Delicates', 200],
      ],
      total: 2950,
    },
  ];

  it.each(cases)('$weight tenths at $ppl cents/lb', ({ weight, ppl, addOns, lines, total }) => {
    const invoice = finalInvoice({ weightTenths: weight, pricePerPoundCents: ppl, rushDelivery: false, hangDriedDelicates: false, oxiClean: false, stainTreatment: false, ...addOns });
    const receipt = finalReceiptLines({ weightTenths: weight, pricePerPoundCents: ppl, weightCents: invoice.weightCents, addOnLines: invoice.addOnLines });
    expect(receipt.lines.map((l) => [l.label, l.cents])).toEqual(lines);
    // the lines add up to the final invoice; what a promo takes off is finalBillLines' line
    expect(receipt.lines.reduce((sum, l) => sum + l.cents, 0)).toBe(total);
    expect(invoice.totalCents).toBe(total);
  });
});

describe('receiptPayment (DESIGN.md 5 and 9: capture up to the hold, release the rest, charge above it)', () => {
  it.each([
    // authorised 31.50, final 26.25: captured 26.25, 5.25 released
    { authorized: 3150, captured: 2625, refunded: 0, charged: 2625, released: 525, extra: 0 },
    // authorised 31.50, final 40.00: 31.50 captured + 8.50 off-session
    { authorized: 3150, captured: 4000, refunded: 0, charged: 4000, released: 0, extra: 850 },
    // exactly the hold
    { authorized: 3150, captured: 3150, refunded: 0, charged: 3150, released: 0, extra: 0 },
    // a later refund of 5.00 comes off what the card paid
    { authorized: 3150, captured: 3150, refunded: 500, charged: 2650, released: 0, extra: 0 },
    // nothing captured (free booking)
    { authorized: 0, captured: 0, refunded: 0, charged: 0, released: 0, extra: 0 },
  ])('authorised $authorized, captured $captured, refunded $refunded', ({ authorized, captured, refunded, charged, released, extra }) => {
    expect(receiptPayment({ authorizedAmount: authorized, capturedAmount: captured, refundedAmount: refunded })).toEqual({ chargedCents: charged, releasedCents: released, extraChargedCents: extra });
  });
});

describe('settlementAmounts (DESIGN.md 9: what the card paid and what stays due)', () => {
  it.each([
    { charge: 4000, captured: 3150, extra: 0, charged: 3150, due: 850 },
    { charge: 4000, captured: 3150, extra: 850, charged: 4000, due: 0 },
    { charge: 2625, captured: 0, extra: 0, charged: 0, due: 2625 },
  ])('charge $charge, captured $captured + extra $extra', ({ charge, captured, extra, charged, due }) => {
    expect(settlementAmounts(charge, { capturedCents: captured, extraChargedCents: extra })).toEqual({ chargedCents: charged, amountDueCents: due });
  });
});

describe('centsToDollarInput (back-office 5: price per lb, step 0.01)', () => {
  it.each([
    [175, '1.75'],
    [140, '1.40'],
    [75, '0.75'],
    [5, '0.05'],
    [1000, '10.00'],
  ])('%i → %s', (cents, text) => expect(centsToDollarInput(cents)).toBe(text));
});

describe('dueSummary: the bill, what was paid and what is still due (DESIGN.md 5.4)', () => {
  it.each([
    ['weighed, $21.00 of $52.50 still due', { finalTotalAmount: 5250, totalAmount: 3150, amountDueCents: 2100 }, { finalTotalCents: 5250, paidCents: 3150, amountDueCents: 2100 }],
    ['weighed, paid in full', { finalTotalAmount: 5250, totalAmount: 3150, amountDueCents: 0 }, { finalTotalCents: 5250, paidCents: 5250, amountDueCents: 0 }],
    ['not weighed: the estimate', { finalTotalAmount: null, totalAmount: 3150, amountDueCents: 0 }, { finalTotalCents: 3150, paidCents: 3150, amountDueCents: 0 }],
  ])('%s', (_name, booking, expected) => expect(dueSummary(booking)).toEqual(expected));
});
