// The receipt and estimate money of src/shared/pricing-receipts.ts (the whole bill: pricing-bill.test.ts), table by table
// from the spec's numbers (customer-site 9: $31.50 a bag, FIRST12 $24, OxiClean $1 and stain $2 per
// bag; back-office 9: 1.75 per lb, OxiClean 1 and stain 2 per 15 lb rounded up, rush 10 flat).

import { specPriceList } from './price-list';
import { describe, expect, it } from 'vitest';
import { currentFinalBillRules, finalInvoice, NO_EXTRAS, NO_FINAL_ADD_ONS, quoteBooking, specPromoRates, weighedAmounts } from './pricing';
import {
  bookingPaymentLines,
  dueSummary,
  paidByText,
  addOnLineLabel,
  bagsCents,
  centsToDollarInput,
  estimateLines,
  finalReceiptLines,
  receiptPayment,
  receiptPaymentLines,
  settlementAmounts,
} from './pricing-receipts';
import { approvalChargeCents } from './pricing-tips';

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
    const quote = quoteBooking({ priceList: specPriceList, bagQuantity: bags, extras, promo });
    const estimate = estimateLines({ bagQuantity: bags, promoCode: promo?.code ?? null, ...quote });
    expect(estimate.lines.map((l) => [l.label, l.cents])).toEqual(lines);
    // the lines add up to the subtotal the booking stores
    expect(estimate.lines.reduce((sum, l) => sum + l.cents, 0)).toBe(subtotal);
    expect(estimate.subtotalCents).toBe(subtotal);
  });

  it('carries the gift card and the total as booked', () => {
    const quote = quoteBooking({ priceList: specPriceList, bagQuantity: 1, extras: NO_EXTRAS, promo: null, giftCardBalanceCents: 1000 });
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
    const invoice = finalInvoice({ weightTenths: weight, pricePerPoundCents: ppl, ...NO_FINAL_ADD_ONS, ...addOns }, specPriceList);
    const receipt = finalReceiptLines({ weightTenths: weight, pricePerPoundCents: ppl, weightCents: invoice.weightCents, addOnLines: invoice.addOnLines });
    expect(receipt.lines.map((l) => [l.label, l.cents])).toEqual(lines);
    // the lines add up to the final invoice; what a promo takes off is finalBillLines' line
    expect(receipt.lines.reduce((sum, l) => sum + l.cents, 0)).toBe(total);
    expect(invoice.totalCents).toBe(total);
  });
});

describe('receiptPayment (docs/design.md 5 and 9: capture up to the hold, release the rest, charge above it; decision 015: the tip apart)', () => {
  it.each([
    // authorised 31.50, final 26.25: captured 26.25, 5.25 released
    { authorized: 3150, captured: 2625, refunded: 0, tip: 0, fromHold: 2625, released: 525, extra: 0, bill: 2625, charged: 2625 },
    // authorised 31.50, final 40.00: 31.50 captured + 8.50 off-session
    { authorized: 3150, captured: 4000, refunded: 0, tip: 0, fromHold: 3150, released: 0, extra: 850, bill: 4000, charged: 4000 },
    // exactly the hold
    { authorized: 3150, captured: 3150, refunded: 0, tip: 0, fromHold: 3150, released: 0, extra: 0, bill: 3150, charged: 3150 },
    // a later refund of 5.00 comes off what the card paid
    { authorized: 3150, captured: 3150, refunded: 500, tip: 0, fromHold: 3150, released: 0, extra: 0, bill: 2650, charged: 2650 },
    // nothing captured (free booking)
    { authorized: 0, captured: 0, refunded: 0, tip: 0, fromHold: 0, released: 0, extra: 0, bill: 0, charged: 0 },
    // a refund larger than the bill's part takes the rest off the tip: 26.25 + 5.00 kept 31.25, 30.00 refunded
    { authorized: 3150, captured: 3125, refunded: 3000, tip: 500, fromHold: 2625, released: 525, extra: 0, bill: 0, charged: 125 },
  ])('authorised $authorized, captured $captured, refunded $refunded, tip $tip', ({ authorized, captured, refunded, tip, fromHold, released, extra, bill, charged }) => {
    expect(receiptPayment({ authorizedAmount: authorized, capturedAmount: captured, refundedAmount: refunded, tipAmount: tip })).toEqual({
      capturedFromHoldCents: fromHold,
      releasedCents: released,
      extraChargedCents: extra,
      billChargedCents: bill,
      tipCents: charged - bill,
      chargedCents: charged,
      // decision 031: all refunded to the card here, none credited to a gift card
      refundedCents: refunded,
      creditedCents: 0,
    });
  });

  it('refuses a tip the card did not pay (decision 015: the tip is in what was captured)', () => {
    expect(() => receiptPayment({ authorizedAmount: 3150, capturedAmount: 400, refundedAmount: 0, tipAmount: 500 })).toThrow(RangeError);
    expect(() => receiptPayment({ authorizedAmount: 3150, capturedAmount: 3150, refundedAmount: 0, tipAmount: -1 })).toThrow(RangeError);
  });
});

