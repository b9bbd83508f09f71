// /send-receipt (docs/design.md 7): pick a processed, paid booking whose receipt is not sent yet, see
// the receipt, send it. Guarded like /admin.
import { LoaderCircle, Search } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { formatCents } from '../../../shared/money';
import { Card } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { cn } from '../../lib/cn';
import { Pager } from '../../components/ui/pager';
import { LoadFailed } from '../../components/ui/query-state';
import { useFinalReceipt, useStaffBookings } from '../../features/back-office-api';
import { StaffPage } from '../../features/staff-session';
import { ReceiptView, SendReceiptButton } from '../../features/weighing';

const pageSize = 20;

export default function SendReceiptPage() {
  return <StaffPage title="Send Receipt">{() => <SendReceipt />}</StaffPage>;
}

function SendReceipt() {
  const id = useId();
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<string | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => {
      setQ(search.trim());
      setPage(1);
    }, 300);
    return () => clearTimeout(timer);
  }, [search]);
  const list = useStaffBookings({ q, status: 'all', payment: 'all', receipt: 'unsent', date: '', due: '', sort: 'newest', page, pageSize });
  const receipt = useFinalReceipt(selected);

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-6 sm:px-6 sm:py-8">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Send Receipt</h1>
        <p className="text-sm text-slate-600">
          Bookings whose weight is processed and paid, and whose final receipt has not gone out yet. <a className="text-primary underline" href="/admin">Back to the dashboard</a>
        </p>
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <Card className="flex flex-col gap-3 rounded-xl p-4">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-q`}>Find a booking</Label>
            <div className="relative">
              <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500" aria-hidden="true" />
              <Input id={`${id}-q`} type="search" className="pl-9" placeholder="Name, email or WD- number" value={search} onChange={(e) => setSearch(e.target.value)} maxLength={100} />
            </div>
          </div>
          {list.isPending ? (
            <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
              <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
              Loading bookings...
            </p>
          ) : !list.data ? (
            <LoadFailed title="Failed to fetch bookings. Please try again." query={list} />
          ) : list.data.bookings.length === 0 ? (
            <p className="text-sm text-slate-600">No receipts waiting. A booking appears here once its weight is processed.</p>
          ) : (
            <ul className="flex flex-col gap-2" aria-label="Receipts waiting">
              {list.data.bookings.map((b) => (
                <li key={b.id}>
                  <button
                    type="button"
                    aria-pressed={selected === b.id}
                    onClick={() => setSelected(b.id)}
                    className={cn('flex w-full items-center justify-between gap-3 rounded-lg border p-3 text-left text-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-ring', selected === b.id ? 'border-slate-900 bg-slate-50' : 'border-slate-200')}
                  >
                    <span className="min-w-0">
                      <span className="block font-semibold">{b.name}</span>
                      <span className="block text-slate-600 wrap-anywhere">
                        {b.confirmation} · {b.email}
                      </span>
                    </span>
                    <span className="font-semibold tabular-nums">{formatCents(b.capturedAmount)}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          {list.data ? <Pager label="Receipt pages" page={page} total={list.data.total} pageSize={pageSize} onPage={setPage} /> : null}
        </Card>
        <Card className="flex flex-col gap-4 rounded-xl p-4" aria-live="polite">
          {selected === null ? (
            <p className="text-sm text-slate-600">Choose a booking to see its receipt.</p>
          ) : receipt.isPending ? (
            <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
              <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
              Loading the receipt...
            </p>
          ) : receipt.isError ? (
            <p role="alert" className="text-sm text-destructive">
              {receipt.error.message}
            </p>
          ) : (
            <>
              <h2 className="text-lg font-bold">Final Receipt</h2>
              <ReceiptView receipt={receipt.data} />
              <div className="flex justify-end">
                <SendReceiptButton bookingId={selected} sent={receipt.data.sentAt !== null} onSent={() => setSelected(null)} />
              </div>
            </>
          )}
        </Card>
      </div>
    </div>
  );
}
