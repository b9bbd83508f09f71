// The customer's final invoice (spec: customer-site 2 "Final invoice page", 4, 5, 8; docs/design.md
// 5.5): the weighed bill, a tip (presets in dollars, no tip, or a custom amount), the total with
// it, and Approve. Every amount comes from the server's answer and the shared pricing functions.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleAlert, CircleCheck, LoaderCircle, Phone } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { formatCents } from '../../../shared/money';
import { billAmountText } from '../../../shared/pricing-bill';
import { paidByText, receiptPaymentLines } from '../../../shared/pricing-receipts';
import type { Invoice } from '../../../shared/schemas/invoice';
import { PageLoading } from '../../components/page-loading';
import { Button } from '../../components/ui/button';
import { Field, fieldAria } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { cn } from '../../lib/cn';
import { apiRequest, ApiRequestError } from '../../lib/api';
import { toast } from '../../lib/toast';
import { QuestionWeight } from './question-weight';
import { tipOfChoice, type TipChoice } from './tip-choice';
import { approvalWords } from '../../../shared/pricing-tips';
import { WeighingProof } from './weighing-proof';
import { giftCardPaidText, PayDueWithGiftCard } from '../gift-card-due';
import { phoneHref } from '../../../shared/phone';
import { useSiteBusiness } from '../../lib/site-business';

const notFound = 'Invoice not found or invalid link.';
/** Back from the checkout, the page asks again this many times, every 2 s. */
const polls = 8;

export function InvoiceView({ bookingId, token, sessionId }: { bookingId: string; token: string; sessionId: string | null }) {
  const client = useQueryClient();
  const key = ['invoice', bookingId, token, sessionId];
  const hasLink = Boolean(bookingId && token);
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => apiRequest('getInvoice', undefined, { params: { id: bookingId }, query: { token, ...(sessionId ? { session_id: sessionId } : {}) }, signal }),
    enabled: hasLink,
    retry: false,
    refetchInterval: (q) => (sessionId && q.state.data && !q.state.data.approved && q.state.dataUpdateCount < polls ? 2000 : false),
  });
  const status = query.error instanceof ApiRequestError ? query.error.status : null;
  const failedToLoad = query.isError && status !== 404 && status !== 409;
  useEffect(() => {
    // spec: customer-site 8, invoice load failure
    if (failedToLoad) toast.error('Error', { description: 'Unable to load invoice details' });
  }, [failedToLoad]);

  if (!hasLink || status === 404)
    return (
      <Outcome tone="warn" title={notFound}>
        {/* not a dead end: a corrected bill came with a newer link, and every order is in Your orders */}
        <p>A bill we corrected comes in a new email with a new link: please open the newest one. Your orders and their bills are also in Your orders.</p>
        <Button asChild variant="outline">
          <a href="/orders">See your orders</a>
        </Button>
        <CallUs withEmail />
      </Outcome>
    );
  if (query.isPending) return <PageLoading label="Loading your invoice..." />;
  if (query.isError)
    return (
      <Outcome tone="warn" title={status === 409 ? query.error.message : 'Unable to load invoice details'}>
        {status === 409 ? null : (
          <Button variant="outline" onClick={() => void query.refetch()}>
            Try again
          </Button>
        )}
        <CallUs />
      </Outcome>
    );
  const invoice = query.data;
  if (invoice.approved)
    return (
      <Outcome tone="ok" title="Payment Approved!" focus>
        <p className="text-lg">
          Total paid: <strong data-testid="total-paid">{formatCents(invoice.approved.totalPaidCents)}</strong>
          {invoice.approved.giftCardCents > 0 ? (
            <span className="block text-base" data-testid="paid-by">
              {paidByText({ giftCardCents: invoice.approved.giftCardCents, cardCents: invoice.approved.totalPaidCents - invoice.approved.giftCardCents })}
            </span>
          ) : null}
          {invoice.approved.tipCents > 0 ? ` (including a ${formatCents(invoice.approved.tipCents)} tip — thank you!)` : ''}
        </p>
        <Bill invoice={invoice} />
        <WeighingProof invoice={invoice} bookingId={bookingId} token={token} />
        <QuestionWeight invoice={invoice} bookingId={bookingId} token={token} onSent={(next) => client.setQueryData(key, next)} />
        <CallUs />
      </Outcome>
    );
  return <Approve invoice={invoice} bookingId={bookingId} token={token} onInvoice={(next) => client.setQueryData(key, next)} />;
}

