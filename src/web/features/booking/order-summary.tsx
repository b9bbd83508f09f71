import { pickupWindowLabel } from '../../../shared/business';
import { formatLongDate } from '../../../shared/dates';
import { formatCents } from '../../../shared/money';
import { formatPhone } from '../../../shared/phone';
import { waivesAllCharges, type BookingQuote, type PromoRate } from '../../../shared/pricing';
import { pickupLocationLabels } from '../../../shared/booking-values';
import type { BookingDraft } from './booking-draft';

export function OrderSummary({
  draft,
  quote,
  promo,
  showDetails = false,
}: {
  draft: BookingDraft;
  quote: BookingQuote;
  promo: PromoRate | null;
  showDetails?: boolean;
}) {
  // what the customer told us, read back before they book
  const notes: [string, string][] = [
    ['Allergies', draft.allergies],
    ['Care notes', draft.specialCareInstructions],
    ['Special instructions', draft.specialInstructions],
  ];
  return (
    <div className="rounded-xl border border-border bg-brand-50/60 p-4 sm:p-5">
      {showDetails ? (
        <dl className="mb-4 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-muted-foreground">Name</dt>
            <dd className="font-medium wrap-anywhere">{draft.name}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Contact</dt>
            <dd className="font-medium wrap-anywhere">
              {draft.email} · <span className="whitespace-nowrap">{formatPhone(draft.phone)}</span>
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Pick-up</dt>
            <dd className="font-medium">
              {draft.pickupDate ? formatLongDate(draft.pickupDate) : '—'}
              {draft.pickupTime ? `, ${pickupWindowLabel(draft.pickupTime)}` : ''}
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Address</dt>
            <dd className="font-medium">
              {draft.address}, {draft.city} {draft.zipCode}
              {draft.pickupLocation
                ? ` (${pickupLocationLabels[draft.pickupLocation as keyof typeof pickupLocationLabels] ?? draft.pickupLocation})`
                : ''}
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Preferences</dt>
            <dd className="font-medium capitalize">
              {draft.waterTemperature} water, {draft.detergentType.replace('-', ' ')} detergent
            </dd>
          </div>
          {notes.map(([label, value]) => (
            <div key={label} className="sm:col-span-2">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className={value.trim() ? 'font-medium break-words whitespace-pre-line' : 'text-muted-foreground italic'}>{value.trim() || 'None'}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      <table className="w-full text-sm">
        <caption className="sr-only">Estimate</caption>
        <tbody>
          <tr>
            <th scope="row" className="py-1 text-left font-normal">
              {draft.bagQuantity} {draft.bagQuantity === 1 ? 'bag' : 'bags'} × {formatCents(quote.bagRateCents)}
              {promo && !waivesAllCharges(promo) ? <span className="text-muted-foreground"> ({promo.code})</span> : null}
            </th>
            <td className="py-1 text-right tabular-nums">{formatCents(quote.bagsCents)}</td>
          </tr>
          {quote.addOnLines.map((line) => (
            <tr key={line.key}>
              <th scope="row" className="py-1 text-left font-normal">
                {line.label}
                {line.quantity > 1 ? ` × ${line.quantity}` : ''}
              </th>
              <td className="py-1 text-right tabular-nums">{formatCents(line.totalCents)}</td>
            </tr>
          ))}
          {waivesAllCharges(promo) ? (
            <tr>
              <th scope="row" className="py-1 text-left font-normal text-success">
                Promo {promo?.code}: all charges waived
              </th>
              <td className="py-1 text-right tabular-nums text-success">{formatCents(0)}</td>
            </tr>
          ) : null}
          <tr className="border-t border-border">
            <th scope="row" className="pt-2 text-left font-medium">
              Subtotal
            </th>
            <td className="pt-2 text-right tabular-nums">{formatCents(quote.subtotalCents)}</td>
          </tr>
          {quote.giftCardDiscountCents > 0 ? (
            <tr>
              <th scope="row" className="py-1 text-left font-normal text-success">
                Gift card
              </th>
              <td className="py-1 text-right tabular-nums text-success">−{formatCents(quote.giftCardDiscountCents)}</td>
            </tr>
          ) : null}
          <tr>
            <th scope="row" className="pt-2 text-left text-base font-bold">
              Estimated total
            </th>
            <td className="pt-2 text-right text-base font-bold tabular-nums" data-testid="estimate-total">
              {formatCents(quote.totalCents)}
            </td>
          </tr>
        </tbody>
      </table>
    </div>
  );
}
