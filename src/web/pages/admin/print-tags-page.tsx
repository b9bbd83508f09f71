// /admin/print-tags?id=…[&id=…]: a bag tag for each booked bag of one order or several (decision 056): the order code, bag n of N,
// the customer, when it comes back (or is picked up), the add-ons (Rush first) and a QR code. The
// code opens the order in All Bookings (/admin?q=WD-…): a phone's camera reads it and a signed-in
// staff member lands on the order. Drawn from the QR library's matrix (qr, decision 056), no markup
// injected; opens the print dialog once loaded.
import encodeQR from 'qr';
import { LoaderCircle, Printer } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { pickupWindowLabel } from '../../../shared/business';
import { formatLongDate } from '../../../shared/dates';
import { Button } from '../../components/ui/button';
import { addOnBadges } from '../../features/admin-bookings';
import { useStaffBookingsById, type StaffBooking } from '../../features/back-office-api';
import { StaffPage } from '../../features/staff-session';
import { ApiRequestError } from '../../lib/api';
import { useSiteBusiness } from '../../lib/site-business';
import { tagUrl } from '../../../shared/bag-tags';

export default function PrintTagsPage() {
  return <StaffPage title="Bag tags" bare>{() => <PrintTags />}</StaffPage>;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** At most this many orders' tags on one page (a page of All Bookings). */
const maxOrders = 100;

function PrintTags() {
  const [params] = useSearchParams();
  const ids = [...new Set(params.getAll('id').filter((id) => uuidPattern.test(id)))].slice(0, maxOrders);
  const read = useStaffBookingsById(ids);
  const printed = useRef(false);
  const results = read.data ?? [];
  const found = results.flatMap((r) => (r.booking ? [r.booking] : []));
  const tagged = found.filter((b) => b.bookingStatus !== 'cancelled');
  const ready = read.isSuccess && tagged.length > 0;
  useEffect(() => {
    if (ready && !printed.current) {
      printed.current = true;
      // after the tags have painted
      requestAnimationFrame(() => window.print());
    }
  }, [ready]);

  if (read.isPending && ids.length > 0) {
    return (
      <main id="main" className="flex items-center gap-2 p-8 text-slate-700" role="status">
        <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
        Loading the orders...
      </main>
    );
  }
  const cancelled = found.filter((b) => b.bookingStatus === 'cancelled');
  const failed = [read.error, ...results.map((r) => r.error)].filter((e): e is Error => e !== null && !(e instanceof ApiRequestError && e.status === 404));
  if (tagged.length === 0) {
    return (
      <main id="main" className="mx-auto max-w-2xl p-8">
        <h1 className="text-xl font-bold">{cancelled.length > 0 ? 'This booking is cancelled' : 'Booking not found'}</h1>
        <p className="mt-2 text-slate-700">
          {failed[0] ? failed[0].message : cancelled.length > 0 ? 'A cancelled booking has no bags to tag.' : 'This link does not open a booking. Open Print Bag Tags from the All Bookings table.'}
        </p>
        <a className="mt-4 inline-block text-primary underline" href="/admin">
          Back to the dashboard
        </a>
      </main>
    );
  }
  const left = ids.length - tagged.length;
  return (
    <main id="main" className="mx-auto max-w-3xl bg-white p-6 text-slate-900 print:max-w-none print:p-0">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-2 print:hidden">
        <h1 className="text-xl font-bold">
          Bag tags: {tagged.length === 1 ? tagged[0]!.confirmation : `${tagged.length} orders`} ({tagged.reduce((n, b) => n + b.bagQuantity, 0)})
        </h1>
        <Button onClick={() => window.print()}>
          <Printer aria-hidden="true" />
          Print
        </Button>
        {left > 0 ? (
          <p role="status" className="basis-full text-sm text-amber-800">
            {left} of the orders asked for {left === 1 ? 'has' : 'have'} no tags: cancelled or not found.
          </p>
        ) : null}
      </div>
      <ol className="grid gap-4 sm:grid-cols-2 print:grid-cols-2" aria-label="Bag tags">
        {tagged.map((b) => (
          <Tags key={b.id} b={b} />
        ))}
      </ol>
    </main>
  );
}

function Tags({ b }: { b: StaffBooking }) {
  const site = useSiteBusiness();
  const url = tagUrl(window.location.origin, b.confirmation);
  const bags = Array.from({ length: b.bagQuantity }, (_, i) => i + 1);
  const when = b.dueBackDate && b.dueBackTime ? `Back ${formatLongDate(b.dueBackDate)}, ${pickupWindowLabel(b.dueBackTime)}` : `Pick-up ${formatLongDate(b.pickupDate)}, ${pickupWindowLabel(b.pickupTime)}`;
  const addOns = addOnBadges(b);
  return (
    <>
      {bags.map((n) => (
        <li key={n} className="flex items-stretch justify-between gap-3 rounded-lg border-2 border-slate-900 p-3 break-inside-avoid" data-testid="bag-tag">
          <div className="flex min-w-0 flex-col gap-1">
            <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{site.name}</p>
            <p className="font-mono text-2xl font-bold">{b.confirmation}</p>
            <p className="text-lg font-bold">
              Bag {n} of {bags.length}
            </p>
            <p className="font-semibold wrap-anywhere">{b.name}</p>
            <p className="text-sm">{when}</p>
            {addOns.length > 0 ? (
              <ul aria-label="Add-ons" className="mt-1 flex flex-wrap gap-1">
                {addOns.map((a) => (
                  <li key={a.key} className={a.key === 'rushDelivery' ? 'rounded bg-slate-900 px-1.5 py-0.5 text-xs font-bold text-white uppercase' : 'rounded border border-slate-900 px-1.5 py-0.5 text-xs font-semibold'}>
                    {a.label}
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
          <QrCode text={url} label={`QR code: opens ${b.confirmation} in the back office`} />
        </li>
      ))}
    </>
  );
}

/** The QR library's matrix as one SVG path: a dark module a unit square; a quiet zone of 4 around it. */
function QrCode({ text, label }: { text: string; label: string }) {
  const matrix = encodeQR(text, 'raw', { ecc: 'medium' });
  const size = matrix.length + 8;
  const path = matrix.flatMap((row, y) => row.map((dark, x) => (dark ? `M${x + 4} ${y + 4}h1v1h-1z` : ''))).join('');
  return (
    <svg role="img" aria-label={label} viewBox={`0 0 ${size} ${size}`} className="size-32 shrink-0" shapeRendering="crispEdges" data-testid="tag-qr">
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
