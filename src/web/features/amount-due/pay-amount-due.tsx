// The customer's page to pay what is still due on a weighed order (docs/design.md 5.4), from the link
// in their email: the bill, what was paid, what is due, and a card checkout of exactly that.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CreditCard, LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatCents } from '../../../shared/money';
import { paidByText } from '../../../shared/pricing-receipts';
import type { AmountDue } from '../../../shared/schemas/amount-due';
import { PageLoading } from '../../components/page-loading';
import { Button } from '../../components/ui/button';
import { apiRequest, ApiRequestError } from '../../lib/api';
import { toast } from '../../lib/toast';
import { giftCardPaidText, PayDueWithGiftCard } from '../gift-card-due';
import { CallUs, Outcome, PaymentProgress } from './pay-outcome';
import { payPolls, payState } from './pay-state';

export function PayAmountDue({ bookingId, token, sessionId }: { bookingId: string; token: string; sessionId: string | null }) {
  const client = useQueryClient();
  const key = ['amount-due', bookingId, token, sessionId];
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => apiRequest('getAmountDue', undefined, { params: { id: bookingId }, query: { token, ...(sessionId ? { session_id: sessionId } : {}) }, signal }),
    enabled: Boolean(bookingId && token),
    retry: false,
    refetchInterval: (q) => (sessionId && (q.state.data?.amountDueCents ?? 0) > 0 && q.state.dataUpdateCount < payPolls ? 2000 : false),
  });
  const pay = useMutation({
    mutationFn: () => apiRequest('payAmountDue', { token }, { params: { id: bookingId } }),
    onSuccess: (r) => {
      if (r.url) window.location.assign(r.url);
      else client.setQueryData(key, r.amountDue);
    },
    onError: (err) => {
      toast.error('The payment page could not be opened.', { description: err instanceof Error ? err.message : 'Please try again.' });
      void client.invalidateQueries({ queryKey: key });
    },
  });
  // decision 064: what a gift card just paid, kept in view (also once nothing is due)
  const [giftCardNote, setGiftCardNote] = useState<string | null>(null);
  const payFromGiftCard = async (giftCardCode: string) => {
    const r = await apiRequest('payDueFromGiftCard', { token, giftCardCode }, { params: { id: bookingId } });
    client.setQueryData(key, r.amountDue);
    setGiftCardNote(giftCardPaidText(r.giftCard));
    return r.giftCard;
  };
  const note = giftCardNote ? (
    <p role="status" className="font-medium" data-testid="gift-card-note">
      {giftCardNote}
    </p>
  ) : null;
  const state = payState({
    hasLink: Boolean(bookingId && token),
    backFromCheckout: Boolean(sessionId),
    isLoading: query.isPending && query.fetchStatus !== 'idle',
    errorStatus: query.error ? (query.error instanceof ApiRequestError ? query.error.status : 0) : null,
    data: query.data,
    looks: client.getQueryState(key)?.dataUpdateCount ?? 0,
  });

  if (state === 'loading') return <PageLoading label="Loading your bill..." />;
  if (state === 'bad_link' || state === 'unavailable')
    return (
      <Outcome tone="warn" title={state === 'bad_link' ? 'This payment link is not valid' : 'We could not load your bill'}>
        <p role="alert">
          {state === 'bad_link'
            ? query.error instanceof ApiRequestError && query.error.status === 400
              ? query.error.message
              : 'Please use the link in your email, or call us.'
            : 'Please check your connection and try again in a moment.'}
        </p>
        {state === 'unavailable' ? (
          <Button variant="outline" onClick={() => void query.refetch()}>
            Try again
          </Button>
        ) : null}
        <CallUs />
      </Outcome>
    );
  const d = query.data!;
  if (state === 'paid')
    return (
      <Outcome tone="ok" title="Paid in full: thank you!">
        {note}
        <Bill data={d} />
        <p>Nothing more is due on order {d.confirmation}.</p>
        <Button asChild variant="outline">
          <Link to="/">Back to Home</Link>
        </Button>
      </Outcome>
    );
  return (
    <Outcome tone="warn" title={state === 'due' ? `${formatCents(d.amountDueCents)} is still due` : 'Confirming your payment...'}>
      {note}
      <Bill data={d} />
      {state === 'due' ? (
        <>
          <p>We weighed your laundry and part of the final bill could not be charged to your card. Pay the rest securely by card, or with a gift card.</p>
          <Button size="lg" disabled={pay.isPending} onClick={() => pay.mutate()}>
            {pay.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <CreditCard aria-hidden="true" />}
            Pay {formatCents(d.amountDueCents)} by card
          </Button>
          <PayDueWithGiftCard dueCents={d.amountDueCents} pay={payFromGiftCard} />
        </>
      ) : (
        <PaymentProgress stillConfirming={state === 'still_confirming'} onCheckAgain={() => void query.refetch()} />
      )}
      <CallUs />
    </Outcome>
  );
}

function Bill({ data: d }: { data: AmountDue }) {
  return (
    <dl className="grid w-full gap-3 rounded-2xl border border-border bg-white p-5 text-left text-sm shadow-sm sm:grid-cols-2">
      <div>
        <dt className="text-muted-foreground">Confirmation number</dt>
        <dd className="font-mono font-semibold">{d.confirmation}</dd>
      </div>
      <div>
        <dt className="text-muted-foreground">Final bill</dt>
        <dd className="font-semibold">{formatCents(d.finalTotalCents)}</dd>
      </div>
      <div>
        <dt className="text-muted-foreground">Already paid</dt>
        <dd className="font-semibold">
          {formatCents(d.paidCents)}
          {d.paidCents > 0 ? <span className="block font-normal text-muted-foreground" data-testid="paid-by">{paidByText(d)}</span> : null}
        </dd>
      </div>
      <div>
        <dt className="text-muted-foreground">Still due</dt>
        <dd className="font-semibold" data-testid="amount-due">
          {formatCents(d.amountDueCents)}
        </dd>
      </div>
    </dl>
  );
}
