// spec: back-office 2, the four summary cards, counted on the server. Total Revenue says what it
// counts and shows the open authorisations beside it; Pending Orders the bookings with a payment
// due (decision 015). Beside them, gift-card sales as their own figure: money taken for cards not
// yet used, a liability rather than revenue (docs/design.md 9, revenue). And paid invoices as income
// beside booking revenue, with the two together (decision 015, amended).
import { CalendarDays, CircleDollarSign, ClipboardList, FileCheck, Gift, Hourglass } from 'lucide-react';
import { formatCents } from '../../../shared/money';
import { totalIncomeCents } from '../../../shared/pricing-reports';
import { Card } from '../../components/ui/card';
import { useDashboardStats, useInvoiceIncome } from '../back-office-api';

export function StatsCards() {
  const stats = useDashboardStats();
  const d = stats.data;
  const value = (v: string) => (stats.isPending ? '…' : stats.isError ? '—' : v);
  const income = useInvoiceIncome();
  const i = income.data;
  const incomeValue = (v: string) => (income.isPending ? '…' : income.isError ? '—' : v);
  const total = d && i ? formatCents(totalIncomeCents(d.totalRevenueCents, i.invoiceIncomeCents)) : '…';
  const cards = [
    { label: 'Total Bookings', value: value(String(d?.totalBookings ?? 0)), icon: ClipboardList },
    { label: "Today's Pickups", value: value(String(d?.todaysPickups ?? 0)), icon: CalendarDays },
    {
      label: 'Total Revenue',
      value: value(formatCents(d?.totalRevenueCents ?? 0)),
      icon: CircleDollarSign,
      notes: ['Card payments less refunds, plus gift cards used; tips excluded', `On hold: ${value(formatCents(d?.onHoldCents ?? 0))}`],
    },
    { label: 'Pending Orders', value: value(String(d?.pendingOrders ?? 0)), icon: Hourglass, notes: [`Payment due: ${value(String(d?.paymentDueBookings ?? 0))}`] },
    {
      label: 'Invoice Income',
      value: incomeValue(formatCents(i?.invoiceIncomeCents ?? 0)),
      icon: FileCheck,
      notes: [`Invoices paid: ${incomeValue(String(i?.invoicesPaid ?? 0))}`, `With booking revenue: ${value(incomeValue(total))}`],
    },
    { label: 'Gift Card Sales', value: value(formatCents(d?.giftCardSalesCents ?? 0)), icon: Gift, notes: ['Cards bought on the site; not revenue until used'] },
  ];
  // a phone stacks the cards as short rows (label and notes, the figure at the right); a wider
  // screen shows them side by side, the figure under the label
  return (
    <section aria-label="Summary" className="grid gap-2 sm:grid-cols-2 sm:gap-3 lg:grid-cols-3 2xl:grid-cols-6">
      {cards.map((c) => (
        <Card key={c.label} className="grid grid-cols-[minmax(0,1fr)_auto] content-start items-center gap-x-3 rounded-xl px-4 py-3 sm:items-start sm:p-4">
          <h2 className="col-start-1 row-start-1 text-sm font-medium text-slate-600">{c.label}</h2>
          <c.icon className="col-start-2 row-start-1 hidden size-5 text-slate-500 sm:block" aria-hidden="true" />
          <p
            className="col-start-2 row-span-2 row-start-1 text-right text-xl font-bold tabular-nums text-slate-900 sm:col-start-1 sm:row-span-1 sm:row-start-2 sm:mt-1 sm:text-left sm:text-2xl"
            aria-busy={stats.isPending || undefined}
          >
            {c.value}
          </p>
          {c.notes ? (
            <div className="col-start-1 row-start-2 sm:row-start-3">
              {c.notes.map((note) => (
                <p key={note} className="mt-0.5 text-xs text-slate-600 sm:mt-1">
                  {note}
                </p>
              ))}
            </div>
          ) : null}
        </Card>
      ))}
      {stats.isPending ? (
        // spec: back-office 2, "Loading admin dashboard..." while the data loads
        <p role="status" className="col-span-full text-sm text-slate-600">
          Loading admin dashboard...
        </p>
      ) : null}
      {stats.isError ? (
        <p role="alert" className="col-span-full text-sm text-destructive">
          Failed to fetch bookings. Please try again. ({stats.error.message})
        </p>
      ) : null}
    </section>
  );
}
