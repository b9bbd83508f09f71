// /orders (docs/design.md 9: customers signed in by magic link see their own orders; decision 021).
import { useSearchParams } from 'react-router';
import { PublicLayout } from '../components/public-layout';
import { CustomerOrdersView } from '../features/customer-orders';
import { QueryProvider } from '../lib/query';
import { usePageTitle } from '../lib/use-page-title';

export default function OrdersPage() {
  usePageTitle('Your orders');
  const [params] = useSearchParams();
  return (
    <QueryProvider>
      <PublicLayout className="bg-linear-to-b from-brand-50 to-white">
        <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-12 sm:py-16">
          <div className="flex flex-col gap-2 text-center">
            <h1 className="text-3xl font-extrabold tracking-tight">Your orders</h1>
            <p className="text-muted-foreground">Your pick-ups, what they cost and where they are. No password needed.</p>
          </div>
          <CustomerOrdersView token={params.get('token')} />
        </div>
      </PublicLayout>
    </QueryProvider>
  );
}
