// spec: back-office 2, All Bookings: search, status and payment filters and Refresh, answered by
// the server a page at a time (docs/design.md 8); the list itself is booking-list.tsx.
import { ChevronLeft, ChevronRight, Search } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { bookingStatusLabels, bookingStatusValues, paymentStatusLabels, paymentStatusValues } from '../../../shared/schemas/back-office';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { fieldClass, Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { LoadFailed, Loading, RefreshButton, useLoadErrorToast } from '../../components/ui/query-state';
import { EmptyState } from '../../components/ui/table';
import { ApiRequestError } from '../../lib/api';
import { cn } from '../../lib/cn';
import { toast } from '../../lib/toast';
import { pageFrom, useUrlState } from '../../lib/url-state';
import { businessTimeZone } from '../../lib/business-time';
import { isIsoDate, todayIn } from '../../../shared/dates';
import { useMediaQuery } from '../../lib/use-media-query';
import { ExportLink, findBookingByCode, useDeleteBooking, useStaffBookings, type BookingListFilters, type StaffBooking } from '../back-office-api';
import { ReceiptDialog, WeightDialog } from '../weighing';
import { BookingCards, BookingTable, type RowActions } from './booking-list';
import { BulkBar } from './bulk-bar';
import { ScanTagButton } from '../../components/scan-tag-button';
import { PhoneOrderPanel } from './phone-order-panel';
import { canWeighFrom } from '../../../shared/status-machine';

const pageSize = 25;
const counts = new Intl.NumberFormat('en-US');
const selectClass = cn(fieldClass, 'h-10 py-2');

// the list's search, filters and page live in the address (url-state.ts): reload, back and a
// shared link show the same list
const listDefaults = { q: '', status: 'all', payment: 'all', date: '', due: '', sort: 'newest', page: '1' };
const listAllowed = { status: ['all', ...bookingStatusValues], payment: ['all', ...paymentStatusValues, 'due'], sort: ['newest', 'pickup', 'due'] };
/** A pick-up date from the address, or none: a date input gives '' or YYYY-MM-DD, a hand-typed address anything. */
const pickupDateOf = (value: string) => (isIsoDate(value) ? value : '');

function useDebounced<T>(value: T, ms: number): T {
  const [current, setCurrent] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setCurrent(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return current;
}

export function BookingsTab() {
  const id = useId();
  const [url, setUrl] = useUrlState(listDefaults, listAllowed);
  const { q } = url;
  const status = url.status as BookingListFilters['status'];
  const payment = url.payment as BookingListFilters['payment'];
  const page = pageFrom(url.page);
  const date = pickupDateOf(url.date);
  const due = pickupDateOf(url.due);
  const sort = url.sort as BookingListFilters['sort'];
  const today = todayIn(businessTimeZone());
  const [search, setSearch] = useState(q);
  // what the box last sent to the address: when it lands, what was typed since is kept
  const sent = useRef<string | null>(null);
  // the address changed under the box (back, a shared link): the box shows what the list shows
  useEffect(() => {
    if (sent.current === q) {
      sent.current = null;
      return;
    }
    setSearch((typed) => (typed.trim() === q ? typed : q));
  }, [q]);
  const typed = useDebounced(search.trim(), 300);
  useEffect(() => {
    if (typed === q) return;
    sent.current = typed;
    setUrl({ q: typed, page: '1' }, { replace: true });
    // only a settled change of the box goes to the address, not a change of the address itself
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [typed]);
  const filters: BookingListFilters = { q, status, payment, receipt: 'any', date, due, sort, page, pageSize };
  const list = useStaffBookings(filters);

  useLoadErrorToast('Failed to fetch bookings. Please try again.', list.error);

  const [weighing, setWeighing] = useState<StaffBooking | null>(null);
  /**
   * A scanned bag tag (decision 056): its order shown alone, and weighed bag by bag at once when it
   * is waiting for its weight; a deleted or cancelled order is refused and nothing opens.
   */
  const openScanned = async (code: string): Promise<string | null> => {
    const found = await findBookingByCode(code).catch(() => undefined);
    if (found === undefined) return 'Could not look the order up. Check the connection and scan again.';
    if (!found) return `No order ${code}: it was deleted, or the tag is not ours.`;
    if (found.bookingStatus === 'cancelled') return `Order ${code} is cancelled: nothing to do with this bag.`;
    setSearch(code);
    setUrl({ q: code, status: 'all', payment: 'all', date: '', due: '', page: '1' }, { replace: true });
    const paid = found.paymentStatus === 'paid' || found.totalAmount === 0;
    if (!found.weightAdjustmentProcessed && paid && canWeighFrom(found.bookingStatus)) setWeighing(found);
    return null;
  };
  const [receiptFor, setReceiptFor] = useState<StaffBooking | null>(null);
  const [deleting, setDeleting] = useState<StaffBooking | null>(null);
  const remove = useDeleteBooking();
  // a table from a laptop's 1280 px; below, one card per booking
  const wide = useMediaQuery('(min-width: 1280px)');
  // the rows chosen for a bulk action (decision 056): this page's, cleared when the list changes
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const listKey = JSON.stringify(filters);
  useEffect(() => setChosen(new Set()), [listKey]);
  const actionsFor = (b: StaffBooking): RowActions => ({
    onWeigh: () => setWeighing(b),
    onReceipt: () => setReceiptFor(b),
    onDelete: () => setDeleting(b),
    deleting: remove.isPending && remove.variables?.id === b.id,
    selected: chosen.has(b.id),
    onSelect: (on) =>
      setChosen((now) => {
        const next = new Set(now);
        if (on) next.add(b.id);
        else next.delete(b.id);
        return next;
      }),
  });

  const data = list.data;
  const selectedRows = (data?.bookings ?? []).filter((b) => chosen.has(b.id));
  const total = data?.total ?? 0;
  // a broad search stops counting (the server says so): "1,000+", and a next page while this one is full
  const atLeast = data?.totalIsLowerBound ?? false;
  const totalLabel = `${counts.format(total)}${atLeast ? '+' : ''}`;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const hasNext = page < pages || (atLeast && data?.bookings.length === pageSize);
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(page * pageSize, total);

  return (
    <Card className="overflow-hidden rounded-xl">
      <div className="flex flex-col gap-4 border-b border-slate-200 p-4 sm:px-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 className="text-lg font-bold">All Bookings ({totalLabel})</h2>
          <div className="flex flex-wrap gap-2">
            <ExportLink name="exportBookings" filters={{ q, status, payment, date, due }} description="Every booking these filters and search show, as a spreadsheet">
              Download CSV
            </ExportLink>
            <RefreshButton query={list} />
          </div>
        </div>
        <div className="flex flex-wrap items-start gap-2">
          <ScanTagButton onCode={openScanned} />
          <PhoneOrderPanel
            onOpen={(code) => {
              setSearch(code);
              setUrl({ q: code, status: 'all', payment: 'all', date: '', due: '', page: '1' });
            }}
          />
        </div>
        <div className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-q`}>Search</Label>
            <div className="relative">
              <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500" aria-hidden="true" />
              <Input id={`${id}-q`} type="search" className="pl-9" placeholder="Name, email, phone, address or WD- number" value={search} onChange={(e) => setSearch(e.target.value)} maxLength={100} />
            </div>
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-status`}>Booking status</Label>
            <select id={`${id}-status`} className={selectClass} value={status} onChange={(e) => setUrl({ status: e.target.value, page: '1' })}>
              <option value="all">All statuses</option>
              {bookingStatusValues.map((s) => (
                <option key={s} value={s}>
                  {bookingStatusLabels[s]}
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-payment`}>Payment status</Label>
            <select id={`${id}-payment`} className={selectClass} value={payment} onChange={(e) => setUrl({ payment: e.target.value, page: '1' })}>
              <option value="all">All payments</option>
              {paymentStatusValues.map((s) => (
                <option key={s} value={s}>
                  {paymentStatusLabels[s]}
                </option>
              ))}
              {/* docs/design.md 5.4: weighed bookings with money still owed */}
              <option value="due">Payment due</option>
            </select>
          </div>
        </div>
        {/* the day's work: one pick-up day, its bookings in the order of the day */}
        <div className="flex flex-wrap items-end gap-3">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-date`}>Pick-up date</Label>
            <Input id={`${id}-date`} type="date" className="w-44" value={date} onChange={(e) => setUrl({ date: pickupDateOf(e.target.value), sort: e.target.value ? 'pickup' : sort, page: '1' })} />
          </div>
          <Button variant="outline" aria-pressed={date === today} onClick={() => setUrl({ date: date === today ? '' : today, sort: 'pickup', page: '1' })}>
            Today
          </Button>
          {date ? (
            <Button variant="ghost" onClick={() => setUrl({ date: '', page: '1' })}>
              Every day
            </Button>
          ) : null}
          {/* the returns: one due-back day (decision 056) */}
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-due`}>Due-back date</Label>
            <Input id={`${id}-due`} type="date" className="w-44" value={due} onChange={(e) => setUrl({ due: pickupDateOf(e.target.value), sort: e.target.value ? 'due' : sort, page: '1' })} />
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-sort`}>Sort</Label>
            <select id={`${id}-sort`} className={selectClass} value={sort} onChange={(e) => setUrl({ sort: e.target.value, page: '1' })}>
              <option value="newest">Newest booked first</option>
              <option value="pickup">Pick-up date, soonest first</option>
              <option value="due">Due-back date, soonest first</option>
            </select>
          </div>
        </div>
      </div>

      {selectedRows.length > 0 ? <BulkBar selected={selectedRows} onClear={() => setChosen(new Set())} /> : null}
      {list.isPending ? (
        <Loading>Loading bookings...</Loading>
      ) : list.isError && !data ? (
        <LoadFailed title="Failed to fetch bookings. Please try again." query={list} />
      ) : data && data.bookings.length === 0 && page > 1 ? (
        // a link to a page the list no longer reaches (bookings deleted since)
        <div className="flex flex-wrap items-center gap-3 p-6 text-sm text-muted-foreground">
          <p>Page {page} is past the end of this list.</p>
          <Button variant="outline" size="sm" onClick={() => setUrl({ page: '1' })}>
            Go to page 1
          </Button>
        </div>
      ) : data && data.bookings.length === 0 ? (
        <EmptyState>{q || status !== 'all' || payment !== 'all' || date || due ? 'No bookings match these filters.' : 'No bookings yet. New bookings appear here as customers book.'}</EmptyState>
      ) : data ? (
        wide ? (
          <BookingTable bookings={data.bookings} fetching={list.isFetching} actionsFor={actionsFor} />
        ) : (
          <BookingCards bookings={data.bookings} fetching={list.isFetching} actionsFor={actionsFor} />
        )
      ) : null}

      {total > pageSize ? (
        <nav aria-label="Bookings pages" className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 p-4 text-sm sm:px-6">
          <p className="text-slate-600">
            Showing {counts.format(first)}–{counts.format(last)} of {totalLabel}
          </p>
          <div className="flex items-center gap-2">
            <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setUrl({ page: String(page - 1) })}>
              <ChevronLeft aria-hidden="true" />
              Previous
            </Button>
            <span className="text-slate-600">
              Page {page} of {pages}{atLeast ? '+' : ''}
            </span>
            <Button variant="outline" size="sm" disabled={!hasNext} onClick={() => setUrl({ page: String(page + 1) })}>
              Next
              <ChevronRight aria-hidden="true" />
            </Button>
          </div>
        </nav>
      ) : null}

      <WeightDialog booking={weighing} onClose={() => setWeighing(null)} />
      <ReceiptDialog bookingId={receiptFor?.id ?? null} sent={receiptFor ? (data?.bookings.find((b) => b.id === receiptFor.id)?.finalReceiptSent ?? receiptFor.finalReceiptSent) : false} onClose={() => setReceiptFor(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete Booking"
        description={`Are you sure you want to delete this booking for ${deleting?.name ?? ''}? This action cannot be undone.`}
        confirmLabel="Delete Booking"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        destructive
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(
            { id: deleting.id },
            {
              onSuccess: (r) => {
                toast.success(r.message);
                setDeleting(null);
              },
              onError: (err) => {
                // a refusal (409: captured money) is not worth retrying: say why and what to do instead
                if (err instanceof ApiRequestError && err.status < 500) toast.error('This booking was not deleted', { description: err.message });
                else toast.error('Failed to delete booking. Please try again.', { description: err.message });
                setDeleting(null);
              },
            },
          )
        }
      />
    </Card>
  );
}
