// The Audit tab (master_admin only): who did what to whom, when and from where, newest first.
// DESIGN.md 6 and docs/decisions/012.
import { History } from 'lucide-react';
import type { z } from 'zod';
import type { auditEntrySchema } from '../../../shared/schemas/admin';
import { Card } from '../../components/ui/card';
import { useAdmins, useAuditLog } from './staff-users-api';
import { formatDateTime } from '../../lib/format';
import { RefreshButton, Loading, LoadFailed, useLoadErrorToast } from '../../components/ui/query-state';

type AuditEntry = z.infer<typeof auditEntrySchema>;

const actionLabels: Record<string, string> = {
  'admin.create': 'Created an admin',
  'admin.enable': 'Enabled an admin',
  'admin.disable': 'Disabled an admin',
  'admin.reset_password': "Reset an admin's password",
  'admin.change_own_password': 'Changed their own password',
  // docs/decisions/012: staff sign-ins and password resets
  'auth.sign_in': 'Signed in',
  'auth.password_reset_requested': 'Asked for a password-reset email',
  'auth.password_reset_completed': 'Set a new password with a reset link',
  'booking.deleted': 'Deleted a booking',
  'booking.price_per_pound_changed': 'Changed the price per lb',
  'booking.rating_email_sent': 'Sent a rating email',
  'booking.receipt_sent': 'Sent a final receipt',
  'booking.status_changed': "Changed a booking's status",
  'booking.weight_failed': 'Weighing: the charge failed',
  'booking.weight_processed': 'Weighed and charged a booking',
  'outbox.resent': 'Sent a message again',
};

/** Who did it: a signed-in staff member, someone on the sign-in page, or the set-up script. */
function whoDid(entry: AuditEntry): string {
  if (entry.actorEmail) return entry.actorEmail;
  return entry.action.startsWith('auth.') ? 'Not signed in' : 'System (set-up)';
}

function actionLabel(action: string): string {
  return actionLabels[action] ?? action;
}

function afterEmail(entry: AuditEntry): string | null {
  const after = entry.after as { email?: unknown } | null;
  return after && typeof after.email === 'string' ? after.email : null;
}

export function AuditTab() {
  const audit = useAuditLog(true);
  // targets are ids: name the admins we know
  const admins = useAdmins();
  const emailById = new Map((admins.data ?? []).map((a) => [a.id, a.email]));
  const target = (entry: AuditEntry) => {
    const known = (entry.targetId && emailById.get(entry.targetId)) || afterEmail(entry);
    if (known) return known;
    return entry.targetId ? `${entry.targetType} ${entry.targetId.slice(0, 8)}` : entry.targetType;
  };
  const who = whoDid;

  useLoadErrorToast('Error Loading Audit Log', audit.error);

  const entries = audit.data ?? [];
  return (
    <Card className="overflow-hidden rounded-xl">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 p-4 sm:px-6">
        <div className="flex items-start gap-3">
          <History className="mt-0.5 size-5 shrink-0 text-slate-600" aria-hidden="true" />
          <div>
            <h2 className="text-lg font-bold">Audit Log</h2>
            <p className="text-sm text-muted-foreground">Every staff action on money or people, newest first (the latest 100).</p>
          </div>
        </div>
        <RefreshButton query={audit} />
      </div>
      {audit.isPending ? (
        <Loading>Loading the audit log...</Loading>
      ) : audit.isError ? (
        <LoadFailed title="Error Loading Audit Log" query={audit} />
      ) : entries.length === 0 ? (
        <p className="p-6 text-sm text-muted-foreground">No actions recorded yet. Sign-ins, password resets, changes to admins and to bookings appear here.</p>
      ) : (
        <>
          <ul className="divide-y divide-slate-200 md:hidden">
            {entries.map((entry) => (
              <li key={entry.id} className="flex flex-col gap-1 p-4 text-sm">
                <span className="font-semibold">{actionLabel(entry.action)}</span>
                <span className="wrap-anywhere text-slate-700">
                  <span className="text-muted-foreground">Target: </span>
                  {target(entry)}
                </span>
                <span className="wrap-anywhere text-slate-700">
                  <span className="text-muted-foreground">By: </span>
                  {who(entry)}
                  {entry.ip ? <span className="whitespace-nowrap text-muted-foreground"> from {entry.ip}</span> : null}
                </span>
                <time dateTime={entry.at} className="text-xs text-muted-foreground">
                  {formatDateTime(entry.at)}
                </time>
              </li>
            ))}
          </ul>
          <div className="hidden md:block">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Audit log, newest first</caption>
              <thead className="bg-slate-50 text-xs font-semibold tracking-wide whitespace-nowrap text-slate-600 uppercase">
                <tr>
                  <th scope="col" className="px-6 py-3">
                    When
                  </th>
                  <th scope="col" className="px-3 py-3">
                    Who
                  </th>
                  <th scope="col" className="px-3 py-3">
                    Action
                  </th>
                  <th scope="col" className="px-3 py-3">
                    Target
                  </th>
                  <th scope="col" className="px-6 py-3">
                    From IP
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {entries.map((entry) => (
                  <tr key={entry.id}>
                    <td className="px-6 py-3 whitespace-nowrap text-slate-700">
                      <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                    </td>
                    <td className="px-3 py-3 wrap-anywhere">{who(entry)}</td>
                    <td className="px-3 py-3 font-medium">{actionLabel(entry.action)}</td>
                    <td className="px-3 py-3 wrap-anywhere">{target(entry)}</td>
                    <td className="px-6 py-3 font-mono text-xs text-slate-700">{entry.ip ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </Card>
  );
}
