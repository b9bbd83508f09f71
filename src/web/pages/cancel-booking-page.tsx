import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarX, CircleCheck, Phone } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { business, pickupWindowLabel } from '../../shared/business';
import { formatLongDate } from '../../shared/dates';
import { formatCents } from '../../shared/money';
import { PageLoading } from '../components/page-loading';
import { PublicLayout } from '../components/public-layout';
import { Button } from '../components/ui/button';
import { apiRequest, ApiRequestError } from '../lib/api';
import { QueryProvider } from '../lib/query';
import { toast } from '../lib/toast';
import { usePageTitle } from '../lib/use-page-title';

export default function CancelBookingPage() {
  return (
    <QueryProvider>
      <CancelBooking />
    </QueryProvider>
  );
}

function CancelBooking() {
  usePageTitle('Cancel your pick-up');
  const [params] = useSearchParams();
  const id = params.get('booking_id') ?? '';
  const token = params.get('token') ?? '';
  const client = useQueryClient();
  const query = useQuery({
    queryKey: ['cancellation', id, token],
    queryFn: ({ signal }) => apiRequest('getCancellation', undefined, { params: { id }, query: { token }, signal }),
    enabled: Boolean(id && token),
    retry: false,
  });
  const cancel = useMutation({
    mutationFn: () => apiRequest('cancelBooking', { token }, { params: { id } }),
    onSuccess: (result) => {
      toast.success('Pick-up cancelled', { description: result.message });
      void client.invalidateQueries({ queryKey: ['cancellation', id, token] });
    },
    onError: (err) => toast.error('Could not cancel', { description: err instanceof Error ? err.message : 'Please try again.' }),
  });

  let body;
  if (!id || !token || query.error) {
    body = (
      <div className="flex flex-col items-center gap-3 text-center">
        <h1 className="text-3xl font-extrabold tracking-tight">Cancel your pick-up</h1>
        <p role="alert" className="text-muted-foreground">
          {query.error instanceof ApiRequestError ? query.error.message : 'This cancellation link is not valid. Please use the link in your confirmation email.'}
        </p>
        <CallUs />
      </div>
    );
  } else if (query.isPending) {
    body = <PageLoading label="Loading your booking..." />;
  } else {
    const { booking: b, cancellable, cancelled, message, cutoff } = query.data;
    const window = pickupWindowLabel(b.pickup_time);
    body = (
      <div className="flex flex-col gap-6">
        <div className="flex flex-col items-center gap-3 text-center">
          <span className={`flex size-16 items-center justify-center rounded-full ${cancelled ? 'bg-green-100 text-green-700' : 'bg-amber-100 text-amber-800'}`}>
            {cancelled ? <CircleCheck className="size-8" aria-hidden="true" /> : <CalendarX className="size-8" aria-hidden="true" />}
          </span>
          <h1 className="text-3xl font-extrabold tracking-tight">{cancelled ? 'Your pick-up is cancelled' : 'Cancel your pick-up?'}</h1>
        </div>
        <dl className="grid gap-3 rounded-2xl border border-border bg-white p-5 text-sm shadow-sm sm:grid-cols-2">
          <div>
            <dt className="text-muted-foreground">Confirmation number</dt>
            <dd className="font-mono font-semibold">{b.confirmation}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Pick-up</dt>
            <dd className="font-semibold">
              {formatLongDate(b.pickup_date)}, {window}
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Address</dt>
            <dd className="font-semibold">
              {b.address}, {b.city} {b.zip_code}
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Estimate</dt>
            <dd className="font-semibold">{formatCents(b.total_amount)}</dd>
          </div>
        </dl>
        {cancellable ? (
          <div className="flex flex-col items-center gap-3 text-center">
            <p className="text-sm text-muted-foreground">
              Free cancellation until {new Date(cutoff).toLocaleString('en-US', { timeZone: business.timeZone, dateStyle: 'full', timeStyle: 'short' })}. Any card
              authorisation is released and nothing is charged.
            </p>
            <Button size="lg" variant="destructive" disabled={cancel.isPending} onClick={() => cancel.mutate()}>
              {cancel.isPending ? 'Cancelling...' : 'Cancel Pick-up'}
            </Button>
          </div>
        ) : (
          <div role="status" className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-center text-sm text-amber-950">
            <p>{message}</p>
            {!cancelled ? <CallUs /> : null}
          </div>
        )}
        <div className="flex justify-center gap-3">
          <Button asChild variant="outline">
            <Link to="/">Back to Home</Link>
          </Button>
          {cancelled ? (
            <Button asChild>
              <Link to="/book">Book a new pick-up</Link>
            </Button>
          ) : null}
        </div>
      </div>
    );
  }
  return (
    <PublicLayout className="bg-linear-to-b from-brand-50 to-white">
      <div className="mx-auto max-w-xl px-4 py-12 sm:py-16">{body}</div>
    </PublicLayout>
  );
}

function CallUs() {
  return (
    <p className="mt-2 text-sm">
      <a className="inline-flex items-center gap-1 font-semibold text-primary underline" href={business.phoneHref}>
        <Phone className="size-4" aria-hidden="true" /> Call {business.phone}
      </a>
    </p>
  );
}
