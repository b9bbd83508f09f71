// Choosing when the laundry comes back (decision 056): one of the windows the server offers for the
// order, from the planned one on; its answer is shown as it says it.
import { Truck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { CustomerOrder } from '../../../shared/schemas/customer-orders';
import { Button } from '../../components/ui/button';
import { Field, fieldAria } from '../../components/ui/field';
import { fieldClass } from '../../components/ui/input';
import { ApiRequestError } from '../../lib/api';
import { cn } from '../../lib/cn';
import { useChooseDelivery } from './orders-api';

const keyOf = (w: { date: string; time: string }) => `${w.date} ${w.time}`;

export function DeliveryForm({ order }: { order: CustomerOrder }) {
  const [open, setOpen] = useState(false);
  const current = order.deliveryChoices.find((c) => c.current) ?? order.deliveryChoices[0]!;
  const [choice, setChoice] = useState(keyOf(current));
  const choose = useChooseDelivery(order.id);
  const id = `delivery-${order.id}`;
  const fields = choose.error instanceof ApiRequestError ? choose.error.fields : {};
  const general = choose.error && !fields.dueBackTime ? choose.error.message : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    const to = order.deliveryChoices.find((c) => keyOf(c) === choice);
    if (!to) return;
    choose.mutate({ dueBackDate: to.date, dueBackTime: to.time }, { onSuccess: () => setOpen(false) });
  }

  if (!open) {
    return (
      <>
        <Button size="sm" variant="outline" onClick={() => (choose.reset(), setChoice(keyOf(current)), setOpen(true))}>
          <Truck aria-hidden="true" />
          Change delivery time
        </Button>
        {choose.isSuccess ? (
          <p role="status" className="basis-full text-sm font-medium text-green-800">
            We bring it back on {choose.data.order.dueBackLabel}. We emailed you the new time.
          </p>
        ) : null}
      </>
    );
  }
  return (
    <form onSubmit={submit} noValidate aria-label={`Change the delivery time of ${order.confirmation}`} className="flex basis-full flex-col gap-3 rounded-xl border border-border bg-slate-50 p-4">
      <Field id={`${id}-time`} label="Bring it back on" error={fields.dueBackTime} hint="The earliest is the time we planned; you can choose a later one until it is out for delivery.">
        <select {...fieldAria(`${id}-time`, fields.dueBackTime)} className={cn(fieldClass, 'h-10 py-2')} value={choice} onChange={(e) => setChoice(e.target.value)}>
          {order.deliveryChoices.map((c) => (
            <option key={keyOf(c)} value={keyOf(c)}>
              {c.label}
            </option>
          ))}
        </select>
      </Field>
      {general ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {general}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={choose.isPending}>
          {choose.isPending ? 'Saving...' : 'Save delivery time'}
        </Button>
        <Button type="button" size="sm" variant="outline" disabled={choose.isPending} onClick={() => setOpen(false)}>
          Keep the current time
        </Button>
      </div>
    </form>
  );
}
