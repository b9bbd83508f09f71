// One pro's run on the day board (decision 056): who, how many pick-ups and deliveries are left and
// how many are done, the route through the stops in order, and the stops, numbered.
import { MapPinned } from 'lucide-react';
import type { DayRun, DayStop } from '../../../shared/schemas/back-office';
import { Button } from '../../components/ui/button';
import { ScheduleStop } from './schedule-stop';

export const stopsText = (n: number) => `${n} stop${n === 1 ? '' : 's'}`;
const count = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

export function DayRunSection({ run }: { run: DayRun }) {
  const id = `run-${run.pro?.id ?? 'unassigned'}`;
  const who = run.pro ? run.pro.name : 'No pro assigned';
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3" data-testid="day-run">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={id} className="text-base font-bold">
          {who}
        </h3>
        <p className="text-sm text-slate-600">
          {count(run.pickups, 'pick-up')} · {run.deliveries} {run.deliveries === 1 ? 'delivery' : 'deliveries'}
          {run.done > 0 ? ` · ${run.done} done` : ''}
        </p>
      </div>
      {run.route.length > 0 ? (
        <nav aria-label={`Route of ${who}`} className="flex flex-wrap items-center gap-2">
          {run.route.map((leg) => {
            const which = run.route.length === 1 ? stopsText(run.stops.length) : `stops ${leg.firstStop}–${leg.lastStop}`;
            return (
              <Button key={leg.firstStop} asChild size="sm">
                <a href={leg.url} target="_blank" rel="noopener noreferrer" data-testid="route-link">
                  <MapPinned aria-hidden="true" />
                  Open route in Maps · {which}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </Button>
            );
          })}
          {run.route.length > 1 ? <p className="text-xs text-slate-600">A maps link takes 10 stops: each leg starts where the one before ends.</p> : null}
        </nav>
      ) : null}
      <ol className="flex flex-col gap-3">
        {run.stops.map((stop, i) => (
          <ScheduleStop key={`${stop.kind}-${stop.booking.id}`} stop={stop} number={i + 1} />
        ))}
      </ol>
    </section>
  );
}

/** Today's board: what was due on an earlier day and is not done, the oldest first, for staff to deal with (call the customer, give it to a pro). */
export function OverdueSection({ stops }: { stops: DayStop[] }) {
  return (
    <section aria-labelledby="overdue-stops" className="flex flex-col gap-3 rounded-lg border border-red-200 bg-red-50/40 p-3 sm:p-4" data-testid="overdue-stops">
      <h3 id="overdue-stops" className="text-base font-bold text-red-900">
        Overdue from earlier days ({stops.length})
      </h3>
      <ol className="flex flex-col gap-3">
        {stops.map((stop, i) => (
          <ScheduleStop key={`${stop.kind}-${stop.booking.id}`} stop={stop} number={i + 1} />
        ))}
      </ol>
    </section>
  );
}
