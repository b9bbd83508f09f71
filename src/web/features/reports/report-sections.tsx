// The Reports tab's body (decision 026): the figures as cards, then each chart beside the table
// of its figures. The table is what a screen reader reads (the chart's SVG is hidden from it);
// "Show as table" shows it to everyone. The charts load lazily, with Chartist.
import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { formatCents } from '../../../shared/money';
import { Card } from '../../components/ui/card';
import { Button } from '../../components/ui/button';
import { RowHeader, Table } from '../../components/ui/table';
import { cn } from '../../lib/cn';
import type { Report } from './reports-api';
import { figureCards, formatCount, pointLabel, weekdayName, windowLabel } from './report-view';

// decision 026: Chartist arrives with this chunk, when the tab first draws a chart
const ReportChart = lazy(() => import('./report-charts'));

export function ReportFigures({ report }: { report: Report }) {
  return (
    <section aria-label="Figures" className="grid grid-cols-2 gap-2 sm:gap-3 lg:grid-cols-5">
      {figureCards(report).map((c) => (
        <Card key={c.label} className="flex flex-col gap-0.5 rounded-xl px-4 py-3" data-figure={c.label}>
          <h3 className="text-sm font-medium text-slate-600">{c.label}</h3>
          <p className="text-xl font-bold tabular-nums text-slate-900 sm:text-2xl">{c.value}</p>
          {c.note ? <p className="text-xs text-slate-600">{c.note}</p> : null}
        </Card>
      ))}
    </section>
  );
}

type Column = { label: string; numeric?: boolean };

function ChartSection({ title, description, chart, columns, rows, caption }: { title: string; description: string; chart: ReactNode; columns: Column[]; rows: (string | number)[][]; caption: string }) {
  const id = useId();
  const [shown, setShown] = useState(false);
  return (
    <Card className="flex min-w-0 flex-col gap-3 rounded-xl p-4 sm:p-5" aria-labelledby={`${id}-title`} role="region">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={`${id}-title`} className="text-base font-bold">
            {title}
          </h3>
          <p className="text-sm text-muted-foreground">{description}</p>
        </div>
        <Button variant="outline" size="sm" aria-expanded={shown} aria-controls={`${id}-table`} onClick={() => setShown((s) => !s)}>
          {shown ? 'Hide table' : 'Show as table'}
        </Button>
      </div>
      <div className="min-w-0">
        <Suspense fallback={<div className="animate-pulse rounded-lg bg-slate-100" style={{ height: 190 }} aria-hidden="true" />}>{chart}</Suspense>
      </div>
      <Table
        caption={caption}
        look="figures"
        columns={columns.map((c) => ({ header: c.label, numeric: c.numeric }))}
        rowCount={rows.length}
        empty="No bookings."
        // hidden, it is read by screen readers only, and takes no place in the tab order
        scroll={shown}
        frameId={`${id}-table`}
        frameClassName={shown ? 'max-h-96 overflow-y-auto rounded-lg border border-slate-200' : 'sr-only'}
      >
        {rows.map((row) => (
          <tr key={String(row[0])}>
            {row.map((cell, i) =>
              i === 0 ? (
                <RowHeader key={i} className="px-3 py-1.5">
                  {cell}
                </RowHeader>
              ) : (
                <td key={i} className={cn('px-3 py-1.5 tabular-nums', columns[i]?.numeric && 'text-right')}>
                  {cell}
                </td>
              ),
            )}
          </tr>
        ))}
      </Table>
    </Card>
  );
}

