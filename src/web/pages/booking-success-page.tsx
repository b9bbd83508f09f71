import { CalendarCheck, CircleAlert, Home, Mail, PhoneCall, RotateCcw, Shirt } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { business, pickupWindowLabel } from '../../shared/business';
import { formatLongDate } from '../../shared/dates';
import { formatCents, paymentIntentLabel } from '../../shared/money';
import { pickupLocationLabels } from '../../shared/booking-values';
import { turnaroundOf } from '../../shared/promises';
import { PageLoading } from '../components/page-loading';
import { PublicLayout } from '../components/public-layout';
import { Button } from '../components/ui/button';
import { useBooking } from '../features/booking/booking-result-api';
import { announceBooked, forgetBookedDraft } from '../features/booking/booked-draft';
import { bookingSuccessState } from '../features/booking/success-state';
import { bagsCents } from '../../shared/pricing';
import { ApiRequestError } from '../lib/api';
import { QueryProvider } from '../lib/query';
import { usePageTitle } from '../lib/use-page-title';
import { OrderTimeline } from '../components/order-timeline';
import { RepeatCard } from '../features/series';
import { phoneHref } from '../../shared/phone';
import { useSiteBusiness } from '../lib/site-business';

export default function BookingSuccessPage() {
  return (
    <QueryProvider>
      <BookingSuccess />
    </QueryProvider>
  );
}

const outcomes = {
  not_found: {
    title: 'Booking not found',
    heading: 'We could not find this booking',
    text: 'The link may be incomplete. If you paid, your confirmation email has your booking details; otherwise you can book a pick-up now.',
    action: 'Book a Pickup',
  },
  not_completed: {
    title: 'Booking not completed',
    heading: 'Your booking was not completed',
    text: 'The card payment was not finished, so this pick-up is not booked and nothing was charged. You can book again in a minute.',
    action: 'Book Again',
  },
  window_taken: {
    title: 'Booking not completed',
    heading: 'That pick-up window filled up',
    text: 'Every place in this window was taken by customers who paid just before you. The amount held on your card is released, so nothing is charged. Please choose another time.',
    action: 'Book Again',
  },
  unavailable: {
    title: 'Booking',
    heading: 'We could not load your booking just now',
    text: 'Please refresh this page in a moment. If you completed the payment, your confirmation email is on its way.',
    action: 'Book a Pickup',
  },
} as const;

