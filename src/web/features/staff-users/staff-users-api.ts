// Staff accounts and the audit log (/api/admin/admins, /api/admin/audit, behind the server's guard):
// the shared contracts sent through the typed client, with their query keys and hooks.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AdminUser, createAdminRequestSchema } from '../../../shared/schemas/admin';
import type { AuditEntry, AuditList } from '../../../shared/schemas/audit';
import { apiRequest } from '../../lib/api';

export type { AdminUser, AuditEntry, AuditList };
/** The Audit tab's filters as its address holds them ('' for any). */
export type AuditFilters = { by: string; action: string; from: string; to: string; page: number };
export type CreateAdminInput = z.input<typeof createAdminRequestSchema>;

// a change to a staff account refreshes every ['admin', …] query but the signed-in member's own (['admin', 'me'])
export const staffUsersKeys = {
  admins: ['admin', 'admins'] as const,
  audit: ['admin', 'audit'] as const,
  auditPage: (f: AuditFilters) => ['admin', 'audit', f] as const,
};

export function useAdmins() {
  return useQuery({
    queryKey: staffUsersKeys.admins,
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

/** A page of the audit log, filtered on the server (spec: back-office 2; docs/design.md 8). */
export function useAuditLog(filters: AuditFilters, enabled = true) {
  return useQuery({
    queryKey: staffUsersKeys.auditPage(filters),
    queryFn: ({ signal }) =>
      apiRequest('auditLog', undefined, {
        query: { by: filters.by || undefined, action: filters.action || undefined, from: filters.from || undefined, to: filters.to || undefined, page: String(filters.page) },
        signal,
      }),
    // the rows on screen stay (dimmed) while the next page or filter loads
    placeholderData: keepPreviousData,
    enabled,
  });
}
