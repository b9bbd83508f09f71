// spec: back-office 2, a pro's card: name, email, phone, status, the payment-account badge, rate per
// lb, active assignments, completed orders, unpaid earnings (per lb and tips), total earnings, and
// the first 3 recent assignments, the payment-account and payout buttons, the portal access (its
// sign-in email, the invitation, Revoke Portal Access) and the payout history; the customers'
// average rating and how many orders it is from (decision 063). Every amount is the server's; this only lays them out.
import { CircleCheck, CircleDashed, CircleOff, Clock, CreditCard, Mail, Pencil, Phone } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { formatCents } from '../../../shared/money';
import { formatPhone, phoneHref } from '../../../shared/phone';
import { ratingSummaryText } from '../../../shared/rating-average';
import { paymentAccountLabels, proStatusLabels, type AssignmentStatus, type PaymentAccountState, type ProStatus } from '../../../shared/schemas/laundry-pros';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import type { LaundryPro } from './laundry-pros-api';
import { ProAccountActions } from './pro-account-actions';
import { ProPayoutHistory } from './pro-payout-history';
import { ProPortalAccess } from './pro-portal-access';

// spec: back-office 9, Recent Assignments shows 3
const RECENT_ASSIGNMENTS_SHOWN = 3;

export const assignmentStatusLabels: Record<AssignmentStatus, string> = { assigned: 'Assigned', completed: 'Completed' };

/** The word says the status; the colour and icon only repeat it. */
export function AssignmentStatusBadge({ status }: { status: AssignmentStatus }) {
  return status === 'completed' ? (
    <Badge variant="success" className="whitespace-nowrap">
      <CircleCheck className="size-3.5" aria-hidden="true" />
      {assignmentStatusLabels[status]}
    </Badge>
  ) : (
    <Badge variant="warning" className="whitespace-nowrap">
      <Clock className="size-3.5" aria-hidden="true" />
      {assignmentStatusLabels[status]}
    </Badge>
  );
}

function ProStatusBadge({ status }: { status: ProStatus }) {
  return (
    <Badge variant={status === 'active' ? 'success' : 'secondary'} className="whitespace-nowrap">
      {status === 'active' ? <CircleCheck className="size-3.5" aria-hidden="true" /> : <CircleOff className="size-3.5" aria-hidden="true" />}
      {proStatusLabels[status]}
    </Badge>
  );
}

const accountVariant = { enabled: 'success', pending: 'warning', none: 'outline' } as const;

function PaymentAccountBadge({ state }: { state: PaymentAccountState }) {
  return (
    <Badge variant={accountVariant[state]} className="whitespace-nowrap">
      {state === 'enabled' ? <CreditCard className="size-3.5" aria-hidden="true" /> : <CircleDashed className="size-3.5" aria-hidden="true" />}
      {paymentAccountLabels[state]}
    </Badge>
  );
}

function Fact({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className={className}>
      <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{label}</dt>
      <dd className="mt-0.5">{children}</dd>
    </div>
  );
}

export function ProCard({ pro, onEdit }: { pro: LaundryPro; onEdit: (pro: LaundryPro) => void }) {
  const headingId = useId();
  const recent = pro.recentAssignments.slice(0, RECENT_ASSIGNMENTS_SHOWN);
  return (
    <article aria-labelledby={headingId} className="flex h-full flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4 text-sm">
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <h3 id={headingId} className="text-base font-bold wrap-anywhere text-slate-900">
            {pro.name}
          </h3>
          {pro.email ? (
            <p className="flex items-center gap-1.5 text-slate-700">
              <Mail className="size-3.5 shrink-0" aria-hidden="true" />
              <span className="sr-only">Email: </span>
              <span className="wrap-anywhere">{pro.email}</span>
            </p>
          ) : null}
          {pro.phone ? (
            <p className="flex items-center gap-1.5 text-slate-700">
              <Phone className="size-3.5 shrink-0" aria-hidden="true" />
              <span className="sr-only">Phone: </span>
              <a className="whitespace-nowrap underline-offset-2 hover:underline" href={phoneHref(pro.phone)}>
                {formatPhone(pro.phone)}
              </a>
            </p>
          ) : null}
        </div>
        <Button variant="outline" size="sm" onClick={() => onEdit(pro)}>
          <Pencil aria-hidden="true" />
          Edit<span className="sr-only"> {pro.name}</span>
        </Button>
      </div>

      <div className="flex flex-wrap gap-2">
        <ProStatusBadge status={pro.status} />
        <PaymentAccountBadge state={pro.paymentAccount} />
      </div>

      <dl className="grid grid-cols-2 gap-x-4 gap-y-3">
        <Fact label="Rate per lb">
          <span className="font-semibold tabular-nums">{formatCents(pro.perPoundRateCents)}</span>
        </Fact>
        <Fact label="Active assignments">
          <span className="font-semibold tabular-nums">{pro.activeAssignments}</span>
        </Fact>
        <Fact label="Completed orders">
          <span className="font-semibold tabular-nums">{pro.completedOrders}</span>
        </Fact>
        <Fact label="Total earnings">
          <span className="font-semibold tabular-nums">{formatCents(pro.totalEarnedCents)}</span>
        </Fact>
        <Fact label="Rating" className="col-span-2">
          <span className="flex items-center gap-1.5">
            {pro.rating.average === null ? null : (
              <span className="shrink-0 leading-none text-amber-700" aria-hidden="true">
                ★
              </span>
            )}
            <span className={pro.rating.average === null ? 'text-slate-700' : 'font-semibold tabular-nums'}>{ratingSummaryText(pro.rating)}</span>
          </span>
        </Fact>
        <Fact label="Unpaid earnings" className="col-span-2 rounded-md bg-slate-50 p-3">
          <span className="text-lg font-bold tabular-nums text-slate-900">{formatCents(pro.unpaid.totalCents)}</span>
          <span className="block text-slate-700 tabular-nums">
            Per lb {formatCents(pro.unpaid.perPoundCents)} · Tips {formatCents(pro.unpaid.tipCents)}
          </span>
        </Fact>
        {pro.owedBackCents > 0 ? (
          <Fact label="Owed back" className="col-span-2 rounded-md bg-amber-50 p-3">
            <span className="text-lg font-bold tabular-nums text-amber-900">{formatCents(pro.owedBackCents)}</span>
            <span className="block text-amber-900">Tips already paid out that were refunded to the customer since. Settle it with the pro.</span>
          </Fact>
        ) : null}
      </dl>

      <div className="flex flex-col gap-2">
        <ProAccountActions pro={pro} />
        <ProPortalAccess pro={pro} />
      </div>

      <ProPayoutHistory pro={pro} />

      <div className="flex flex-col gap-2 border-t border-slate-200 pt-3">
        <h4 className="text-sm font-semibold text-slate-900">
          Recent Assignments
        </h4>
        {recent.length === 0 ? (
          <p className="text-slate-600">No assignments yet.</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {recent.map((a) => (
              <li key={a.bookingId} className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-mono text-slate-900">
                  <span className="sr-only">Order </span>
                  {a.orderId}
                </span>
                <span className="flex items-center gap-2">
                  <AssignmentStatusBadge status={a.status} />
                  {a.status === 'completed' && a.earnedCents !== null ? (
                    <span className="font-semibold tabular-nums">
                      <span className="sr-only">earned </span>
                      {formatCents(a.earnedCents)}
                    </span>
                  ) : null}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </article>
  );
}