function BookingSuccess() {
  const site = useSiteBusiness();
  const [params] = useSearchParams();
  const bookingId = params.get('booking_id');
  const token = params.get('token');
  const sessionId = bookingId ? null : params.get('session_id');
  const booking = useBooking({ bookingId, token, sessionId });
  const state = bookingSuccessState({
    hasReference: Boolean((bookingId && token) || sessionId),
    isLoading: booking.isLoading,
    booking: booking.data,
    errorStatus: booking.error ? (booking.error instanceof ApiRequestError ? booking.error.status : 0) : null,
    looks: booking.looks,
  });
  usePageTitle(state === 'confirmed' ? 'Booking confirmed' : state in outcomes ? outcomes[state as keyof typeof outcomes].title : 'Confirming your booking');

  useEffect(() => {
    if (booking.error) console.warn('Could not load the booking details', booking.error);
  }, [booking.error]);
  // the booking stands: the wizard in this tab starts a new one (a checkout left keeps its draft to book again)
  const bookedId = state === 'confirmed' ? booking.data?.id : undefined;
  useEffect(() => {
    if (!bookedId) return;
    forgetBookedDraft(bookedId);
    // the wizard's tab that opened this checkout stops offering to pay (it shows this page too)
    announceBooked(bookedId);
  }, [bookedId]);

  if (state === 'loading') {
    return (
      <PublicLayout>
        <PageLoading label="Loading your booking..." />
      </PublicLayout>
    );
  }
  if (state === 'not_found' || state === 'not_completed' || state === 'window_taken' || state === 'unavailable') return <Outcome {...outcomes[state]} state={state} />;
  const b = booking.data;

  return (
    <PublicLayout className="bg-linear-to-b from-brand-50 to-white">
      <div className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-10 sm:py-16">
        <div className="flex flex-col items-center gap-3 text-center">
          <span className="flex size-16 items-center justify-center rounded-full bg-green-100 text-green-700">
            <CalendarCheck className="size-8" aria-hidden="true" />
          </span>
          <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">
            {state === 'confirming' ? 'Confirming your payment...' : state === 'still_confirming' ? 'Your payment is still being confirmed' : 'Your pick-up is booked!'}
          </h1>
          <p className="text-lg text-muted-foreground">Thank you{b ? `, ${b.name.split(' ')[0]}` : ''}. We&apos;ll take it from here.</p>
        </div>

        {b ? (
          <section aria-labelledby="details-heading" className="rounded-2xl border border-border bg-white p-5 shadow-sm sm:p-6">
            <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
              <h2 id="details-heading" className="text-lg font-bold">
                Booking details
              </h2>
              <p className="text-sm">
                Confirmation number{' '}
                <strong className="font-mono text-base" data-testid="confirmation-number">
                  {b.confirmation}
                </strong>
              </p>
            </div>
            <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
              <div>
                <dt className="text-muted-foreground">Pick-up date</dt>
                <dd className="font-semibold">{formatLongDate(b.pickup_date)}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Time</dt>
                <dd className="font-semibold">{pickupWindowLabel(b.pickup_time)}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Address</dt>
                <dd className="font-semibold">
                  {b.address}, {b.city} {b.zip_code}
                </dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Location</dt>
                <dd className="font-semibold">{pickupLocationLabels[b.pickup_location as keyof typeof pickupLocationLabels] ?? b.pickup_location}</dd>
              </div>
              <div className="sm:col-span-2">
                <dt className="text-muted-foreground">Service</dt>
                <dd className="font-semibold" data-testid="service-summary">
                  {b.bag_quantity} {b.bag_quantity === 1 ? 'bag' : 'bags'} × {formatCents(b.bag_rate_cents)} = {formatCents(bagsCents(b.bag_quantity, b.bag_rate_cents))}
                </dd>
                {b.add_on_lines.length ? (
                  <dd className="text-muted-foreground">
                    Add-ons: {b.add_on_lines.map((l) => `${l.label}${l.quantity > 1 ? ` × ${l.quantity}` : ''}`).join(', ')}
                  </dd>
                ) : null}
                <dd className="mt-1">
                  Estimated total: <strong data-testid="booking-total">{formatCents(b.total_amount)}</strong>
                  {b.gift_card_discount_cents > 0 ? ` (after ${formatCents(b.gift_card_discount_cents)} gift card)` : ''}
                  {b.promo_code ? ` with promo ${b.promo_code}` : ''}
                </dd>
              </div>
              {b.payment_intent_status ? (
                <div className="sm:col-span-2">
                  <dt className="text-muted-foreground">Payment</dt>
                  <dd className="font-semibold" data-testid="payment-state">
                    {paymentIntentLabel(b.payment_intent_status)}: {formatCents(b.authorized_amount)} on your card
                  </dd>
                  <dd className="text-muted-foreground">Nothing is charged until we weigh your laundry; then we charge the actual amount.</dd>
                </div>
              ) : null}
            </dl>
            {state === 'confirming' ? (
              <p role="status" className="mt-4 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
                We are still waiting for your card payment to be confirmed. This page updates by itself.
              </p>
            ) : null}
            {state === 'still_confirming' ? (
              <p role="status" className="mt-4 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="still-confirming">
                Your card payment has not been confirmed yet. This can take a few minutes: you will get a confirmation email as soon as it is, so there is no
                need to book again. Questions? Call <span className="whitespace-nowrap">{site.phone}</span>.
              </p>
            ) : null}
          </section>
        ) : null}

        {b && b.booking_status !== 'pending' && b.booking_status !== 'cancelled' ? (
          <section aria-labelledby="progress-heading" className="rounded-2xl border border-border bg-white p-5 shadow-sm sm:p-6">
            <h2 id="progress-heading" className="mb-4 text-lg font-bold">
              Where your order is
            </h2>
            <OrderTimeline steps={b.timeline} label={`Where ${b.confirmation} is`} />
            <p className="mt-4 text-sm text-muted-foreground">
              Follow it any time from{' '}
              <a href="/orders" className="font-semibold text-primary underline underline-offset-2">
                Your orders
              </a>
              .
            </p>
          </section>
        ) : null}

        {/* a regular pick-up holds each estimate on the booking's card: offered only where a card was held (not on a free booking) */}
        {b && state === 'confirmed' && b.payment_intent_status !== null ? <RepeatCard bookingId={b.id} token={token} sessionId={sessionId} /> : null}

        <section aria-labelledby="next-heading" className="rounded-2xl border border-border bg-white p-5 shadow-sm sm:p-6">
          <h2 id="next-heading" className="mb-4 text-lg font-bold">
            What happens next
          </h2>
          <ol className="flex flex-col gap-4 text-sm">
            <li className="flex gap-3">
              <Mail className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
              <span>
                <strong>Confirmation email.</strong> You&apos;ll receive a confirmation email with your booking details.
              </span>
            </li>
            <li className="flex gap-3">
              <PhoneCall className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
              <span>
                <strong>A reminder call.</strong> We call you {business.reminderCallMinutes} minutes before pick-up.
              </span>
            </li>
            <li className="flex gap-3">
              <Shirt className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
              <span>
                <strong>Processing and return.</strong> We wash, dry and fold your laundry: it is {turnaroundOf(site).promise}, or {turnaroundOf(site).rush} with Rush Delivery.
              </span>
            </li>
          </ol>
        </section>

        <section aria-labelledby="help-heading" className="rounded-2xl bg-brand-50 p-5 text-sm sm:p-6">
          <h2 id="help-heading" className="mb-2 text-base font-bold">
            Need help?
          </h2>
          <p>
            Call{' '}
            <a className="font-semibold text-primary underline" href={phoneHref(site.phone)}>
              <span className="whitespace-nowrap">{site.phone}</span>
            </a>{' '}
            or email{' '}
            <a className="font-semibold text-primary underline" href={`mailto:${site.email}`}>
              {site.email}
            </a>
            .
          </p>
        </section>

        <div className="flex flex-col justify-center gap-3 sm:flex-row">
          <Button asChild size="lg">
            <Link to="/">
              <Home aria-hidden="true" /> Back to Home
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to="/book">
              <RotateCcw aria-hidden="true" /> Book Another Pickup
            </Link>
          </Button>
        </div>
      </div>
    </PublicLayout>
  );
}

/** A page that says plainly what is true when there is no booking to confirm. */
function Outcome({ heading, text, action, state }: { heading: string; text: string; action: string; state: string }) {
  const site = useSiteBusiness();
  return (
    <PublicLayout className="bg-linear-to-b from-brand-50 to-white">
      <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center" data-testid={`success-${state}`}>
        <span className="flex size-16 items-center justify-center rounded-full bg-amber-100 text-amber-800">
          <CircleAlert className="size-8" aria-hidden="true" />
        </span>
        <h1 className="text-3xl font-extrabold tracking-tight">{heading}</h1>
        <p className="text-lg text-muted-foreground">{text}</p>
        <p className="text-sm">
          Need help? Call{' '}
          <a className="font-semibold text-primary underline" href={phoneHref(site.phone)}>
            <span className="whitespace-nowrap">{site.phone}</span>
          </a>
          .
        </p>
        <div className="flex flex-col gap-3 sm:flex-row">
          <Button asChild size="lg">
            <Link to="/book">
              <RotateCcw aria-hidden="true" /> {action}
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to="/">
              <Home aria-hidden="true" /> Back to Home
            </Link>
          </Button>
        </div>
      </div>
    </PublicLayout>
  );
}
