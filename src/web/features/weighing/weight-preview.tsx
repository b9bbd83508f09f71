// The weight dialog's preview (spec: back-office 4 and 9; docs/design.md 5.4 and 9): the bill as
// processing will make it, line by line, what the card's authorisation gives, what goes back on the
// gift card, and the pro's payout. Every amount comes from weighingPreview (src/shared), the same
// rules the server charges by; this file only lays them out.
import { formatCents } from '../../../shared/money';
import { billAmountText } from '../../../shared/pricing-bill';
import { poundsLabel } from '../../../shared/pricing-receipts';
import { weighingPreview, type CardSettlement, type WeighingPreview } from '../../../shared/pricing-weighing';
import { prices } from '../../../shared/business';
import type { StaffBooking } from '../back-office-api';

/** The preview for a typed weight (tenths of a pound), at this moment (an expired hold is charged differently). */
export function previewFor(booking: StaffBooking, weightTenths: number): WeighingPreview {
  return weighingPreview(
    {
      ...booking,
      // a payment intent stands behind the booking once the gateway authorised it (weighing.service's hasCard)
      hasCard: booking.paymentIntentStatus !== null,
      laundryPro: booking.laundryPro ? { name: booking.laundryPro.name, perPoundRateCents: booking.laundryPro.perPoundRateCents } : null,
    },
    weightTenths,
    new Date(),
  );
}

/** The one line read out as the weight is typed (the spec's refund / extra charge words). */
export function previewSummary(p: WeighingPreview): string {
  return [
    `Final total ${formatCents(p.finalTotalCents)}`,
    // docs/design.md 9: the gift card pays first, up to the final total
    p.giftCardAppliedCents > 0 ? `gift card ${formatCents(p.giftCardAppliedCents)}` : null,
    p.giftCardReturnedCents > 0 ? `${formatCents(p.giftCardReturnedCents)} back on the gift card` : null,
    p.adjustment.kind === 'refund' ? `refund of ${formatCents(p.adjustment.cents)}` : p.adjustment.kind === 'charge' ? `additional charge of ${formatCents(p.adjustment.cents)}` : 'no payment change',
  ]
    .filter(Boolean)
    .join(' · ');
}

type Line = { key: string; label: string; value: string; strong?: boolean; tone?: 'muted' | 'due' };

const minimum = formatCents(prices.minimumChargeCents);

/** What the card's authorisation gives, as lines. */
function cardLines(card: CardSettlement): Line[] {
  switch (card.kind) {
    case 'none':
      return card.dueCents > 0
        ? [{ key: 'due', label: 'No card on file: due from the customer', value: formatCents(card.dueCents), tone: 'due' }]
        : [{ key: 'nothing', label: 'Nothing to charge', value: formatCents(0), tone: 'muted' }];
    case 'below_minimum':
      return [
        { key: 'charged', label: 'Charged to the card', value: formatCents(0), strong: true },
        ...(card.waivedCents > 0 ? [{ key: 'waived', label: `Below the ${minimum} card minimum: not charged`, value: formatCents(card.waivedCents), tone: 'muted' as const }] : []),
        ...(card.releasedCents > 0 ? [{ key: 'released', label: 'Authorization released', value: formatCents(card.releasedCents), tone: 'muted' as const }] : []),
      ];
    case 'off_session':
      return [{ key: 'offSession', label: 'Authorization expired: charged to the saved card', value: formatCents(card.chargedCents), strong: true }];
    case 'capture':
      return [
        { key: 'captured', label: 'Captured from the authorization', value: formatCents(card.capturedCents), strong: true },
        ...(card.releasedCents > 0 ? [{ key: 'released', label: 'Released from the authorization', value: formatCents(card.releasedCents), tone: 'muted' as const }] : []),
        ...(card.extraChargeCents > 0 ? [{ key: 'extra', label: 'Charged extra to the saved card', value: formatCents(card.extraChargeCents), strong: true }] : []),
        ...(card.waivedCents > 0 ? [{ key: 'waived', label: `Extra below the ${minimum} card minimum: waived`, value: formatCents(card.waivedCents), tone: 'muted' as const }] : []),
      ];
  }
}

function Rows({ lines, testId }: { lines: Line[]; testId: string }) {
  return (
    <dl data-testid={testId} className="divide-y divide-slate-100">
      {lines.map((l) => (
        <div key={l.key} className={`flex justify-between gap-4 py-1 ${l.strong ? 'font-semibold' : ''} ${l.tone === 'due' ? 'text-destructive' : l.tone === 'muted' ? 'text-slate-600' : ''}`}>
          <dt>{l.label}</dt>
          <dd className="shrink-0 tabular-nums">{l.value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function WeightPreview({ preview, booking }: { preview: WeighingPreview; booking: StaffBooking }) {
  const bill: Line[] = preview.bill.lines.map((l) => ({ key: l.key, label: l.label, value: billAmountText(l.cents), strong: l.kind === 'subtotal' || l.kind === 'total', tone: l.kind === 'giftCard' ? 'muted' : undefined }));
  const card = cardLines(preview.card);
  if (preview.giftCardReturnedCents > 0) card.push({ key: 'giftCardBack', label: 'Back on the gift card', value: formatCents(preview.giftCardReturnedCents), tone: 'muted' });
  const pro = preview.proPayout;
  return (
    <section aria-label="Bill preview" data-testid="weight-preview" className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm">
      <p className="font-semibold">The bill at {poundsLabel(preview.weightTenths)}</p>
      <Rows testId="preview-bill" lines={bill} />
      <div className="border-t border-slate-200 pt-2">
        <p className="mb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase">Card · authorized {formatCents(booking.authorizedAmount)}</p>
        <Rows testId="preview-card" lines={card} />
      </div>
      <div className="border-t border-slate-200 pt-2">
        {pro ? (
          <Rows
            testId="preview-payout"
            lines={[{ key: 'payout', label: `Payout to ${pro.name} (${poundsLabel(preview.weightTenths)} × ${formatCents(pro.perPoundRateCents)}/lb)`, value: formatCents(pro.totalCents) }]}
          />
        ) : (
          <p className="text-slate-600">No laundry pro assigned: the payout is set when one is.</p>
        )}
        {pro ? <p className="text-xs text-slate-600">Plus any tip the customer adds on their invoice.</p> : null}
      </div>
    </section>
  );
}