export function ReportCharts({ report, title }: { report: Report; title: string }) {
  const per = report.bucket === 'day' ? 'day' : 'week';
  const points = report.series.map((p) => pointLabel(p, report.bucket, report.to));
  // the axis names each bar by its first day
  const dayLabels = report.series.map((p) => pointLabel(p, 'day', report.to));
  const wholeDollars = (cents: number) => formatCents(Math.round(cents / 100) * 100, { compact: true });
  return (
    <div className="grid items-start gap-4 lg:grid-cols-2">
      <ChartSection
        title={`Revenue and bookings per ${per}`}
        description={`By pick-up date${per === 'week' ? ', 7 days a bar from the first day' : ''}. Revenue excludes tips; cancelled bookings are not counted.`}
        caption={`Revenue and bookings per ${per}, ${title}`}
        chart={
          <div className="flex flex-col gap-1">
            <p className="text-xs font-medium text-slate-600">Revenue</p>
            <ReportChart spec={{ kind: 'columns', series: 'revenue', labels: dayLabels, values: report.series.map((p) => p.revenueCents), format: wholeDollars }} />
            <p className="text-xs font-medium text-slate-600">Bookings</p>
            <ReportChart spec={{ kind: 'columns', series: 'bookings', labels: dayLabels, values: report.series.map((p) => p.bookings), format: formatCount }} />
          </div>
        }
        columns={[{ label: per === 'day' ? 'Day' : 'Week' }, { label: 'Bookings', numeric: true }, { label: 'Revenue', numeric: true }]}
        rows={report.series.map((p, i) => [points[i]!, formatCount(p.bookings), formatCents(p.revenueCents)])}
      />
      <ChartSection
        title="Bookings by town"
        description="Where the pick-ups were, most first."
        caption={`Bookings by town, ${title}`}
        chart={report.towns.length ? <ReportChart spec={{ kind: 'rows', labels: report.towns.map((t) => t.town), values: report.towns.map((t) => t.bookings) }} /> : <p className="text-sm text-slate-600">No bookings.</p>}
        columns={[{ label: 'Town' }, { label: 'Bookings', numeric: true }]}
        rows={report.towns.map((t) => [t.town, formatCount(t.bookings)])}
      />
      <ChartSection
        title="Bookings by pick-up window"
        description="Each window’s bookings (dark) against its places on the days it was offered (pale)."
        caption={`Bookings by pick-up window against capacity, ${title}`}
        chart={<ReportChart spec={{ kind: 'rows', labels: report.windows.map((w) => windowLabel(w.window)), values: report.windows.map((w) => w.bookings), capacity: report.windows.map((w) => w.capacity) }} />}
        columns={[{ label: 'Window' }, { label: 'Bookings', numeric: true }, { label: 'Places', numeric: true }, { label: 'Full', numeric: true }]}
        rows={report.windows.map((w) => [windowLabel(w.window), formatCount(w.bookings), formatCount(w.capacity), `${w.percent}%`])}
      />
      <BusiestWindows report={report} />
    </div>
  );
}

function BusiestWindows({ report }: { report: Report }) {
  const top = report.busiest.slice(0, 5);
  return (
    <Card className="flex min-w-0 flex-col gap-3 rounded-xl p-4 sm:p-5">
      <div>
        <h3 className="text-base font-bold">Busiest windows</h3>
        <p className="text-sm text-muted-foreground">Each weekday’s window against its places in this range, fullest first.</p>
      </div>
      {top.length === 0 ? (
        <p className="text-sm text-slate-600">No bookings.</p>
      ) : (
        <ol className="flex flex-col gap-2">
          {top.map((s) => (
            <li key={`${s.weekday} ${s.window}`} className="flex flex-col gap-1">
              <div className="flex items-baseline justify-between gap-2 text-sm">
                <span className="font-medium">
                  {weekdayName(s.weekday)}, {windowLabel(s.window)}
                </span>
                <span className="tabular-nums text-slate-700">
                  {formatCount(s.bookings)} of {formatCount(s.capacity)} places ({s.percent}%)
                </span>
              </div>
              <div className="h-2 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
                <div className="h-full rounded-full bg-primary" style={{ width: `${Math.min(s.percent, 100)}%` }} />
              </div>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
