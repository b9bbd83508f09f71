// The cancellation link's two calls: the shared contracts, sent through the typed client (docs/conventions.md 2).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';

const cancellationKey = (id: string, token: string) => ['cancellation', id, token] as const;

/** What the link's booking is and what cancelling it would do (or did). */
export function useCancellation(id: string, token: string) {
  return useQuery({
    queryKey: cancellationKey(id, token),
    queryFn: ({ signal }) => apiRequest('getCancellation', undefined, { params: { id }, query: { token }, signal }),
    enabled: Boolean(id && token),
    retry: false,
  });
}

/** Cancels the link's booking; either way the page reads the booking again, which may have changed meanwhile. */
export function useCancelBooking(id: string, token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('cancelBooking', { token }, { params: { id } }),
    onSettled: () => client.invalidateQueries({ queryKey: cancellationKey(id, token) }),
  });
}
