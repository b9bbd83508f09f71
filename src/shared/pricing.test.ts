// Every number of customer-site §9 and back-office §9, reproduced against src/shared/pricing.ts.
// The expected values are the spec's own numbers, typed out on purpose: a wrong price in ./business fails here.

import { specPriceList } from './price-list';
import { giftCardPresetDollars, giftCardPurchaseCents } from './pricing-gift-cards';
import { describe, it, expect } from 'vitest';
import { prices } from './business';
import type { BookingExtras } from './pricing';
import type { ManualInvoiceAddOn } from './pricing-invoices';
import {
  MANUAL_INVOICE_DEFAULT_PRICE_PER_POUND_CENTS,
  invoiceNumber,
  manualInvoice,
  manualInvoiceAddOnDefaults,
  manualInvoiceHasServices,
  nextBillingDate,
} from './pricing-invoices';
import {
  DEFAULT_PRICE_PER_POUND_CENTS,
  NO_EXTRAS,
  adjustment,
  bagRateCents,
  bookingAddOnLines,
  customerDetailsAddOnText,
  dashboardPayoutEstimateCents,
  finalAddOnLines,
  finalInvoice,
  finalLoadCount,
  giftCardDiscountCents,
  normalisePromoCode,
  originalAmountCents,
  parseDollarsToCents,
  parsePricePerPoundCents,
  proPayoutCents,
  quoteBooking,
  specPromoRates,
  tipPresetCents,
  waivesAllCharges,
  tipPresets,
  weighedAmounts,
  NO_FINAL_ADD_ONS,
  bagsCents,
} from './pricing';

const extras = (overrides: Partial<BookingExtras>): BookingExtras => ({ ...NO_EXTRAS, ...overrides });
const noFinalAddOns = NO_FINAL_ADD_ONS;

describe('constants (customer-site §9 Pricing; back-office §9)', () => {
  it('the bag estimate is $1.75/lb x 12 lb x 1.5 buffer = $31.50', () => {
    expect(prices.bagEstimateCents).toBe(175 * 12 * 1.5);
    expect(prices.bagEstimateCents).toBe(prices.perPoundCents * prices.poundsPerBag * prices.estimateBuffer);
    expect(prices.bagEstimateCents).toBe(3150);
  });

  it('default price per pound is 1.75; manual invoices default to 1.40', () => {
    expect(DEFAULT_PRICE_PER_POUND_CENTS).toBe(175);
    expect(MANUAL_INVOICE_DEFAULT_PRICE_PER_POUND_CENTS).toBe(140);
  });
});

type SpecPromo = keyof typeof specPromoRates;
const rate = (code: SpecPromo | null) => (code ? specPromoRates[code] : null);

describe('normalisePromoCode (the form; which codes exist is data)', () => {
  it.each<[string, string | null]>([
    ['FIRST12', 'FIRST12'],
    ['  first12  ', 'FIRST12'],
    ['test1', 'TEST1'],
    ['Free', 'FREE'],
    ['save10', 'SAVE10'],
    ['', null],
    ['   ', null],
  ])('%j -> %s', (input, expected) => {
    expect(normalisePromoCode(input)).toBe(expected);
  });
});

describe('bagRateCents (the promo rate replaces the bag rate)', () => {
  it.each<[SpecPromo | null, number]>([
    [null, 3150],
    ['FIRST12', 2400],
    ['TEST1', 100],
    ['FREE', 0],
  ])('%s -> %i cents per bag', (promo, cents) => {
    expect(bagRateCents(rate(promo), specPriceList)).toBe(cents);
  });

  it.each<[SpecPromo | null, boolean]>([
    [null, false],
    ['FIRST12', false],
    ['TEST1', false],
    ['FREE', true],
  ])('%s waives all charges: %s', (promo, waived) => {
    expect(waivesAllCharges(rate(promo))).toBe(waived);
  });

  it('a code that only lowers the bag rate to 0 still charges its add-ons', () => {
    expect(waivesAllCharges({ code: 'BAGS0', bagRateCents: 0, waivesAddOns: false })).toBe(false);
  });
});

