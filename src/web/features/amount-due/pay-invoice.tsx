// A client's invoice paid from the link in its email (docs/design.md 9 invoices): the invoice as sent
// (lines, subtotal, tax, total, due date) and a card checkout of its total; back from the checkout
// it looks again until the gateway's word has marked it paid. Amounts are the server's.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CreditCard, LoaderCircle } from 'lucide-react';
import { Link } from 'react-router';
import { businessDateFormat } from '../../lib/business-time';
import { formatLongDate } from '../../../shared/dates';
import { formatCents } from '../../../shared/money';
import type { PublicInvoice } from '../../../shared/schemas/invoices';
import { PageLoading } from '../../components/page-loading';
import { Button } from '../../components/ui/button';
import { apiRequest, ApiRequestError } from '../../lib/api';
import { toast } from '../../lib/toast';
import { CallUs, Outcome, PaymentProgress } from './pay-outcome';
import { payPolls, payState } from './pay-state';

/** The day it was paid, on the business's calendar. */
const paidOn = businessDateFormat({ month: 'long', day: 'numeric', year: 'numeric' });

export function PayInvoice({ invoiceId, token, sessionId }: { invoiceId: string; token: string; sessionId: string | null }) {
  const client = useQueryClient();
  const key = ['invoice-pay', invoiceId, token, sessionId];
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => apiRequest('getPayableInvoice', undefined, { params: { id: invoiceId }, query: { token, ...(sessionId ? { session_id: sessionId } : {}) }, signal }),
    enabled: Boolean(invoiceId && token),
    retry: false,
    refetchInterval: (q) => (sessionId && q.state.data?.invoice.status === 'pending' && q.state.dataUpdateCount < payPolls ? 2000 : false),
  });
  const pay = useMutation({
    mutationFn: () => apiRequest('payInvoice', { token }, { params: { id: invoiceId } }),
    onSuccess: (r) => window.location.assign(r.url),
    onError: (err) => {
      toast.error('The payment page could not be opened.', { description: err instanceof Error ? err.message : 'Please try again.' });
      void client.invalidateQueries({ queryKey: key });
    },
  });
  const invoice = query.data?.invoice;
  const state = payState({
    hasLink: Boolean(invoiceId && token),
    backFromCheckout: Boolean(sessionId),
    isLoading: query.isPending && query.fetchStatus !== 'idle',
    errorStatus: query.error ? (query.error instanceof ApiRequestError ? query.error.status : 0) : null,
    // nothing due once paid; else the invoice's total
    data: invoice ? { amountDueCents: invoice.status === 'paid' ? 0 : invoice.totalCents } : undefined,
    looks: client.getQueryState(key)?.dataUpdateCount ?? 0,
  });

  if (state === 'loading') return <PageLoading label="Loading your invoice..." />;
  if (state === 'bad_link' || state === 'unavailable' || !invoice)
    return (
      <Outcome tone="warn" title={state === 'unavailable' ? 'We could not load your invoice' : 'This payment link is not valid'}>
        <p role="alert">{state === 'unavailable' ? 'Please check your connection and try again in a moment.' : 'Please use the link in your invoice email, or call us.'}</p>
        {state === 'unavailable' ? (
          <Button variant="outline" onClick={() => void query.refetch()}>
            Try again
          </Button>
        ) : null}
        <CallUs />
      </Outcome>
    );
  if (state === 'paid')
    return (
      <Outcome tone="ok" title="Paid: thank you!">
        <InvoiceLines invoice={invoice} />
        <p>
          Invoice {invoice.invoiceNumber} is paid{invoice.paidAt ? ` (${paidOn.format(new Date(invoice.paidAt))})` : ''}. A receipt is on its way to your email.
        </p>
        <Button asChild variant="outline">
          <Link to="/">Back to Home</Link>
        </Button>
      </Outcome>
    );
  return (
    <Outcome tone="warn" title={state === 'due' ? `Invoice ${invoice.invoiceNumber}: ${formatCents(invoice.totalCents)} due` : 'Confirming your payment...'}>
      <InvoiceLines invoice={invoice} />
      {state === 'due' ? (
        <>
          <p>Hi {invoice.clientName}, pay this invoice securely by card. It is due {formatLongDate(invoice.dueDate)}.</p>
          <Button size="lg" disabled={pay.isPending} onClick={() => pay.mutate()}>
            {pay.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <CreditCard aria-hidden="true" />}
            Pay {formatCents(invoice.totalCents)}
          </Button>
        </>
      ) : (
        <PaymentProgress stillConfirming={state === 'still_confirming'} onCheckAgain={() => void query.refetch()} />
      )}
      <CallUs />
    </Outcome>
  );
}

function InvoiceLines({ invoice }: { invoice: PublicInvoice }) {
  return (
    <div className="w-full rounded-2xl border border-border bg-white p-5 text-left text-sm shadow-sm">
      <ul aria-label="Invoice lines" className="flex flex-col gap-2">
        {invoice.lines.map((l, i) => (
          <li key={i} className="flex justify-between gap-3">
            <span className="min-w-0 wrap-anywhere">
              {l.description}
              {l.quantity > 1 ? ` × ${l.quantity}` : ''}
            </span>
            <span className="tabular-nums">{formatCents(l.totalCents)}</span>
          </li>
        ))}
      </ul>
      <dl className="mt-3 flex flex-col gap-1 border-t border-border pt-3">
        <div className="flex justify-between">
          <dt className="text-muted-foreground">Subtotal</dt>
          <dd className="tabular-nums">{formatCents(invoice.subtotalCents)}</dd>
        </div>
        {invoice.taxCents > 0 ? (
          <div className="flex justify-between">
            <dt className="text-muted-foreground">Tax</dt>
            <dd className="tabular-nums">{formatCents(invoice.taxCents)}</dd>
          </div>
        ) : null}
        <div className="flex justify-between text-base font-bold">
          <dt>Total</dt>
          <dd className="tabular-nums" data-testid="invoice-total">
            {formatCents(invoice.totalCents)}
          </dd>
        </div>
      </dl>
    </div>
  );
}
