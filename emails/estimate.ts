// The estimate block shared by the confirmation (to the customer) and the abandoned-payment notice
// (to the business). Amounts come from the booking; this only lays them out.
import { formatCents } from '../src/shared/money';
import type { AmountRow } from './components/parts';
import type { BookingEmailData } from './email-data';

type EstimateData = Pick<
  BookingEmailData,
  'bagQuantity' | 'bagRateCents' | 'addOnLines' | 'subtotalCents' | 'giftCardDiscountCents' | 'totalCents' | 'promoCode'
>;

export function estimateRows(d: EstimateData): AmountRow[] {
  const bags = `${d.bagQuantity} ${d.bagQuantity === 1 ? 'bag' : 'bags'} × ${formatCents(d.bagRateCents)}`;
  const rows: AmountRow[] = [
    {
      label: d.promoCode ? `Laundry (${bags}, promo code ${d.promoCode})` : `Laundry (${bags})`,
      amount: formatCents(d.bagQuantity * d.bagRateCents),
    },
    ...d.addOnLines.map((line) => ({
      label: line.quantity > 1 ? `${line.label} (${line.quantity} × ${formatCents(line.unitCents)})` : line.label,
      amount: formatCents(line.totalCents),
    })),
    { label: 'Subtotal', amount: formatCents(d.subtotalCents) },
  ];
  if (d.giftCardDiscountCents > 0) rows.push({ label: 'Gift card', amount: `−${formatCents(d.giftCardDiscountCents)}` });
  rows.push({ label: 'Estimated total', amount: formatCents(d.totalCents), total: true });
  return rows;
}
