// Moving a booked pick-up (decision 021): another day and window, checked by the server (a day we
// serve, inside the horizon, not closed, a place left); its answer is shown as it says it.
import { CalendarClock } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { pickupWindowLabel } from '../../../shared/business';
import type { CustomerOrder } from '../../../shared/schemas/customer-orders';
import { Button } from '../../components/ui/button';
import { Field, fieldAria } from '../../components/ui/field';
import { Input, fieldClass } from '../../components/ui/input';
import { ApiRequestError } from '../../lib/api';
import { cn } from '../../lib/cn';
import { useSiteBusiness } from '../../lib/site-business';
import { useRescheduleOrder } from './orders-api';

export function RescheduleForm({ order }: { order: CustomerOrder }) {
  const [open, setOpen] = useState(false);
  const [date, setDate] = useState(order.pickupDate);
  // the days and windows the settings offer now (decision 055)
  const site = useSiteBusiness();
  const windows = site.pickupWindows.some((w) => w.value === order.pickupTime) ? site.pickupWindows : [{ value: order.pickupTime, label: pickupWindowLabel(order.pickupTime) }, ...site.pickupWindows];
  const [time, setTime] = useState(order.pickupTime);
  const move = useRescheduleOrder(order.id);
  const idBase = `move-${order.id}`;
  const fields = move.error instanceof ApiRequestError ? move.error.fields : {};
  const general = move.error && !fields.pickupDate && !fields.pickupTime ? move.error.message : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    move.mutate({ pickupDate: date, pickupTime: time }, { onSuccess: () => setOpen(false) });
  }

  if (!open) {
    return (
      <>
        <Button size="sm" variant="outline" onClick={() => (move.reset(), setOpen(true))}>
          <CalendarClock aria-hidden="true" />
          Change pick-up time
        </Button>
        {move.isSuccess ? (
          <p role="status" className="basis-full text-sm font-medium text-green-800">
            Moved to {move.data.order.pickupLabel}. We emailed you the updated calendar invitation.
          </p>
        ) : null}
      </>
    );
  }
  return (
    <form onSubmit={submit} noValidate aria-label={`Change the pick-up time of ${order.confirmation}`} className="flex basis-full flex-col gap-3 rounded-xl border border-border bg-slate-50 p-4">
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id={`${idBase}-date`} label="New pick-up day" error={fields.pickupDate} hint={site.serviceDaysLabel.replace(' & ', ' or ')}>
          <Input type="date" {...fieldAria(`${idBase}-date`, fields.pickupDate, true)} value={date} onChange={(e) => setDate(e.target.value)} />
        </Field>
        <Field id={`${idBase}-time`} label="New pick-up window" error={fields.pickupTime}>
          <select {...fieldAria(`${idBase}-time`, fields.pickupTime)} className={cn(fieldClass, 'h-10 py-2')} value={time} onChange={(e) => setTime(e.target.value)}>
            {windows.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </select>
        </Field>
      </div>
      {general ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {general}
        </p>
      ) : null}
      <p className="text-xs text-muted-foreground">The hold on your card stays as it is; we email you the new time with an updated calendar invitation.</p>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={move.isPending}>
          {move.isPending ? 'Moving...' : 'Move my pick-up'}
        </Button>
        <Button type="button" size="sm" variant="outline" disabled={move.isPending} onClick={() => setOpen(false)}>
          Keep the current time
        </Button>
      </div>
    </form>
  );
}
