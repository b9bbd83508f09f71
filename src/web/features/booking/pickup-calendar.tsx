import { DayPicker } from 'react-day-picker';
import 'react-day-picker/style.css';
import { business } from '../../../shared/business';
import { addDays, isoWeekday } from '../../../shared/dates';

function toDate(iso: string): Date {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
}

function toIso(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

/** spec: customer-site 5, Mondays, Wednesdays and Fridays only; never a past day; never a full day. */
export function isSelectableDay(iso: string, today: string, lastDay: string, closedDays: Set<string>): boolean {
  return (
    iso >= today &&
    iso <= lastDay &&
    (business.serviceWeekdays as readonly number[]).includes(isoWeekday(iso)) &&
    !closedDays.has(iso)
  );
}

export function PickupCalendar({
  id,
  value,
  today,
  closedDays,
  onChange,
  invalid,
}: {
  id: string;
  value: string;
  today: string;
  closedDays: Set<string>;
  onChange: (iso: string) => void;
  invalid?: boolean;
}) {
  const lastDay = addDays(today, 90);
  return (
    <div
      id={id}
      className={
        'washday-calendar w-fit rounded-xl border bg-white p-2 sm:p-3 ' + (invalid ? 'border-destructive' : 'border-border')
      }
    >
      <DayPicker
        mode="single"
        required={false}
        selected={value ? toDate(value) : undefined}
        onSelect={(date) => {
          if (date) onChange(toIso(date));
        }}
        defaultMonth={value ? toDate(value) : toDate(today)}
        startMonth={toDate(today)}
        endMonth={toDate(lastDay)}
        disabled={(date) => !isSelectableDay(toIso(date), today, lastDay, closedDays)}
        showOutsideDays={false}
        weekStartsOn={0}
        labels={{ labelDayButton: (date, modifiers) => `${date.toDateString()}${modifiers.disabled ? ', not available' : ''}${modifiers.selected ? ', selected' : ''}` }}
      />
    </div>
  );
}
