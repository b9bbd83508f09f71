// /cancel-booking?booking_id=&token= (docs/design.md 7, free cancellation up to 2 hours before the
// pick-up window): what cancelling does, a confirm step with a way to keep the booking, and what
// the cancellation did, in the customer's words. The amounts come from the server; this only shows.
import { useState } from 'react';
import { Link } from 'react-router';
import { useSiteBusiness } from '../../lib/site-business';
import { formatCents } from '../../../shared/money';
import type { PublicBooking } from '../../../shared/schemas/booking-api';
import { PageLoading } from '../../components/page-loading';
import { Button } from '../../components/ui/button';
import { ApiRequestError } from '../../lib/api';
import { useCancelBooking, useCancellation } from './cancellation-api';
import { BookingSummary, Facts, formatInstant, pickupLabel, ReachUs, StateHeading } from './cancellation-parts';

type Release = { card_cents: number; gift_card_cents: number };
type Outcome = { card_released_cents: number; gift_card_returned_cents: number; email_sent: boolean };

const badLink = 'This cancellation link is not valid. Please use the link in your confirmation email.';

export function CancelBooking({ bookingId, token }: { bookingId: string; token: string }) {
  const query = useCancellation(bookingId, token);
  const cancel = useCancelBooking(bookingId, token);
  const [kept, setKept] = useState(false);

  if (!bookingId || !token || query.error) {
    return (
      <div className="flex flex-col gap-6">
        <StateHeading tone="warn" title="Cancel your pick-up">
          <p role="alert" className="text-muted-foreground">
            {query.error instanceof ApiRequestError ? query.error.message : badLink}
          </p>
        </StateHeading>
        <ReachUs lead="To change or cancel a pick-up, call or email us:" />
      </div>
    );
  }
  if (query.isPending) return <PageLoading label="Loading your booking..." />;

  const { booking, cancellable, cancelled, cutoff, message, release } = query.data;
  if (cancelled || cancel.isSuccess) {
    const outcome = cancel.data ?? { card_released_cents: release.card_cents, gift_card_returned_cents: release.gift_card_cents, email_sent: false };
    return <Cancelled booking={booking} outcome={outcome} justNow={cancel.isSuccess} />;
  }
  if (!cancellable) return <TooLate booking={booking} cutoff={cutoff} message={message} open={booking.booking_status === 'pending' || booking.booking_status === 'confirmed'} />;
  if (kept) return <Kept booking={booking} cutoff={cutoff} onCancelAfterAll={() => setKept(false)} />;

  return (
    <div className="flex flex-col gap-6">
      <StateHeading tone="question" title="Cancel your pick-up?">
        <p className="text-muted-foreground">Here is what happens if you cancel. Nothing changes until you confirm.</p>
      </StateHeading>
      <BookingSummary booking={booking} />
      <Facts title="If you cancel" items={whatCancellingDoes(booking, release)} />
      <p className="text-center text-sm text-muted-foreground">Free cancellation until {formatInstant(cutoff)}.</p>
      {cancel.error ? (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-center text-sm text-red-900">
          {cancel.error.message || 'We could not cancel your pick-up. Please try again.'}
        </p>
      ) : null}
      <div className="flex flex-col gap-3 sm:flex-row sm:justify-center">
        <Button size="lg" variant="outline" disabled={cancel.isPending} onClick={() => setKept(true)}>
          Keep my booking
        </Button>
        <Button size="lg" variant="destructive" disabled={cancel.isPending} onClick={() => cancel.mutate()}>
          {cancel.isPending ? 'Cancelling...' : 'Cancel my pick-up'}
        </Button>
      </div>
    </div>
  );
}

function whatCancellingDoes(booking: PublicBooking, release: Release) {
  const facts = [<>Your pick-up on {pickupLabel(booking)} comes off our schedule.</>];
  if (release.card_cents > 0) facts.push(<>The {formatCents(release.card_cents)} hold on your card is released.</>);
  if (release.gift_card_cents > 0) facts.push(<>The {formatCents(release.gift_card_cents)} held on your gift card goes back on it.</>);
  facts.push(<>Nothing is charged.</>, <>We email you a confirmation.</>);
  return facts;
}

function Cancelled({ booking, outcome, justNow }: { booking: PublicBooking; outcome: Outcome; justNow: boolean }) {
  const facts = [
    <>
      Booking <span className="font-mono font-semibold">{booking.confirmation}</span> for {pickupLabel(booking)} is cancelled.
    </>,
  ];
  if (outcome.card_released_cents > 0)
    facts.push(<>The {formatCents(outcome.card_released_cents)} hold on your card has been released. Your bank may take a few days to remove it from your statement.</>);
  if (outcome.gift_card_returned_cents > 0) facts.push(<>{formatCents(outcome.gift_card_returned_cents)} is back on your gift card.</>);
  facts.push(<>Nothing was charged.</>);
  if (justNow && outcome.email_sent) facts.push(<>A confirmation email is on its way to you.</>);
  return (
    <div className="flex flex-col gap-6">
      <StateHeading tone="done" title="Your pick-up is cancelled" focus={justNow} />
      <Facts title="What happened" items={facts} />
      <div className="flex flex-col gap-3 sm:flex-row sm:justify-center">
        <Button asChild size="lg">
          <Link to="/book">Book a new pick-up</Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to="/">Back to Home</Link>
        </Button>
      </div>
    </div>
  );
}

function TooLate({ booking, cutoff, message, open }: { booking: PublicBooking; cutoff: string; message: string | null; open: boolean }) {
  const site = useSiteBusiness();
  return (
    <div className="flex flex-col gap-6">
      <StateHeading tone="warn" title="This pick-up can no longer be cancelled online">
        {open ? (
          <p className="text-muted-foreground">
            Online cancellation closed on {formatInstant(cutoff)}, {site.freeCancellationHours} {site.freeCancellationHours === 1 ? 'hour' : 'hours'} before your pick-up window.
          </p>
        ) : null}
      </StateHeading>
      <BookingSummary booking={booking} />
      {message ? (
        <p role="status" className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-center text-sm text-amber-950">
          {message}
        </p>
      ) : null}
      <ReachUs lead="To change or cancel this pick-up, call or email us:" />
      <div className="flex justify-center">
        <Button asChild variant="outline">
          <Link to="/">Back to Home</Link>
        </Button>
      </div>
    </div>
  );
}

function Kept({ booking, cutoff, onCancelAfterAll }: { booking: PublicBooking; cutoff: string; onCancelAfterAll: () => void }) {
  return (
    <div className="flex flex-col gap-6">
      <StateHeading tone="kept" title="Your pick-up is still booked" focus>
        <p className="text-muted-foreground">Nothing has changed. We will see you on {pickupLabel(booking)}.</p>
      </StateHeading>
      <BookingSummary booking={booking} />
      <p className="text-center text-sm text-muted-foreground">
        Changed your mind? The link in your email cancels it for free until {formatInstant(cutoff)}.
      </p>
      <div className="flex flex-col gap-3 sm:flex-row sm:justify-center">
        <Button asChild size="lg">
          <Link to="/">Back to Home</Link>
        </Button>
        <Button size="lg" variant="ghost" onClick={onCancelAfterAll}>
          I still want to cancel
        </Button>
      </div>
    </div>
  );
}
