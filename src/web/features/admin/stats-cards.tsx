// spec: back-office 2, the four summary cards, counted on the server. Total Revenue says what it
// counts and shows the open authorisations beside it; Pending Orders the bookings with a payment
// due (decision 015). Beside them, gift-card sales as their own figure: money taken for cards not
// yet used, a liability rather than revenue (DESIGN.md 9, revenue).
import { CalendarDays, CircleDollarSign, ClipboardList, Gift, Hourglass } from 'lucide-react';
import { formatCents } from '../../../shared/money';
import { Card } from '../../components/ui/card';
import { cn } from '../../lib/cn';
import { useDashboardStats } from '../back-office-api';

export function StatsCards() {
  const stats = useDashboardStats();
  const d = stats.data;
  const value = (v: string) => (stats.isPending ? '…' : stats.isError ? '—' : v);
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
    // the fifth card spans the phone's two columns rather than sit alone in half of one
    { label: 'Gift Card Sales', value: value(formatCents(d?.giftCardSalesCents ?? 0)), icon: Gift, notes: ['Cards bought on the site; not revenue until used'], className: 'col-span-2 lg:col-span-1' },
  ];
  return (
    <section aria-label="Summary" className="grid grid-cols-2 gap-3 lg:grid-cols-5">
      {cards.map((c) => (
        <Card key={c.label} className={cn('flex items-start justify-between gap-2 rounded-xl p-4', c.className)}>
          <div className="min-w-0">
            <h2 className="text-sm font-medium text-slate-600">{c.label}</h2>
            <p className="mt-1 text-2xl font-bold tabular-nums text-slate-900" aria-busy={stats.isPending || undefined}>
              {c.value}
            </p>
            {c.notes?.map((note) => (
              <p key={note} className="mt-1 text-xs text-slate-600">
                {note}
              </p>
            ))}
          </div>
          <c.icon className="size-5 shrink-0 text-slate-500" aria-hidden="true" />
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
