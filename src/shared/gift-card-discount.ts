// What a gift card pays of an amount (kept apart from ./pricing, which only /book loads: the
// invoice and pay pages take a gift card for what is due too, decision 064).
import { prices } from './business';
import { formatCents } from './money';

// spec: customer-site 9 "Gift cards" — the discount is the smaller of balance and subtotal (never
// negative). docs/design.md 5.8: a card cannot be charged less than $0.50, so a gift card that would
// leave 1–49 cents for the card takes that much less: the card pays $0.50 and the gift card keeps
// the rest of its balance (rather than a booking no card checkout can take).
export function giftCardDiscountCents(balanceCents: number, subtotalCents: number): number {
  // the check pricing-core makes, written here so that this chunk every page loads stays small
  for (const [name, v] of [['balanceCents', balanceCents], ['subtotalCents', subtotalCents]] as const) if (!Number.isSafeInteger(v)) throw new RangeError(`${name} must be an integer, got ${v}`);
  const discount = Math.max(0, Math.min(balanceCents, subtotalCents));
  const left = subtotalCents - discount;
  return left > 0 && left < prices.minimumChargeCents ? Math.max(0, subtotalCents - prices.minimumChargeCents) : discount;
}

/** Decision 064: a gift card paying what is due leaves nothing, or at least what a card can take (giftCardDiscountCents). */
export const giftCardLeavesTooLittle = `This gift card would leave less than ${formatCents(prices.minimumChargeCents)} to pay, which a card cannot take. Please use a gift card with more on it, or pay by card.`;
