// The rating page's two calls (decision 063): the shared contracts, sent through the typed client
// (docs/conventions.md 2), with TanStack Query like the other link pages (cancel, invoice, series).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RatingView } from '../../../shared/schemas/ratings';
import { apiRequest } from '../../lib/api';

const ratingKey = (id: string, token: string) => ['rating', id, token] as const;

/** The link's order and its rating once given; nothing is asked without a link. */
export function useRating(id: string, token: string) {
  return useQuery({
    queryKey: ratingKey(id, token),
    queryFn: ({ signal }) => apiRequest('getRating', undefined, { params: { id }, query: { token }, signal }),
    enabled: Boolean(id && token),
    retry: false,
  });
}

/** Sends the rating; the answer (the rating as kept) becomes what the page shows. */
export function useRateOrder(id: string, token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { stars: number; comment: string }) => apiRequest('rateOrder', { token, stars: input.stars, comment: input.comment }, { params: { id } }),
    onSuccess: (view: RatingView) => client.setQueryData(ratingKey(id, token), view),
  });
}
