import { startTransition, useCallback, useState } from 'react';
import { PublicLayout } from '../../components/public-layout';
import { usePageTitle } from '../../lib/use-page-title';
import { ContactSection } from './contact-section';
import { GiftCardsSection } from './gift-cards-section';
import { Hero } from './hero';
import { PreferencesSection } from './preferences-section';
import { PricingSection } from './pricing-section';
import { ScheduleSection } from './schedule-section';
import { ServicesSection } from './services-section';

/** The public landing page: one page of sections with smooth-scroll anchors (spec: customer-site 2). */
export default function LandingPage() {
  usePageTitle(null);
  // the gift cards' "Ask us" button fills in the contact form's subject
  const [subjectRequest, setSubjectRequest] = useState<{ subject: string; id: number } | null>(null);
  // in a transition: the form may not be live yet (lib/deferred), and an urgent update would make
  // React drop its prerendered HTML and leave a gap (the page jumps) until its code arrives
  const askAbout = useCallback(
    (subject: string) => startTransition(() => setSubjectRequest((previous) => ({ subject, id: (previous?.id ?? 0) + 1 }))),
    [],
  );

  return (
    <PublicLayout>
      <Hero />
      <ServicesSection />
      <PricingSection />
      <ScheduleSection />
      <PreferencesSection />
      <GiftCardsSection onAsk={askAbout} />
      <ContactSection subjectRequest={subjectRequest} />
    </PublicLayout>
  );
}
