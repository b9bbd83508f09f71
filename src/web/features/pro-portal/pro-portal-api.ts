// The pro portal's data (decision 018): /api/pro/* through the typed client, behind the server's
// pro guard, with its query key and hooks. The sign-in itself is better-auth's (staff-session).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fileEndpoints } from '../../../shared/endpoints-files';
import type { OnMyWayMinutes, ProEarning, ProJob, ProPortal, ProStep } from '../../../shared/schemas/pro-portal';
import type { Payout } from '../../../shared/schemas/laundry-pros';
import type { MissedPickupReason } from '../../../shared/stops';
import { apiRequest, ApiRequestError } from '../../lib/api';

export type { Payout, ProEarning, ProJob, ProPortal, ProStep };

export const proPortalKeys = {
  portal: ['pro-portal'] as const,
};

/** The guard's answers: not signed in (401), or signed in as someone who is not a pro (403). */
export type ProAccess = 'signed-out' | 'refused' | null;

export function proAccess(error: unknown): ProAccess {
  if (!(error instanceof ApiRequestError)) return null;
  if (error.status === 401) return 'signed-out';
  if (error.status === 403) return 'refused';
  return null;
}

/** The pro's jobs, earnings and payouts; a 401/403 is an answer (the page acts on it), not a retry. */
export function useProPortal() {
  return useQuery({
    queryKey: proPortalKeys.portal,
    queryFn: ({ signal }) => apiRequest('proPortal', undefined, { signal }),
    retry: (count, error) => !(error instanceof ApiRequestError && error.status > 0 && error.status < 500) && count < 1,
  });
}

/**
 * Records a step on one of the pro's jobs. The portal is read again before the mutation settles,
 * so the card shows the server's new status the moment the pending state ends.
 */
export function useProStep() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { assignmentId: string; step: ProStep }) => apiRequest('proAssignmentStep', { step: input.step }, { params: { id: input.assignmentId } }),
    onSettled: () => client.invalidateQueries({ queryKey: proPortalKeys.portal }),
  });
}

/** "On my way" (decision 056): tells the job's customer when the pro arrives. */
export function useOnMyWay(assignmentId: string) {
  return useMutation({
    mutationFn: (minutes: OnMyWayMinutes) => apiRequest('proOnMyWay', { minutes }, { params: { id: assignmentId } }),
  });
}

/** A missed pick-up (decision 057): reported once its photo is on the server; the portal is read again. */
export function useReportMissedPickup(assignmentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (reason: MissedPickupReason) => apiRequest('proMissedPickup', { reason }, { params: { id: assignmentId } }),
    onSettled: () => client.invalidateQueries({ queryKey: proPortalKeys.portal }),
  });
}

/** The yearly CSV statement: a plain download link (the session cookie goes with it, same origin). */
export function statementHref(year: number): string {
  return `${fileEndpoints.proEarningsStatement.path}?${new URLSearchParams({ year: String(year) })}`;
}

/** decision 041: the link from the pro's new email, used; the pro signs in with that address from now on. */
export function useConfirmProEmail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => apiRequest('confirmProEmail', { token }),
    // the pro's sessions ended with the change: the portal is read again (and asks to sign in)
    onSuccess: () => client.removeQueries({ queryKey: proPortalKeys.portal }),
  });
}
