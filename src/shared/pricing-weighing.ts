// What processing a weight will do, before it is done (spec: back-office 4, 7 and 9; docs/design.md 5.4,
// 5.8 and 9): the final bill, what the card's authorisation gives (captured, released, charged on
// top, or charged in full off-session once it expired), what goes back on the gift card, and the
// pro's payout. The weight dialog shows it as the staff member types; the server charges by the
// same parts (weighedAmounts, the settlement rule below, proPayoutCents), so the two cannot differ.
// Pure: the booking's facts and the moment come in, cents come out.

import { prices } from './business';
import type { PriceList } from './price-list';
import { adjustment, finalAddOnsOf, originalAmountCents, proPayoutCents, weighedAmounts, type Adjustment, type FinalAddOns, type PromoRate, type ProPayout } from './pricing';
import { finalBillLines, type Bill } from './pricing-bill';
import { assertNonNegativeInteger } from './pricing-core';

/**
 * What the card does for the part of the bill the gift card did not pay (payments' chargeFinalAmount
 * follows the same steps; docs/design.md 5.4 and 5.8):
 * - none: no card on the booking; dueCents is left for the customer to pay from their link;
 * - below_minimum: less than the card minimum ($0.50) is not charged; the hold is released whole;
 * - off_session: the authorisation expired (7 days), the whole amount is charged to the saved card;
 * - capture: up to the authorisation is captured and the rest of the hold released; above it the
 *   difference is charged to the saved card, unless it is below the minimum, then it is waived.
 */
export type CardSettlement =
  | { kind: 'none'; dueCents: number }
  | { kind: 'below_minimum'; waivedCents: number; releasedCents: number }
  | { kind: 'off_session'; chargedCents: number }
  | { kind: 'capture'; capturedCents: number; releasedCents: number; extraChargeCents: number; waivedCents: number };

export function cardSettlement(input: { chargeCents: number; authorizedCents: number; hasCard: boolean; authorisationExpired: boolean }): CardSettlement {
  const { chargeCents, authorizedCents } = input;
  assertNonNegativeInteger(chargeCents, 'chargeCents');
  assertNonNegativeInteger(authorizedCents, 'authorizedCents');
  const min = prices.minimumChargeCents;
  if (!input.hasCard) return { kind: 'none', dueCents: chargeCents };
  if (chargeCents < min) return { kind: 'below_minimum', waivedCents: chargeCents, releasedCents: input.authorisationExpired ? 0 : authorizedCents };
  if (input.authorisationExpired) return { kind: 'off_session', chargedCents: chargeCents };
  const capturedCents = Math.min(chargeCents, authorizedCents);
  const difference = chargeCents - capturedCents;
  return {
    kind: 'capture',
    capturedCents,
    releasedCents: authorizedCents - capturedCents,
    extraChargeCents: difference >= min ? difference : 0,
    waivedCents: difference > 0 && difference < min ? difference : 0,
  };
}

/** What a weighing preview needs of a booking (the staff list's booking has it all). */
export type WeighingBooking = FinalAddOns & {
  bagQuantity: number;
  finalBillRules: number;
  pricePerPoundCents: number;
  promo: PromoRate | null;
  promoCode: string | null;
  /** What the booking held of its gift card. */
  giftCardDiscountCents: number;
  totalAmount: number;
  /** The prices it was quoted and is billed at (decision 055). */
  priceList: PriceList;
  originalTotalAmount: number | null;
  authorizedAmount: number;
  /** Whether a card payment stands behind the booking (a payment intent). */
  hasCard: boolean;
  /** When the authorisation lapses (ISO), or null. */
  captureBefore: string | null;
  /** The assigned pro and their rate, or null. */
  laundryPro: { name: string; perPoundRateCents: number } | null;
};

export type WeighingPreview = {
  weightTenths: number;
  /** The final bill, line by line: laundry, add-ons, promo, final total, gift card, what is left. */
  bill: Bill;
  finalTotalCents: number;
  giftCardAppliedCents: number;
  /** What the gift card did not need, back on its balance. */
  giftCardReturnedCents: number;
  /** What the card is asked for: the final total less the gift card. */
  chargeCents: number;
  card: CardSettlement;
  /** The spec's adjustment against what the customer paid (back-office 9): its refund / extra charge wording. */
  adjustment: Adjustment;
  /** spec: back-office 9, the per-pound part of the pro's payout (the tip comes later, from the invoice); null with no pro. */
  proPayout: (ProPayout & { name: string; perPoundRateCents: number }) | null;
};

/** The bill and settlement that processing `weightTenths` will give at `now`. */
export function weighingPreview(b: WeighingBooking, weightTenths: number, now: Date): WeighingPreview {
  const amounts = weighedAmounts({
    weightTenths,
    pricePerPoundCents: b.pricePerPoundCents,
    finalAddOns: finalAddOnsOf(b),
    promo: b.promo,
    bagQuantity: b.bagQuantity,
    finalBillRules: b.finalBillRules,
    giftCardDiscountCents: b.giftCardDiscountCents,
    priceList: b.priceList,
  });
  const bill = finalBillLines({
    weightTenths,
    pricePerPoundCents: b.pricePerPoundCents,
    weightCents: amounts.invoice.weightCents,
    addOnLines: amounts.invoice.addOnLines,
    promoCode: b.promoCode,
    finalTotalCents: amounts.finalTotalCents,
    giftCardAppliedCents: amounts.giftCardAppliedCents,
  });
  const expired = b.captureBefore !== null && new Date(b.captureBefore).getTime() <= now.getTime();
  const pro = b.laundryPro;
  return {
    weightTenths,
    bill,
    finalTotalCents: amounts.finalTotalCents,
    giftCardAppliedCents: amounts.giftCardAppliedCents,
    giftCardReturnedCents: amounts.giftCardReturnedCents,
    chargeCents: amounts.chargeCents,
    card: cardSettlement({ chargeCents: amounts.chargeCents, authorizedCents: b.authorizedAmount, hasCard: b.hasCard, authorisationExpired: expired }),
    adjustment: adjustment(amounts.chargeCents, originalAmountCents(b)),
    proPayout: pro ? { ...proPayoutCents({ weightTenths, perPoundRateCents: pro.perPoundRateCents, tipCents: 0 }), name: pro.name, perPoundRateCents: pro.perPoundRateCents } : null,
  };
}
