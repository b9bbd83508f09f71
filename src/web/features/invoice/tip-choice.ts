// The tip the invoice page is about to approve (spec: customer-site 5, 9): a preset, no tip, or a
// custom amount typed in dollars. Every amount comes from the shared pricing functions.
import { approvalChargeCents, parseCustomTip, totalWithTipCents } from '../../../shared/pricing-tips';

export type TipChoice = { kind: 'none' } | { kind: 'preset'; percent: number } | { kind: 'custom'; text: string };

/** The tip in cents, or the sentence to show by the custom field; the total with it (bill + tip); what approving charges now (tip + anything still due). */
export function tipOfChoice(
  choice: TipChoice,
  presets: readonly { percent: number; cents: number }[],
  bill: { totalCents: number; amountDueCents: number },
): { tipCents: number; totalCents: number; payNowCents: number; error: string | null } {
  let tipCents = 0;
  if (choice.kind === 'preset') tipCents = presets.find((p) => p.percent === choice.percent)?.cents ?? 0;
  if (choice.kind === 'custom') {
    const parsed = parseCustomTip(choice.text);
    if ('error' in parsed) return { tipCents: 0, totalCents: bill.totalCents, payNowCents: 0, error: parsed.error };
    tipCents = parsed.cents;
  }
  const charge = approvalChargeCents(tipCents, bill.amountDueCents);
  return 'error' in charge
    ? { tipCents, totalCents: totalWithTipCents(bill.totalCents, tipCents), payNowCents: 0, error: charge.error }
    : { tipCents, totalCents: totalWithTipCents(bill.totalCents, tipCents), payNowCents: charge.chargeCents, error: null };
}
