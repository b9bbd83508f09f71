// Words the booking capabilities share outside errors (every refusal is in src/server/error-catalogue.ts).
import { formatCents } from '../../shared/money';
/** What a cancellation email says about the money (self-service and staff cancellations alike). */
export function cancellationNote(releasedAuthorisationCents: number, giftCardReturnedCents: number): string {
  const card =
    releasedAuthorisationCents > 0
      ? `The ${formatCents(releasedAuthorisationCents)} authorization on your card has been released. Nothing was charged.`
      : 'Nothing was charged.';
  return giftCardReturnedCents > 0 ? `${card} ${formatCents(giftCardReturnedCents)} is back on your gift card.` : card;
}
