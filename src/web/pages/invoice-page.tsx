// /invoice?booking_id=&token= (spec: customer-site 2; docs/design.md 5.5): the customer's final invoice.
import { useSearchParams } from 'react-router';
import { PublicLayout } from '../components/public-layout';
import { InvoiceView } from '../features/invoice';
import { QueryProvider } from '../lib/query';
import { usePageTitle } from '../lib/use-page-title';

export default function InvoicePage() {
  usePageTitle('Your invoice');
  const [params] = useSearchParams();
  return (
    <QueryProvider>
      <PublicLayout className="bg-linear-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-xl px-4 py-12 sm:py-16">
          <InvoiceView bookingId={params.get('booking_id') ?? ''} token={params.get('token') ?? ''} sessionId={params.get('session_id')} />
        </div>
      </PublicLayout>
    </QueryProvider>
  );
}