// A booking's card from its booking to its approved invoice, as the server moves it (docs/design.md 5.4:
// capture up to the hold, the rest off-session, or due on the invoice when the card needs the
// customer; 5.5: approving charges the tip and what is still due at once; decision 015: both go
// into captured_amount, the tip into tip_amount too), and the receipt's payment block it makes.
describe('the payment block of a tipped bill (customer-site 4, 9; docs/design.md 5.4, 5.5; decision 015)', () => {
  const oxi = { ...NO_EXTRAS, oxiClean: true };
  const cases = [
    {
      // 1 bag + oxi-clean held 32.50; 14.2 lb + oxi-clean = 25.85; tipped 5.00
      name: 'bill below the hold, with a tip',
      extras: oxi, giftCard: 0, weightTenths: 142, cardNeedsCustomer: false, tip: 500,
      figures: { capturedFromHoldCents: 2585, releasedCents: 665, extraChargedCents: 0, billChargedCents: 2585, tipCents: 500, chargedCents: 3085 },
      lines: [['Authorized on your card', 3250], ['Charged to your card', 2585], ['Tip', 500], ['Total charged to your card', 3085], ['Released back to your card', 665]],
      staff: [['Authorized', 3250], ['Charged to card', 2585], ['Tip', 500], ['Total charged to card', 3085], ['Released (refund)', 665]],
    },
    {
      // held 32.50; 20.0 lb + oxi-clean ×2 = 37.00: 32.50 captured + 4.50 off-session; tipped 5.00
      name: 'bill above the hold, with a tip',
      extras: oxi, giftCard: 0, weightTenths: 200, cardNeedsCustomer: false, tip: 500,
      figures: { capturedFromHoldCents: 3250, releasedCents: 0, extraChargedCents: 450, billChargedCents: 3700, tipCents: 500, chargedCents: 4200 },
      lines: [['Authorized on your card', 3250], ['Additional charge', 450], ['Charged to your card', 3700], ['Tip', 500], ['Total charged to your card', 4200]],
      staff: [['Authorized', 3250], ['Additional charge', 450], ['Charged to card', 3700], ['Tip', 500], ['Total charged to card', 4200]],
    },
    {
      // 1 bag held 31.50; 18.0 lb = 31.50, all of the hold; tipped 4.73
      name: 'bill equal to the hold, with a tip',
      extras: NO_EXTRAS, giftCard: 0, weightTenths: 180, cardNeedsCustomer: false, tip: 473,
      figures: { capturedFromHoldCents: 3150, releasedCents: 0, extraChargedCents: 0, billChargedCents: 3150, tipCents: 473, chargedCents: 3623 },
      lines: [['Authorized on your card', 3150], ['Charged to your card', 3150], ['Tip', 473], ['Total charged to your card', 3623]],
      staff: [['Authorized', 3150], ['Charged to card', 3150], ['Tip', 473], ['Total charged to card', 3623]],
    },
    {
      // held 32.50; 37.00: 32.50 captured, the card needed the customer for 4.50, paid with a 5.00 tip on approval
      name: 'the amount due paid with the tip in the same approval',
      extras: oxi, giftCard: 0, weightTenths: 200, cardNeedsCustomer: true, tip: 500,
      figures: { capturedFromHoldCents: 3250, releasedCents: 0, extraChargedCents: 450, billChargedCents: 3700, tipCents: 500, chargedCents: 4200 },
      lines: [['Authorized on your card', 3250], ['Additional charge', 450], ['Charged to your card', 3700], ['Tip', 500], ['Total charged to your card', 4200]],
      staff: [['Authorized', 3250], ['Additional charge', 450], ['Charged to card', 3700], ['Tip', 500], ['Total charged to card', 4200]],
    },
    {
      name: 'no tip',
      extras: oxi, giftCard: 0, weightTenths: 142, cardNeedsCustomer: false, tip: 0,
      figures: { capturedFromHoldCents: 2585, releasedCents: 665, extraChargedCents: 0, billChargedCents: 2585, tipCents: 0, chargedCents: 2585 },
      lines: [['Authorized on your card', 3250], ['Charged to your card', 2585], ['Released back to your card', 665]],
      staff: [['Authorized', 3250], ['Charged to card', 2585], ['Released (refund)', 665]],
    },
    {
      // held 32.50 less a 10.00 gift card = 22.50 on the card; 25.85: the gift card 10.00, the card 15.85; tipped 3.00
      name: 'a gift card paying part, with a tip',
      extras: oxi, giftCard: 1000, weightTenths: 142, cardNeedsCustomer: false, tip: 300,
      figures: { capturedFromHoldCents: 1585, releasedCents: 665, extraChargedCents: 0, billChargedCents: 1585, tipCents: 300, chargedCents: 1885 },
      lines: [['Authorized on your card', 2250], ['Charged to your card', 1585], ['Tip', 300], ['Total charged to your card', 1885], ['Released back to your card', 665]],
      staff: [['Authorized', 2250], ['Charged to card', 1585], ['Tip', 300], ['Total charged to card', 1885], ['Released (refund)', 665]],
    },
  ] as const;

  it.each(cases)('$name', ({ extras, giftCard, weightTenths, cardNeedsCustomer, tip, figures, lines, staff }) => {
    const quote = quoteBooking({ priceList: specPriceList, bagQuantity: 1, extras, promo: null, giftCardBalanceCents: giftCard });
    const authorizedAmount = quote.totalCents;
    const weighed = weighedAmounts({ priceList: specPriceList, weightTenths, pricePerPoundCents: 175, finalAddOns: { ...NO_FINAL_ADD_ONS, ...extras }, promo: null, bagQuantity: 1, finalBillRules: currentFinalBillRules, giftCardDiscountCents: quote.giftCardDiscountCents });
    // weighing: the hold captured up to the charge, the rest off-session, or due
    const fromHold = Math.min(weighed.chargeCents, authorizedAmount);
    const aboveHold = weighed.chargeCents - fromHold;
    const dueAfterWeighing = cardNeedsCustomer ? aboveHold : 0;
    const capturedAtWeighing = fromHold + (cardNeedsCustomer ? 0 : aboveHold);
    // approval: the tip and what is due, in one charge (approvalChargeCents)
    const approval = approvalChargeCents(tip, dueAfterWeighing);
    if ('error' in approval) throw new Error(approval.error);
    const booking = { authorizedAmount, capturedAmount: capturedAtWeighing + approval.chargeCents, refundedAmount: 0, tipAmount: tip };
    const payment = receiptPayment(booking);
    expect(payment).toEqual({ ...figures, refundedCents: booking.refundedAmount, creditedCents: 0 });
    // what the card paid for the bill is the bill after the gift card, to the cent
    expect(payment.billChargedCents).toBe(weighed.chargeCents);
    expect(payment.capturedFromHoldCents + payment.releasedCents).toBe(authorizedAmount);
    const view = { authorizedCents: authorizedAmount, amountDueCents: 0, ...payment };
    expect(receiptPaymentLines(view, 'customer').map((l) => [l.label, l.cents])).toEqual(lines);
    expect(receiptPaymentLines(view, 'staff').map((l) => [l.label, l.cents])).toEqual(staff);
  });

  it('the order sheet before the weighing shows the hold alone; once weighed, the tip apart', () => {
    const booking = { authorizedAmount: 3250, capturedAmount: 0, refundedAmount: 0, tipAmount: 0, amountDueCents: 0, weightAdjustmentProcessed: false };
    expect(bookingPaymentLines(booking).map((l) => [l.label, l.cents])).toEqual([['Authorized', 3250]]);
    const tipped = { ...booking, capturedAmount: 3085, tipAmount: 500, weightAdjustmentProcessed: true };
    expect(bookingPaymentLines(tipped).map((l) => [l.label, l.cents])).toEqual([['Authorized', 3250], ['Charged to card', 2585], ['Tip', 500], ['Total charged to card', 3085], ['Released (refund)', 665]]);
  });

  it('names what is still due, and a tip with no card held at booking', () => {
    const due = { authorizedCents: 3250, amountDueCents: 450, ...receiptPayment({ authorizedAmount: 3250, capturedAmount: 3250, refundedAmount: 0, tipAmount: 0 }) };
    expect(receiptPaymentLines(due, 'customer').map((l) => [l.label, l.cents])).toEqual([['Authorized on your card', 3250], ['Charged to your card', 3250], ['Still due', 450]]);
    // a gift card paid the whole bill: no hold; the tip paid at a checkout
    const giftCardOnly = { authorizedCents: 0, amountDueCents: 0, ...receiptPayment({ authorizedAmount: 0, capturedAmount: 500, refundedAmount: 0, tipAmount: 500 }) };
    expect(receiptPaymentLines(giftCardOnly, 'customer').map((l) => [l.label, l.cents])).toEqual([['Tip', 500]]);
  });
});

