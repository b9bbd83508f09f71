// The signed-in staff member's own account (/api/admin/me and its password): the shared contracts
// sent through the typed client, with their query key and hooks.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AdminUser, changePasswordRequestSchema } from '../../../shared/schemas/admin';
import { apiRequest, ApiRequestError } from '../../lib/api';

export type { AdminUser };
export type ChangePasswordInput = z.input<typeof changePasswordRequestSchema>;

export const sessionKeys = {
  me: ['admin', 'me'] as const,
};

/** The signed-in staff member; a 401/403 is an answer here (the guard acts on it), not a retry. */
export function useAdminMe() {
  return useQuery({
    queryKey: sessionKeys.me,
    queryFn: ({ signal }) => apiRequest('adminMe', undefined, { signal }),
    retry: (count, error) => !(error instanceof ApiRequestError && error.status > 0 && error.status < 500) && count < 1,
    staleTime: 30_000,
  });
}

export function useChangeOwnPassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => apiRequest('changeOwnPassword', input),
    onSuccess: () => client.invalidateQueries({ queryKey: sessionKeys.me }),
  });
}
