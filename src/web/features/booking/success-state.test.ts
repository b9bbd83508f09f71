import { describe, expect, it } from 'vitest';
import { bookingSuccessState, successPolls, type SuccessState } from './success-state';

const paid = { payment_status: 'paid', booking_status: 'confirmed' };
const pending = { payment_status: 'pending', booking_status: 'pending' };
const cancelled = { payment_status: 'pending', booking_status: 'cancelled' };

describe('what the booking-success page says', () => {
  it.each<[string, Parameters<typeof bookingSuccessState>[0], SuccessState]>([
    ['no booking_id+token and no session_id', { hasReference: false, isLoading: false, booking: undefined, errorStatus: null, looks: 0 }, 'not_found'],
    ['still loading', { hasReference: true, isLoading: true, booking: undefined, errorStatus: null, looks: 0 }, 'loading'],
    ['a made-up session: 404', { hasReference: true, isLoading: false, booking: undefined, errorStatus: 404, looks: 1 }, 'not_found'],
    ['a malformed reference: 400', { hasReference: true, isLoading: false, booking: undefined, errorStatus: 400, looks: 1 }, 'not_found'],
    ['the server failed: 503', { hasReference: true, isLoading: false, booking: undefined, errorStatus: 503, looks: 1 }, 'unavailable'],
    ['paid: confirmed', { hasReference: true, isLoading: false, booking: paid, errorStatus: null, looks: 1 }, 'confirmed'],
    ['pending, still looking', { hasReference: true, isLoading: false, booking: pending, errorStatus: null, looks: 3 }, 'confirming'],
    ['pending after every look', { hasReference: true, isLoading: false, booking: pending, errorStatus: null, looks: successPolls }, 'still_confirming'],
    ['an expired or left checkout: the booking cancelled', { hasReference: true, isLoading: false, booking: cancelled, errorStatus: null, looks: 1 }, 'not_completed'],
    ['paid after the window filled (decision 042): said so', { hasReference: true, isLoading: false, booking: { ...cancelled, cancel_reason: 'window_full' as const }, errorStatus: null, looks: 1 }, 'window_taken'],
    ['a failed payment', { hasReference: true, isLoading: false, booking: { payment_status: 'failed', booking_status: 'pending' }, errorStatus: null, looks: 1 }, 'not_completed'],
  ])('%s', (_case, input, expected) => expect(bookingSuccessState(input)).toBe(expected));
});
