// Moving a booked pick-up (decision 021): another day and window on the booking calendar, with its
// rules (reschedule-picker.tsx), checked again by the server; its answer is shown as it says it.
import { CalendarClock } from 'lucide-react';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import type { CustomerOrder } from '../../../shared/schemas/customer-orders';
import { Button } from '../../components/ui/button';
import { ApiRequestError } from '../../lib/api';
import { useRescheduleOrder } from './orders-api';

// the booking calendar is /book's code: loaded when the form opens, not with Your orders
const ReschedulePicker = lazy(() => import('./reschedule-picker'));

export function RescheduleForm({ order }: { order: CustomerOrder }) {
  const [open, setOpen] = useState(false);
  const [date, setDate] = useState(order.pickupDate);
  // the days and windows the settings offer now (decision 055)
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
      <Suspense fallback={<p className="text-sm text-muted-foreground">Loading the calendar...</p>}>
        <ReschedulePicker
          idBase={idBase}
          date={date}
          time={time}
          current={{ date: order.pickupDate, time: order.pickupTime }}
          onDate={setDate}
          onTime={setTime}
          errors={{ pickupDate: fields.pickupDate, pickupTime: fields.pickupTime }}
        />
      </Suspense>
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
