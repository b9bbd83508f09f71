import { describe, expect, it } from 'vitest';
import { specPriceList } from './price-list';
import { specPromoRates } from './pricing';
import { billAmountText } from './pricing-bill';
import { cardSettlement, weighingPreview, type CardSettlement, type WeighingBooking } from './pricing-weighing';

const NOW = new Date('2026-11-23T15:00:00Z');

/** A paid 1-bag booking: $31.50 authorised, no add-ons, no promo, no gift card, no pro. */
function booking(overrides: Partial<WeighingBooking> = {}): WeighingBooking {
  return {
    priceList: specPriceList,
    rushDelivery: false,
    hangDriedDelicates: false,
    oxiClean: false,
    stainTreatment: false,
    sportsUniformsCount: 0,
    blanketsQueenCount: 0,
    blanketsKingCount: 0,
    mattressPadsQueenCount: 0,
    mattressPadsKingCount: 0,
    bagQuantity: 1,
    finalBillRules: 2,
    pricePerPoundCents: 175,
    promo: null,
    promoCode: null,
    giftCardDiscountCents: 0,
    totalAmount: 3150,
    originalTotalAmount: null,
    authorizedAmount: 3150,
    hasCard: true,
    captureBefore: '2026-11-30T15:00:00Z',
    laundryPro: null,
    ...overrides,
  };
}

const lines = (b: WeighingBooking, tenths: number) => weighingPreview(b, tenths, NOW).bill.lines.map((l) => [l.label, billAmountText(l.cents)]);
const capture = (capturedCents: number, releasedCents: number, extraChargeCents = 0, waivedCents = 0): CardSettlement => ({ kind: 'capture', capturedCents, releasedCents, extraChargeCents, waivedCents });

