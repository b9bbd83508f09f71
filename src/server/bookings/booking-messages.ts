// What a customer reads when a booking is refused (spec: customer-site 5, docs/design.md 9).
import { formatCents } from '../../shared/money';
export const bookingMessages = {
  pastDate: 'Please choose a pick-up date that is still ahead.',
  windowStarted: 'That pick-up window has already started today. Please choose a later time or day.',
  windowFull: 'That pick-up window is full. Please choose another time or day.',
  oneOpenFreeBooking: 'You already have a free pick-up booked. You can book another free one once that one has been picked up.',
  submissionGone: 'This booking is no longer on record. Please press Pay again to book.',
  submissionMismatch: 'These booking details differ from the ones this form first sent. Please check your details and press Pay again.',
} as const;

/** What a cancellation email says about the money (self-service and staff cancellations alike). */
export function cancellationNote(releasedAuthorisationCents: number, giftCardReturnedCents: number): string {
  const card =
    releasedAuthorisationCents > 0
      ? `The ${formatCents(releasedAuthorisationCents)} authorization on your card has been released. Nothing was charged.`
      : 'Nothing was charged.';
  return giftCardReturnedCents > 0 ? `${card} ${formatCents(giftCardReturnedCents)} is back on your gift card.` : card;
}
