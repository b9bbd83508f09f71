// docs/design.md 7, the subscription invoices beside the manual ones (spec: back-office 3 "Subscription
// invoice", 4 "Subscription next billing date"): each subscription's client, description, monthly
// price and tax, billing day, next billing date (the server's) and status. A table where it fits,
// one card per subscription on a phone or a small tablet. Which ones are shown (by status) lives in
// the address (`subs`), as the invoices' filters do.
import { useId, type ReactNode } from 'react';
import { Badge } from '../../components/ui/badge';
import { Card } from '../../components/ui/card';
import { fieldClass } from '../../components/ui/input';
import { LoadFailed, Loading, RefreshButton, useLoadErrorToast } from '../../components/ui/query-state';
import { EmptyState, Table } from '../../components/ui/table';
import { cn } from '../../lib/cn';
import { useMediaQuery } from '../../lib/use-media-query';
import { useUrlState } from '../../lib/url-state';
import { billingDayLabel, calendarDate, monthlyPriceLabel, subscriptionStatusLabels } from './invoice-view';
import { useSubscriptions, type Subscription } from './invoices-api';
import { SubscriptionActions } from './subscription-actions';

const loadFailedTitle = 'Failed to fetch subscriptions.';
const columns = ['Client', 'Description', 'Monthly Price', 'Billing Day', 'Next Billing', 'Status', 'Actions'];
const statusVariants = { active: 'success', paused: 'warning', ended: 'secondary' } as const;
const shownOptions = [
  { value: 'all', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'paused', label: 'Paused' },
  { value: 'ended', label: 'Ended' },
] as const;
const urlDefaults = { subs: 'all' };
const urlAllowed = { subs: shownOptions.map((o) => o.value) };

function Client({ subscription }: { subscription: Subscription }) {
  return (
    <>
      <p className="font-medium text-slate-900 wrap-anywhere">{subscription.clientName}</p>
      <p className="text-slate-600 wrap-anywhere">{subscription.clientEmail}</p>
    </>
  );
}

function Status({ subscription }: { subscription: Subscription }) {
  return <Badge variant={statusVariants[subscription.status]}>{subscriptionStatusLabels[subscription.status]}</Badge>;
}

/** Only an active subscription bills again: the others show no next date. */
function NextBilling({ subscription }: { subscription: Subscription }) {
  return subscription.status === 'active' ? <span className="whitespace-nowrap">{calendarDate(subscription.nextBillingDate)}</span> : <span className="text-slate-600">None</span>;
}

function SubscriptionTable({ rows, fetching }: { rows: Subscription[]; fetching: boolean }) {
  return (
    // its own name: the section around it is the 'Subscriptions (n)' region
    <Table caption="Subscriptions" regionLabel="Subscriptions table" columns={columns} busy={fetching} className="min-w-[60rem]">
      {rows.map((s) => (
        <tr key={s.id}>
          <td className="max-w-64 py-3 pr-3 pl-6">
            <Client subscription={s} />
          </td>
          <td className="max-w-72 px-3 py-3 wrap-anywhere">{s.description}</td>
          <td className="px-3 py-3 whitespace-nowrap tabular-nums">{monthlyPriceLabel(s)}</td>
          <td className="px-3 py-3 whitespace-nowrap">{billingDayLabel(s.billingDay)}</td>
          <td className="px-3 py-3">
            <NextBilling subscription={s} />
          </td>
          <td className="px-3 py-3">
            <Status subscription={s} />
          </td>
          <td className="py-3 pr-6 pl-3">
            <SubscriptionActions subscription={s} />
          </td>
        </tr>
      ))}
    </Table>
  );
}

function SubscriptionCards({ rows, fetching }: { rows: Subscription[]; fetching: boolean }) {
  const part = (name: string, body: ReactNode, className?: string) => (
    <div className={cn('flex min-w-0 flex-col gap-0.5', className)}>
      <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{name}</dt>
      <dd>{body}</dd>
    </div>
  );
  return (
    <ul aria-label="Subscriptions" aria-busy={fetching || undefined} className={cn('divide-y divide-slate-200', fetching && 'opacity-70')}>
      {rows.map((s) => (
        <li key={s.id} className="flex flex-col gap-3 p-4 text-sm sm:px-6">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <Client subscription={s} />
            </div>
            <Status subscription={s} />
          </div>
          <dl className="grid grid-cols-2 gap-x-4 gap-y-3">
            {part('Description', <span className="wrap-anywhere">{s.description}</span>, 'col-span-2')}
            {part('Monthly Price', <span className="tabular-nums">{monthlyPriceLabel(s)}</span>, 'col-span-2')}
            {part('Billing Day', billingDayLabel(s.billingDay))}
            {part('Next Billing', <NextBilling subscription={s} />)}
          </dl>
          <SubscriptionActions subscription={s} />
        </li>
      ))}
    </ul>
  );
}

export function SubscriptionsSection() {
  const headingId = useId();
  const selectId = useId();
  const [url, setUrl] = useUrlState(urlDefaults, urlAllowed);
  const list = useSubscriptions();
  // a table where it fits; on a phone or a small tablet, one card per subscription
  const wide = useMediaQuery('(min-width: 1024px)');
  useLoadErrorToast(loadFailedTitle, list.error);
  // the server sends every subscription (a business has a handful); the filter only narrows the view
  const rows = list.data?.filter((s) => url.subs === 'all' || s.status === url.subs);

  return (
    <Card className="overflow-hidden rounded-xl">
      <section aria-labelledby={headingId}>
        <div className="flex flex-wrap items-end justify-between gap-3 border-b border-slate-200 p-4 sm:px-6">
          <div className="min-w-0">
            <h2 id={headingId} className="text-lg font-bold">
              Subscriptions{rows ? ` (${rows.length})` : ''}
            </h2>
            <p className="text-sm text-muted-foreground">Monthly invoices, each issued and emailed on its billing day. Send a new one from Subscription Invoice.</p>
          </div>
          <div className="flex items-end gap-2">
            <div className="flex flex-col gap-1.5">
              <label htmlFor={selectId} className="text-sm font-medium">
                Show
              </label>
              <select id={selectId} className={cn(fieldClass, 'h-9 py-1')} value={url.subs} onChange={(e) => setUrl({ subs: e.target.value })}>
                {shownOptions.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            </div>
            <RefreshButton query={list} />
          </div>
        </div>
        {list.isPending ? (
          <Loading>Loading subscriptions...</Loading>
        ) : !rows ? (
          <LoadFailed title={loadFailedTitle} query={list} />
        ) : rows.length === 0 ? (
          <EmptyState>{url.subs === 'all' ? 'No subscriptions yet.' : `No ${url.subs} subscriptions.`}</EmptyState>
        ) : wide ? (
          <SubscriptionTable rows={rows} fetching={list.isFetching} />
        ) : (
          <SubscriptionCards rows={rows} fetching={list.isFetching} />
        )}
      </section>
    </Card>
  );
}
