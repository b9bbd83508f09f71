// The Settings tab's calls (/api/admin/settings behind the server's guard; decision 055): the shared
// contracts sent through the typed client, with their query key and hooks.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PromoCodeInput, promoCodeActions } from '../../../shared/schemas/promo-codes';
import type { SaveSettingsRequest, SettingsResponse } from '../../../shared/schemas/settings';
import { apiRequest } from '../../lib/api';

export type { SettingsResponse };
export const settingsKeys = { settings: ['admin', 'settings'] as const };

export function useSettings() {
  return useQuery({ queryKey: settingsKeys.settings, queryFn: ({ signal }) => apiRequest('getSettings', undefined, { signal }) });
}

export function useSaveSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveSettingsRequest) => apiRequest('saveSettings', input),
    onSuccess: (saved) => client.setQueryData(settingsKeys.settings, saved),
    // refused because another admin saved first: read the settings again so their values show
    onError: () => client.invalidateQueries({ queryKey: settingsKeys.settings }),
  });
}

/** Opens the website to bookings (first run), on the version the owner confirmed. */
export function useOpenForBookings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (version: number) => apiRequest('openForBookings', { version }),
    onSuccess: (saved) => client.setQueryData(settingsKeys.settings, saved),
    onError: () => client.invalidateQueries({ queryKey: settingsKeys.settings }),
  });
}

type PromoCodeAction = (typeof promoCodeActions)[number];
export const promoCodeKeys = { list: ['admin', 'promo-codes'] as const };

export function usePromoCodes() {
  return useQuery({ queryKey: promoCodeKeys.list, queryFn: ({ signal }) => apiRequest('listPromoCodes', undefined, { signal }) });
}

export function useCreatePromoCode() {
  const client = useQueryClient();
  return useMutation({ mutationFn: (input: PromoCodeInput) => apiRequest('createPromoCode', input), onSettled: () => client.invalidateQueries({ queryKey: promoCodeKeys.list }) });
}

export function useChangePromoCode() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { code: string; action: PromoCodeAction }) => apiRequest('changePromoCode', { action: v.action }, { params: { code: v.code } }),
    onSettled: () => client.invalidateQueries({ queryKey: promoCodeKeys.list }),
  });
}