function Approve({ invoice, bookingId, token, onInvoice }: { invoice: Invoice; bookingId: string; token: string; onInvoice: (i: Invoice) => void }) {
  const [choice, setChoice] = useState<TipChoice>({ kind: 'none' });
  const [serverError, setServerError] = useState<string | null>(null);
  // decision 064: what a gift card just paid of the amount due, kept in view
  const [giftCardNote, setGiftCardNote] = useState<string | null>(null);
  const payFromGiftCard = async (giftCardCode: string) => {
    const r = await apiRequest('payInvoiceDueFromGiftCard', { token, giftCardCode }, { params: { id: bookingId } });
    onInvoice(r.invoice);
    setGiftCardNote(giftCardPaidText(r.giftCard));
    return r.giftCard;
  };
  const tip = tipOfChoice(choice, invoice.tipPresets, { totalCents: invoice.bill.totalCents, amountDueCents: invoice.payment.amountDueCents });
  const approve = useMutation({
    mutationFn: () => apiRequest('approveInvoice', { token, tipCents: tip.tipCents }, { params: { id: bookingId } }),
    onSuccess: (r) => {
      if (r.url) {
        window.location.assign(r.url);
        return;
      }
      onInvoice(r.invoice);
      toast.success('Payment Approved!', { description: 'Thank you! Your payment has been processed successfully.' });
    },
    onError: (err) => {
      if (err instanceof ApiRequestError && err.fields.tipCents) setServerError(err.fields.tipCents);
      toast.error('Payment Error', { description: 'Unable to process payment. Please try again.' });
    },
  });
  const customError = choice.kind === 'custom' ? (tip.error ?? serverError ?? undefined) : undefined;
  const choose = (next: TipChoice) => {
    setServerError(null);
    setChoice(next);
  };

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-center text-3xl font-extrabold tracking-tight">Your final invoice</h1>
      <p className="text-center">
        Hi {invoice.name}, we weighed your laundry: your bill is below. {approvalWords(invoice.payment)}
      </p>
      <Bill invoice={invoice} />
      <WeighingProof invoice={invoice} bookingId={bookingId} token={token} />
      <QuestionWeight invoice={invoice} bookingId={bookingId} token={token} onSent={onInvoice} />
      {giftCardNote ? (
        <p role="status" className="text-center font-medium" data-testid="gift-card-note">
          {giftCardNote}
        </p>
      ) : null}
      {invoice.payment.amountDueCents > 0 ? <PayDueWithGiftCard dueCents={invoice.payment.amountDueCents} pay={payFromGiftCard} /> : null}
      <fieldset className="flex flex-col gap-3 rounded-2xl border border-border bg-white p-5 shadow-sm">
        <legend className="px-1 text-lg font-bold">Add a tip</legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-5">
          {/* a free order's percentages are all $0.00: only No tip and a custom amount */}
          {invoice.tipPresets.filter((p) => p.cents > 0).map((p) => (
            <TipButton key={p.percent} pressed={choice.kind === 'preset' && choice.percent === p.percent} onClick={() => choose({ kind: 'preset', percent: p.percent })}>
              <span className="font-bold">{p.percent}%</span>
              <span className="text-xs">{formatCents(p.cents)}</span>
            </TipButton>
          ))}
          <TipButton pressed={choice.kind === 'none'} onClick={() => choose({ kind: 'none' })}>
            <span className="font-bold">No tip</span>
          </TipButton>
        </div>
        <Field id="custom-tip" label="Custom tip ($)" error={customError} hint={`In dollars, up to ${formatCents(invoice.tipMaximumCents)}.`}>
          <Input
            {...fieldAria('custom-tip', customError, true)}
            inputMode="decimal"
            placeholder="0.00"
            autoComplete="off"
            value={choice.kind === 'custom' ? choice.text : ''}
            onChange={(e) => choose({ kind: 'custom', text: e.target.value })}
            onFocus={() => choice.kind !== 'custom' && choose({ kind: 'custom', text: '' })}
          />
        </Field>
      </fieldset>
      <div className="flex flex-col gap-1 rounded-2xl bg-brand-50 p-5" aria-live="polite">
        <div className="flex items-center justify-between text-lg">
          <span>Total with tip</span>
          <strong data-testid="total-with-tip">{formatCents(tip.totalCents)}</strong>
        </div>
        {tip.error ? null : (
          <p className="text-sm text-muted-foreground" data-testid="pay-now">
            {tip.payNowCents > 0
              ? `Charged when you approve: ${formatCents(tip.payNowCents)}${invoice.payment.amountDueCents > 0 ? ` (the ${formatCents(invoice.payment.amountDueCents)} still due${tip.tipCents > 0 ? ' and your tip' : ''})` : ' (your tip)'}.`
              : 'Nothing more is charged when you approve.'}
          </p>
        )}
      </div>
      {choice.kind !== 'custom' && tip.error ? <p className="text-sm font-medium text-destructive">{tip.error}</p> : null}
      <Button size="lg" disabled={approve.isPending || tip.error !== null} onClick={() => approve.mutate()}>
        {approve.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
        {/* what approving does, with what it charges (the tip and anything still due) */}
        {tip.payNowCents > 0 && !tip.error ? `Approve and pay ${formatCents(tip.payNowCents)}` : 'Approve the bill'}
      </Button>
      <CallUs />
    </div>
  );
}

