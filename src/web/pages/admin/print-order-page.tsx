// /admin/print-order?id=…: the printed order sheet (spec: back-office 2): every field of the
// order, allergies and special instructions highlighted, the bill (the final bill once weighed,
// before that the estimate the card is authorised for) with its total, the payment (the tip on its own
// line, decision 015), and a printed-on timestamp. Opens the print dialog once loaded. Every amount
// comes from src/shared/pricing-bill (billLines) and pricing-receipts (bookingPaymentLines): the
// same lines the server charged by, nothing added up here.
import { LoaderCircle, Printer } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { laundryPreferences, pickupWindowLabel } from '../../../shared/business';
import { formatLongDate } from '../../../shared/dates';
import { formatCents } from '../../../shared/money';
import { moneyState } from '../../../shared/money-state';
import { billAmountText, billLines, bookedAddOnNames } from '../../../shared/pricing-bill';
import { bookingPaymentLines } from '../../../shared/pricing-receipts';
import { bookingStatusLabels } from '../../../shared/schemas/back-office';
import { pickupLocationLabels } from '../../../shared/booking-values';
import { Button } from '../../components/ui/button';
import { label } from '../../features/admin-bookings';
import { useStaffBooking, type StaffBooking } from '../../features/back-office-api';
import { ApiRequestError } from '../../lib/api';
import { StaffPage } from '../../features/staff-session';
import { formatDateTime, formatPounds } from '../../lib/format';
import { formatPhone } from '../../../shared/phone';
import { useSiteBusiness } from '../../lib/site-business';

export default function PrintOrderPage() {
  return <StaffPage title="Print order" bare>{() => <PrintOrder />}</StaffPage>;
}

function PrintOrder() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const validId = id && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id) ? id : null;
  const booking = useStaffBooking(validId);
  const [printedAt] = useState(() => new Date().toISOString());
  const printed = useRef(false);
  const ready = booking.isSuccess;
  useEffect(() => {
    if (ready && !printed.current) {
      printed.current = true;
      // after the sheet has painted
      requestAnimationFrame(() => window.print());
    }
  }, [ready]);

  // a missing or malformed id asks nothing of the server: it is not found, never loading forever
  if (!validId || booking.isError || (!booking.isPending && !booking.data)) {
    return (
      <main id="main" className="mx-auto max-w-2xl p-8">
        <h1 className="text-xl font-bold">Booking not found</h1>
        <p className="mt-2 text-slate-700">
          {booking.error && !(booking.error instanceof ApiRequestError && booking.error.status === 404)
            ? booking.error.message
            : 'This link does not open a booking. Open Print Order from the All Bookings table.'}
        </p>
        <a className="mt-4 inline-block text-primary underline" href="/admin">
          Back to the dashboard
        </a>
      </main>
    );
  }
  if (booking.isPending) {
    return (
      <main id="main" className="flex items-center gap-2 p-8 text-slate-700" role="status">
        <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
        Loading the order...
      </main>
    );
  }
  return <Sheet b={booking.data} printedAt={printedAt} />;
}

