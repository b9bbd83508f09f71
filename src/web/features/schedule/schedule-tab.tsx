// spec: back-office 2, Today's Schedule (business time zone): the stops not yet delivered, by
// pick-up window, numbered in the order of one route through them (a maps link per 10 stops, in a
// new tab); the delivered ones fold away under "Delivered (n)".
import { ChevronRight, MapPinned } from 'lucide-react';
import { formatLongDate } from '../../../shared/dates';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { LoadFailed, Loading, RefreshButton, useLoadErrorToast } from '../../components/ui/query-state';
import { useTodaysSchedule } from '../back-office-api';
import { DeliveredStop, ScheduleStop } from './schedule-stop';

const stopsText = (n: number) => `${n} stop${n === 1 ? '' : 's'}`;

export function ScheduleTab() {
  const schedule = useTodaysSchedule();
  useLoadErrorToast('Failed to fetch bookings. Please try again.', schedule.error);
  const data = schedule.data;
  // each window's first stop number: the stops are numbered across the windows, as the route runs
  const firstNumbers = data?.windows.reduce<number[]>((acc, w, i) => [...acc, i === 0 ? 1 : acc[i - 1]! + data.windows[i - 1]!.stops.length], []) ?? [];
  return (
    <Card className="overflow-hidden rounded-xl">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 p-4 sm:px-6">
        <div>
          <h2 className="text-lg font-bold">Today&apos;s Schedule</h2>
          {data ? (
            <p className="text-sm text-slate-600">
              {formatLongDate(data.date)} · {stopsText(data.remaining)} to go{data.delivered.length > 0 ? ` · ${data.delivered.length} delivered` : ''}
            </p>
          ) : null}
        </div>
        <RefreshButton query={schedule} />
      </div>
      {schedule.isPending ? (
        <Loading>Loading today&apos;s pickups...</Loading>
      ) : schedule.isError ? (
        <LoadFailed title="Failed to fetch bookings. Please try again." query={schedule} />
      ) : !data || data.total === 0 ? (
        <p className="p-6 text-sm text-muted-foreground">No pickups scheduled for today</p>
      ) : (
        <div className="flex flex-col gap-6 p-4 sm:p-6">
          {data.route.length > 0 ? (
            <nav aria-label="Route" className="flex flex-wrap items-center gap-2">
              {data.route.map((leg) => {
                const which = data.route.length === 1 ? `${stopsText(data.remaining)}` : `stops ${leg.firstStop}–${leg.lastStop}`;
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
              {data.route.length > 1 ? <p className="text-xs text-slate-600">A maps link takes 10 stops: each leg starts where the one before ends.</p> : null}
            </nav>
          ) : (
            <p className="text-sm text-slate-600">Every stop of the day is delivered.</p>
          )}
          {data.windows.map((w, wi) => (
            <section key={w.pickupTime} aria-labelledby={`window-${w.pickupTime}`} className="flex flex-col gap-3">
              <h3 id={`window-${w.pickupTime}`} className="font-bold">
                {w.label} · {stopsText(w.stops.length)}
              </h3>
              <ol start={firstNumbers[wi]} className="flex flex-col gap-3">
                {w.stops.map((b, i) => (
                  <ScheduleStop key={b.id} b={b} number={firstNumbers[wi]! + i} />
                ))}
              </ol>
            </section>
          ))}
          {data.delivered.length > 0 ? (
            <details className="group rounded-lg border border-slate-200" data-testid="delivered-stops">
              <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 px-4 font-bold [&::-webkit-details-marker]:hidden">
                <ChevronRight className="size-4 transition-transform group-open:rotate-90" aria-hidden="true" />
                Delivered ({data.delivered.length})
              </summary>
              <ul className="flex flex-col gap-2 border-t border-slate-200 p-3">
                {data.delivered.map((b) => (
                  <DeliveredStop key={b.id} b={b} />
                ))}
              </ul>
            </details>
          ) : null}
        </div>
      )}
    </Card>
  );
}