describe('bookingAddOnLines (booking-estimate reading)', () => {
  it.each<[string, Partial<BookingExtras>, number, string, string, number, number, number]>([
    ['rush, per order', { rushDelivery: true }, 3, 'rushDelivery', '24-hr Rush Delivery', 1, 1000, 1000],
    ['hang-dried, per order', { hangDriedDelicates: true }, 3, 'hangDriedDelicates', 'Hang Dried Delicates', 1, 200, 200],
    ['oxi-clean, $1 per bag', { oxiClean: true }, 3, 'oxiClean', 'Oxi-clean', 3, 100, 300],
    ['stain, $2 per bag', { stainTreatment: true }, 3, 'stainTreatment', 'Stain Treatment', 3, 200, 600],
    ['sports uniforms, $10 each', { sportsUniformsCount: 4 }, 1, 'sportsUniforms', 'Sports Uniforms', 4, 1000, 4000],
    ['blanket Twin-Queen $15', { blanketsQueenCount: 2 }, 1, 'blanketsQueen', 'Blankets & Comforters (Twin-Queen)', 2, 1500, 3000],
    ['blanket King $20', { blanketsKingCount: 2 }, 1, 'blanketsKing', 'Blankets & Comforters (King)', 2, 2000, 4000],
    ['mattress pad Twin-Queen $12', { mattressPadsQueenCount: 1 }, 1, 'mattressPadsQueen', 'Mattress Pads (Twin-Queen)', 1, 1200, 1200],
    ['mattress pad King $15', { mattressPadsKingCount: 3 }, 1, 'mattressPadsKing', 'Mattress Pads (King)', 3, 1500, 4500],
  ])('%s', (_name, chosen, bags, key, label, quantity, unitCents, totalCents) => {
    expect(bookingAddOnLines(extras(chosen), bags, specPriceList)).toEqual([{ key, label, quantity, unitCents, totalCents }]);
  });

  it('lists nothing when no add-on is chosen', () => {
    expect(bookingAddOnLines(NO_EXTRAS, 2, specPriceList)).toEqual([]);
  });

  it('lists every chosen add-on, in menu order', () => {
    const all = extras({
      rushDelivery: true,
      hangDriedDelicates: true,
      oxiClean: true,
      stainTreatment: true,
      sportsUniformsCount: 1,
      blanketsQueenCount: 1,
      blanketsKingCount: 1,
      mattressPadsQueenCount: 1,
      mattressPadsKingCount: 1,
    });
    const lines = bookingAddOnLines(all, 1, specPriceList);
    expect(lines.map((l) => l.totalCents)).toEqual([1000, 200, 100, 200, 1000, 1500, 2000, 1200, 1500]);
  });
});

