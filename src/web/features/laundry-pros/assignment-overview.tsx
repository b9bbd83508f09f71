// spec: back-office 2, the Assignment Overview: Order, Laundry Pro, Customer, Weight (or Pending),
// Status, Payout (total, per lb, tips, or Pending) and the Assigned date, newest first (the server
// orders). A table where it fits; on a phone or a small tablet, one card per assignment.
import { useId, type ReactNode } from 'react';
import { formatCents } from '../../../shared/money';
import { Card } from '../../components/ui/card';
import { LoadFailed, Loading, RefreshButton, useLoadErrorToast } from '../../components/ui/query-state';
import { cn } from '../../lib/cn';
import { formatDate, formatPounds } from '../../lib/format';
import { useMediaQuery } from '../../lib/use-media-query';
import { useAssignments, type AssignmentRow } from './laundry-pros-api';
import { AssignmentStatusBadge } from './pro-card';

const loadFailedTitle = 'Failed to fetch assignments. Please try again.';
const columns = ['Order', 'Laundry Pro', 'Customer', 'Weight', 'Status', 'Payout', 'Assigned'];

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
    <div role="region" aria-label="Assignments table" tabIndex={0} className="overflow-x-auto focus-visible:outline-2 focus-visible:outline-ring">
      <table aria-labelledby={labelledBy} className="w-full min-w-[52rem] text-left text-sm">
        <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            {columns.map((h) => (
              <th key={h} scope="col" className="px-3 py-2 whitespace-nowrap first:pl-6 last:pr-6">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody aria-busy={fetching || undefined} className={cn('divide-y divide-slate-100 align-top', fetching && 'opacity-70')}>
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
        </tbody>
      </table>
    </div>
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
  const list = useAssignments();
  // a table where it fits; on a phone or a small tablet, one card per assignment
  const wide = useMediaQuery('(min-width: 1024px)');
  useLoadErrorToast(loadFailedTitle, list.error);
  const rows = list.data;

  return (
    <Card className="overflow-hidden rounded-xl">
      <section aria-labelledby={headingId}>
        <div className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-200 p-4 sm:px-6">
          <h2 id={headingId} className="text-lg font-bold">
            Assignment Overview
          </h2>
          <RefreshButton query={list} />
        </div>
        {list.isPending ? (
          <Loading>Loading assignments...</Loading>
        ) : !rows ? (
          <LoadFailed title={loadFailedTitle} query={list} />
        ) : rows.length === 0 ? (
          <p className="p-6 text-sm text-muted-foreground">No assignments yet. Assignments will appear here when laundry pros are assigned to orders.</p>
        ) : wide ? (
          <AssignmentTable rows={rows} labelledBy={headingId} fetching={list.isFetching} />
        ) : (
          <AssignmentCards rows={rows} labelledBy={headingId} fetching={list.isFetching} />
        )}
      </section>
    </Card>
  );
}
