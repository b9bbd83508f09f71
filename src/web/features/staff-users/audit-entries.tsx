// The audit log's entries (docs/design.md 6): when, who (name and email, and from where), what happened
// in words, the money and the booking's WD- code opening it in All Bookings. A table where it fits,
// one card per entry on a phone, the same facts in both. Nothing here is an id or a key.
import { Link } from 'react-router';
import { formatCents } from '../../../shared/money';
import { Table } from '../../components/ui/table';
import { cn } from '../../lib/cn';
import { formatDateTime } from '../../lib/format';
import type { AuditEntry } from './staff-users-api';

type ListProps = { entries: AuditEntry[]; fetching: boolean };

/** The booking's code, opening All Bookings searched on it (the tab reads `q` from the address). */
function BookingCode({ entry }: { entry: AuditEntry }) {
  if (!entry.booking) return <span className="text-muted-foreground">—</span>;
  const { code, exists } = entry.booking;
  if (!exists)
    return (
      <span className="font-mono whitespace-nowrap text-slate-600">
        {code} <span className="font-sans text-xs">(deleted)</span>
      </span>
    );
  return (
    <Link to={`/admin?q=${encodeURIComponent(code)}`} className="font-mono font-medium whitespace-nowrap text-primary underline-offset-2 hover:underline" aria-label={`Open ${code} in All Bookings`}>
      {code}
    </Link>
  );
}

function Who({ entry }: { entry: AuditEntry }) {
  if (!entry.who) return <span className="text-slate-700 italic">{entry.whoLabel}</span>;
  return (
    <>
      <span className="block font-medium text-slate-900 wrap-anywhere">{entry.who.name}</span>
      {entry.who.email !== entry.who.name ? <span className="block text-slate-600 wrap-anywhere">{entry.who.email}</span> : null}
    </>
  );
}

function FromIp({ entry }: { entry: AuditEntry }) {
  if (!entry.ip) return null;
  return <span className="block text-xs text-muted-foreground wrap-anywhere">from {entry.ip}</span>;
}

function What({ entry }: { entry: AuditEntry }) {
  return (
    <>
      <span className="block text-xs font-semibold tracking-wide text-slate-600 uppercase">{entry.label}</span>
      <span className="block text-slate-900 wrap-break-word">{entry.sentence}</span>
    </>
  );
}

const amount = (entry: AuditEntry) => (entry.amountCents === null ? <span className="text-muted-foreground">—</span> : formatCents(entry.amountCents));

const columns = [
  { header: 'When', width: 'w-44' },
  { header: 'Who', width: 'w-64' },
  { header: 'What happened' },
  { header: 'Amount', width: 'w-28', numeric: true },
  { header: 'Booking', width: 'w-36' },
];

export function AuditTable({ entries, fetching }: ListProps) {
  return (
    <Table caption="Audit log, newest first" columns={columns} busy={fetching} className="table-fixed">
      {entries.map((entry) => (
        <tr key={entry.id}>
          <td className="px-6 py-3 text-slate-700">
            <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
          </td>
          <td className="px-3 py-3">
            <Who entry={entry} />
            <FromIp entry={entry} />
          </td>
          <td className="px-3 py-3">
            <What entry={entry} />
          </td>
          <td className="px-3 py-3 text-right font-medium whitespace-nowrap tabular-nums">{amount(entry)}</td>
          <td className="py-3 pr-6 pl-3">
            <BookingCode entry={entry} />
          </td>
        </tr>
      ))}
    </Table>
  );
}

export function AuditCards({ entries, fetching }: ListProps) {
  return (
    <ul aria-label="Audit log, newest first" aria-busy={fetching || undefined} className={cn('divide-y divide-slate-200', fetching && 'opacity-70')}>
      {entries.map((entry) => (
        <li key={entry.id} className="flex flex-col gap-2 p-4 text-sm">
          <time dateTime={entry.at} className="text-xs text-muted-foreground">
            {formatDateTime(entry.at)}
          </time>
          <div>
            <What entry={entry} />
          </div>
          <div>
            <Who entry={entry} />
            <FromIp entry={entry} />
          </div>
          {entry.amountCents !== null || entry.booking ? (
            <dl className="flex flex-wrap gap-x-6 gap-y-1">
              {entry.amountCents !== null ? (
                <div className="flex gap-1.5">
                  <dt className="text-muted-foreground">Amount</dt>
                  <dd className="font-medium tabular-nums">{formatCents(entry.amountCents)}</dd>
                </div>
              ) : null}
              {entry.booking ? (
                <div className="flex gap-1.5">
                  <dt className="text-muted-foreground">Booking</dt>
                  <dd>
                    <BookingCode entry={entry} />
                  </dd>
                </div>
              ) : null}
            </dl>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
