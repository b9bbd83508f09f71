import { CircleX, Gift, Home } from 'lucide-react';
import { Link } from 'react-router';
import { PublicLayout } from '../components/public-layout';
import { Button } from '../components/ui/button';
import { usePageTitle } from '../lib/use-page-title';
import { phoneHref } from '../../shared/phone';
import { useSiteBusiness } from '../lib/site-business';

/** /gift-card-cancelled (spec: customer-site 2): the checkout was left; no card, no charge. */
export default function GiftCardCancelledPage() {
  const site = useSiteBusiness();
  usePageTitle('Gift card purchase cancelled');
  return (
    <PublicLayout className="bg-linear-to-b from-brand-50 to-white">
      <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center sm:py-24">
        <span className="flex size-16 items-center justify-center rounded-full bg-amber-100 text-amber-800">
          <CircleX className="size-8" aria-hidden="true" />
        </span>
        <h1 className="text-3xl font-extrabold tracking-tight text-balance sm:text-4xl">Gift card purchase cancelled</h1>
        <p className="text-lg text-muted-foreground">Your gift card purchase was cancelled and nothing was charged. No gift card was sent.</p>
        <p className="text-sm text-muted-foreground">
          Questions? Call{' '}
          <a className="font-semibold text-primary underline" href={phoneHref(site.phone)}>
            <span className="whitespace-nowrap">{site.phone}</span>
          </a>
          .
        </p>
        <div className="mt-4 flex flex-col gap-3 sm:flex-row">
          {/* a full load, not a router link: the prerendered landing page opens at the section (a
              lazily loaded page is not there yet for the router to scroll to) */}
          <Button asChild size="lg">
            <a href="/#gift-cards">
              <Gift aria-hidden="true" /> Back to Gift Cards
            </a>
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
