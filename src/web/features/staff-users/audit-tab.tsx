// The Audit tab (master_admin only; docs/design.md 6, docs/decisions/012): who did what, in words,
// newest first, filtered by person, action and days and paged on the server (docs/design.md 8). The
// filters and the page live in the address (url-state.ts), so a reload or a shared link shows
// the same page.
import { History } from 'lucide-react';
import { useEffect } from 'react';
import { isAuditAction } from '../../../shared/audit-actions';
import { isIsoDate } from '../../../shared/dates';
import { Card } from '../../components/ui/card';
import { Pager } from '../../components/ui/pager';
import { LoadFailed, Loading, RefreshButton, useLoadErrorToast } from '../../components/ui/query-state';
import { EmptyState } from '../../components/ui/table';
import { pageFrom, useUrlState } from '../../lib/url-state';
import { useMediaQuery } from '../../lib/use-media-query';
import { AuditCards, AuditTable } from './audit-entries';
import { AuditFiltersForm } from './audit-filters';
import { useAuditLog, type AuditFilters } from './staff-users-api';

const loadFailedTitle = 'Error Loading Audit Log';
const counts = new Intl.NumberFormat('en-US');
const urlDefaults = { by: '', action: '', from: '', to: '', page: '1' };

/** The address's filters, anything unreadable as none (a hand-edited link still shows a list). */
function readFilters(url: typeof urlDefaults): AuditFilters {
  return {
    by: url.by.trim().toLowerCase().slice(0, 254),
    action: isAuditAction(url.action) ? url.action : '',
    from: isIsoDate(url.from) ? url.from : '',
    to: isIsoDate(url.to) ? url.to : '',
    page: pageFrom(url.page),
  };
}

export function AuditTab() {
  const [url, setUrl] = useUrlState(urlDefaults);
  const filters = readFilters(url);
  const rangeError = filters.from && filters.to && filters.from > filters.to ? 'To must be on or after From.' : null;
  const audit = useAuditLog(filters, rangeError === null);
  // a table where it fits, one card per entry on a phone or a small tablet
  const wide = useMediaQuery('(min-width: 1024px)');
  useLoadErrorToast(loadFailedTitle, audit.error);

  const data = audit.data;
  // a page emptied since it was chosen (a shared link, a narrower filter) moves back to the last page there is
  useEffect(() => {
    if (data && !audit.isPlaceholderData && data.entries.length === 0 && data.total > 0) setUrl({ page: String(Math.ceil(data.total / data.pageSize)) }, { replace: true });
  }, [data, audit.isPlaceholderData, setUrl]);

  const filtered = filters.by !== '' || filters.action !== '' || filters.from !== '' || filters.to !== '';
  const first = data ? (data.page - 1) * data.pageSize + 1 : 0;
  const last = data ? first + data.entries.length - 1 : 0;

  return (
    <Card className="overflow-hidden rounded-xl">
      <div className="flex flex-col gap-4 border-b border-slate-200 p-4 sm:px-6">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="flex min-w-0 items-start gap-3">
            <History className="mt-1 size-5 shrink-0 text-slate-600" aria-hidden="true" />
            <div className="min-w-0">
              <h2 className="text-lg font-bold">Audit Log{data ? ` (${counts.format(data.total)})` : ''}</h2>
              <p className="text-sm text-muted-foreground">Every staff action on money or people, newest first. Times are the business's.</p>
            </div>
          </div>
          <RefreshButton query={audit} />
        </div>
        <AuditFiltersForm
          filters={filters}
          people={data?.people ?? []}
          rangeError={rangeError}
          // a new filter starts again at the first page
          onChange={(changes) => setUrl({ ...changes, page: '1' })}
        />
      </div>

      {rangeError ? null : audit.isPending ? (
        <Loading>Loading the audit log...</Loading>
      ) : !data ? (
        <LoadFailed title={loadFailedTitle} query={audit} />
      ) : data.entries.length === 0 ? (
        <EmptyState>{filtered ? 'No actions match these filters.' : 'No actions recorded yet. Sign-ins, changes to admins, bookings, pros, invoices and messages appear here.'}</EmptyState>
      ) : (
        <>
          <p className="px-4 pt-3 text-xs text-muted-foreground sm:px-6" aria-live="polite">
            Showing {counts.format(first)}–{counts.format(last)} of {counts.format(data.total)}
          </p>
          {wide ? <AuditTable entries={data.entries} fetching={audit.isFetching} /> : <AuditCards entries={data.entries} fetching={audit.isFetching} />}
        </>
      )}

      {data && !rangeError ? <Pager label="Audit log pages" page={data.page} total={data.total} pageSize={data.pageSize} onPage={(page) => setUrl({ page: String(page) })} /> : null}
    </Card>
  );
}
