import { CalendarDays, CircleX, Home } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PhoneLink } from '../components/contact-text';
import { PublicLayout } from '../components/public-layout';
import { Button } from '../components/ui/button';
import { useRecordAbandonedCheckout } from '../features/booking/booking-result-api';
import { QueryProvider } from '../lib/query';
import { usePageTitle } from '../lib/use-page-title';

export default function BookingCancelledPage() {
  return (
    <QueryProvider>
      <BookingCancelled />
    </QueryProvider>
  );
}

function BookingCancelled() {
  usePageTitle('Payment cancelled');
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const abandoned = useRecordAbandonedCheckout();
  const sent = useRef(false);

  // spec: customer-site 4, opening this page triggers the abandoned-payment notice for the checkout
  // it came back from (the server closes that checkout and records the notice once per booking;
  // without a session there is nothing to record: docs/decisions/012); errors are only logged
  useEffect(() => {
    if (sent.current || !sessionId) return;
    sent.current = true;
    abandoned.mutate(sessionId, { onError: (err) => console.warn('Could not record the abandoned payment', err) });
  }, [abandoned, sessionId]);

  return (
    <PublicLayout className="bg-linear-to-b from-brand-50 to-white">
      <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center sm:py-24">
        <span className="flex size-16 items-center justify-center rounded-full bg-amber-100 text-amber-800">
          <CircleX className="size-8" aria-hidden="true" />
        </span>
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Payment cancelled</h1>
        <p className="text-lg text-muted-foreground">Your payment was cancelled and nothing was charged. Your pick-up is not booked yet.</p>
        <p className="text-sm text-muted-foreground">
          Questions? Call{' '}
          <PhoneLink className="font-semibold text-primary underline" />
          .
        </p>
        <div className="mt-4 flex flex-col gap-3 sm:flex-row">
          <Button asChild size="lg">
            <Link to="/book">
              <CalendarDays aria-hidden="true" /> Try booking again
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