describe('quoteBooking', () => {
  it.each<[string, number, Partial<BookingExtras>, SpecPromo | null, number, number, number, number, number]>([
    // name, bags, extras, promo, gift card, bagsCents, addOnsCents, subtotal, total
    ['1 bag at $31.50', 1, {}, null, 0, 3150, 0, 3150, 3150],
    ['2 bags at $31.50', 2, {}, null, 0, 6300, 0, 6300, 6300],
    ['FIRST12: $24 per bag', 3, {}, 'FIRST12', 0, 7200, 0, 7200, 7200],
    ['TEST1: $1 per bag', 2, {}, 'TEST1', 0, 200, 0, 200, 200],
    ['FIRST12 keeps add-ons', 1, { rushDelivery: true }, 'FIRST12', 0, 2400, 1000, 3400, 3400],
    ['TEST1 keeps add-ons (stain per bag)', 2, { stainTreatment: true }, 'TEST1', 0, 200, 400, 600, 600],
    ['no promo: bags + oxi per bag + king blanket', 2, { oxiClean: true, blanketsKingCount: 1 }, null, 0, 6300, 2200, 8500, 8500],
    ['FREE waives bags and add-ons', 2, { rushDelivery: true, oxiClean: true, blanketsKingCount: 1 }, 'FREE', 0, 0, 0, 0, 0],
    ['FREE with a gift card uses none of it', 1, { rushDelivery: true }, 'FREE', 1000, 0, 0, 0, 0],
    ['gift card smaller than subtotal', 1, {}, null, 1000, 3150, 0, 3150, 2150],
    ['gift card bigger than subtotal', 1, {}, null, 5000, 3150, 0, 3150, 0],
    ['gift card equal to subtotal', 1, {}, null, 3150, 3150, 0, 3150, 0],
    ['gift card against add-ons too', 1, { hangDriedDelicates: true }, null, 3000, 3150, 200, 3350, 350],
  ])('%s', (_name, bagQuantity, chosen, promoCode, giftCardBalanceCents, bagsCents, addOnsCents, subtotalCents, totalCents) => {
    const quote = quoteBooking({ priceList: specPriceList, bagQuantity, extras: extras(chosen), promo: rate(promoCode), giftCardBalanceCents });
    expect(quote.bagsCents).toBe(bagsCents);
    expect(quote.addOnsCents).toBe(addOnsCents);
    expect(quote.subtotalCents).toBe(subtotalCents);
    expect(quote.giftCardDiscountCents).toBe(subtotalCents - totalCents);
    expect(quote.totalCents).toBe(totalCents);
    expect(quote.isFree).toBe(totalCents === 0);
  });

  it('FREE still lists the chosen add-ons, each at 0', () => {
    const quote = quoteBooking({ priceList: specPriceList,
      bagQuantity: 2,
      extras: extras({ rushDelivery: true, oxiClean: true, mattressPadsQueenCount: 1 }),
      promo: specPromoRates.FREE,
    });
    expect(quote.bagRateCents).toBe(0);
    expect(quote.addOnLines.map((l) => [l.key, l.quantity, l.unitCents, l.totalCents])).toEqual([
      ['rushDelivery', 1, 1000, 0],
      ['oxiClean', 2, 100, 0],
      ['mattressPadsQueen', 1, 1200, 0],
    ]);
    expect(quote.isFree).toBe(true);
  });

  it('no gift card given means no discount', () => {
    const quote = quoteBooking({ priceList: specPriceList, bagQuantity: 1, extras: NO_EXTRAS, promo: null });
    expect(quote).toMatchObject({ bagRateCents: 3150, giftCardDiscountCents: 0, totalCents: 3150, isFree: false });
  });

  it.each<[string, Parameters<typeof quoteBooking>[0]]>([
    ['0 bags', { bagQuantity: 0, extras: NO_EXTRAS, promo: null, priceList: specPriceList }],
    ['negative bags', { bagQuantity: -1, extras: NO_EXTRAS, promo: null, priceList: specPriceList }],
    ['fractional bags', { bagQuantity: 1.5, extras: NO_EXTRAS, promo: null, priceList: specPriceList }],
    ['NaN bags', { bagQuantity: Number.NaN, extras: NO_EXTRAS, promo: null, priceList: specPriceList }],
    ['negative uniform count', { bagQuantity: 1, extras: extras({ sportsUniformsCount: -1 }), promo: null, priceList: specPriceList }],
    ['fractional blanket count', { bagQuantity: 1, extras: extras({ blanketsKingCount: 0.5 }), promo: null, priceList: specPriceList }],
    ['negative mattress pad count', { bagQuantity: 1, extras: extras({ mattressPadsQueenCount: -2 }), promo: specPromoRates.FREE, priceList: specPriceList }],
    ['negative gift-card balance', { bagQuantity: 1, extras: NO_EXTRAS, promo: null, giftCardBalanceCents: -1, priceList: specPriceList }],
  ])('throws a RangeError for %s', (_name, input) => {
    expect(() => quoteBooking(input)).toThrow(RangeError);
  });
});

describe('giftCardDiscountCents = min(balance, subtotal), never negative, never leaving the card less than $0.50', () => {
  it.each<[number, number, number]>([
    [5000, 3150, 3150],
    [1000, 3150, 1000],
    [3150, 3150, 3150],
    [0, 3150, 0],
    [100, 0, 0],
    [-5, 100, 0],
    // docs/design.md 5.8: the card's part is $0.50 at least, or nothing
    [3149, 3150, 3100],
    [3101, 3150, 3100],
    [3100, 3150, 3100],
    [3099, 3150, 3099],
    [30, 40, 0],
  ])('balance %i, subtotal %i -> %i', (balance, subtotal, discount) => {
    expect(giftCardDiscountCents(balance, subtotal)).toBe(discount);
  });
});

describe('giftCardPurchaseCents: whole dollars, at least 1 (customer-site §5)', () => {
  it('charges the presets and a custom amount in cents', () => {
    expect([30, 60, 100, 1, 500].map(giftCardPurchaseCents)).toEqual([3000, 6000, 10000, 100, 50000]);
  });
  it.each([0, -1, 12.5, Number.NaN])('refuses %s', (dollars) => {
    expect(() => giftCardPurchaseCents(dollars)).toThrow();
  });
});

