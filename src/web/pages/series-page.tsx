// /series (decision 024): a regular pick-up's own page, opened from the link in its emails.
import { useSearchParams } from 'react-router';
import { PublicLayout } from '../components/public-layout';
import { SeriesView } from '../features/series';
import { QueryProvider } from '../lib/query';
import { usePageTitle } from '../lib/use-page-title';

export default function SeriesPage() {
  usePageTitle('Your regular pick-up');
  const [params] = useSearchParams();
  return (
    <QueryProvider>
      <PublicLayout className="bg-linear-to-b from-brand-50 to-white">
        <div className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-12 sm:py-16">
          <div className="flex flex-col gap-2 text-center">
            <h1 className="text-3xl font-extrabold tracking-tight">Your regular pick-up</h1>
            <p className="text-muted-foreground">Skip one, pause, or stop. Nothing to sign in to.</p>
          </div>
          <SeriesView id={params.get('id')} token={params.get('token')} />
        </div>
      </PublicLayout>
    </QueryProvider>
  );
}
