// The Reports tab's charts (decision 026): Chartist (SVG, about 13 KB gzipped), loaded with this
// module only when the tab renders, never with the back office's first load (scripts/check-budgets.ts
// proves it). Each chart is a picture of a table the tab shows beside it, so the SVG is hidden from
// screen readers. Chartist draws again when the window changes size: the bars and the labels fit a 375 px phone.
import { BarChart, type BarChartOptions, type BarDrawEvent } from 'chartist';
import 'chartist/dist/index.css';
import { useEffect, useRef } from 'react';
import { labelEvery } from './report-view';
import './report-charts.css';

export type ChartSpec =
  /** one bar per day or week */
  | { kind: 'columns'; labels: string[]; values: number[]; format: (v: number) => string; series: 'revenue' | 'bookings' }
  /** one horizontal bar per row; with `capacity`, the part of each bar booked and the places left */
  | { kind: 'rows'; labels: string[]; values: number[]; capacity?: number[] };

const rowHeight = 30;
const shorten = (label: string, most: number) => (label.length > most ? `${label.slice(0, most - 1)}…` : label);

function optionsFor(spec: ChartSpec, el: HTMLElement): BarChartOptions {
  if (spec.kind === 'columns') {
    return {
      height: '190px',
      chartPadding: { top: 12, right: 8, bottom: 0, left: 4 },
      axisX: {
        showGrid: false,
        // about one label per 52 px of chart, so that none overlap at 375 px
        labelInterpolationFnc: (value, index) => (index % labelEvery(spec.labels.length, el.clientWidth - 60, 52) === 0 ? value : null),
      },
      axisY: { onlyInteger: true, offset: 56, labelInterpolationFnc: (value) => spec.format(Number(value)) },
    };
  }
  return {
    horizontalBars: true,
    stackBars: Boolean(spec.capacity),
    height: `${spec.labels.length * rowHeight + 40}px`,
    chartPadding: { top: 8, right: 24, bottom: 0, left: 4 },
    axisY: { offset: 96, showGrid: false, labelInterpolationFnc: (value) => shorten(String(value), 13) },
    axisX: { onlyInteger: true, labelInterpolationFnc: (value, index) => (index % labelEvery(6, el.clientWidth - 110, 40) === 0 ? value : null) },
  };
}

/** Each bar as thick as its slot allows, whatever the width: thin on a phone, never touching. */
function thickness(spec: ChartSpec, event: BarDrawEvent) {
  const count = spec.labels.length || 1;
  const slot = (spec.kind === 'columns' ? event.chartRect.width() : event.chartRect.height()) / count;
  return Math.max(2, Math.min(spec.kind === 'columns' ? 28 : 20, Math.floor(slot * 0.7)));
}

export default function ReportChart({ spec, className }: { spec: ChartSpec; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const series = spec.kind === 'rows' && spec.capacity ? [spec.values, spec.capacity.map((c, i) => Math.max(c - spec.values[i]!, 0))] : [spec.values];
    // horizontal bars are drawn from the bottom up: reversed, the first row is at the top, as the table reads
    const rows = spec.kind === 'rows';
    const data = rows ? { labels: [...spec.labels].reverse(), series: series.map((s) => [...s].reverse()) } : { labels: spec.labels, series };
    const chart = new BarChart(el, data, optionsFor(spec, el));
    chart.on('draw', (event) => {
      if (event.type === 'bar') event.element.attr({ style: `stroke-width: ${thickness(spec, event as BarDrawEvent)}px` });
    });
    return () => void chart.detach();
  }, [spec]);
  return <div ref={ref} aria-hidden="true" data-chart={spec.kind === 'columns' ? spec.series : 'rows'} className={`report-chart report-chart-${spec.kind === 'columns' ? spec.series : spec.capacity ? 'capacity' : 'rows'} ${className ?? ''}`} />;
}
