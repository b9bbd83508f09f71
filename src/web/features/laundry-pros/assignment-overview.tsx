// spec: back-office 2, the Assignment Overview: Order, Laundry Pro, Customer, Weight (or Pending),
// Status, Payout (total, per lb, tips, or Pending) and the Assigned date, newest first (the server
// orders). A table where it fits; on a phone or a small tablet, one card per assignment. The pro
// and status shown and the page live in the address (`pro`, `assignment`, `page`).
import { useCallback, useId, type ReactNode } from 'react';
import { formatCents } from '../../../shared/money';
import { Card } from '../../components/ui/card';
import { fieldClass } from '../../components/ui/input';
import { useKeepPageInRange } from '../../components/ui/list-url-state';
import { Pager } from '../../components/ui/pager';
import { LoadFailed, Loading, RefreshButton, useLoadErrorToast } from '../../components/ui/query-state';
import { EmptyState, Table } from '../../components/ui/table';
import { cn } from '../../lib/cn';
import { formatDate, formatPounds } from '../../lib/format';
import { useMediaQuery } from '../../lib/use-media-query';
import { pageFrom, useUrlState } from '../../lib/url-state';
import { ExportLink } from '../back-office-api';
import { useAssignments, type AssignmentRow } from './laundry-pros-api';
import { assignmentStatusLabels, AssignmentStatusBadge } from './pro-card';

const loadFailedTitle = 'Failed to fetch assignments. Please try again.';
const columns = ['Order', 'Laundry Pro', 'Customer', 'Weight', 'Status', 'Payout', 'Assigned'];
const pageSize = 25;
const urlDefaults = { pro: 'all', assignment: 'all', page: '1' };
const urlAllowed = { assignment: ['all', ...Object.keys(assignmentStatusLabels)] };
const selectClass = cn(fieldClass, 'h-9 py-1');

/** Each pro named in the assignments, once, by name. */
function prosIn(rows: AssignmentRow[]): { id: string; name: string }[] {
  const byId = new Map(rows.map((r) => [r.proId, r.proName]));
  return [...byId].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
}

function Weight({ row }: { row: AssignmentRow }) {
  return row.weightTenths === null ? <span className="text-slate-600">Pending</span> : <span className="tabular-nums">{formatPounds(row.weightTenths)}</span>;
}

function Payout({ row }: { row: AssignmentRow }) {
  if (!row.payout) return <span className="text-slate-600">Pending</span>;
  return (
    <>
      <span className="block font-semibold tabular-nums">{formatCents(row.payout.totalCents)}</span>
      <span className="block text-xs whitespace-nowrap text-slate-600 tabular-nums">
        Per lb {formatCents(row.payout.perPoundCents)} · Tips {formatCents(row.payout.tipCents)}
      </span>
    </>
  );
}

function AssignmentTable({ rows, labelledBy, fetching }: { rows: AssignmentRow[]; labelledBy: string; fetching: boolean }) {
  return (
    // its own name: the section around it is the 'Assignment Overview' region
    <Table labelledBy={labelledBy} regionLabel="Assignments table" columns={columns} busy={fetching} className="min-w-[52rem]">
      {rows.map((r) => (
        <tr key={r.id}>
          <td className="py-3 pr-3 pl-6 font-mono whitespace-nowrap text-slate-900">{r.orderId}</td>
          <td className="px-3 py-3 font-medium">{r.proName}</td>
          <td className="px-3 py-3">{r.customerName}</td>
          <td className="px-3 py-3 whitespace-nowrap">
            <Weight row={r} />
          </td>
          <td className="px-3 py-3">
            <AssignmentStatusBadge status={r.status} />
          </td>
          <td className="px-3 py-3">
            <Payout row={r} />
          </td>
          <td className="py-3 pr-6 pl-3 whitespace-nowrap text-slate-700">{formatDate(r.assignedAt)}</td>
        </tr>
      ))}
    </Table>
  );
}

