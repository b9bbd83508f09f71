// What the gift-cards section lets a visitor choose (spec: customer-site 2, 5, 9): a preset, or a
// custom amount in whole dollars from $1 to GIFT_CARD_MAX_DOLLARS. The server checks it again with
// the same field of the purchase contract.
import { safeParse } from 'zod/mini';
import { giftCardPresets } from '../../../shared/gift-card-presets';
import { formatCents } from '../../../shared/money';
import { giftCardPresetDollars, giftCardPurchaseCents } from '../../../shared/pricing-gift-cards';
import { GIFT_CARD_MAX_DOLLARS, giftCardAmountField } from '../../../shared/schemas/gift-card-purchase';

/** The presets in the contract's unit (whole dollars, spec: customer-site 3), with what they read. */
export const presetChoices = giftCardPresets.map((preset) => ({
  ...preset,
  dollars: giftCardPresetDollars(preset.cents),
  label: formatCents(preset.cents, { compact: true }),
}));

/** "$1" and "$500": the range the custom amount says. */
export const customRange = {
  min: 1,
  max: GIFT_CARD_MAX_DOLLARS,
  minLabel: formatCents(giftCardPurchaseCents(1), { compact: true }),
  maxLabel: formatCents(giftCardPurchaseCents(GIFT_CARD_MAX_DOLLARS), { compact: true }),
};

export type CustomAmount =
  /** Nothing typed yet (or not a number at all, which a number field reads as empty). */
  | { kind: 'empty' }
  | { kind: 'invalid'; message: string }
  | { kind: 'ok'; dollars: number };

/** The custom amount field's text, read as the contract reads it. Continue works only for 'ok'. */
export function readCustomAmount(text: string): CustomAmount {
  const trimmed = text.trim();
  if (trimmed === '') return { kind: 'empty' };
  const dollars = Number(trimmed);
  if (!Number.isFinite(dollars)) return { kind: 'empty' };
  const parsed = safeParse(giftCardAmountField, dollars);
  if (!parsed.success) return { kind: 'invalid', message: parsed.error.issues[0]?.message ?? 'Enter an amount in whole dollars' };
  return { kind: 'ok', dollars: parsed.data };
}