describe('final invoice (actual weight x price per lb + add-ons)', () => {
  it.each<[number, number]>([
    [0, 0],
    [1, 1],
    [149, 1],
    [150, 1],
    [151, 2],
    [300, 2],
    [301, 3],
  ])('oxi-clean/stain loads for %i tenths of a lb: %i (per started 15 lb)', (weightTenths, loads) => {
    expect(finalLoadCount(weightTenths)).toBe(loads);
  });

  it.each<[string, number, number, typeof noFinalAddOns, number, number, number]>([
    // name, weightTenths, price/lb, add-ons, weightCents, addOnsCents, total
    ['10 lb at 1.75', 100, 175, noFinalAddOns, 1750, 0, 1750],
    ['12.3 lb at 1.75 (2152.5 rounds up)', 123, 175, noFinalAddOns, 2153, 0, 2153],
    ['12.1 lb at 1.75 (2117.5 rounds up)', 121, 175, noFinalAddOns, 2118, 0, 2118],
    ['12.5 lb at 1.99 (2487.5 rounds up)', 125, 199, noFinalAddOns, 2488, 0, 2488],
    ['10 lb at 1.40', 100, 140, noFinalAddOns, 1400, 0, 1400],
    ['15.0 lb with oxi + stain: +$3', 150, 175, { ...noFinalAddOns, oxiClean: true, stainTreatment: true }, 2625, 300, 2925],
    ['15.1 lb with oxi + stain: +$6', 151, 175, { ...noFinalAddOns, oxiClean: true, stainTreatment: true }, 2643, 600, 3243],
    ['30.1 lb with oxi only: +$3', 301, 175, { ...noFinalAddOns, oxiClean: true }, 5268, 300, 5568],
    ['rush $10 + hang-dried $2 flat', 100, 175, { ...noFinalAddOns, rushDelivery: true, hangDriedDelicates: true }, 1750, 1200, 2950],
    ['all four at 20 lb', 200, 175, { ...noFinalAddOns, rushDelivery: true, hangDriedDelicates: true, oxiClean: true, stainTreatment: true }, 3500, 1800, 5300],
    // decision 033: the counted items at their booked prices, whatever the weight
    ['2 uniforms + a king blanket at 12 lb: +$40', 120, 175, { ...noFinalAddOns, sportsUniformsCount: 2, blanketsKingCount: 1 }, 2100, 4000, 6100],
    ['one of each item at 15.1 lb with oxi: +$74', 151, 175, { ...noFinalAddOns, oxiClean: true, sportsUniformsCount: 1, blanketsQueenCount: 1, blanketsKingCount: 1, mattressPadsQueenCount: 1, mattressPadsKingCount: 1 }, 2643, 7400, 10043],
  ])('%s', (_name, weightTenths, pricePerPoundCents, addOns, weightCents, addOnsCents, totalCents) => {
    const invoice = finalInvoice({ weightTenths, pricePerPoundCents, ...addOns }, specPriceList);
    expect(invoice.weightCents).toBe(weightCents);
    expect(invoice.addOnsCents).toBe(addOnsCents);
    expect(invoice.totalCents).toBe(totalCents);
  });

  it('final add-on lines: per started 15 lb, flat rush and hang-dried', () => {
    const lines = finalAddOnLines({ ...noFinalAddOns, weightTenths: 151, rushDelivery: true, hangDriedDelicates: true, oxiClean: true, stainTreatment: true }, specPriceList);
    expect(lines).toEqual([
      { key: 'rushDelivery', label: '24-hr Rush Delivery', quantity: 1, unitCents: 1000, totalCents: 1000 },
      { key: 'hangDriedDelicates', label: 'Hang Dried Delicates', quantity: 1, unitCents: 200, totalCents: 200 },
      { key: 'oxiClean', label: 'Oxi-clean', quantity: 2, unitCents: 100, totalCents: 200 },
      { key: 'stainTreatment', label: 'Stain Treatment', quantity: 2, unitCents: 200, totalCents: 400 },
    ]);
  });

  it.each<[string, number, number]>([
    ['negative weight', -1, 175],
    ['weight not in whole tenths', 12.3, 175],
    ['negative price per pound', 100, -175],
    ['fractional price per pound', 100, 1.75],
  ])('throws a RangeError for %s', (_name, weightTenths, pricePerPoundCents) => {
    expect(() => finalInvoice({ weightTenths, pricePerPoundCents, ...noFinalAddOns }, specPriceList)).toThrow(RangeError);
  });
});

