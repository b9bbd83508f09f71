// The staff API (/api/admin/*, behind the server's guard): the shared contracts sent through the
// typed client, with their query keys and hooks.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AdminUser, changePasswordRequestSchema, createAdminRequestSchema } from '../../../shared/schemas/admin';
import { apiRequest, ApiRequestError } from '../../lib/api';

export type { AdminUser };
export type CreateAdminInput = z.input<typeof createAdminRequestSchema>;
export type ChangePasswordInput = z.input<typeof changePasswordRequestSchema>;

export const adminKeys = {
  me: ['admin', 'me'] as const,
  admins: ['admin', 'admins'] as const,
  audit: ['admin', 'audit'] as const,
};

/** The signed-in staff member; a 401/403 is an answer here (the guard acts on it), not a retry. */
export function useAdminMe() {
  return useQuery({
    queryKey: adminKeys.me,
    queryFn: ({ signal }) => apiRequest('adminMe', undefined, { signal }),
    retry: (count, error) => !(error instanceof ApiRequestError && error.status > 0 && error.status < 500) && count < 1,
    staleTime: 30_000,
  });
}

export function useChangeOwnPassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => apiRequest('changeOwnPassword', input),
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.me }),
  });
}

export function useAdmins() {
  return useQuery({
    queryKey: adminKeys.admins,
    queryFn: ({ signal }) => apiRequest('listAdmins', undefined, { signal }),
    select: (data) => data.admins,
  });
}

export function useCreateAdmin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateAdminInput) => apiRequest('createAdmin', input),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin'], predicate: (q) => q.queryKey[1] !== 'me' }),
  });
}

export function useSetAdminStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; disabled: boolean }) =>
      apiRequest('setAdminStatus', { disabled: input.disabled }, { params: { id: input.id } }),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin'], predicate: (q) => q.queryKey[1] !== 'me' }),
  });
}

export function useResetAdminPassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string }) => apiRequest('resetAdminPassword', undefined, { params: { id: input.id } }),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin'], predicate: (q) => q.queryKey[1] !== 'me' }),
  });
}

export function useAuditLog(enabled: boolean) {
  return useQuery({
    queryKey: adminKeys.audit,
    queryFn: ({ signal }) => apiRequest('auditLog', undefined, { signal }),
    select: (data) => data.entries,
    enabled,
  });
}
