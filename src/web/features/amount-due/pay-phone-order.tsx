// The customer's page to confirm a pick-up staff booked on the phone (decision 058), from the link in
// their email or text: what was booked, the estimate, the terms to accept, and a card checkout that
// holds the estimate as the website's booking does.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CreditCard, LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { pickupWindowLabel } from '../../../shared/business';
import { formatLongDate } from '../../../shared/dates';
import { formatCents } from '../../../shared/money';
import type { PhoneOrderView } from '../../../shared/schemas/phone-orders';
import { PageLoading } from '../../components/page-loading';
import { Button } from '../../components/ui/button';
import { apiRequest, ApiRequestError } from '../../lib/api';
import { CallUs, Outcome } from './pay-outcome';

export function PayPhoneOrder({ bookingId, token }: { bookingId: string; token: string }) {
  const client = useQueryClient();
  const key = ['phone-order', bookingId, token];
  const [accepted, setAccepted] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => apiRequest('getPhoneOrder', undefined, { params: { id: bookingId }, query: { token }, signal }),
    enabled: Boolean(bookingId && token),
    retry: false,
  });
  const pay = useMutation({
    mutationFn: () => apiRequest('payPhoneOrder', { token, termsAccepted: true }, { params: { id: bookingId } }),
    onSuccess: (r) => {
      if (r.url) window.location.assign(r.url);
      else client.setQueryData(key, r.order);
    },
    onError: (err) => {
      setRefusal(err instanceof Error ? err.message : 'The payment page could not be opened. Please try again.');
      void client.invalidateQueries({ queryKey: key });
    },
  });

  if (!bookingId || !token)
    return (
      <Outcome tone="warn" title="This payment link is not valid">
        <p role="alert">This payment link is incomplete. Please open the link from your email or text again.</p>
        <CallUs />
      </Outcome>
    );
  if (query.isPending) return <PageLoading label="Loading your pick-up..." />;
  if (query.isError) {
    const badLink = query.error instanceof ApiRequestError && query.error.status < 500 && query.error.status !== 429;
    return (
      <Outcome tone="warn" title={badLink ? 'This payment link is not valid' : 'We could not load your pick-up'}>
        <p role="alert">{badLink ? query.error.message : 'Please check your connection and try again in a moment.'}</p>
        {badLink ? null : (
          <Button variant="outline" onClick={() => void query.refetch()}>
            Try again
          </Button>
        )}
        <CallUs />
      </Outcome>
    );
  }
  const order = query.data;
  if (order.state === 'paid')
    return (
      <Outcome tone="ok" title="Your pick-up is confirmed">
        <Summary order={order} />
        <p>Thank you! The estimate is held on your card, and we charge the real amount once we weigh your laundry.</p>
        <Button asChild variant="outline">
          <Link to="/orders">See your orders</Link>
        </Button>
      </Outcome>
    );
  if (order.state === 'closed')
    return (
      <Outcome tone="warn" title="This pick-up can no longer be paid">
        <Summary order={order} />
        <p role="alert">{order.closedReason}</p>
        <CallUs />
      </Outcome>
    );
  return (
    <Outcome tone="warn" title="Confirm your pick-up">
      <p>We booked this pick-up for you on the phone. Confirm it with your card: the estimate is held on it, not charged, until we weigh your laundry.</p>
      <Summary order={order} />
      <label className="flex items-start gap-2 text-left text-sm">
        <input type="checkbox" className="mt-0.5 size-4 accent-[var(--color-primary)]" checked={accepted} onChange={(e) => setAccepted(e.target.checked)} />
        <span>
          I have read and accept the{' '}
          <a className="font-semibold text-primary underline" href="/terms" target="_blank" rel="noreferrer">
            terms and conditions
          </a>
        </span>
      </label>
      {refusal ? (
        <p role="alert" className="text-sm text-destructive">
          {refusal}
        </p>
      ) : null}
      <Button
        size="lg"
        disabled={pay.isPending}
        onClick={() => {
          if (!accepted) return setRefusal('Please accept the terms and conditions to continue');
          setRefusal(null);
          pay.mutate();
        }}
      >
        {pay.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <CreditCard aria-hidden="true" />}
        Confirm and hold {formatCents(order.booking.total_amount)}
      </Button>
      <CallUs />
    </Outcome>
  );
}

function Summary({ order }: { order: PhoneOrderView }) {
  const b = order.booking;
  const rows: [string, string][] = [
    ['Confirmation number', b.confirmation],
    ['Pick-up', `${formatLongDate(b.pickup_date)}, ${pickupWindowLabel(b.pickup_time)}`],
    ['Address', `${b.address}, ${b.city} ${b.zip_code}`],
    ['Bags', `${b.bag_quantity} × ${formatCents(b.bag_rate_cents)}`],
    ...b.add_on_lines.map((l): [string, string] => [l.label, formatCents(l.totalCents)]),
    ['Estimate', formatCents(b.total_amount)],
  ];
  return (
    <dl className="grid w-full gap-3 rounded-2xl border border-border bg-white p-5 text-left text-sm shadow-sm sm:grid-cols-2">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="font-semibold break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