describe('settlementAmounts (docs/design.md 9: what the card paid and what stays due)', () => {
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

describe('dueSummary: the bill, what was paid and by whom, and what is still due (docs/design.md 5.4, 9)', () => {
  it.each([
    ['weighed, $21.00 of $52.50 still due', { finalTotalAmount: 5250, totalAmount: 3150, amountDueCents: 2100, giftCardAppliedCents: null }, { finalTotalCents: 5250, paidCents: 3150, giftCardCents: 0, cardCents: 3150, amountDueCents: 2100 }],
    ['weighed, paid in full', { finalTotalAmount: 5250, totalAmount: 3150, amountDueCents: 0, giftCardAppliedCents: null }, { finalTotalCents: 5250, paidCents: 5250, giftCardCents: 0, cardCents: 5250, amountDueCents: 0 }],
    ['not weighed: the estimate', { finalTotalAmount: null, totalAmount: 3150, amountDueCents: 0, giftCardAppliedCents: null }, { finalTotalCents: 3150, paidCents: 3150, giftCardCents: 0, cardCents: 3150, amountDueCents: 0 }],
    // the review's case: $35.50 already paid, $20.00 of it by the gift card
    ['a gift card paid $20.00 of $35.50', { finalTotalAmount: 5650, totalAmount: 3150, amountDueCents: 2100, giftCardAppliedCents: 2000 }, { finalTotalCents: 5650, paidCents: 3550, giftCardCents: 2000, cardCents: 1550, amountDueCents: 2100 }],
    ['the gift card paid it all', { finalTotalAmount: 2585, totalAmount: 3150, amountDueCents: 0, giftCardAppliedCents: 2585 }, { finalTotalCents: 2585, paidCents: 2585, giftCardCents: 2585, cardCents: 0, amountDueCents: 0 }],
  ])('%s', (_name, booking, expected) => expect(dueSummary(booking)).toEqual(expected));
});

describe('paidByText: every payer named (docs/design.md 9, gift card first)', () => {
  it.each([
    [{ giftCardCents: 2000, cardCents: 1550 }, '$20.00 by gift card and $15.50 by card'],
    [{ giftCardCents: 2585, cardCents: 0 }, 'by gift card'],
    [{ giftCardCents: 0, cardCents: 3150 }, 'by card'],
    [{ giftCardCents: 0, cardCents: 0 }, ''],
  ])('%o → "%s"', (paid, text) => expect(paidByText(paid)).toBe(text));

  it('refuses a negative or fractional amount', () => {
    expect(() => paidByText({ giftCardCents: -1, cardCents: 0 })).toThrow(RangeError);
    expect(() => paidByText({ giftCardCents: 0, cardCents: 1.5 })).toThrow(RangeError);
  });
});