describe('adjustment = final total − original paid', () => {
  it.each<[string, number | null, number, number]>([
    ['original_total_amount is used when present', 6300, 3150, 6300],
    ['falls back to total_amount when original_total_amount is null', null, 3150, 3150],
    ['0 is a real original (a free booking), not a missing one', 0, 3150, 0],
  ])('%s', (_name, originalTotalAmount, totalAmount, expected) => {
    expect(originalAmountCents({ originalTotalAmount, totalAmount })).toBe(expected);
  });

  it.each<[string, number, number | null, number, 'refund' | 'charge' | 'none', number, number]>([
    ['negative -> refund (null original, total 3150, final 2925)', 2925, null, 3150, 'refund', 225, -225],
    ['positive -> extra charge (original 6300, final 6500)', 6500, 6300, 3150, 'charge', 200, 200],
    ['zero -> no change', 2625, null, 2625, 'none', 0, 0],
    ['FIRST12 bag then a heavy load', 5568, 2400, 2400, 'charge', 3168, 3168],
  ])('%s', (_name, finalTotal, originalTotalAmount, totalAmount, kind, cents, deltaCents) => {
    const original = originalAmountCents({ originalTotalAmount, totalAmount });
    expect(adjustment(finalTotal, original)).toEqual({ kind, cents, deltaCents });
  });
});

describe('tips (15/18/20/25 % of the subtotal, rounded to cents)', () => {
  it.each<[number, number, number]>([
    [3150, 15, 473], // 472.5 -> 473 (half up)
    [3150, 18, 567],
    [3150, 20, 630],
    [3150, 25, 788], // 787.5 -> 788
    [2925, 15, 439], // 438.75
    [2925, 18, 527], // 526.5
    [2925, 25, 731], // 731.25
    [10, 15, 2], // 1.5
    [1, 15, 0], // 0.15
    [0, 20, 0],
  ])('%i cents at %i%% -> %i', (subtotal, percent, cents) => {
    expect(tipPresetCents(subtotal, percent)).toBe(cents);
  });

  it('offers the four presets in order', () => {
    expect(tipPresets(3150)).toEqual([
      { percent: 15, cents: 473 },
      { percent: 18, cents: 567 },
      { percent: 20, cents: 630 },
      { percent: 25, cents: 788 },
    ]);
  });

  it('throws a RangeError for a negative subtotal', () => {
    expect(() => tipPresetCents(-100, 15)).toThrow(RangeError);
  });
});

describe('parseDollarsToCents (custom tip, dollars with 2 decimals)', () => {
  it.each<[string, number | null]>([
    ['12', 1200],
    ['12.5', 1250],
    ['12.50', 1250],
    ['$12.50', 1250],
    ['  7.25  ', 725],
    ['0.29', 29], // 0.29 * 100 = 28.999999999999996 in floats
    ['4.35', 435], // 4.35 * 100 = 434.99999999999994
    ['1.15', 115],
    ['0.07', 7],
    ['.5', 50],
    ['0', 0],
    ['1.005', null],
    ['-5', null],
    ['-0.50', null],
    ['', null],
    ['   ', null],
    ['$', null],
    ['.', null],
    ['12.', null],
    ['abc', null],
    ['NaN', null],
    ['1e3', null],
    ['1,000', null],
    ['12.5.0', null],
    ['99999999999999999999', null],
  ])('%j -> %s', (input, expected) => {
    expect(parseDollarsToCents(input)).toBe(expected);
  });
});

describe('parsePricePerPoundCents (blank or invalid falls back to 1.75)', () => {
  it.each<[string, number]>([
    ['1.75', 175],
    ['2', 200],
    ['1.4', 140],
    ['$2.25', 225],
    ['', 175],
    ['   ', 175],
    ['abc', 175],
    ['-1', 175],
    ['0', 175],
    ['1.999', 175],
  ])('%j -> %i', (input, cents) => {
    expect(parsePricePerPoundCents(input)).toBe(cents);
  });
});