// spec: back-office 9 — final total = weight x price per pound + add-ons (oxi-clean 1 and stain 2
// per 15 lb, rounded up; rush 10 and hang-dried 2 flat); docs/design.md 5.4 — capture up to the
// authorisation, release the rest, charge above it off-session; docs/design.md 9 — the gift card first.
describe('the bill and settlement a weight will give', () => {
  it.each<[string, WeighingBooking, number, { total: number; giftCard: number; back: number; charge: number; card: CardSettlement; adjustment: string }]>([
    ['1 bag, oxi-clean, 14.2 lb: $25.85 captured of $32.50, $6.65 released', booking({ oxiClean: true, totalAmount: 3250, authorizedAmount: 3250 }), 142, { total: 2585, giftCard: 0, back: 0, charge: 2585, card: capture(2585, 665), adjustment: 'refund 665' }],
    ['2 bags, 40 lb: $63.00 captured, $7.00 charged on top', booking({ totalAmount: 6300, authorizedAmount: 6300 }), 400, { total: 7000, giftCard: 0, back: 0, charge: 7000, card: capture(6300, 0, 700), adjustment: 'charge 700' }],
    ['exactly the authorisation: all captured, nothing released', booking(), 180, { total: 3150, giftCard: 0, back: 0, charge: 3150, card: capture(3150, 0), adjustment: 'none 0' }],
    ['$0.35 above the authorization: below the card minimum, waived', booking(), 182, { total: 3185, giftCard: 0, back: 0, charge: 3185, card: capture(3150, 0, 0, 35), adjustment: 'charge 35' }],
    [
      'a $25 gift card, 12 lb: the gift card pays the $21.00, $4.00 goes back, the hold is released',
      booking({ giftCardDiscountCents: 2500, totalAmount: 650, authorizedAmount: 650 }),
      120,
      { total: 2100, giftCard: 2100, back: 400, charge: 0, card: { kind: 'below_minimum', waivedCents: 0, releasedCents: 650 }, adjustment: 'refund 650' },
    ],
    [
      'the authorisation expired: 20 lb charged in full off-session',
      booking({ captureBefore: '2026-11-23T14:59:59Z' }),
      200,
      { total: 3500, giftCard: 0, back: 0, charge: 3500, card: { kind: 'off_session', chargedCents: 3500 }, adjustment: 'charge 350' },
    ],
    [
      'a gift card paid the estimate in full, no card: 30 lb leaves $21.00 due',
      booking({ giftCardDiscountCents: 3150, totalAmount: 0, authorizedAmount: 0, hasCard: false, captureBefore: null }),
      300,
      { total: 5250, giftCard: 3150, back: 0, charge: 2100, card: { kind: 'none', dueCents: 2100 }, adjustment: 'charge 2100' },
    ],
    [
      'FREE waives every charge, add-ons too',
      booking({ promo: specPromoRates.FREE, promoCode: 'FREE', rushDelivery: true, totalAmount: 0, authorizedAmount: 0, hasCard: false, captureBefore: null }),
      150,
      { total: 0, giftCard: 0, back: 0, charge: 0, card: { kind: 'none', dueCents: 0 }, adjustment: 'none 0' },
    ],
  ])('%s', (_name, b, tenths, want) => {
    const p = weighingPreview(b, tenths, NOW);
    expect({
      total: p.finalTotalCents,
      giftCard: p.giftCardAppliedCents,
      back: p.giftCardReturnedCents,
      charge: p.chargeCents,
      card: p.card,
      adjustment: `${p.adjustment.kind} ${p.adjustment.cents}`,
    }).toEqual(want);
    // the bill's last line is what the card is asked for
    expect(p.bill.totalCents).toBe(p.chargeCents);
  });

  it('lays the bill out line by line: laundry, add-ons per 15 lb, the total', () => {
    expect(lines(booking({ oxiClean: true }), 142)).toEqual([
      ['Laundry (14.2 lb × $1.75/lb)', '$24.85'],
      ['Oxi-clean', '$1.00'],
      ['Final total', '$25.85'],
    ]);
    // 15.1 lb is two loads: stain treatment twice; rush and hang-dried once; 26.425 rounds half up
    expect(lines(booking({ rushDelivery: true, hangDriedDelicates: true, stainTreatment: true }), 151)).toEqual([
      ['Laundry (15.1 lb × $1.75/lb)', '$26.43'],
      ['24-hr Rush Delivery', '$10.00'],
      ['Hang Dried Delicates', '$2.00'],
      ['Stain Treatment (2 × $2.00)', '$4.00'],
      ['Final total', '$42.43'],
    ]);
    expect(lines(booking({ promo: specPromoRates.FREE, promoCode: 'FREE', oxiClean: true }), 100)).toEqual([
      ['Laundry (10.0 lb × $1.75/lb)', '$17.50'],
      ['Oxi-clean', '$1.00'],
      ['Promo code FREE', '−$18.50'],
      ['Final total', '$0.00'],
    ]);
    expect(lines(booking({ giftCardDiscountCents: 2500 }), 120)).toEqual([
      ['Laundry (12.0 lb × $1.75/lb)', '$21.00'],
      ['Final total', '$21.00'],
      ['Gift card applied', '−$21.00'],
      ['Total after gift card', '$0.00'],
    ]);
  });

  it("spec: back-office 9 — the pro's payout is the weight at their rate (the tip comes later)", () => {
    expect(weighingPreview(booking({ laundryPro: { name: 'Rosa', perPoundRateCents: 75 } }), 142, NOW).proPayout).toEqual({
      name: 'Rosa',
      perPoundRateCents: 75,
      perPoundCents: 1065,
      tipCents: 0,
      totalCents: 1065,
    });
    expect(weighingPreview(booking(), 142, NOW).proPayout).toBeNull();
  });

  it('an expired hold is not released again below the minimum; whole cents only', () => {
    expect(cardSettlement({ chargeCents: 30, authorizedCents: 3150, hasCard: true, authorisationExpired: true })).toEqual({ kind: 'below_minimum', waivedCents: 30, releasedCents: 0 });
    expect(() => cardSettlement({ chargeCents: 10.5, authorizedCents: 3150, hasCard: true, authorisationExpired: false })).toThrow(RangeError);
  });
});
