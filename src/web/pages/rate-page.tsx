// /rate?booking_id=&token=&stars= (decision 063): the delivery email's rating links.
import { useSearchParams } from 'react-router';
import { PublicLayout } from '../components/public-layout';
import { RateOrder, starsOfLink } from '../features/rating';
import { QueryProvider } from '../lib/query';
import { usePageTitle } from '../lib/use-page-title';

export default function RatePage() {
  usePageTitle('Rate your order');
  const [params] = useSearchParams();
  return (
    <QueryProvider>
      <PublicLayout className="bg-linear-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-xl px-4 py-12 sm:py-16">
          <RateOrder bookingId={params.get('booking_id') ?? ''} token={params.get('token') ?? ''} linkStars={starsOfLink(params.get('stars'))} />
        </div>
      </PublicLayout>
    </QueryProvider>
  );
}
