// The tip on the final invoice (spec: customer-site 5 "Custom tip", 9 "Final invoice and tips";
// docs/design.md 5.5): the presets as dollar amounts, a custom amount typed in dollars, and the total
// the customer pays with it. The invoice page shows these; the server charges by them.
import { prices } from './business';
import { formatCents } from './money';
import { parseDollarsToCents, tipPresets } from './pricing';
import { assertInteger } from './pricing-core';

export const tipMessages = {
  invalid: 'Enter the tip in dollars, for example 5 or 5.50.',
  tooManyDecimals: 'A tip can have at most two decimals (cents).',
  negative: 'A tip cannot be negative.',
  tooLarge: `A tip can be at most ${formatCents(prices.tipMaximumCents)}. For a larger thank-you, please call us.`,
  belowMinimum: `A card cannot be charged less than ${formatCents(prices.minimumChargeCents)}: choose a larger tip or no tip.`,
} as const;

/** The preset buttons: each percent of the bill's subtotal, rounded to cents (spec: customer-site 9). */
export function tipPresetAmounts(subtotalCents: number): { percent: number; cents: number }[] {
  return tipPresets(subtotalCents);
}

/** A tip in cents is acceptable on its own: whole cents, 0 to the maximum. null when it is. */
export function tipCentsProblem(cents: number): string | null {
  if (!Number.isSafeInteger(cents)) return tipMessages.invalid;
  if (cents < 0) return tipMessages.negative;
  if (cents > prices.tipMaximumCents) return tipMessages.tooLarge;
  return null;
}

/**
 * spec: customer-site 5 — a custom tip typed in dollars: non-negative, two decimals at most, at
 * most the maximum. Empty means no tip. Either its cents or the sentence to show by the field.
 */
export function parseCustomTip(input: string): { cents: number } | { error: string } {
  const text = input.trim();
  if (text === '') return { cents: 0 };
  if (/^-/.test(text)) return { error: tipMessages.negative };
  if (/^\$?\d*\.\d{3,}$/.test(text)) return { error: tipMessages.tooManyDecimals };
  const cents = parseDollarsToCents(text);
  if (cents === null) return { error: tipMessages.invalid };
  const problem = tipCentsProblem(cents);
  return problem ? { error: problem } : { cents };
}

/**
 * What approving charges now: the tip and whatever is still due. A charge between 0 and the
 * gateway's minimum cannot be made (docs/design.md 5.8), so a tip that would make one is refused.
 */
export function approvalChargeCents(tipCents: number, amountDueCents: number): { chargeCents: number } | { error: string } {
  const problem = tipCentsProblem(tipCents);
  if (problem) return { error: problem };
  const chargeCents = tipCents + Math.max(0, amountDueCents);
  if (chargeCents > 0 && chargeCents < prices.minimumChargeCents) return { error: tipMessages.belowMinimum };
  return { chargeCents };
}

/** spec: customer-site 4 — the bill with the tip: what the invoice shows as "Total with tip" and, once approved, as the total paid. */
export function totalWithTipCents(billTotalCents: number, tipCents: number): number {
  assertInteger(billTotalCents, 'billTotalCents');
  assertInteger(tipCents, 'tipCents');
  return billTotalCents + tipCents;
}

/**
 * What approving the weighed bill does, said before the customer approves (spec: customer-site 4):
 * the card already paid its part of the bill, so approving confirms the bill, pays what is still
 * due, and adds a tip if they want one. Never "approve" a charge as if it were still to come.
 */
export function approvalWords(b: { billChargedCents: number; amountDueCents: number }): string {
  const paid = b.billChargedCents > 0 ? `Your card has already paid ${formatCents(b.billChargedCents)} of it. ` : '';
  return b.amountDueCents > 0
    ? `${paid}Approving confirms the bill, pays the ${formatCents(b.amountDueCents)} still due, and adds a tip for your laundry pro if you like.`
    : `${paid}Approving confirms the bill and adds a tip for your laundry pro if you like.`;
}
