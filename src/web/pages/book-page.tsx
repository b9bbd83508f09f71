import { PublicLayout } from '../components/public-layout';
import { BookingWizard } from '../features/booking/booking-wizard';
import { useSiteBusiness } from '../lib/site-business';
import { usePageTitle } from '../lib/use-page-title';

export default function BookPage() {
  usePageTitle('Book a pick-up');
  const site = useSiteBusiness();
  return (
    <PublicLayout className="bg-linear-to-b from-brand-50 to-white">
      {site.open ? (
        <>
          <h1 className="sr-only">Book a laundry pick-up</h1>
          {/* no query client: the wizard's requests are its own (decision 062) */}
          <BookingWizard />
        </>
      ) : (
        // decision 055: a new installation takes no booking until its owner opens it
        <section className="mx-auto max-w-xl px-4 py-20 text-center text-lg">
          <h1 className="font-display text-3xl font-extrabold">Opening soon</h1>
          <p className="mt-4">{site.name} does not take bookings yet. Please check back shortly: our contact details are below.</p>
        </section>
      )}
    </PublicLayout>
  );
}
