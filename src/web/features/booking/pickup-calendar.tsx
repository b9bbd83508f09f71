// The pick-up date: one month at a time, only the service days the settings give from today to the end
// of the booking horizon, not closed, with a free window. A date grid after the WAI-ARIA pattern:
// one tab stop, the arrow keys, Home/End and PageUp/PageDown move between the days that can be
// picked (docs/decisions/008).
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { cn } from '../../lib/cn';
import { addMonths, dayLabel, isSelectableDay, monthLabel, monthOf, monthWeeks, moveFocus, type CalendarKey } from './calendar-grid';

const weekdays = [
  ['Su', 'Sunday'],
  ['Mo', 'Monday'],
  ['Tu', 'Tuesday'],
  ['We', 'Wednesday'],
  ['Th', 'Thursday'],
  ['Fr', 'Friday'],
  ['Sa', 'Saturday'],
] as const;

const keys = new Set<string>(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End', 'PageUp', 'PageDown']);

export function PickupCalendar({
  id,
  value,
  today,
  lastDay,
  closedDays,
  weekdays: serviceWeekdays,
  onChange,
  invalid,
  loading = false,
}: {
  id: string;
  value: string;
  today: string;
  /** The last day of the booking horizon. */
  lastDay: string;
  /** Days that can't be picked: closed by the owner, or every window taken. */
  closedDays: Set<string>;
  /** The pick-up days, ISO weekdays (1 = Monday), as the settings have them. */
  weekdays: readonly number[];
  onChange: (iso: string) => void;
  invalid?: boolean;
  /** The free days are on their way: the month shows, no day can be picked yet. */
  loading?: boolean;
}) {
  const selectable = (iso: string) => !loading && isSelectableDay(iso, today, lastDay, closedDays, serviceWeekdays);
  const [month, setMonth] = useState(() => monthOf(value || today));
  const [focused, setFocused] = useState<string | null>(null);
  // a date set from outside (a restored draft), or the server's today once known, brings its month into view
  const [shown, setShown] = useState({ value, today, loading });
  if (value !== shown.value || today !== shown.today || loading !== shown.loading) {
    setShown({ value, today, loading });
    setMonth(monthOf(value || today));
  }
  const grid = useRef<HTMLTableElement>(null);
  // Always six rows, so that the page below never moves with the month. While the free days load
  // (and in the prerendered page, built on another day) the grid shows no dates at all.
  const weeks: (string | null)[][] = loading ? [] : monthWeeks(month);
  while (weeks.length < 6) weeks.push(Array.from({ length: 7 }, () => null));
  const days = weeks.flat().filter((d): d is string => d !== null);

  // the one day in the tab order: the focused one, else the selected one, else the first that can be picked
  const tabStop =
    [focused, value, today].find((d) => d && monthOf(d) === month && selectable(d)) ?? days.find(selectable) ?? null;

  // A day of another month is focused once that month has rendered. A day shown already is focused
  // with the key press itself, so that the next key (Enter, at once) lands on it, whenever the
  // runtime renders.
  const focusAfterRender = useRef<string | null>(null);
  const dayButton = (iso: string) => grid.current?.querySelector<HTMLButtonElement>(`[data-day="${iso}"]`) ?? null;
  useLayoutEffect(() => {
    const iso = focusAfterRender.current;
    const button = iso ? dayButton(iso) : null;
    if (!button) return;
    focusAfterRender.current = null;
    button.focus();
  });

  const focusDay = (iso: string) => {
    setFocused(iso);
    const button = monthOf(iso) === month ? dayButton(iso) : null;
    if (button) {
      button.focus();
      return;
    }
    focusAfterRender.current = iso;
    setMonth(monthOf(iso));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, iso: string) => {
    if (!keys.has(event.key)) return;
    event.preventDefault();
    const next = moveFocus(iso, event.key as CalendarKey, selectable, today, lastDay);
    if (next) focusDay(next);
  };

  const firstMonth = monthOf(today);
  const lastMonth = monthOf(lastDay);
  return (
    <div id={id} className={cn('w-fit rounded-xl border bg-white p-2 sm:p-3', invalid ? 'border-destructive' : 'border-border')}>
      <div className="mb-2 flex items-center justify-between gap-2">
        <button
          type="button"
          className="inline-flex size-9 items-center justify-center rounded-lg text-primary hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-ring disabled:text-slate-300 disabled:hover:bg-transparent"
          onClick={() => setMonth(addMonths(month, -1))}
          disabled={loading || month <= firstMonth}
          aria-label="Go to the previous month"
        >
          <ChevronLeft className="size-5" aria-hidden="true" />
        </button>
        <p className="text-sm font-semibold" aria-live="polite" id={`${id}-month`}>
          {loading ? '\u00a0' : monthLabel(month)}
        </p>
        <button
          type="button"
          className="inline-flex size-9 items-center justify-center rounded-lg text-primary hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-ring disabled:text-slate-300 disabled:hover:bg-transparent"
          onClick={() => setMonth(addMonths(month, 1))}
          disabled={loading || month >= lastMonth}
          aria-label="Go to the next month"
        >
          <ChevronRight className="size-5" aria-hidden="true" />
        </button>
      </div>
      {loading ? (
        <p role="status" className="sr-only">
          Loading the days we can pick up...
        </p>
      ) : null}
      <table ref={grid} role="grid" aria-labelledby={`${id}-month`} aria-busy={loading || undefined} className={cn('border-collapse text-sm', loading && 'animate-pulse')}>
        <thead>
          <tr>
            {weekdays.map(([short, long]) => (
              <th key={short} scope="col" className="size-9 text-xs font-medium text-slate-600 min-[381px]:size-10">
                <abbr title={long} className="no-underline">
                  {short}
                </abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week, w) => (
            <tr key={week.find(Boolean) ?? `row-${w}`}>
              {week.map((iso, i) => {
                if (!iso) return <td key={`empty-${i}`} role="gridcell" className="p-px" aria-hidden={loading || undefined}><span className="block size-9 min-[381px]:size-10" /></td>;
                const open = selectable(iso);
                const selected = iso === value;
                return (
                  <td key={iso} role="gridcell" aria-selected={selected} className="p-px text-center">
                    <button
                      type="button"
                      data-day={iso}
                      className={cn(
                        'pickup-day size-9 rounded-full min-[381px]:size-10 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring',
                        selected
                          ? 'bg-primary font-semibold text-primary-foreground'
                          : open
                            ? 'font-semibold text-slate-900 hover:bg-brand-100'
                            : 'cursor-not-allowed text-slate-500 line-through',
                        iso === today && !selected && 'ring-1 ring-primary',
                      )}
                      disabled={!open}
                      tabIndex={iso === tabStop ? 0 : -1}
                      aria-label={`${dayLabel(iso)}${open ? '' : ', not available'}${selected ? ', selected' : ''}`}
                      aria-current={iso === today ? 'date' : undefined}
                      onClick={() => {
                        setFocused(iso);
                        onChange(iso);
                      }}
                      onFocus={() => setFocused(iso)}
                      onKeyDown={(e) => onKeyDown(e, iso)}
                    >
                      {Number(iso.slice(8))}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