describe('laundry pro payouts (weight x per-lb rate + tip)', () => {
  it.each<[number, number, number, number, number]>([
    [123, 75, 500, 923, 1423], // 12.3 lb x 0.75 = 9.225 -> 9.23
    [100, 75, 0, 750, 750],
    [151, 80, 300, 1208, 1508],
    [1, 75, 0, 8, 8], // 0.1 lb x 0.75 = 0.075 -> 0.08
    [0, 75, 250, 0, 250],
  ])('%i tenths x %i c/lb + tip %i -> %i + tip = %i', (weightTenths, perPoundRateCents, tipCents, perPoundCents, totalCents) => {
    expect(proPayoutCents({ weightTenths, perPoundRateCents, tipCents })).toEqual({ perPoundCents, tipCents, totalCents });
  });

  it.each<[number, number, number]>([
    [123, 500, 1423],
    [100, 0, 750],
    [200, 250, 1750],
  ])('dashboard estimate at a fixed 0.75/lb: %i tenths + tip %i -> %i', (weightTenths, tipCents, totalCents) => {
    expect(prices.proDefaultPerPoundCents).toBe(75);
    expect(dashboardPayoutEstimateCents(weightTenths, tipCents)).toBe(totalCents);
  });

  it('throws a RangeError for a negative tip', () => {
    expect(() => proPayoutCents({ weightTenths: 100, perPoundRateCents: 75, tipCents: -1 })).toThrow(RangeError);
  });
});

describe('manual invoices', () => {
  const enabled = (name: string, quantity = 1): ManualInvoiceAddOn[] =>
    manualInvoiceAddOnDefaults.map((a) => (a.name === name ? { ...a, enabled: true, quantity } : { ...a }));

  it('add-on defaults: softener 3, rush 10, hang dried 5, oxi 4, stain 6, uniforms 8; quantity 1, off', () => {
    expect(manualInvoiceAddOnDefaults).toEqual([
      { name: 'Fabric Softener', priceCents: 300, quantity: 1, enabled: false },
      { name: 'Rush Delivery', priceCents: 1000, quantity: 1, enabled: false },
      { name: 'Hang Dried Delicates', priceCents: 500, quantity: 1, enabled: false },
      { name: 'Oxi Clean', priceCents: 400, quantity: 1, enabled: false },
      { name: 'Stain Treatment', priceCents: 600, quantity: 1, enabled: false },
      { name: 'Sports Uniforms', priceCents: 800, quantity: 1, enabled: false },
    ]);
  });

  it.each<[string, number, number | undefined, string, number]>([
    ['10 lb at the 1.40 default', 100, undefined, 'Laundry service (10 lb @ $1.40/lb)', 1400],
    ['12.3 lb at the 1.40 default', 123, undefined, 'Laundry service (12.3 lb @ $1.40/lb)', 1722],
    ['12.5 lb at 1.75 (2187.5 rounds up)', 125, 175, 'Laundry service (12.5 lb @ $1.75/lb)', 2188],
  ])('weight line: %s', (_name, pounds, pricePerPoundCents, description, cents) => {
    const invoice = manualInvoice({ pricePerPoundCents, pounds, addOns: manualInvoiceAddOnDefaults, customLines: [], taxCents: 0 });
    expect(invoice.services).toEqual([{ description, quantity: 1, unitPriceCents: cents, totalCents: cents }]);
    expect(invoice.totalCents).toBe(cents);
  });

  it('only enabled add-ons are billed; quantity at least 1', () => {
    const addOns = enabled('Rush Delivery', 2).map((a) => (a.name === 'Oxi Clean' ? { ...a, enabled: true, quantity: 0 } : a));
    const invoice = manualInvoice({ pounds: 0, addOns, customLines: [], taxCents: 0 });
    expect(invoice.services).toEqual([
      { description: 'Rush Delivery', quantity: 2, unitPriceCents: 1000, totalCents: 2000 },
      { description: 'Oxi Clean', quantity: 1, unitPriceCents: 400, totalCents: 400 },
    ]);
    expect(invoice.subtotalCents).toBe(2400);
  });

  it('custom lines without description or with unit price not above 0 are dropped', () => {
    const invoice = manualInvoice({
      pounds: 0,
      addOns: [],
      customLines: [
        { description: 'Ironing', quantity: 3, unitPriceCents: 500 },
        { description: '   ', quantity: 1, unitPriceCents: 1000 },
        { description: 'Free pressing', quantity: 1, unitPriceCents: 0 },
        { description: 'Negative', quantity: 1, unitPriceCents: -100 },
        { description: '  Pressing  ', quantity: 0, unitPriceCents: 250 },
      ],
      taxCents: 0,
    });
    expect(invoice.services).toEqual([
      { description: 'Ironing', quantity: 3, unitPriceCents: 500, totalCents: 1500 },
      { description: 'Pressing', quantity: 1, unitPriceCents: 250, totalCents: 250 },
    ]);
  });

  it('weight + add-on + custom line + tax', () => {
    const invoice = manualInvoice({
      pounds: 100,
      addOns: enabled('Rush Delivery'),
      customLines: [{ description: 'Ironing', quantity: 3, unitPriceCents: 500 }],
      taxCents: 200,
    });
    expect(invoice).toMatchObject({ subtotalCents: 3900, taxCents: 200, totalCents: 4100 });
    expect(invoice.services.map((s) => s.totalCents)).toEqual([1400, 1000, 1500]);
  });

  it.each<[string, Parameters<typeof manualInvoiceHasServices>[0], boolean]>([
    ['nothing at all', { pounds: 0, addOns: [], customLines: [] }, false],
    ['only disabled add-ons and dropped lines', { pounds: 0, addOns: manualInvoiceAddOnDefaults, customLines: [{ description: '', quantity: 1, unitPriceCents: 500 }] }, false],
    ['0.1 lb', { pounds: 1, addOns: [], customLines: [] }, true],
    ['one enabled add-on', { pounds: 0, addOns: enabled('Fabric Softener'), customLines: [] }, true],
    ['one kept custom line', { pounds: 0, addOns: [], customLines: [{ description: 'Ironing', quantity: 1, unitPriceCents: 1 }] }, true],
  ])("'No Services' check: %s -> %s", (_name, input, expected) => {
    expect(manualInvoiceHasServices(input)).toBe(expected);
  });

  it.each<[string, Parameters<typeof manualInvoice>[0]]>([
    ['negative tax', { pounds: 100, addOns: [], customLines: [], taxCents: -1 }],
    ['pounds not in whole tenths', { pounds: 12.3, addOns: [], customLines: [], taxCents: 0 }],
    ['negative price per pound', { pricePerPoundCents: -140, pounds: 100, addOns: [], customLines: [], taxCents: 0 }],
  ])('throws a RangeError for %s', (_name, input) => {
    expect(() => manualInvoice(input)).toThrow(RangeError);
  });
});

