// The Reports tab's call (/api/admin/reports behind the server's guard; decision 026): the shared
// contract sent through the typed client, with its query key and hook.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Report } from '../../../shared/schemas/reports';
import { apiRequest } from '../../lib/api';

export type { Report };
export type ReportRange = { from: string; to: string };

// their own keys: a report is read again on Refresh, not after every booking change
export const reportKeys = { report: (r: ReportRange) => ['admin', 'reports', r.from, r.to] as const };

/** The range's report; `range` null (a range the form refuses) asks nothing. */
export function useReport(range: ReportRange | null) {
  return useQuery({
    queryKey: reportKeys.report(range ?? { from: '', to: '' }),
    queryFn: ({ signal }) => apiRequest('getReport', undefined, { query: { from: range!.from, to: range!.to }, signal }),
    enabled: range !== null,
    // the last report stays (dimmed) while the next range loads
    placeholderData: keepPreviousData,
  });
}
