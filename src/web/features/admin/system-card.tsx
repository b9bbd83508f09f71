// The System card on the dashboard (decision 061): what /api/health says, for staff, in words:
// whether all is well and why not, this instance's last nightly backup, the mail waiting and given
// up, the background jobs. Loaded after the dashboard, checked again every minute.
import type { SystemStatus } from '../../../shared/schemas/system';
import { Badge } from '../../components/ui/badge';
import { Card } from '../../components/ui/card';
import { formatDateTime } from '../../lib/format';
import { useSystemStatus } from '../back-office-api';

const verdicts: Record<SystemStatus['status'], { label: string; variant: 'success' | 'warning' | 'destructive' }> = {
  ok: { label: 'All good', variant: 'success' },
  degraded: { label: 'Needs attention', variant: 'warning' },
  draining: { label: 'Restarting', variant: 'warning' },
  unavailable: { label: 'Database not answering', variant: 'destructive' },
  outdated: { label: 'Old version running', variant: 'destructive' },
};

function backupLine(backup: SystemStatus['lastBackup']): string {
  if (!backup) return 'None yet since this server started';
  return backup.ok ? `Written ${formatDateTime(backup.at)}` : `Failed ${formatDateTime(backup.at)}`;
}

function jobsLine(jobs: SystemStatus['jobs']): string {
  if (!jobs) return 'Not running on this server';
  const behind = Object.entries(jobs).filter(([, beat]) => beat.behind);
  return behind.length ? `Behind: ${behind.map(([name]) => name).join(', ')}` : 'Running on time';
}

export default function SystemCard() {
  const system = useSystemStatus();
  const s = system.data;
  // as tall as the dashboard's placeholder for it (admin-dashboard.tsx), so nothing moves when it comes
  return (
    <Card className="flex min-h-38 flex-col gap-2 rounded-xl px-4 py-3 sm:min-h-34 sm:p-4">
      <section aria-labelledby="system-heading" className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id="system-heading" className="text-sm font-medium text-slate-600">
            System
          </h2>
          {s ? <Badge variant={verdicts[s.status].variant}>{verdicts[s.status].label}</Badge> : null}
        </div>
        {system.isPending ? (
          <p role="status" className="text-sm text-slate-600">
            Checking the system...
          </p>
        ) : null}
        {system.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Could not read the system&apos;s state. ({system.error.message})
          </p>
        ) : null}
        {s ? (
          <>
            {s.reasons.length ? (
              <ul className="list-disc pl-5 text-sm text-slate-800">
                {s.reasons.map((reason) => (
                  <li key={reason} className="break-words">
                    {reason}
                  </li>
                ))}
              </ul>
            ) : null}
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
              <dt className="text-slate-600">Last backup</dt>
              <dd className="text-slate-900">{backupLine(s.lastBackup)}</dd>
              <dt className="text-slate-600">Email and texts</dt>
              <dd className="text-slate-900">
                {s.outbox ? `${s.outbox.waiting} waiting, ${s.outbox.failed} failed` : 'Unknown'}
                {s.outbox?.failed ? (
                  <>
                    {' · '}
                    <a className="font-medium text-brand-800 underline underline-offset-2" href="/admin?tab=outbox&status=failed">
                      See the failed ones
                    </a>
                  </>
                ) : null}
              </dd>
              <dt className="text-slate-600">Background jobs</dt>
              <dd className="text-slate-900">{jobsLine(s.jobs)}</dd>
            </dl>
          </>
        ) : null}
      </section>
    </Card>
  );
}