function TipButton({ pressed, onClick, children }: { pressed: boolean; onClick: () => void; children: React.ReactNode }) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={cn(
        'flex min-h-14 flex-col items-center justify-center rounded-xl border px-2 py-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        pressed ? 'border-primary bg-primary text-primary-foreground' : 'border-border bg-white hover:bg-brand-50',
      )}
    >
      {children}
    </button>
  );
}

function Bill({ invoice: d }: { invoice: Invoice }) {
  // decision 015: the tip on its own line, apart from what the bill took of the card
  const payment = receiptPaymentLines(d.payment, 'customer');
  return (
    <div className="w-full rounded-2xl border border-border bg-white p-5 text-left text-sm shadow-sm">
      <p className="mb-3 text-muted-foreground">
        Order <span className="font-mono font-semibold text-foreground">{d.confirmation}</span>
      </p>
      <dl className="flex flex-col gap-2" data-testid="bill">
        {d.bill.lines.map((l) => (
          <div key={l.key} className={cn('flex justify-between gap-4', (l.kind === 'total' || l.kind === 'subtotal') && 'border-t border-border pt-2 font-bold')}>
            <dt>{l.label}</dt>
            <dd>{billAmountText(l.cents)}</dd>
          </div>
        ))}
      </dl>
      {payment.length > 0 ? (
        <dl className="mt-4 flex flex-col gap-2 border-t border-border pt-3 text-muted-foreground" data-testid="payment">
          {payment.map((l) => (
            <div key={l.key} className={cn('flex justify-between gap-4', l.emphasis === 'total' && 'font-semibold text-foreground')}>
              <dt>{l.label}</dt>
              <dd>{formatCents(l.cents)}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </div>
  );
}

function Outcome({ tone, title, focus = false, children }: { tone: 'ok' | 'warn'; title: string; focus?: boolean; children?: React.ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // the outcome replaces a long form: on a phone it would start above the screen; brought into view and read out
  useEffect(() => {
    if (focus) heading.current?.focus();
  }, [focus]);
  return (
    <div className="flex flex-col items-center gap-5 text-center">
      <span className={`flex size-16 items-center justify-center rounded-full ${tone === 'ok' ? 'bg-green-100 text-green-700' : 'bg-amber-100 text-amber-800'}`}>
        {tone === 'ok' ? <CircleCheck className="size-8" aria-hidden="true" /> : <CircleAlert className="size-8" aria-hidden="true" />}
      </span>
      <h1 ref={heading} tabIndex={-1} className="scroll-mt-24 text-3xl font-extrabold tracking-tight outline-none">
        {title}
      </h1>
      {children}
    </div>
  );
}

function CallUs({ withEmail = false }: { withEmail?: boolean }) {
  const site = useSiteBusiness();
  return (
    <p className="text-center text-sm">
      Questions about your bill?{' '}
      <a className="inline-flex items-center gap-1 font-semibold text-primary underline" href={phoneHref(site.phone)}>
        <Phone className="size-4" aria-hidden="true" /> Call <span className="whitespace-nowrap">{site.phone}</span>
      </a>
      {withEmail ? (
        <>
          {' '}
          or email{' '}
          <a className="font-semibold text-primary underline" href={`mailto:${site.email}`}>
            {site.email}
          </a>
        </>
      ) : null}
    </p>
  );
}
