// A regular pick-up's own page (decision 024), opened from the link in its emails: when it comes,
// the next one booked, and skip, pause, resume or stop, each answered in the server's words.
// Stopping asks first.
import { useState } from 'react';
import { PageLoading } from '../../components/page-loading';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import type { SeriesAction } from '../../../shared/schemas/series';
import { useSeries, useSeriesAction } from './series-api';

export function SeriesView({ id, token }: { id: string | null; token: string | null }) {
  const series = useSeries(id, token);
  if (!id || !token) return <Notice text="This link is incomplete. Use the link in your regular pick-up's email." />;
  if (series.isPending) return <PageLoading label="Loading your regular pick-up..." />;
  if (series.error) return <Notice text={series.error.message} />;
  return <SeriesPanel id={id} token={token} view={series.data.series} />;
}

function SeriesPanel({ id, token, view }: { id: string; token: string; view: NonNullable<ReturnType<typeof useSeries>['data']>['series'] }) {
  const act = useSeriesAction(id, token);
  const [confirmStop, setConfirmStop] = useState(false);
  const run = (action: SeriesAction) => act.mutate(action, { onSettled: () => setConfirmStop(false) });
  return (
    <section aria-labelledby="series-heading" className="flex flex-col gap-4 rounded-2xl border border-border bg-white p-5 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id="series-heading" className="text-lg font-bold">
          {view.label}
        </h2>
        <Badge variant={view.status === 'active' ? 'success' : 'secondary'}>{view.statusLabel}</Badge>
      </div>
      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-muted-foreground">Booked next</dt>
          <dd className="font-semibold">{view.booked ? `${view.booked.pickupLabel} (${view.booked.confirmation})` : 'Nothing yet: each pick-up is booked 3 days ahead'}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Then</dt>
          <dd>{view.nextLabel ?? (view.status === 'paused' ? 'Paused' : 'No more pick-ups')}</dd>
        </div>
      </dl>
      {view.lastIssue ? <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">{view.lastIssue}</p> : null}
      {act.data ? (
        <p role="status" className="text-sm font-medium text-green-800">
          {act.data.message}
        </p>
      ) : null}
      {act.error ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {act.error.message}
        </p>
      ) : null}
      {view.status === 'stopped' ? null : confirmStop ? (
        <div className="flex flex-col gap-3 rounded-xl border border-red-200 bg-red-50 p-4">
          <p className="text-sm">Stop your regular pick-ups for good? A pick-up already booked stays booked.</p>
          <div className="flex flex-wrap gap-2">
            <Button variant="destructive" size="sm" disabled={act.isPending} onClick={() => run('stop')}>
              {act.isPending ? 'Stopping...' : 'Stop them'}
            </Button>
            <Button variant="outline" size="sm" disabled={act.isPending} onClick={() => setConfirmStop(false)}>
              Keep them
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-wrap gap-2">
          {view.booked ? (
            <Button size="sm" disabled={act.isPending} onClick={() => run('skip')}>
              Skip {view.booked.pickupLabel}
            </Button>
          ) : null}
          {view.status === 'active' ? (
            <Button size="sm" variant="outline" disabled={act.isPending} onClick={() => run('pause')}>
              Pause
            </Button>
          ) : (
            <Button size="sm" variant="outline" disabled={act.isPending} onClick={() => run('resume')}>
              Resume
            </Button>
          )}
          <Button size="sm" variant="outline" className="border-red-300 text-red-800 hover:bg-red-50" disabled={act.isPending} onClick={() => setConfirmStop(true)}>
            Stop
          </Button>
        </div>
      )}
    </section>
  );
}

function Notice({ text }: { text: string }) {
  return (
    <p role="alert" className="rounded-2xl border border-amber-200 bg-amber-50 p-5 text-amber-900">
      {text}
    </p>
  );
}
