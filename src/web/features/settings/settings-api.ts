// The Settings tab's calls (/api/admin/settings behind the server's guard; decision 055): the shared
// contracts sent through the typed client, with their query key and hooks.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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
