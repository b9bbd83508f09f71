import { CircleAlert, Gift, Home, Infinity as InfinityIcon, LoaderCircle, Mail, Shirt } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatCents } from '../../shared/money';
import { PageLoading } from '../components/page-loading';
import { PublicLayout } from '../components/public-layout';
import { Button } from '../components/ui/button';
import { Celebration, giftCardEmailMinutes, giftCardSuccessState, useCelebration, useGiftCardPurchase, type GiftCardSuccessState } from '../features/gift-cards';
import { ApiRequestError } from '../lib/api';
import { QueryProvider } from '../lib/query';
import { usePageTitle } from '../lib/use-page-title';
import { phoneHref } from '../../shared/phone';
import { useSiteBusiness } from '../lib/site-business';

/** /gift-card-success?session_id= (spec: customer-site 2, 4): the purchase, once the gateway has said paid. */
export default function GiftCardSuccessPage() {
  return (
    <QueryProvider>
      <GiftCardSuccess />
    </QueryProvider>
  );
}

const titles: Record<GiftCardSuccessState, string> = {
  loading: 'Confirming your gift card',
  issued: 'Gift card purchased',
  confirming: 'Confirming your gift card',
  still_confirming: 'Confirming your gift card',
  not_paid: 'Gift card not purchased',
  not_found: 'Gift card purchase not found',
  unavailable: 'Gift card purchase',
};

// said plainly, with no celebration, when there is no card to celebrate
const outcomes = {
  not_paid: {
    heading: 'This gift card purchase was not completed',
    text: 'The payment was not finished, so no gift card was issued and nothing was charged. You can choose a gift card again in a minute.',
  },
  not_found: {
    heading: 'We could not find this gift card purchase',
    text: 'The link may be incomplete. If you paid, your receipt email has the details of your gift card purchase.',
  },
  unavailable: {
    heading: 'We could not load your gift card purchase just now',
    text: 'Please refresh this page in a moment. If you completed the payment, your receipt and the gift card email are on their way.',
  },
} as const;

const linkClass = 'font-semibold text-primary underline';

