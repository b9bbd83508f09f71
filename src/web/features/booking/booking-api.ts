// What /book asks the server: the calendar's availability once when it opens, and a press's
// gift-card check, quote and booking. Without TanStack Query (decision 062): the booking page keeps
// no server state to share, cache or poll.
import type { CreateBookingRequest } from '../../../shared/schemas/booking-api';
import { apiRequest } from '../../lib/api';
import { useAction, useLoad } from '../../lib/use-request';

export function useAvailability() {
  return useLoad((signal) => apiRequest('availability', undefined, { signal }));
}

export function useValidateGiftCard() {
  return useAction((giftCardCode: string) => apiRequest('validateGiftCard', { giftCardCode }));
}

export function useQuoteBooking() {
  return useAction((body: CreateBookingRequest) => apiRequest('quoteBooking', body));
}

export function useCreateBooking() {
  return useAction((body: CreateBookingRequest) => apiRequest('createBooking', body));
}
