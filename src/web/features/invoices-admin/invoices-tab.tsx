// spec: back-office 2 "Manual Invoices table", reachable as the Invoices tab with the subscription
// invoices beside it (docs/design.md 7): a status filter and a search, answered by the server a page at
// a time (docs/design.md 8), Mark Paid after a confirmation (spec 4), and the spec 8 messages.
import { Search } from 'lucide-react';
import { useCallback, useId, useState } from 'react';
import { Card } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { fieldClass, Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Pager } from '../../components/ui/pager';
import { useKeepPageInRange, useSearchBox } from '../../components/ui/list-url-state';
import { LoadFailed, Loading, RefreshButton, useLoadErrorToast } from '../../components/ui/query-state';
import { EmptyState } from '../../components/ui/table';
import { cn } from '../../lib/cn';
import { toast } from '../../lib/toast';
import { useMediaQuery } from '../../lib/use-media-query';
import { pageFrom, useUrlState } from '../../lib/url-state';
import { InvoiceCards, InvoiceTable } from './invoice-list';
import { emptyInvoicesHint, markPaidQuestion } from './invoice-view';
import { ExportLink } from '../back-office-api';
import { useInvoices, useMarkInvoicePaid, type InvoiceStatusFilter, type StaffInvoice } from './invoices-api';
import { SubscriptionsSection } from './subscriptions-section';

// spec: back-office 8
const loadFailedTitle = 'Failed to fetch manual invoices.';
const updateFailedTitle = 'Failed to update invoice status.';
const pageSize = 20;
const counts = new Intl.NumberFormat('en-US');
const selectClass = cn(fieldClass, 'h-10 py-2');
const statusOptions: { value: InvoiceStatusFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'pending', label: 'Pending' },
  { value: 'overdue', label: 'Overdue' },
  { value: 'paid', label: 'Paid' },
];

const urlDefaults = { q: '', status: 'all', page: '1' };
const urlAllowed = { status: statusOptions.map((o) => o.value) };

export function InvoicesTab() {
  const id = useId();
  // the search, the status and the page live in the address: a reload, back and a shared link keep them
  const [url, setUrl] = useUrlState(urlDefaults, urlAllowed);
  const q = url.q.trim();
  const status = url.status as InvoiceStatusFilter;
  const page = pageFrom(url.page);
  const [search, setSearch] = useSearchBox(
    q,
    useCallback((value: string) => setUrl({ q: value, page: '1' }, { replace: true }), [setUrl]),
  );
  const setPage = useCallback((next: number) => setUrl({ page: String(next) }), [setUrl]);
  const list = useInvoices({ status, q, page, pageSize });
  const markPaid = useMarkInvoicePaid();
  const [confirming, setConfirming] = useState<StaffInvoice | null>(null);
  // a table where it fits; on a phone or a small tablet, one card per invoice
  const wide = useMediaQuery('(min-width: 1024px)');
  useLoadErrorToast(loadFailedTitle, list.error);

  const data = list.data;
  // a page emptied since it was chosen (its invoices paid under Pending) moves back to the last page there is
  useKeepPageInRange(page, data?.total, data?.pageSize ?? pageSize, !list.isPlaceholderData, (p) => setUrl({ page: String(p) }, { replace: true }));

  const onConfirm = () => {
    if (!confirming) return;
    const invoice = confirming;
    markPaid.mutate(
      { id: invoice.id },
      {
        onSuccess: () => toast.success(`${invoice.invoiceNumber} marked as paid`, { description: `${invoice.clientName}'s invoice is recorded as paid.` }),
        onError: (err) => toast.error(updateFailedTitle, { description: err.message }),
        onSettled: () => setConfirming(null),
      },
    );
  };
  const question = confirming ? markPaidQuestion(confirming) : null;
  const hint = emptyInvoicesHint({ status, q });
  const listProps = { fetching: list.isFetching, label: 'Invoices', onMarkPaid: setConfirming, markingId: markPaid.isPending ? (markPaid.variables?.id ?? null) : null };

  return (
    <div className="flex flex-col gap-6">
      <Card className="overflow-hidden rounded-xl">
        <div className="flex flex-col gap-4 border-b border-slate-200 p-4 sm:px-6">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div className="min-w-0">
              <h2 className="text-lg font-bold">Invoices{data ? ` (${counts.format(data.total)})` : ''}</h2>
              <p className="text-sm text-muted-foreground">Manual and subscription invoices, newest first. Send a new one from Send Invoice.</p>
            </div>
            <div className="flex flex-wrap gap-2">
              <ExportLink name="exportInvoices" filters={{ q, status }} description="Every invoice this filter and search show, as a spreadsheet">
                Download CSV
              </ExportLink>
              <RefreshButton query={list} />
            </div>
          </div>
          <div className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={`${id}-q`}>Search</Label>
              <div className="relative">
                <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500" aria-hidden="true" />
                <Input id={`${id}-q`} type="search" className="pl-9" placeholder="Name, email or invoice #" value={search} onChange={(e) => setSearch(e.target.value)} maxLength={100} />
              </div>
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={`${id}-status`}>Status</Label>
              <select id={`${id}-status`} className={selectClass} value={status} onChange={(e) => setUrl({ status: e.target.value, page: '1' })}>
                {statusOptions.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            </div>
          </div>
        </div>

        {list.isPending ? (
          <Loading>Loading invoices...</Loading>
        ) : !data ? (
          <LoadFailed title={loadFailedTitle} query={list} />
        ) : data.invoices.length === 0 ? (
          <EmptyState>
            <p>No manual invoices found</p>
            {hint ? <p>{hint}</p> : null}
          </EmptyState>
        ) : wide ? (
          <InvoiceTable invoices={data.invoices} {...listProps} />
        ) : (
          <InvoiceCards invoices={data.invoices} {...listProps} />
        )}

        {data ? <Pager label="Invoice pages" page={page} total={data.total} pageSize={data.pageSize} onPage={setPage} /> : null}
      </Card>

      <SubscriptionsSection />

      <ConfirmDialog
        open={confirming !== null}
        title={question?.title ?? ''}
        description={question?.description ?? ''}
        confirmLabel="Mark Paid"
        pendingLabel="Marking..."
        pending={markPaid.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={onConfirm}
      />
    </div>
  );
}