/** A label and its value; an amount never wraps (its label does instead). */
function Item({ k, v, strong, money }: { k: string; v: string; strong?: boolean; money?: boolean }) {
  return (
    <div className="flex justify-between gap-4 border-b border-dotted border-slate-300 py-1 break-inside-avoid">
      <dt className={`text-slate-600 ${money ? 'min-w-0' : 'shrink-0'}`}>{k}</dt>
      <dd className={`text-right ${money ? 'shrink-0 whitespace-nowrap tabular-nums' : 'min-w-0 wrap-anywhere'} ${strong ? 'font-bold' : ''}`}>{v}</dd>
    </div>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  const id = useId();
  return (
    <section className="min-w-0 break-inside-avoid" aria-labelledby={id}>
      <h2 id={id} className="mb-1 border-b-2 border-slate-900 text-sm font-bold tracking-wide uppercase">
        {title}
      </h2>
      <dl className="text-sm">{children}</dl>
    </section>
  );
}

function Sheet({ b, printedAt }: { b: StaffBooking; printedAt: string }) {
  const site = useSiteBusiness();
  const window_ = pickupWindowLabel(b.pickupTime);
  const bill = billLines(b);
  const payment = bookingPaymentLines(b);
  return (
    <main id="main" className="mx-auto max-w-3xl bg-white p-6 text-slate-900 sm:p-10 print:max-w-none print:p-0">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-2 print:hidden">
        <a className="text-sm text-primary underline" href="/admin">
          Back to the dashboard
        </a>
        <Button onClick={() => window.print()}>
          <Printer aria-hidden="true" />
          Print
        </Button>
      </div>
      <header className="flex flex-wrap items-start justify-between gap-4 border-b-4 border-slate-900 pb-3">
        <div>
          <p className="text-2xl font-bold">{site.name}</p>
          <p className="text-sm text-slate-600">
            {site.phone} · {site.email}
          </p>
        </div>
        <div className="text-right">
          <h1 className="text-xl font-bold">Order {b.orderNumber}</h1>
          <p className="text-sm">{b.confirmation}</p>
        </div>
      </header>
      <div className="mt-4 grid gap-6 sm:grid-cols-2 print:grid-cols-2">
        <Section title="Order">
          <Item k="Order date" v={formatDateTime(b.createdAt)} />
          <Item k="Pickup date" v={formatLongDate(b.pickupDate)} />
          <Item k="Status" v={bookingStatusLabels[b.bookingStatus]} />
        </Section>
        <Section title="Customer">
          <Item k="Name" v={b.name} />
          <Item k="Phone" v={formatPhone(b.phone)} />
          <Item k="Email" v={b.email} />
          <Item k="Address" v={`${b.address}, ${b.city} ${b.zipCode}`} />
        </Section>
        <Section title="Pickup and service">
          <Item k="Window" v={window_} />
          <Item k="Leave bags at" v={pickupLocationLabels[b.pickupLocation as keyof typeof pickupLocationLabels] ?? b.pickupLocation} />
          <Item k="Bags" v={String(b.bagQuantity)} />
          <Item k="Add-ons" v={bookedAddOnNames(b.addOnLines)} />
          <Item k="Price per lb" v={formatCents(b.pricePerPoundCents)} money />
          <Item k="Actual weight" v={b.actualWeightTenths !== null && b.weightAdjustmentProcessed ? formatPounds(b.actualWeightTenths) : 'Not weighed yet'} />
        </Section>
        <Section title="Laundry preferences">
          <Item k="Water" v={label(laundryPreferences.waterTemperatures, b.waterTemperature).replace(' (default)', '')} />
          <Item k="Detergent" v={label(laundryPreferences.detergents, b.detergentType)} />
          <Item k="Fabric softener" v={b.fabricSoftener ? 'Yes' : 'No'} />
          <Item k="Special care" v={b.specialCareInstructions || 'None'} />
        </Section>
        <Section title={bill.stage === 'final' ? 'Final bill' : 'Estimate (not weighed yet)'}>
          {bill.lines.map((l) => (
            <Item key={l.key} k={l.label} v={billAmountText(l.cents)} strong={l.kind === 'total'} money />
          ))}
        </Section>
        <Section title="Payment">
          {b.promoCode ? <Item k="Promo code" v={b.promoCode} /> : null}
          <Item k="Payment" v={moneyState(b).label} />
          {payment.map((l) => (
            <Item key={l.key} k={l.label} v={formatCents(l.cents)} strong={l.emphasis === 'total' || l.emphasis === 'due'} money />
          ))}
        </Section>
      </div>
      <section className="mt-6 grid gap-3 break-inside-avoid sm:grid-cols-2 print:grid-cols-2" aria-label="Allergies and special instructions">
        <div className="rounded-md border-2 border-red-700 bg-red-50 p-3">
          <h2 className="text-sm font-bold tracking-wide text-red-800 uppercase">Allergies</h2>
          <p className="mt-1 font-semibold">{b.allergies || 'None noted'}</p>
        </div>
        <div className="rounded-md border-2 border-amber-600 bg-amber-50 p-3">
          <h2 className="text-sm font-bold tracking-wide text-amber-900 uppercase">Special instructions</h2>
          <p className="mt-1 font-semibold whitespace-pre-wrap">{b.specialInstructions || 'None'}</p>
        </div>
      </section>
      <div className="mt-6 flex items-baseline justify-between border-t-4 border-slate-900 pt-3">
        <p className="text-lg font-bold">{bill.totalLabel}</p>
        <p className="text-2xl font-bold tabular-nums">{billAmountText(bill.totalCents)}</p>
      </div>
      <p className="mt-6 text-xs text-slate-600">Printed on {formatDateTime(printedAt)}</p>
    </main>
  );
}
