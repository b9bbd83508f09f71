// The pro's money (decision 018): the unpaid balance, the completed orders and what each earned,
// the payouts and the orders each covered, and the yearly statements. Every amount is the
// server's, laid out as it came (money-view.ts formats it).
import { CircleCheck, Download, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatCents } from '../../../shared/money';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { formatDate } from '../../lib/format';
import { earningPaidText, payoutBadge, payoutOrderStatusText, statementLinkText, unpaidBreakdown, weightText } from './money-view';
import { statementHref, type Payout, type ProEarning, type ProPortal } from './pro-portal-api';

export const noEarningsText = 'No completed orders yet. An order shows here once staff weigh it.';
export const noPayoutsText = 'No payouts yet.';
export const noStatementsText = 'Statements appear here after your first completed order.';

export function UnpaidSummary({ unpaid, perPoundRateCents }: { unpaid: ProPortal['unpaid']; perPoundRateCents: number }) {
  return (
    <Card className="flex items-center gap-4 rounded-xl p-4 sm:p-5">
      <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-800">
        <Wallet className="size-5" aria-hidden="true" />
      </span>
      <div className="min-w-0">
        <p className="text-2xl font-bold tabular-nums">Unpaid: {formatCents(unpaid.totalCents)}</p>
        <p className="text-sm text-slate-700 tabular-nums">{unpaidBreakdown(unpaid)}</p>
        <p className="text-xs text-slate-600">Your rate: {formatCents(perPoundRateCents)} per lb</p>
      </div>
    </Card>
  );
}

function Section({ id, title, intro, children }: { id: string; title: string; intro?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex min-w-0 flex-col gap-3">
      <div>
        <h2 id={id} className="text-xl font-bold tracking-tight">
          {title}
        </h2>
        {intro ? <p className="text-sm text-slate-600">{intro}</p> : null}
      </div>
      {children}
    </section>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-700">{children}</p>;
}

function Amount({ label, children, strong }: { label: string; children: ReactNode; strong?: boolean }) {
  return (
    <div>
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className={strong ? 'font-bold tabular-nums' : 'tabular-nums'}>{children}</dd>
    </div>
  );
}

function EarningItem({ earning }: { earning: ProEarning }) {
  const paid = earningPaidText(earning);
  return (
    <li className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-3 text-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <p className="font-mono font-semibold text-slate-900">
            <span className="sr-only">Order </span>
            {earning.orderId}
          </p>
          <p className="text-xs text-slate-600">Completed {formatDate(earning.completedAt)}</p>
        </div>
        <Badge variant={paid.paid ? 'success' : 'warning'} className="whitespace-nowrap">
          {paid.paid ? <CircleCheck className="size-3.5" aria-hidden="true" /> : null}
          {paid.text}
        </Badge>
      </div>
      <dl className="grid grid-cols-4 gap-2">
        <Amount label="Weight">{weightText(earning.weightTenths)}</Amount>
        <Amount label="Per lb">{formatCents(earning.perPoundCents)}</Amount>
        <Amount label="Tip">{formatCents(earning.tipCents)}</Amount>
        <Amount label="Total" strong>
          {formatCents(earning.totalCents)}
        </Amount>
      </dl>
    </li>
  );
}

export function EarningsSection({ earnings }: { earnings: ProEarning[] }) {
  return (
    <Section id="pro-earnings-heading" title="Earnings" intro="Completed orders, newest first.">
      {earnings.length === 0 ? (
        <Empty>{noEarningsText}</Empty>
      ) : (
        <ul className="flex flex-col gap-2" aria-label="Completed orders">
          {earnings.map((e) => (
            <EarningItem key={e.assignmentId} earning={e} />
          ))}
        </ul>
      )}
    </Section>
  );
}

function PayoutItem({ payout }: { payout: Payout }) {
  const badge = payoutBadge[payout.status];
  return (
    <li className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-3 text-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <p className="text-base font-bold tabular-nums">{formatCents(payout.amountCents)}</p>
          <p className="text-xs text-slate-600">{formatDate(payout.createdAt)}</p>
        </div>
        <Badge variant={badge.variant} className="whitespace-nowrap">
          {badge.label}
        </Badge>
      </div>
      {payout.status === 'partly_paid' ? (
        <p className="text-slate-700">
          {formatCents(payout.paidCents)} of {formatCents(payout.amountCents)} sent
        </p>
      ) : null}
      {payout.failure ? <p className="rounded-md bg-red-50 p-2 text-red-900">Transfer failed: {payout.failure}</p> : null}
      <p className="border-t border-slate-100 pt-2 text-xs font-semibold tracking-wide text-slate-600 uppercase" aria-hidden="true">
        Orders covered
      </p>
      <ul className="flex flex-col divide-y divide-slate-100" aria-label={`Orders in the payout of ${formatDate(payout.createdAt)}`}>
        {payout.orders.map((o) => (
          <li key={o.assignmentId} className="flex flex-wrap items-baseline justify-between gap-x-3 py-1.5">
            <span className="font-mono text-slate-900">
              <span className="sr-only">Order </span>
              {o.orderId}
            </span>
            <span className="flex items-baseline gap-2 tabular-nums">
              {o.status === 'paid' ? null : <span className="text-xs text-slate-600">{payoutOrderStatusText[o.status]}</span>}
              <span className="font-semibold">{formatCents(o.amountCents)}</span>
            </span>
          </li>
        ))}
      </ul>
    </li>
  );
}

export function PayoutsSection({ payouts }: { payouts: Payout[] }) {
  return (
    <Section id="pro-payouts-heading" title="Payouts" intro={payouts.length ? 'Money sent to your account, newest first.' : undefined}>
      {payouts.length === 0 ? (
        <Empty>{noPayoutsText}</Empty>
      ) : (
        <ul className="flex flex-col gap-2" aria-label="Payouts">
          {payouts.map((p) => (
            <PayoutItem key={p.id} payout={p} />
          ))}
        </ul>
      )}
    </Section>
  );
}

export function StatementSection({ years }: { years: number[] }) {
  return (
    <Section id="pro-statement-heading" title="Earnings statement" intro={years.length ? 'Every order you completed in the year, for your records and taxes.' : undefined}>
      {years.length === 0 ? (
        <Empty>{noStatementsText}</Empty>
      ) : (
        <ul className="flex flex-wrap gap-2">
          {years.map((year) => (
            <li key={year}>
              <Button asChild variant="outline" className="bg-white">
                <a href={statementHref(year)} download>
                  <Download aria-hidden="true" />
                  {statementLinkText(year)}
                </a>
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
