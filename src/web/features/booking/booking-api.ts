import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { addDays } from '../../../shared/dates';
import type { CreateBookingRequest } from '../../../shared/schemas/booking-api';
import { apiRequest } from '../../lib/api';
import { successPolls } from './success-state';

export function useAvailability() {
  return useQuery({
    queryKey: ['availability'],
    queryFn: ({ signal }) => apiRequest('availability', undefined, { signal }),
    staleTime: 60_000,
  });
}

export function useValidateGiftCard() {
  return useMutation({
    mutationFn: (giftCardCode: string) => apiRequest('validateGiftCard', { giftCardCode }),
  });
}

export function useQuoteBooking() {
  return useMutation({ mutationFn: (body: CreateBookingRequest) => apiRequest('quoteBooking', body) });
}

export function useCreateBooking() {
  return useMutation({ mutationFn: (body: CreateBookingRequest) => apiRequest('createBooking', body) });
}

/** A booking by its checkout session, or by its id and the signed token its booking answer gave (docs/design.md 9). */
export function useBooking(by: { bookingId: string | null; token: string | null; sessionId: string | null }) {
  const client = useQueryClient();
  const queryKey = ['booking', by.bookingId, by.token, by.sessionId];
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) =>
      by.bookingId
        ? apiRequest('getBooking', undefined, { params: { id: by.bookingId }, query: { token: by.token ?? '' }, signal })
        : apiRequest('getBookingBySession', undefined, { params: { sessionId: by.sessionId! }, signal }),
    enabled: Boolean((by.bookingId && by.token) || by.sessionId),
    retry: false,
    // a card payment may still be on its way from the gateway: look again for a little while
    refetchInterval: (q) => (q.state.data?.payment_status === 'pending' && q.state.dataUpdateCount < successPolls ? 2000 : false),
  });
  /** How many answers the page has had: it stops looking after successPolls. */
  const looks = client.getQueryState(queryKey)?.dataUpdateCount ?? 0;
  return { ...query, looks };
}

export function useRecordAbandonedCheckout() {
  return useMutation({ mutationFn: (sessionId: string) => apiRequest('recordAbandonedCheckout', { session_id: sessionId }) });
}

export function calendarRange(today: string) {
  return { from: today, to: addDays(today, 90) };
}
