// The bill of a booking as the printed order sheet and the staff receipt show it, table by table
// from the spec's numbers (customer-site 9: $31.50 a bag, FIRST12 $24, FREE waives everything,
// oxi-clean $1 and stain $2 per bag on the estimate; back-office 9: $1.75 per lb, oxi-clean $1 and
// stain $2 per 15 lb rounded up, rush $10 and hang-dried $2 flat; docs/design.md 9: the gift card pays
// first, up to the final total).

import { specPriceList } from './price-list';
import { describe, expect, it } from 'vitest';
import { billAmountText, billLines, bookedAddOnNames, finalBillLines, type BillBooking } from './pricing-bill';
import { currentFinalBillRules, finalAddOnsOf, NO_EXTRAS, NO_FINAL_ADD_ONS, quoteBooking, specPromoRates, weighedAmounts, type BookingExtras, type PromoRate } from './pricing';

/** A booking as it is stored after booking: its estimate from quoteBooking, like the booking write. */
function booked(o: { bags?: number; extras?: Partial<BookingExtras>; promo?: PromoRate | null; giftCardBalanceCents?: number; pricePerPoundCents?: number; weighedTenths?: number | null }): BillBooking {
  const extras = { ...NO_EXTRAS, ...o.extras };
  const promo = o.promo ?? null;
  const bagQuantity = o.bags ?? 1;
  const quote = quoteBooking({ priceList: specPriceList, bagQuantity, extras, promo, giftCardBalanceCents: o.giftCardBalanceCents ?? 0 });
  const weighed = o.weighedTenths ?? null;
  return {
    priceList: specPriceList,
    bagQuantity,
    promo,
    promoCode: promo?.code ?? null,
    addOnLines: quote.addOnLines,
    subtotalCents: quote.subtotalCents,
    giftCardDiscountCents: quote.giftCardDiscountCents,
    totalAmount: quote.totalCents,
    pricePerPoundCents: o.pricePerPoundCents ?? 175,
    actualWeightTenths: weighed,
    weightAdjustmentProcessed: weighed !== null,
    finalBillRules: currentFinalBillRules,
    sportsUniformsCount: extras.sportsUniformsCount,
    blanketsQueenCount: extras.blanketsQueenCount,
    blanketsKingCount: extras.blanketsKingCount,
    mattressPadsQueenCount: extras.mattressPadsQueenCount,
    mattressPadsKingCount: extras.mattressPadsKingCount,
    rushDelivery: extras.rushDelivery,
    hangDriedDelicates: extras.hangDriedDelicates,
    oxiClean: extras.oxiClean,
    stainTreatment: extras.stainTreatment,
  };
}

type Row = [label: string, cents: number, kind: string];
const rows = (b: ReturnType<typeof billLines>): Row[] => b.lines.map((l) => [l.label, l.cents, l.kind]);

describe('billLines before weighing: the estimate (customer-site 9 "Pricing", "Add-ons", "Gift cards")', () => {
  const cases: { name: string; booking: BillBooking; lines: Row[]; total: number }[] = [
    {
      name: '1 bag, no promo',
      booking: booked({}),
      lines: [
        ['Laundry (1 bag × $31.50)', 3150, 'item'],
        ['Estimated total', 3150, 'total'],
      ],
      total: 3150,
    },
    {
      name: '2 bags FIRST12, oxi-clean and stain per bag',
      booking: booked({ bags: 2, promo: specPromoRates.FIRST12, extras: { oxiClean: true, stainTreatment: true } }),
      lines: [
        ['Laundry (2 bags × $24.00, promo code FIRST12)', 4800, 'item'],
        ['Oxi-clean (2 × $1.00)', 200, 'item'],
        ['Stain Treatment (2 × $2.00)', 400, 'item'],
        ['Estimated total', 5400, 'total'],
      ],
      total: 5400,
    },
    {
      name: '1 bag with a $10 gift card',
      booking: booked({ giftCardBalanceCents: 1000 }),
      lines: [
        ['Laundry (1 bag × $31.50)', 3150, 'item'],
        ['Subtotal', 3150, 'subtotal'],
        ['Gift card', -1000, 'giftCard'],
        ['Estimated total', 2150, 'total'],
      ],
      total: 2150,
    },
    {
      name: 'a gift card covering the whole estimate',
      booking: booked({ extras: { rushDelivery: true }, giftCardBalanceCents: 5000 }),
      lines: [
        ['Laundry (1 bag × $31.50)', 3150, 'item'],
        ['24-hr Rush Delivery', 1000, 'item'],
        ['Subtotal', 4150, 'subtotal'],
        ['Gift card', -4150, 'giftCard'],
        ['Estimated total', 0, 'total'],
      ],
      total: 0,
    },
    {
      name: 'FREE: the add-ons listed at $0',
      booking: booked({ promo: specPromoRates.FREE, extras: { rushDelivery: true } }),
      lines: [
        ['Laundry (1 bag × $0.00, promo code FREE)', 0, 'item'],
        ['24-hr Rush Delivery', 0, 'item'],
        ['Estimated total', 0, 'total'],
      ],
      total: 0,
    },
  ];

  it.each(cases)('$name', ({ booking, lines, total }) => {
    const bill = billLines(booking);
    expect(bill.stage).toBe('estimate');
    expect(rows(bill)).toEqual(lines);
    expect(bill.totalCents).toBe(total);
    expect(bill.totalLabel).toBe('Estimated total');
    // the estimate's total is the amount the card is authorised for
    expect(bill.totalCents).toBe(booking.totalAmount);
  });

  it('a weight entered but not yet processed is still the estimate', () => {
    const bill = billLines({ ...booked({}), actualWeightTenths: 142, weightAdjustmentProcessed: false });
    expect(bill.stage).toBe('estimate');
    expect(bill.totalCents).toBe(3150);
  });
});

