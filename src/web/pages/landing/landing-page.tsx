import { useCallback, useState } from 'react';
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
  // a gift card's "Ask about" link fills in the contact form's subject
  const [subjectRequest, setSubjectRequest] = useState<{ subject: string; id: number } | null>(null);
  const askAbout = useCallback(
    (subject: string) => setSubjectRequest((previous) => ({ subject, id: (previous?.id ?? 0) + 1 })),
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
