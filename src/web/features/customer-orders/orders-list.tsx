// The signed-in customer's orders (decision 021): the next pick-ups first, then the past ones, each
// with where it is, what its money comes to and its links; their details and preferences, and the
// deletion of their data (decision 022). Every word and amount comes from the server; this only
// shows them.
import { Camera, Download, FileText, LogOut, X } from 'lucide-react';
import { formatCents } from '../../../shared/money';
import type { CustomerOrder, CustomerOrders } from '../../../shared/schemas/customer-orders';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { OrderTimeline } from '../../components/order-timeline';
import { DetailsSection } from './details-form';
import { EraseDataSection } from './erase-data';
import { useSignOutOfOrders } from './orders-api';
import { RepeatOrder, SeriesSection } from './series-section';
import { RescheduleForm } from './reschedule-form';
import { DeliveryForm } from './delivery-form';

export function OrdersList({ orders, onErased }: { orders: CustomerOrders; onErased: (message: string) => void }) {
  const signOut = useSignOutOfOrders();
  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground">
          Signed in as <span className="font-semibold break-all text-foreground">{orders.signedInAs}</span>
        </p>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline" size="sm">
            <a href="/api/orders/export" download>
              <Download aria-hidden="true" />
              Download my data
            </a>
          </Button>
          <Button variant="outline" size="sm" disabled={signOut.isPending} onClick={() => signOut.mutate()}>
            <LogOut aria-hidden="true" />
            Sign out
          </Button>
        </div>
      </div>
      {signOut.error ? (
        <p role="alert" className="text-sm text-destructive">
          {signOut.error.message}
        </p>
      ) : null}

      <OrderSection title="Upcoming" orders={orders.upcoming} empty="No pick-ups coming up." showBook />
      <OrderSection title="Past orders" orders={orders.past} empty="No past orders yet." />
      <SeriesSection series={orders.series} />

      {orders.details ? <DetailsSection details={orders.details} editable={orders.detailsEditable} /> : null}
      <EraseDataSection canErase={orders.canErase} onErased={onErased} />
    </div>
  );
}

function OrderSection({ title, orders, empty, showBook = false }: { title: string; orders: CustomerOrder[]; empty: string; showBook?: boolean }) {
  const id = `${title.toLowerCase().replace(/\s+/g, '-')}-heading`;
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id} className="text-xl font-bold">
        {title}
      </h2>
      {orders.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-border p-5 text-sm text-muted-foreground">
          {empty}{' '}
          {showBook ? (
            <a href="/book" className="font-semibold text-primary underline underline-offset-2">
              Book a pick-up
            </a>
          ) : null}
        </div>
      ) : (
        <ul className="flex flex-col gap-3">
          {orders.map((order) => (
            <li key={order.id}>
              <OrderCard order={order} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const tone: Record<string, 'default' | 'secondary' | 'success' | 'warning'> = { pending: 'warning', delivered: 'success', cancelled: 'secondary' };

function OrderCard({ order }: { order: CustomerOrder }) {
  // a regular pick-up from this order: the server says when (decision 024)
  const repeatable = order.canRepeat;
  return (
    <article aria-label={`Order ${order.confirmation}`} className="flex flex-col gap-3 rounded-2xl border border-border bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <p className="font-mono text-sm font-semibold">{order.confirmation}</p>
          <p className="font-semibold">{order.pickupLabel}</p>
        </div>
        <Badge variant={tone[order.status] ?? 'default'}>{order.statusLabel}</Badge>
      </div>
      {order.status !== 'cancelled' && order.status !== 'pending' ? <OrderTimeline steps={order.timeline} label={`Where ${order.confirmation} is`} /> : null}
      {order.dueBackLabel && order.status !== 'delivered' ? (
        <p className="text-sm">
          <span className="text-muted-foreground">Back on </span>
          <span className="font-semibold">{order.dueBackLabel}</span>
        </p>
      ) : null}
      {order.missedPickup ? (
        <div className="rounded-lg border-l-4 border-amber-600 bg-amber-50 p-3 text-sm text-amber-950">
          <p className="font-semibold">{order.missedPickup.label}</p>
          <p>{order.missedPickup.note}</p>
        </div>
      ) : null}
      {order.photos.length ? (
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label={`Photos of ${order.confirmation}`}>
          {order.photos.map((p) => (
            <li key={p.kind}>
              <a className="inline-flex items-center gap-1 font-medium text-primary underline" href={p.url} target="_blank" rel="noreferrer">
                <Camera className="size-3.5" aria-hidden="true" />
                {p.label}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      <dl className="grid gap-2 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-muted-foreground">Address</dt>
          <dd>{order.address}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{order.weightTenths !== null ? 'Weighed' : 'Bags'}</dt>
          <dd>{order.weightTenths !== null ? `${(order.weightTenths / 10).toFixed(1)} lb` : `${order.bags} ${order.bags === 1 ? 'bag' : 'bags'}`}</dd>
        </div>
        <div>
          {/* a missed pick-up's bill is its fee alone (decision 057): what the card paid */}
          <dt className="text-muted-foreground">{order.missedPickup ? 'No-show fee' : order.finalTotalCents !== null ? 'Total' : 'Estimate'}</dt>
          <dd>{order.missedPickup ? order.moneyLabel : `${formatCents(order.finalTotalCents ?? order.estimateCents)} · ${order.moneyLabel}`}</dd>
        </div>
      </dl>
      {order.invoiceUrl || order.cancelUrl || order.rateUrl || order.canReschedule || repeatable || order.deliveryChoices.length > 0 ? (
        <div className="flex flex-wrap gap-2">
          {repeatable ? <RepeatOrder order={order} /> : null}
          {order.canReschedule ? <RescheduleForm order={order} /> : null}
          {order.deliveryChoices.length > 0 ? <DeliveryForm order={order} /> : null}
          {order.invoiceUrl ? (
            <Button asChild size="sm" variant={order.amountDueCents > 0 ? 'default' : 'outline'}>
              <a href={order.invoiceUrl}>
                <FileText aria-hidden="true" />
                {order.amountDueCents > 0 ? `Pay ${formatCents(order.amountDueCents)}` : 'Invoice and receipt'}
              </a>
            </Button>
          ) : null}
          {order.rateUrl ? (
            // decision 063: the rating page, which shows the rating once given
            <Button asChild size="sm" variant="outline">
              <a href={order.rateUrl}>
                {/* a glyph, not an icon: the icon would be a chunk of its own for /orders (decision 009) */}
                <span aria-hidden="true" className="text-base leading-none text-amber-600">
                  ★
                </span>
                {order.ratedStars !== null ? `You rated it ${order.ratedStars} out of 5` : 'Rate this order'}
              </a>
            </Button>
          ) : null}
          {order.cancelUrl ? (
            <Button asChild size="sm" variant="outline">
              <a href={order.cancelUrl}>
                <X aria-hidden="true" />
                Cancel this pick-up
              </a>
            </Button>
          ) : null}
        </div>
      ) : null}
    </article>
  );
}