describe('billLines once weighed: the final bill (back-office 9; docs/design.md 9 gift card first)', () => {
  const cases: { name: string; booking: BillBooking; lines: Row[]; total: number }[] = [
    {
      name: '14.2 lb, 1 bag booked with oxi-clean: $24.85 + $1 = $25.85',
      booking: booked({ extras: { oxiClean: true }, weighedTenths: 142 }),
      lines: [
        ['Laundry (14.2 lb × $1.75/lb)', 2485, 'item'],
        ['Oxi-clean', 100, 'item'],
        ['Final total', 2585, 'total'],
      ],
      total: 2585,
    },
    {
      name: '2 bags booked with oxi-clean and stain, weighed 15.0 lb: one 15 lb load, not per bag',
      booking: booked({ bags: 2, extras: { oxiClean: true, stainTreatment: true }, weighedTenths: 150 }),
      lines: [
        ['Laundry (15.0 lb × $1.75/lb)', 2625, 'item'],
        ['Oxi-clean', 100, 'item'],
        ['Stain Treatment', 200, 'item'],
        ['Final total', 2925, 'total'],
      ],
      total: 2925,
    },
    {
      name: '15.1 lb: two loads, the weight rounded half up to the cent',
      booking: booked({ bags: 2, extras: { oxiClean: true, stainTreatment: true }, weighedTenths: 151 }),
      lines: [
        ['Laundry (15.1 lb × $1.75/lb)', 2643, 'item'],
        ['Oxi-clean (2 × $1.00)', 200, 'item'],
        ['Stain Treatment (2 × $2.00)', 400, 'item'],
        ['Final total', 3243, 'total'],
      ],
      total: 3243,
    },
    {
      name: '30.1 lb with rush and hang-dried (flat) and oxi-clean (3 loads)',
      booking: booked({ bags: 3, extras: { rushDelivery: true, hangDriedDelicates: true, oxiClean: true }, weighedTenths: 301 }),
      lines: [
        ['Laundry (30.1 lb × $1.75/lb)', 5268, 'item'],
        ['24-hr Rush Delivery', 1000, 'item'],
        ['Hang Dried Delicates', 200, 'item'],
        ['Oxi-clean (3 × $1.00)', 300, 'item'],
        ['Final total', 6768, 'total'],
      ],
      total: 6768,
    },
    {
      name: 'the price per pound staff set ($2.00), 10 lb',
      booking: booked({ pricePerPoundCents: 200, weighedTenths: 100 }),
      lines: [
        ['Laundry (10.0 lb × $2.00/lb)', 2000, 'item'],
        ['Final total', 2000, 'total'],
      ],
      total: 2000,
    },
    {
      // decision 033: FIRST12 keeps its promise, 1 bag x ($31.50 - $24.00) off the weighed bill
      name: 'FIRST12 takes $7.50 a booked bag off the final bill',
      booking: booked({ promo: specPromoRates.FIRST12, weighedTenths: 100 }),
      lines: [
        ['Laundry (10.0 lb × $1.75/lb)', 1750, 'item'],
        ['Promo code FIRST12', -750, 'discount'],
        ['Final total', 1000, 'total'],
      ],
      total: 1000,
    },
    {
      name: 'FIRST12 on 2 bags weighed at 6 lb: never below $0',
      booking: booked({ bags: 2, promo: specPromoRates.FIRST12, weighedTenths: 60 }),
      lines: [
        ['Laundry (6.0 lb × $1.75/lb)', 1050, 'item'],
        ['Promo code FIRST12', -1050, 'discount'],
        ['Final total', 0, 'total'],
      ],
      total: 0,
    },
    {
      name: 'a bill weighed before decision 033 keeps its rules: FIRST12 on the estimate only, items n/a',
      booking: { ...booked({ promo: specPromoRates.FIRST12, extras: { blanketsKingCount: 1 }, weighedTenths: 100 }), finalBillRules: 1 },
      lines: [
        ['Laundry (10.0 lb × $1.75/lb)', 1750, 'item'],
        ['Final total', 1750, 'total'],
      ],
      total: 1750,
    },
    {
      name: 'items are billed at their booked counts and prices (decision 033)',
      booking: booked({ extras: { sportsUniformsCount: 2, blanketsKingCount: 1 }, weighedTenths: 100 }),
      lines: [
        ['Laundry (10.0 lb × $1.75/lb)', 1750, 'item'],
        ['Sports Uniforms (2 × $10.00)', 2000, 'item'],
        ['Blankets & Comforters (King)', 2000, 'item'],
        ['Final total', 5750, 'total'],
      ],
      total: 5750,
    },
    {
      name: 'FREE waives all charges, add-ons included',
      booking: booked({ promo: specPromoRates.FREE, extras: { rushDelivery: true }, weighedTenths: 100 }),
      lines: [
        ['Laundry (10.0 lb × $1.75/lb)', 1750, 'item'],
        ['24-hr Rush Delivery', 1000, 'item'],
        ['Promo code FREE', -2750, 'discount'],
        ['Final total', 0, 'total'],
      ],
      total: 0,
    },
    {
      name: 'a $25 gift card held, weighed 12 lb: the gift card pays all $21.00',
      booking: booked({ giftCardBalanceCents: 2500, weighedTenths: 120 }),
      lines: [
        ['Laundry (12.0 lb × $1.75/lb)', 2100, 'item'],
        ['Final total', 2100, 'subtotal'],
        ['Gift card applied', -2100, 'giftCard'],
        ['Total after gift card', 0, 'total'],
      ],
      total: 0,
    },
    {
      name: 'a $10 gift card held, weighed 20 lb: the card pays the rest',
      booking: booked({ giftCardBalanceCents: 1000, weighedTenths: 200 }),
      lines: [
        ['Laundry (20.0 lb × $1.75/lb)', 3500, 'item'],
        ['Final total', 3500, 'subtotal'],
        ['Gift card applied', -1000, 'giftCard'],
        ['Total after gift card', 2500, 'total'],
      ],
      total: 2500,
    },
    {
      name: 'a gift card that covered the estimate ($31.50), weighed 20 lb: $3.50 left for the card',
      booking: booked({ giftCardBalanceCents: 3150, weighedTenths: 200 }),
      lines: [
        ['Laundry (20.0 lb × $1.75/lb)', 3500, 'item'],
        ['Final total', 3500, 'subtotal'],
        ['Gift card applied', -3150, 'giftCard'],
        ['Total after gift card', 350, 'total'],
      ],
      total: 350,
    },
  ];

  it.each(cases)('$name', ({ booking, lines, total }) => {
    const bill = billLines(booking);
    expect(bill.stage).toBe('final');
    expect(rows(bill)).toEqual(lines);
    expect(bill.totalCents).toBe(total);
    // the total is what the server charges the card by (weighedAmounts: final total less the gift card)
    const charged = weighedAmounts({ priceList: specPriceList,
      weightTenths: booking.actualWeightTenths!,
      pricePerPoundCents: booking.pricePerPoundCents,
      finalAddOns: finalAddOnsOf(booking),
      promo: booking.promo,
      bagQuantity: booking.bagQuantity,
      finalBillRules: booking.finalBillRules,
      giftCardDiscountCents: booking.giftCardDiscountCents,
    });
    expect(bill.totalCents).toBe(charged.chargeCents);
    // the lines add up: items and discounts to the final total, less the gift card to the total
    const sum = (kinds: string[]) => bill.lines.filter((l) => kinds.includes(l.kind)).reduce((s, l) => s + l.cents, 0);
    expect(sum(['item', 'discount'])).toBe(charged.finalTotalCents);
    expect(sum(['item', 'discount', 'giftCard'])).toBe(bill.totalCents);
    expect(bill.lines.at(-1)).toMatchObject({ kind: 'total', label: bill.totalLabel, cents: bill.totalCents });
  });
});