describe('nextBillingDate (billing day in the start month, or next month if already past)', () => {
  it.each<[string, number, string]>([
    ['2026-01-10', 15, '2026-01-15'],
    ['2026-01-10', 5, '2026-02-05'],
    ['2026-01-10', 10, '2026-01-10'],
    ['2026-02-01', 31, '2026-02-28'],
    ['2028-02-01', 31, '2028-02-29'],
    ['2026-02-28', 31, '2026-02-28'],
    ['2026-01-31', 30, '2026-02-28'],
    ['2028-01-31', 30, '2028-02-29'],
    ['2026-04-15', 31, '2026-04-30'],
    ['2026-03-31', 1, '2026-04-01'],
    ['2026-12-20', 5, '2027-01-05'],
    ['2026-12-20', 31, '2026-12-31'],
    ['2100-02-01', 29, '2100-02-28'],
    ['2000-02-01', 30, '2000-02-29'],
  ])('start %s, day %i -> %s', (start, day, expected) => {
    expect(nextBillingDate(start, day)).toBe(expected);
  });

  it.each<[string, number]>([
    ['2026-01-10', 0],
    ['2026-01-10', 32],
    ['2026-01-10', 1.5],
    ['2026-02-30', 1],
    ['2026-13-01', 1],
    ['2026-1-10', 1],
    ['garbage', 1],
  ])('throws a RangeError for start %j, day %s', (start, day) => {
    expect(() => nextBillingDate(start, day)).toThrow(RangeError);
  });
});

describe('invoiceNumber (prefix + last 8 digits of the time)', () => {
  it.each<['INV' | 'SUB', number, string]>([
    ['INV', 1767225600123, 'INV-25600123'],
    ['SUB', 1767225600123, 'SUB-25600123'],
    ['SUB', 1700000000000, 'SUB-00000000'],
    ['INV', 12345, 'INV-00012345'],
  ])('%s at %i -> %s', (prefix, nowMs, expected) => {
    expect(invoiceNumber(prefix, nowMs)).toBe(expected);
  });

  it('throws a RangeError for a negative or fractional time', () => {
    expect(() => invoiceNumber('INV', -1)).toThrow(RangeError);
    expect(() => invoiceNumber('INV', 1.5)).toThrow(RangeError);
  });
});

