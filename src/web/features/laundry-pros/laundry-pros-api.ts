// The laundry pros and their assignments (/api/admin/pros, /api/admin/assignments, behind the
// server's guard): the shared contracts sent through the typed client, with their query keys and hooks.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AssignmentRow, LaundryPro, ProProfileInput } from '../../../shared/schemas/laundry-pros';
import { apiRequest } from '../../lib/api';
import { backOfficeKeys } from '../back-office-api';

export type { AssignmentRow, LaundryPro, ProProfileInput };

// the back office's own keys: a booking change (a weighing, an assignment) refreshes the cards and
// the overview, and the bookings' Laundry Pro dropdown shares the list with this tab
export const laundryProsKeys = {
  pros: backOfficeKeys.laundryPros,
  assignments: backOfficeKeys.assignments,
};

export function useLaundryPros() {
  return useQuery({
    queryKey: laundryProsKeys.pros,
    queryFn: ({ signal }) => apiRequest('listLaundryPros', undefined, { signal }),
    select: (data) => data.pros,
  });
}

export function useAssignments() {
  return useQuery({
    queryKey: laundryProsKeys.assignments,
    queryFn: ({ signal }) => apiRequest('listAssignments', undefined, { signal }),
    select: (data) => data.assignments,
  });
}

/** A change to a pro: the cards and the overview (which names the pro) are read again. */
function useProMutation<I, R>(fn: (input: I) => Promise<R>) {
  const client = useQueryClient();
  // not awaited, as the back office's booking changes: the caller's toast follows the answer at once
  return useMutation({
    mutationFn: fn,
    onSettled: () => {
      void client.invalidateQueries({ queryKey: laundryProsKeys.pros });
      void client.invalidateQueries({ queryKey: laundryProsKeys.assignments });
    },
  });
}

export function useCreateLaundryPro() {
  return useProMutation((profile: ProProfileInput) => apiRequest('createLaundryPro', profile));
}

/** The whole profile is sent: the server replaces it (PUT). */
export function useUpdateLaundryPro() {
  return useProMutation((input: { id: string; profile: ProProfileInput }) => apiRequest('updateLaundryPro', input.profile, { params: { id: input.id } }));
}

/** spec: back-office 7 create-connect-account: the pro's account (made once) and a fresh onboarding link. */
export function useStartProOnboarding() {
  return useProMutation((id: string) => apiRequest('startProOnboarding', undefined, { params: { id } }));
}

/** spec: back-office 7 check-connect-status: the gateway asked again, its answer recorded. */
export function useCheckProAccount() {
  return useProMutation((id: string) => apiRequest('checkProAccount', undefined, { params: { id } }));
}

/**
 * spec: back-office 7 process-payout (decision 018): the amount the card showed and this click's
 * key; the server pays what is unpaid, once per key, or says the amount changed.
 */
export function usePayOutPro() {
  return useProMutation((input: { id: string; requestKey: string; expectedCents: number }) =>
    apiRequest('payOutPro', { requestKey: input.requestKey, expectedCents: input.expectedCents }, { params: { id: input.id } }),
  );
}

/** decision 018: the pro gets an email with a link to set their portal password (staff never see it). */
export function useInviteProToPortal() {
  return useProMutation((id: string) => apiRequest('inviteProToPortal', undefined, { params: { id } }));
}

/** decision 041: the pro is signed out everywhere and refused until invited again. */
export function useRevokeProPortal() {
  return useProMutation((id: string) => apiRequest('revokeProPortal', undefined, { params: { id } }));
}

/** A pro's payouts, newest first, read when staff open the history. */
export function useProPayouts(id: string, enabled: boolean) {
  return useQuery({
    queryKey: [...laundryProsKeys.pros, id, 'payouts'],
    queryFn: ({ signal }) => apiRequest('listProPayouts', undefined, { params: { id }, signal }),
    select: (data) => data.payouts,
    enabled,
  });
}
