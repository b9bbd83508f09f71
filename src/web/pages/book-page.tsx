import { PublicLayout } from '../components/public-layout';
import { BookingWizard } from '../features/booking/booking-wizard';
import { QueryProvider } from '../lib/query';
import { usePageTitle } from '../lib/use-page-title';

export default function BookPage() {
  usePageTitle('Book a pick-up');
  return (
    <PublicLayout className="bg-linear-to-b from-brand-50 to-white">
      <h1 className="sr-only">Book a laundry pick-up</h1>
      <QueryProvider>
        <BookingWizard />
      </QueryProvider>
    </PublicLayout>
  );
}
