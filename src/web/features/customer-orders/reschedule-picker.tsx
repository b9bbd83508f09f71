// The new day and window of a pick-up being moved (decision 021), with the booking calendar's rules:
// only the service days from today to the horizon, not closed, with a window left; a full or started
// window cannot be chosen. Loaded when the customer opens the form (the calendar is /book's code).
import { useMemo } from 'react';
import { formatLongDate } from '../../../shared/dates';
import { cn } from '../../lib/cn';
import { useSiteBusiness } from '../../lib/site-business';
import { closedDays, PickupCalendar, useAvailability, windowTaken } from '../booking';

export default function ReschedulePicker({
  idBase,
  date,
  time,
  current,
  onDate,
  onTime,
  errors,
}: {
  idBase: string;
  date: string;
  time: string;
  /** The pick-up's own window: its place is its own, so it is never "full" for it. */
  current: { date: string; time: string };
  onDate: (iso: string) => void;
  onTime: (value: string) => void;
  errors: { pickupDate?: string | undefined; pickupTime?: string | undefined };
}) {
  const site = useSiteBusiness();
  const availability = useAvailability();
  const a = useMemo(() => {
    const d = availability.data;
    const own = `${current.date}|${current.time}`;
    return {
      today: d?.today ?? current.date,
      lastDay: d?.lastDay ?? current.date,
      closed: d?.closed ?? [],
      full: new Set((d?.full ?? []).filter((k) => k !== own)),
      started: new Set(d?.started ?? []),
      weekdays: d?.serviceWeekdays ?? site.serviceWeekdays,
      windows: d?.windows ?? site.pickupWindows,
    };
  }, [availability.data, current.date, current.time, site]);

  return (
    <div className="grid gap-4 lg:grid-cols-[auto_1fr]">
      <div className="flex flex-col gap-1.5">
        <span id={`${idBase}-date-label`} className="text-sm font-medium">
          New pick-up day
        </span>
        <p id={`${idBase}-date-hint`} className="text-xs text-muted-foreground">
          Pick-ups on {site.serviceDaysLabel}. Use the arrow keys to move between days.
        </p>
        <div role="group" aria-labelledby={`${idBase}-date-label`} aria-describedby={errors.pickupDate ? `${idBase}-date-error` : `${idBase}-date-hint`}>
          <PickupCalendar
            id={`${idBase}-date`}
            value={date}
            today={a.today}
            lastDay={a.lastDay}
            closedDays={closedDays(a)}
            weekdays={a.weekdays}
            onChange={(iso) => {
              onDate(iso);
              if (windowTaken(a, iso, time)) onTime('');
            }}
            invalid={Boolean(errors.pickupDate)}
            loading={availability.isPending}
          />
        </div>
        <p className="text-sm" aria-live="polite">
          {date ? (
            <>
              Selected: <strong>{formatLongDate(date)}</strong>
            </>
          ) : null}
        </p>
        {errors.pickupDate ? (
          <p id={`${idBase}-date-error`} className="text-sm font-medium text-destructive">
            {errors.pickupDate}
          </p>
        ) : null}
      </div>
      <fieldset aria-describedby={errors.pickupTime ? `${idBase}-time-error` : undefined}>
        <legend className="mb-2 text-sm font-medium">New pick-up window</legend>
        <div className="grid gap-2 sm:grid-cols-3 lg:grid-cols-1">
          {a.windows.map((w) => {
            const off = Boolean(date) && windowTaken(a, date, w.value);
            return (
              <label
                key={w.value}
                className={cn(
                  'flex cursor-pointer items-center gap-3 rounded-lg border bg-white px-3 py-2.5 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
                  time === w.value ? 'border-primary bg-brand-50 font-semibold' : 'border-input',
                  off && 'cursor-not-allowed opacity-60',
                )}
              >
                <input type="radio" name={`${idBase}-time`} value={w.value} checked={time === w.value} disabled={off} onChange={() => onTime(w.value)} className="size-4 accent-[var(--color-primary)]" />
                <span>
                  {w.label}
                  {off ? <span className="block text-xs font-normal">{a.full.has(`${date}|${w.value}`) ? 'Full' : 'Already started'}</span> : null}
                </span>
              </label>
            );
          })}
        </div>
        {errors.pickupTime ? (
          <p id={`${idBase}-time-error`} className="mt-1.5 text-sm font-medium text-destructive">
            {errors.pickupTime}
          </p>
        ) : null}
      </fieldset>
    </div>
  );
}
