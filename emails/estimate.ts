// The estimate block shared by the confirmation (to the customer) and the abandoned-payment notice
// (to the business). Amounts come from the booking and src/shared/pricing-receipts; this only lays them out.
import { formatCents } from '../src/shared/money';
import { estimateLines } from '../src/shared/pricing-receipts';
import type { AmountRow } from './components/parts';
import type { BookingEmailData } from './email-data';

type EstimateData = Pick<
  BookingEmailData,
  'bagQuantity' | 'bagRateCents' | 'addOnLines' | 'subtotalCents' | 'giftCardDiscountCents' | 'totalCents' | 'promoCode'
>;

export function estimateRows(d: EstimateData): AmountRow[] {
  const estimate = estimateLines(d);
  const rows: AmountRow[] = [
    ...estimate.lines.map((line) => ({ label: line.label, amount: formatCents(line.cents) })),
    { label: 'Subtotal', amount: formatCents(estimate.subtotalCents) },
  ];
  if (estimate.giftCardDiscountCents > 0) rows.push({ label: 'Gift card', amount: `−${formatCents(estimate.giftCardDiscountCents)}` });
  rows.push({ label: 'Estimated total', amount: formatCents(estimate.totalCents), total: true });
  return rows;
}
