// The gift-card calls: the shared contracts, sent through the typed client (docs/conventions.md 2).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GiftCardPurchaseRequest } from '../../../shared/schemas/gift-card-purchase';
import { apiRequest } from '../../lib/api';
import { giftCardLookupIntervalMs, lookAgain } from './success-state';

/** spec: customer-site 7, create-gift-card-payment: the checkout to open in a new tab. */
export function useCreateGiftCardPurchase() {
  return useMutation({ mutationFn: (body: GiftCardPurchaseRequest) => apiRequest('createGiftCardPurchase', body) });
}

/** The balance check (beyond the spec): the redemption's own check, under its rate limit. */
export function useCheckGiftCardBalance() {
  return useMutation({ mutationFn: (giftCardCode: string) => apiRequest('validateGiftCard', { giftCardCode }) });
}

/** The purchase behind a checkout session, looked up again while the gateway's word is on its way (spec: customer-site 4). */
export function useGiftCardPurchase(sessionId: string | null) {
  const client = useQueryClient();
  const queryKey = ['gift-card-purchase', sessionId];
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => apiRequest('getGiftCardPurchase', undefined, { params: { sessionId: sessionId! }, signal }),
    enabled: Boolean(sessionId),
    retry: false,
    refetchInterval: (q) => (lookAgain(q.state.data?.status, q.state.dataUpdateCount) ? giftCardLookupIntervalMs : false),
  });
  /** How many answers the page has had: it stops looking after giftCardLookups. */
  const looks = client.getQueryState(queryKey)?.dataUpdateCount ?? 0;
  return { ...query, looks };
}