describe('Customer Details add-on text (spec: back-office 9)', () => {
  const extras = { ...NO_EXTRAS, rushDelivery: true, hangDriedDelicates: true, oxiClean: true, stainTreatment: true, sportsUniformsCount: 2 };
  it.each([
    ['rushDelivery', 'Rush Delivery +$10'],
    ['hangDriedDelicates', 'Hang Dried Delicates +$2'],
    ['oxiClean', 'OxiClean +$1 per bag'],
    ['stainTreatment', 'Stain Treatment +$2 per bag'],
    ['sportsUniforms', 'Sports Uniforms +$10 each × 2'],
  ])('%s → %s', (key, text) => {
    const line = bookingAddOnLines(extras, 3, specPriceList).find((l) => l.key === key)!;
    expect(customerDetailsAddOnText(line)).toBe(text);
  });
});

// docs/design.md 9, gift card first: the card held at booking pays the final bill first, up to the
// final total; the card pays the rest; what the gift card did not need goes back to its balance.
describe('weighedAmounts: the gift card pays first, up to the final total', () => {
  const noAddOns = NO_FINAL_ADD_ONS;
  it.each([
    // case, held, weight (tenths of a lb at $2.50/lb), final, gift card applied, back to the card, card pays
    ['final below the gift card ($23.75 of $25)', 2500, 95, 2375, 2375, 125, 0],
    ['final equal to the gift card', 2500, 100, 2500, 2500, 0, 0],
    ['final above the gift card', 2500, 130, 3250, 2500, 0, 750],
    ['no gift card', 0, 100, 2500, 0, 0, 2500],
    ['gift card covered the estimate (free path), weighed above', 3150, 140, 3500, 3150, 0, 350],
    ['gift card covered the estimate (free path), weighed below', 3150, 80, 2000, 2000, 1150, 0],
    ['nothing in the bag', 2500, 0, 0, 0, 2500, 0],
  ] as const)('%s', (_case, held, weightTenths, final, applied, returned, charge) => {
    const r = weighedAmounts({ priceList: specPriceList, weightTenths, pricePerPoundCents: 250, finalAddOns: noAddOns, promo: null, bagQuantity: 1, finalBillRules: 2, giftCardDiscountCents: held });
    expect(r).toMatchObject({ finalTotalCents: final, giftCardAppliedCents: applied, giftCardReturnedCents: returned, chargeCents: charge });
    // the customer never loses a cent: gift card and card together pay exactly the final bill
    expect(r.giftCardAppliedCents + r.chargeCents).toBe(r.finalTotalCents);
    expect(r.giftCardAppliedCents + r.giftCardReturnedCents).toBe(held);
  });

  it('a promo that waives every charge (FREE) gives the whole gift-card amount back', () => {
    const free = { code: 'FREE', bagRateCents: 0, waivesAddOns: true } as const;
    const r = weighedAmounts({ priceList: specPriceList, weightTenths: 120, pricePerPoundCents: 175, finalAddOns: noAddOns, promo: free, bagQuantity: 1, finalBillRules: 2, giftCardDiscountCents: 500 });
    expect(r).toMatchObject({ finalTotalCents: 0, giftCardAppliedCents: 0, giftCardReturnedCents: 500, chargeCents: 0 });
  });
});

describe('bagsCents: the bag rate times the bags (spec: customer-site 9)', () => {
  it.each([
    [1, 3150, 3150],
    [2, 3150, 6300],
    [3, 0, 0],
  ])('%i bags at %i cents = %i', (bags, rate, cents) => expect(bagsCents(bags, rate)).toBe(cents));
});

describe('gift-card presets in whole dollars (spec: customer-site 3)', () => {
  it.each([
    [2500, 25],
    [5000, 50],
    [10000, 100],
  ])('%i cents → $%i', (cents, dollars) => {
    expect(giftCardPresetDollars(cents)).toBe(dollars);
  });
  it('refuses a preset that is not whole dollars', () => {
    expect(() => giftCardPresetDollars(2550)).toThrow(RangeError);
  });
});
