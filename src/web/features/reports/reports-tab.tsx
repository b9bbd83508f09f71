// The Reports tab (decision 026; both roles): a month, or a range of pick-up dates, and what the
// business did in it: the figures, revenue and bookings per day or week, bookings by town and by
// pick-up window against capacity. The range lives in the address (url-state.ts); a range the
// shared schema refuses is explained at once and asks the server nothing.
import { useId, useState, type FormEvent } from 'react';
import * as z from 'zod/mini';
import { monthRange } from '../../../shared/report-range';
import { reportQuerySchema } from '../../../shared/schemas/reports';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { LoadFailed, Loading, RefreshButton, useLoadErrorToast } from '../../components/ui/query-state';
import { ApiRequestError } from '../../lib/api';
import { cn } from '../../lib/cn';
import { useUrlState } from '../../lib/url-state';
import { ReportCharts, ReportFigures } from './report-sections';
import { currentMonth, rangeTitle } from './report-view';
import { useReport, type ReportRange } from './reports-api';

const loadFailedTitle = 'Failed to load the report.';

/** The range the address asks for: a custom from–to, else a month (this month by default). */
function rangeOf(url: { month: string; from: string; to: string }, thisMonth: string): { range: ReportRange | null; problems: string[] } {
  if (url.from || url.to) {
    const parsed = z.safeParse(reportQuerySchema, { from: url.from, to: url.to });
    return parsed.success ? { range: parsed.data, problems: [] } : { range: null, problems: [...new Set(parsed.error.issues.map((i) => i.message))] };
  }
  const month = monthRange(url.month) ?? monthRange(thisMonth);
  return { range: month, problems: [] };
}

export function ReportsTab() {
  const id = useId();
  const [thisMonth] = useState(() => currentMonth());
  const [url, setUrl] = useUrlState({ month: thisMonth, from: '', to: '' });
  const custom = Boolean(url.from || url.to);
  const { range, problems } = rangeOf(url, thisMonth);
  const report = useReport(range);
  const [draft, setDraft] = useState({ from: url.from || range?.from || '', to: url.to || range?.to || '' });
  useLoadErrorToast(loadFailedTitle, report.error && !(report.error instanceof ApiRequestError && report.error.status === 400) ? report.error : null);

  // a 400 is the range's fault: its messages go beside the form, as the schema's do
  const refused = report.error instanceof ApiRequestError && report.error.status === 400 ? Object.values(report.error.fields) : [];
  const messages = problems.length ? problems : refused;
  const data = report.data;
  const title = range ? rangeTitle(range.from, range.to) : 'Choose a range';

  const applyRange = (e: FormEvent) => {
    e.preventDefault();
    setUrl({ from: draft.from, to: draft.to, month: thisMonth });
  };

  return (
    <div className="flex flex-col gap-4">
      <Card className="flex flex-col gap-4 rounded-xl p-4 sm:px-6">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 className="text-lg font-bold">Reports: {title}</h2>
            <p className="text-sm text-muted-foreground">Bookings by pick-up date; gift cards and payouts by the day they happened (business time).</p>
          </div>
          <RefreshButton query={report} />
        </div>
        <div className="grid gap-4 md:grid-cols-2">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-month`}>Month</Label>
            <Input
              id={`${id}-month`}
              type="month"
              value={custom ? '' : url.month}
              onChange={(e) => e.target.value && setUrl({ month: e.target.value, from: '', to: '' })}
              aria-describedby={custom ? `${id}-custom-note` : undefined}
            />
            {custom ? (
              <p id={`${id}-custom-note`} className="text-xs text-slate-600">
                Showing a custom range. Choose a month to go back.
              </p>
            ) : null}
          </div>
          <form onSubmit={applyRange} className="flex flex-col gap-1.5" aria-label="Custom range" noValidate>
            <span className="text-sm font-medium">Custom range</span>
            <div className="grid grid-cols-2 gap-2">
              <div className="flex flex-col gap-1">
                <Label htmlFor={`${id}-from`} className="text-xs text-slate-600">
                  From
                </Label>
                <Input id={`${id}-from`} type="date" value={draft.from} onChange={(e) => setDraft((d) => ({ ...d, from: e.target.value }))} aria-invalid={messages.length > 0 || undefined} />
              </div>
              <div className="flex flex-col gap-1">
                <Label htmlFor={`${id}-to`} className="text-xs text-slate-600">
                  To
                </Label>
                <Input id={`${id}-to`} type="date" value={draft.to} onChange={(e) => setDraft((d) => ({ ...d, to: e.target.value }))} aria-invalid={messages.length > 0 || undefined} />
              </div>
              <Button type="submit" variant="outline" className="col-span-2">
                Show range
              </Button>
            </div>
          </form>
        </div>
        {messages.length ? (
          <div role="alert" className="text-sm text-destructive">
            {messages.map((m) => (
              <p key={m}>{m}</p>
            ))}
          </div>
        ) : null}
      </Card>

      {!range ? null : report.isPending ? (
        <Loading>Loading the report...</Loading>
      ) : !data ? (
        refused.length ? null : (
          <Card className="rounded-xl">
            <LoadFailed title={loadFailedTitle} query={report} />
          </Card>
        )
      ) : (
        <div className={cn('flex flex-col gap-4', report.isPlaceholderData && 'opacity-60')} aria-busy={report.isFetching || undefined}>
          {data.empty ? (
            <Card className="flex flex-col gap-1 rounded-xl p-6 text-sm" role="status">
              <p className="font-semibold text-slate-900">No bookings in this range</p>
              <p className="text-slate-600">Nothing was picked up, sold or paid out in {rangeTitle(data.from, data.to)}. Choose another month or range.</p>
            </Card>
          ) : (
            <>
              <ReportFigures report={data} />
              <ReportCharts report={data} title={rangeTitle(data.from, data.to)} />
            </>
          )}
        </div>
      )}
    </div>
  );
}
