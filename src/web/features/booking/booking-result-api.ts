// The pages a booking comes back to from the checkout: its confirmation, polled while the card's
// word is on its way, and the record of a checkout left (TanStack Query, lib/query.tsx).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import { successPolls } from './success-state';

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
