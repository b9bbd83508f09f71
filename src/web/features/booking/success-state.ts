// What the booking-success page says, from what the server answered (spec: customer-site 8): it
// looks again a bounded number of times while the card payment is on its way, then says plainly
// what is true. A made-up or unknown reference is never called confirmed.
import type { PublicBooking } from '../../../shared/schemas/booking-api';

export type SuccessState =
  | 'loading'
  /** Paid (card authorised) or free: the booking stands. */
  | 'confirmed'
  /** The card payment is on its way from the gateway: the page is still looking. */
  | 'confirming'
  /** Still not confirmed after every look: what to do now. */
  | 'still_confirming'
  /** The checkout was left, expired or the booking was cancelled: book again. */
  | 'not_completed'
  /** Paid after every place in its window was taken: the hold released (decision 042). */
  | 'window_taken'
  /** No booking with this reference. */
  | 'not_found'
  /** The server could not be asked (network, server error): try again. */
  | 'unavailable';

/** How many times the page asks again while a payment is pending (every 2 s). */
export const successPolls = 10;

export function bookingSuccessState(input: {
  hasReference: boolean;
  isLoading: boolean;
  booking: Pick<PublicBooking, 'payment_status' | 'booking_status'> & Partial<Pick<PublicBooking, 'cancel_reason'>> | undefined;
  errorStatus: number | null;
  looks: number;
}): SuccessState {
  if (!input.hasReference) return 'not_found';
  if (input.isLoading) return 'loading';
  if (input.errorStatus !== null) return input.errorStatus === 404 || input.errorStatus === 400 ? 'not_found' : 'unavailable';
  const b = input.booking;
  if (!b) return 'unavailable';
  if (b.booking_status === 'cancelled' && b.cancel_reason === 'window_full') return 'window_taken';
  if (b.booking_status === 'cancelled' || b.payment_status === 'failed') return 'not_completed';
  if (b.payment_status === 'pending') return input.looks < successPolls ? 'confirming' : 'still_confirming';
  return 'confirmed';
}