function GiftCardSuccess() {
  const site = useSiteBusiness();
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const purchase = useGiftCardPurchase(sessionId);
  const state = giftCardSuccessState({
    hasSession: Boolean(sessionId),
    isLoading: purchase.isLoading,
    status: purchase.data?.status,
    errorStatus: purchase.error ? (purchase.error instanceof ApiRequestError ? purchase.error.status : 0) : null,
    looks: purchase.looks,
  });
  const celebrating = useCelebration(state === 'issued');
  usePageTitle(titles[state]);

  // spec: customer-site 8, gift-card fetch errors are only logged; the page says what is true
  useEffect(() => {
    if (purchase.error) console.warn('Could not load the gift card purchase', purchase.error);
  }, [purchase.error]);

  if (state === 'loading') {
    return (
      <PublicLayout>
        <PageLoading label="Confirming your gift card..." />
      </PublicLayout>
    );
  }
  if (state === 'not_paid' || state === 'not_found' || state === 'unavailable') return <Outcome state={state} />;

  const p = purchase.data!;
  const issued = state === 'issued';
  // while the gateway's word is on its way the server may not know the amount yet (0)
  const card = p.amount_cents > 0 ? `${formatCents(p.amount_cents)} gift card` : 'gift card';
  return (
    <PublicLayout className="bg-linear-to-b from-brand-50 to-white">
      {celebrating ? <Celebration /> : null}
      <div className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-10 sm:py-16">
        <div className="flex flex-col items-center gap-3 text-center">
          <span className="flex size-16 items-center justify-center rounded-full bg-green-100 text-green-700">
            {issued ? <Gift className="size-8" aria-hidden="true" /> : <LoaderCircle className="size-8 motion-safe:animate-spin" aria-hidden="true" />}
          </span>
          <h1 className="text-3xl font-extrabold tracking-tight text-balance sm:text-4xl">
            {issued ? 'Your gift card is on its way!' : state === 'confirming' ? 'Confirming your payment...' : 'Your payment is still being confirmed'}
          </h1>
          <p className="text-lg text-muted-foreground">
            {issued
              ? `Thank you! Your ${card} for ${p.recipient_name} has been purchased.`
              : `Thank you! We are waiting for the payment for your ${card} to be confirmed.`}
          </p>
        </div>

        {state === 'confirming' ? (
          <p role="status" className="rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900">
            This usually takes a few seconds. This page updates by itself.
          </p>
        ) : null}
        {state === 'still_confirming' ? (
          <p role="status" data-testid="still-confirming" className="rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900">
            Your payment has not been confirmed yet. This can take a few minutes: the gift card is emailed as soon as it is, and you get a receipt,
            so there is no need to buy it again. Questions? Call{' '}
            <a className={linkClass} href={phoneHref(site.phone)}>
              <span className="whitespace-nowrap">{site.phone}</span>
            </a>{' '}
            and give the transaction number below.
          </p>
        ) : null}

        <section aria-labelledby="gift-card-details" className="rounded-2xl border border-border bg-white p-5 shadow-sm sm:p-6">
          <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="gift-card-details" className="text-lg font-bold">
              Your gift card
            </h2>
            <p className="text-sm">
              Transaction{' '}
              <strong className="font-mono text-base break-all" data-testid="transaction-id">
                {p.transaction}
              </strong>
            </p>
          </div>
          {/* what the buyer knows the card by: its amount and who it is for, beside the transaction number */}
          <dl className="mb-4 grid gap-3 text-sm sm:grid-cols-2" data-testid="gift-card-facts">
            <div>
              <dt className="text-muted-foreground">Amount</dt>
              <dd className="text-base font-semibold">{p.amount_cents > 0 ? formatCents(p.amount_cents) : 'Being confirmed'}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">For</dt>
              <dd className="text-base font-semibold wrap-anywhere">{p.recipient_name}</dd>
            </div>
          </dl>
          <ul className="flex flex-col gap-4 text-sm">
            <Assurance icon={<Mail className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />}>
              <strong>By email within {giftCardEmailMinutes} minutes.</strong>{' '}
              {issued ? `${p.recipient_name} receives the gift card and its code by email` : 'The recipient receives the gift card and its code by email once the payment is confirmed'}
              ; you receive a receipt.
            </Assurance>
            <Assurance icon={<Shirt className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />}>
              <strong>Usable for any laundry service.</strong> The code is entered at the payment step when booking a pick-up.
            </Assurance>
            <Assurance icon={<InfinityIcon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />}>
              <strong>No expiry.</strong> The balance stays on the card until it is used up.
            </Assurance>
          </ul>
        </section>

        <p className="text-center text-sm text-muted-foreground">
          Questions? Call{' '}
          <a className={linkClass} href={phoneHref(site.phone)}>
            <span className="whitespace-nowrap">{site.phone}</span>
          </a>{' '}
          or email{' '}
          <a className={linkClass} href={`mailto:${site.email}`}>
            {site.email}
          </a>
          .
        </p>
        <Links giftCards="Buy Another Gift Card" />
      </div>
    </PublicLayout>
  );
}

function Assurance({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <li className="flex gap-3">
      {icon}
      <span>{children}</span>
    </li>
  );
}

function Links({ giftCards }: { giftCards: string }) {
  return (
    <div className="flex flex-col justify-center gap-3 sm:flex-row">
      <Button asChild size="lg">
        <Link to="/">
          <Home aria-hidden="true" /> Back to Home
        </Link>
      </Button>
      {/* a full load, not a router link: the prerendered landing page opens at the section (a lazily
          loaded page is not there yet for the router to scroll to) */}
      <Button asChild size="lg" variant="outline">
        <a href="/#gift-cards">
          <Gift aria-hidden="true" /> {giftCards}
        </a>
      </Button>
    </div>
  );
}

/** No card to celebrate: what is true, and where to go. */
function Outcome({ state }: { state: keyof typeof outcomes }) {
  const site = useSiteBusiness();
  const { heading, text } = outcomes[state];
  return (
    <PublicLayout className="bg-linear-to-b from-brand-50 to-white">
      <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center" data-testid={`gift-card-${state}`}>
        <span className="flex size-16 items-center justify-center rounded-full bg-amber-100 text-amber-800">
          <CircleAlert className="size-8" aria-hidden="true" />
        </span>
        <h1 className="text-3xl font-extrabold tracking-tight text-balance">{heading}</h1>
        <p className="text-lg text-muted-foreground">{text}</p>
        <p className="text-sm">
          Need help? Call{' '}
          <a className={linkClass} href={phoneHref(site.phone)}>
            <span className="whitespace-nowrap">{site.phone}</span>
          </a>
          .
        </p>
        <Links giftCards="Back to Gift Cards" />
      </div>
    </PublicLayout>
  );
}
