import { CalendarDays, House } from 'lucide-react';
import { Link } from 'react-router';
import { PublicLayout } from '../components/public-layout';
import { Button } from '../components/ui/button';
import { usePageTitle } from '../lib/use-page-title';

/** Any unknown route (spec: customer-site 2). Imported eagerly by the router. */
export function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <PublicLayout className="bg-linear-to-b from-brand-50 to-white">
      <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center sm:py-32">
        <p className="font-display text-8xl font-extrabold tracking-tight text-primary sm:text-9xl">
          404
        </p>
        <h1 className="mt-4 font-display text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
          Oops! Page not found
        </h1>
        <p className="mt-4 text-lg text-muted-foreground">
          Looks like this page got lost in the wash. Let&apos;s get you back somewhere familiar.
        </p>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          <Button asChild size="lg">
            <Link to="/">
              <House aria-hidden="true" />
              Return to Home
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to="/book">
              <CalendarDays aria-hidden="true" />
              Schedule a Pickup
            </Link>
          </Button>
        </div>
      </div>
    </PublicLayout>
  );
}