/** One assignment on a narrow screen: the same facts as a table row, labelled. */
function AssignmentCards({ rows, labelledBy, fetching }: { rows: AssignmentRow[]; labelledBy: string; fetching: boolean }) {
  const part = (label: string, body: ReactNode) => (
    <div className="flex min-w-0 flex-col gap-0.5">
      <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{label}</dt>
      <dd>{body}</dd>
    </div>
  );
  return (
    <ul aria-labelledby={labelledBy} aria-busy={fetching || undefined} className={cn('divide-y divide-slate-200', fetching && 'opacity-70')}>
      {rows.map((r) => (
        <li key={r.id} className="flex flex-col gap-3 p-4 text-sm sm:px-6">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <p className="font-mono text-slate-900">
                <span className="sr-only">Order </span>
                {r.orderId}
              </p>
              <p className="text-slate-600">Assigned {formatDate(r.assignedAt)}</p>
            </div>
            <AssignmentStatusBadge status={r.status} />
          </div>
          <dl className="grid grid-cols-2 gap-x-4 gap-y-3">
            {part('Laundry Pro', <span className="font-medium wrap-anywhere">{r.proName}</span>)}
            {part('Customer', <span className="wrap-anywhere">{r.customerName}</span>)}
            {part('Weight', <Weight row={r} />)}
            {part('Payout', <Payout row={r} />)}
          </dl>
        </li>
      ))}
    </ul>
  );
}

export function AssignmentOverview() {
  const headingId = useId();
  const id = useId();
  const [url, setUrl] = useUrlState(urlDefaults, urlAllowed);
  const list = useAssignments();
  // a table where it fits; on a phone or a small tablet, one card per assignment
  const wide = useMediaQuery('(min-width: 1024px)');
  useLoadErrorToast(loadFailedTitle, list.error);
  const all = list.data;
  const pros = all ? prosIn(all) : [];
  // a pro no longer among the assignments (a stale link) reads as every pro
  const pro = pros.some((p) => p.id === url.pro) ? url.pro : 'all';
  // the server sends the whole overview; the filters and the page only narrow what is shown
  const matching = all?.filter((r) => (pro === 'all' || r.proId === pro) && (url.assignment === 'all' || r.status === url.assignment));
  const page = pageFrom(url.page);
  const setPage = useCallback((next: number) => setUrl({ page: String(next) }), [setUrl]);
  useKeepPageInRange(page, matching?.length, pageSize, true, (p) => setUrl({ page: String(p) }, { replace: true }));
  const rows = matching?.slice((page - 1) * pageSize, page * pageSize);

  return (
    <Card className="overflow-hidden rounded-xl">
      <section aria-labelledby={headingId}>
        <div className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-200 p-4 sm:px-6">
          <h2 id={headingId} className="text-lg font-bold">
            Assignment Overview{matching ? ` (${matching.length})` : ''}
          </h2>
          <div className="flex flex-wrap items-end gap-2">
            <ExportLink name="exportAssignments" description="Every assignment, with what each pro earned and was paid, as a spreadsheet">
              Assignments CSV
            </ExportLink>
            <div className="flex flex-col gap-1.5">
              <label htmlFor={`${id}-pro`} className="text-sm font-medium">
                Laundry Pro
              </label>
              <select id={`${id}-pro`} className={selectClass} value={pro} onChange={(e) => setUrl({ pro: e.target.value, page: '1' })}>
                <option value="all">All pros</option>
                {pros.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name}
                  </option>
                ))}
              </select>
            </div>
            <div className="flex flex-col gap-1.5">
              <label htmlFor={`${id}-status`} className="text-sm font-medium">
                Status
              </label>
              <select id={`${id}-status`} className={selectClass} value={url.assignment} onChange={(e) => setUrl({ assignment: e.target.value, page: '1' })}>
                <option value="all">All</option>
                {Object.entries(assignmentStatusLabels).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            </div>
            <RefreshButton query={list} />
          </div>
        </div>
        {list.isPending ? (
          <Loading>Loading assignments...</Loading>
        ) : !rows ? (
          <LoadFailed title={loadFailedTitle} query={list} />
        ) : rows.length === 0 ? (
          <EmptyState>{all?.length ? 'No assignments match these filters.' : 'No assignments yet. Assignments will appear here when laundry pros are assigned to orders.'}</EmptyState>
        ) : wide ? (
          <AssignmentTable rows={rows} labelledBy={headingId} fetching={list.isFetching} />
        ) : (
          <AssignmentCards rows={rows} labelledBy={headingId} fetching={list.isFetching} />
        )}
        {matching ? <Pager label="Assignment pages" page={page} total={matching.length} pageSize={pageSize} onPage={setPage} /> : null}
      </section>
    </Card>
  );
}
