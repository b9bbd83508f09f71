// The customer's regular pick-ups on /orders (decision 024): each with when it comes and its own
// page (their secret) to skip, pause or stop; and "Repeat" on an order to start one.
import { Repeat } from 'lucide-react';
import { useState } from 'react';
import type { CustomerOrder, CustomerOrders } from '../../../shared/schemas/customer-orders';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { useRepeatOrder } from './orders-api';

export function SeriesSection({ series }: { series: CustomerOrders['series'] }) {
  if (series.length === 0) return null;
  return (
    <section aria-labelledby="series-list-heading" className="flex flex-col gap-3">
      <h2 id="series-list-heading" className="text-xl font-bold">
        Regular pick-ups
      </h2>
      <ul className="flex flex-col gap-3">
        {series.map((s) => (
          <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-border bg-white p-5 shadow-sm">
            <div className="flex flex-col gap-1 text-sm">
              <p className="font-semibold">{s.label}</p>
              <p className="text-muted-foreground">{s.booked ? `Booked next: ${s.booked.pickupLabel}` : s.nextLabel ? `Next: ${s.nextLabel}` : 'No more pick-ups'}</p>
              {s.lastIssue ? <p className="text-amber-900">{s.lastIssue}</p> : null}
            </div>
            <div className="flex items-center gap-2">
              <Badge variant={s.status === 'active' ? 'success' : 'secondary'}>{s.statusLabel}</Badge>
              <Button asChild size="sm" variant="outline">
                <a href={s.manageUrl}>
                  Skip, pause or stop<span className="sr-only"> {s.label}</span>
                </a>
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** "Repeat" on one order: every week or every two weeks, the same weekday and window. */
export function RepeatOrder({ order }: { order: CustomerOrder }) {
  const [open, setOpen] = useState(false);
  const repeat = useRepeatOrder(order.id);
  if (repeat.isSuccess)
    return (
      <p role="status" className="basis-full text-sm font-medium text-green-800">
        Repeats: {repeat.data.series.label}, from {repeat.data.series.nextLabel}.
      </p>
    );
  if (!open)
    return (
      <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
        <Repeat aria-hidden="true" />
        Repeat
      </Button>
    );
  return (
    <div role="group" aria-label={`Repeat ${order.confirmation}`} className="flex basis-full flex-wrap items-center gap-2 rounded-xl border border-border bg-slate-50 p-3 text-sm">
      <span>Repeat this order:</span>
      <Button size="sm" disabled={repeat.isPending} onClick={() => repeat.mutate(1)}>
        Every week
      </Button>
      <Button size="sm" disabled={repeat.isPending} onClick={() => repeat.mutate(2)}>
        Every 2 weeks
      </Button>
      <Button size="sm" variant="outline" disabled={repeat.isPending} onClick={() => setOpen(false)}>
        Not now
      </Button>
      {repeat.error ? (
        <p role="alert" className="basis-full font-medium text-destructive">
          {repeat.error.message}
        </p>
      ) : null}
    </div>
  );
}
