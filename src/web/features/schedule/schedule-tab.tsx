// The day board (decision 056, replacing spec: back-office 2's Today's Schedule, for any date, in
// the business's time zone): a run per pro of the pick-ups and deliveries still to do, numbered in
// the order of the run's route (a maps link per 10 stops, in a new tab); what is done folds away
// under "Done (n)". Read again every 20 seconds, as All Bookings is.
import { ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { formatLongDate, isIsoDate, todayIn } from '../../../shared/dates';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { LoadFailed, Loading, RefreshButton, useLoadErrorToast } from '../../components/ui/query-state';
import { businessTimeZone } from '../../lib/business-time';
import { useDayBoard } from '../back-office-api';
import { DayRunSection, OverdueSection, stopsText } from './day-run';
import { DoneStop } from './schedule-stop';

export function ScheduleTab() {
  // '': the business's today, as the server's clock has it
  const [date, setDate] = useState('');
  const board = useDayBoard(date);
  useLoadErrorToast('Failed to fetch bookings. Please try again.', board.error);
  const data = board.data;
  const today = data?.today ?? todayIn(businessTimeZone());
  const isToday = (date || today) === today;
  return (
    <Card className="overflow-hidden rounded-xl">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 p-4 sm:px-6">
        <div>
          <h2 className="text-lg font-bold">Day Board</h2>
          {data ? (
            <p className="text-sm text-slate-600">
              {formatLongDate(data.date)} · {stopsText(data.remaining)} to go{data.done.length > 0 ? ` · ${data.done.length} done` : ''}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <label htmlFor="day-board-date" className="sr-only">
            Day
          </label>
          <Input id="day-board-date" type="date" className="w-44" value={date || today} onChange={(e) => setDate(isIsoDate(e.target.value) && e.target.value !== today ? e.target.value : '')} />
          <Button variant="outline" aria-pressed={isToday} onClick={() => setDate('')}>
            Today
          </Button>
          <RefreshButton query={board} />
        </div>
      </div>
      {board.isPending ? (
        <Loading>Loading the day&apos;s stops...</Loading>
      ) : board.isError ? (
        <LoadFailed title="Failed to fetch bookings. Please try again." query={board} />
      ) : !data ? null : (
        <div className="flex flex-col gap-8 p-4 sm:p-6">
          {data.overdue.length > 0 ? <OverdueSection stops={data.overdue} /> : null}
          {data.runs.length === 0 && data.done.length === 0 ? (
            // spec: back-office 2, Today's Schedule's empty state, word for word; another day's says its own
            <p className="text-sm text-muted-foreground">{isToday ? 'No pickups scheduled for today' : 'No pick-ups or deliveries on this day.'}</p>
          ) : data.runs.length === 0 ? (
            <p className="text-sm text-slate-600">Every stop of the day is done.</p>
          ) : null}
          {data.runs.map((run) => (
            <DayRunSection key={run.pro?.id ?? 'unassigned'} run={run} />
          ))}
          {data.done.length > 0 ? (
            <details className="group rounded-lg border border-slate-200" data-testid="done-stops">
              <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 px-4 font-bold [&::-webkit-details-marker]:hidden">
                <ChevronRight className="size-4 transition-transform group-open:rotate-90" aria-hidden="true" />
                Done ({data.done.length})
              </summary>
              <ul className="flex flex-col gap-2 border-t border-slate-200 p-3">
                {data.done.map((d) => (
                  <DoneStop key={`${d.kind}-${d.booking.id}`} kind={d.kind} b={d.booking} />
                ))}
              </ul>
            </details>
          ) : null}
        </div>
      )}
    </Card>
  );
}
