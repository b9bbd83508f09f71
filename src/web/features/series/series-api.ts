// Recurring pick-ups (decision 024): the shared contracts through the typed client.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SeriesAction } from '../../../shared/schemas/series';
import { apiRequest } from '../../lib/api';

/** Starts a series from the confirmation page, with the page's own credential. */
export function useStartSeries() {
  return useMutation({
    mutationFn: (input: { bookingId: string; everyWeeks: 1 | 2; token?: string; sessionId?: string }) => apiRequest('startSeries', input),
  });
}

export function useSeries(id: string | null, token: string | null) {
  return useQuery({
    queryKey: ['series', id, token],
    queryFn: ({ signal }) => apiRequest('getSeries', undefined, { params: { id: id! }, query: { token: token! }, signal }),
    enabled: Boolean(id && token),
    retry: false,
  });
}

export function useSeriesAction(id: string, token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: SeriesAction) => apiRequest('actOnSeries', { token, action }, { params: { id } }),
    onSuccess: (res) => client.setQueryData(['series', id, token], { series: res.series }),
  });
}