describe('finalBillLines (the staff receipt lays out the same lines from its stored amounts)', () => {
  it('gives the lines billLines gives for the same booking', () => {
    const booking = booked({ bags: 2, promo: specPromoRates.FIRST12, extras: { oxiClean: true, stainTreatment: true }, giftCardBalanceCents: 1000, weighedTenths: 151 });
    const amounts = weighedAmounts({ priceList: specPriceList, weightTenths: 151, pricePerPoundCents: 175, finalAddOns: { ...NO_FINAL_ADD_ONS, oxiClean: true, stainTreatment: true }, promo: specPromoRates.FIRST12, bagQuantity: 2, finalBillRules: currentFinalBillRules, giftCardDiscountCents: 1000 });
    const receipt = finalBillLines({
      weightTenths: 151,
      pricePerPoundCents: 175,
      weightCents: amounts.invoice.weightCents,
      addOnLines: amounts.invoice.addOnLines,
      promoCode: 'FIRST12',
      finalTotalCents: amounts.finalTotalCents,
      giftCardAppliedCents: amounts.giftCardAppliedCents,
    });
    expect(receipt).toEqual(billLines(booking));
    // 15.1 lb $26.43 + oxi $2.00 + stain $4.00 = $32.43, less FIRST12's 2 x $7.50, less the $10 gift card
    expect(rows(receipt).at(-1)).toEqual(['Total after gift card', 743, 'total']);
  });

  it('names a discount without a promo code plainly', () => {
    const bill = finalBillLines({ weightTenths: 100, pricePerPoundCents: 175, weightCents: 1750, addOnLines: [], promoCode: null, finalTotalCents: 0, giftCardAppliedCents: 0 });
    expect(rows(bill)).toEqual([
      ['Laundry (10.0 lb × $1.75/lb)', 1750, 'item'],
      ['Discount', -1750, 'discount'],
      ['Final total', 0, 'total'],
    ]);
  });

  it('refuses amounts that do not add up', () => {
    const base = { weightTenths: 100, pricePerPoundCents: 175, weightCents: 1750, addOnLines: [], promoCode: null };
    // a final total above its lines
    expect(() => finalBillLines({ ...base, finalTotalCents: 1800, giftCardAppliedCents: 0 })).toThrow(RangeError);
    // a gift card paying more than the final total (docs/design.md 9: up to the final total)
    expect(() => finalBillLines({ ...base, finalTotalCents: 1750, giftCardAppliedCents: 1751 })).toThrow(RangeError);
    expect(() => finalBillLines({ ...base, finalTotalCents: 1750, giftCardAppliedCents: -1 })).toThrow(RangeError);
    expect(() => finalBillLines({ ...base, finalTotalCents: 17.5, giftCardAppliedCents: 0 })).toThrow(RangeError);
  });
});

describe('bookedAddOnNames (back-office 2: the add-ons on the sheet as work to do, no prices)', () => {
  it.each([
    [NO_EXTRAS, 'None'],
    // per bag on the estimate: the bag count is not repeated as work
    [{ ...NO_EXTRAS, oxiClean: true, stainTreatment: true, rushDelivery: true }, '24-hr Rush Delivery, Oxi-clean, Stain Treatment'],
    [{ ...NO_EXTRAS, hangDriedDelicates: true, sportsUniformsCount: 3, blanketsKingCount: 1 }, 'Hang Dried Delicates, Sports Uniforms ×3, Blankets & Comforters (King)'],
  ])('%o → %s', (extras, text) => expect(bookedAddOnNames(quoteBooking({ priceList: specPriceList, bagQuantity: 2, extras, promo: null }).addOnLines)).toBe(text));
});

describe('billAmountText (a credit reads with a minus sign)', () => {
  it.each([
    [2585, '$25.85'],
    [0, '$0.00'],
    [-2100, '−$21.00'],
    [-5, '−$0.05'],
  ])('%i → %s', (cents, text) => expect(billAmountText(cents)).toBe(text));
});
