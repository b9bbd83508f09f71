// spec: back-office 2, Customer Details: per booking, the confirmation number (docs/design.md 7: WD-
// and six characters), badges, total, contact, preferences, add-ons and special instructions.
// Searched and paged on the server like All Bookings; the search and the page are kept in the
// address (`q`, `page`), so a reload, the back button and a shared link show the same list.
import { Search } from 'lucide-react';
import { useCallback, useId } from 'react';
import { formatCents } from '../../../shared/money';
import { customerDetailsAddOnText } from '../../../shared/pricing';
import { Card } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { ExportLink, useStaffBookings } from '../back-office-api';
import { BookingStatusBadge, ContactBlock, MoneyStateBadge, PreferencesBlock } from '../admin-bookings';
import { Pager } from '../../components/ui/pager';
import { CustomerPageButton } from '../customer-page';
import { Loading, LoadFailed, useLoadErrorToast } from '../../components/ui/query-state';
import { useKeepPageInRange, useSearchBox } from '../../components/ui/list-url-state';
import { pageFrom, useUrlState } from '../../lib/url-state';

const pageSize = 20;
const urlDefaults = { q: '', page: '1' };

export function CustomersTab() {
  const id = useId();
  const [url, setUrl] = useUrlState(urlDefaults);
  const q = url.q.trim();
  const page = pageFrom(url.page);
  const [search, setSearch] = useSearchBox(
    q,
    useCallback((value: string) => setUrl({ q: value, page: '1' }, { replace: true }), [setUrl]),
  );
  const setPage = useCallback((next: number) => setUrl({ page: String(next) }), [setUrl]);
  const list = useStaffBookings({ q, status: 'all', payment: 'all', receipt: 'any', date: '', due: '', sort: 'newest', page, pageSize });
  useLoadErrorToast('Failed to fetch bookings. Please try again.', list.error);
  const data = list.data;
  useKeepPageInRange(page, data?.total, pageSize, !list.isPlaceholderData, (p) => setUrl({ page: String(p) }, { replace: true }));

  return (
    <Card className="overflow-hidden rounded-xl">
      <div className="flex flex-col gap-3 border-b border-slate-200 p-4 sm:px-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 className="text-lg font-bold">Customer Details{data ? ` (${data.total})` : ''}</h2>
          <ExportLink name="exportCustomers" description="One row per customer: contact details, bookings and what they were billed">
            Download customers CSV
          </ExportLink>
        </div>
        <div className="flex max-w-md flex-col gap-1.5">
          <Label htmlFor={`${id}-q`}>Search customers</Label>
          <div className="relative">
            <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500" aria-hidden="true" />
            <Input id={`${id}-q`} type="search" className="pl-9" placeholder="Name, email, phone or WD- number" value={search} onChange={(e) => setSearch(e.target.value)} maxLength={100} />
          </div>
        </div>
      </div>
      {list.isPending ? (
        <Loading>Loading customer details...</Loading>
      ) : !data ? (
        <LoadFailed title="Failed to fetch bookings. Please try again." query={list} />
      ) : data.bookings.length === 0 ? (
        <p className="p-6 text-sm text-muted-foreground">{q ? 'No customers match this search.' : 'No bookings yet.'}</p>
      ) : (
        <ul className="grid gap-4 p-4 sm:p-6 lg:grid-cols-2">
          {data.bookings.map((b) => (
            <li key={b.id} className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="flex flex-col items-start gap-1">
                  <p className="font-semibold">{b.name}</p>
                  <p className="font-mono text-sm text-slate-600">{b.confirmation}</p>
                  <CustomerPageButton bookingId={b.id} name={b.name} />
                </div>
                <div className="flex flex-wrap items-center gap-2">
                  <BookingStatusBadge status={b.bookingStatus} />
                  <MoneyStateBadge booking={b} />
                  <span className="font-semibold tabular-nums">{formatCents(b.weightAdjustmentProcessed ? (b.finalTotalAmount ?? b.capturedAmount) : b.totalAmount)}</span>
                </div>
              </div>
              <ContactBlock b={b} />
              <PreferencesBlock b={b} withSpecialCare />
              <div className="text-sm">
                <p className="text-slate-600">Add-on services</p>
                {b.addOnLines.length ? (
                  <ul className="list-inside list-disc">
                    {b.addOnLines.map((l) => (
                      <li key={l.key}>{customerDetailsAddOnText(l)}</li>
                    ))}
                  </ul>
                ) : (
                  <p>None</p>
                )}
              </div>
              {b.specialInstructions ? (
                <p className="rounded-md bg-amber-50 p-2 text-sm text-amber-950">
                  <span className="font-semibold">Special instructions: </span>
                  {b.specialInstructions}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {data ? <Pager label="Customer pages" page={page} total={data.total} pageSize={pageSize} onPage={setPage} /> : null}
    </Card>
  );
}
