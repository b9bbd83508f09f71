// /cancel-booking?booking_id=&token= (docs/design.md 7): the link in the confirmation email.
import { useSearchParams } from 'react-router';
import { PublicLayout } from '../components/public-layout';
import { CancelBooking } from '../features/cancellation';
import { QueryProvider } from '../lib/query';
import { usePageTitle } from '../lib/use-page-title';

export default function CancelBookingPage() {
  usePageTitle('Cancel your pick-up');
  const [params] = useSearchParams();
  return (
    <QueryProvider>
      <PublicLayout className="bg-linear-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-xl px-4 py-12 sm:py-16">
          <CancelBooking bookingId={params.get('booking_id') ?? ''} token={params.get('token') ?? ''} />
        </div>
      </PublicLayout>
    </QueryProvider>
  );
}
