import { Mail, MapPin, Phone } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { termsUpdated } from '../../shared/business';
import { PhoneLink } from './contact-text';
import { BrandMark, SectionLink, type LandingSection } from './site-header';
import { useSiteBusiness } from '../lib/site-business';

const quickLinks: { label: string; section: LandingSection }[] = [
  { label: 'Services', section: 'services' },
  { label: 'Pricing', section: 'pricing' },
  { label: 'Schedule', section: 'schedule' },
  { label: 'Preferences', section: 'preferences' },
  { label: 'Contact', section: 'contact' },
];

// Pages are prerendered at build time and hydrated: the first render must not read the clock.
// Hydration uses this fixed year, the browser's own year (if different) follows right after.
const publishedYear = Number(termsUpdated.slice(0, 4));
const noSubscription = () => () => {};
function useCopyrightYear(): number {
  return useSyncExternalStore(
    noSubscription,
    () => Math.max(publishedYear, new Date().getFullYear()),
    () => publishedYear,
  );
}

const heading = 'text-sm font-bold tracking-wide text-white uppercase';
const link = 'rounded-sm text-brand-100 transition-colors hover:text-white hover:underline underline-offset-4';

export function SiteFooter() {
  const year = useCopyrightYear();
    const site = useSiteBusiness();
  return (
    <footer className="bg-brand-900 text-brand-100">
      <div className="mx-auto grid max-w-6xl grid-cols-2 gap-x-6 gap-y-10 px-4 py-14 sm:px-6 lg:grid-cols-[1.3fr_0.8fr_1.2fr_0.8fr] lg:gap-10 lg:px-8">
        <div className="col-span-2 space-y-4 lg:col-span-1">
          <Link to="/" className="inline-flex items-center gap-2.5 rounded-lg">
            <BrandMark className="ring-1 ring-white/20 rounded-[0.6rem]" />
            <span className="font-display text-xl font-extrabold tracking-tight text-white">{site.name}</span>
          </Link>
          <p className="max-w-xs text-brand-100">
            Laundry pick-up &amp; delivery{site.tagline ? `, ${site.tagline}` : ''}.
          </p>
          <p className="flex items-start gap-2 text-sm">
            <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>
              Serving {site.towns.join(', ')}, {site.stateCode}
            </span>
          </p>
        </div>

        <nav aria-label="Quick links" className="space-y-4">
          <h2 className={heading}>Quick links</h2>
          <ul className="space-y-2.5">
            {quickLinks.map((item) => (
              <li key={item.section}>
                <SectionLink section={item.section} className={link}>
                  {item.label}
                </SectionLink>
              </li>
            ))}
            <li>
              <Link to="/orders" className={link}>
                Your orders
              </Link>
            </li>
          </ul>
        </nav>

        <div className="order-last col-span-2 space-y-4 lg:order-none lg:col-span-1">
          <h2 className={heading}>Get in touch</h2>
          <ul className="space-y-2.5">
            <li>
              <PhoneLink className={`${link} inline-flex items-center gap-2`}>
                <Phone aria-hidden="true" className="size-4 shrink-0" />
              </PhoneLink>
            </li>
            <li>
              <a href={`mailto:${site.email}`} className={`${link} inline-flex items-center gap-2 break-words`}>
                <Mail aria-hidden="true" className="size-4 shrink-0" />
                {site.email}
              </a>
            </li>
            <li className="text-sm">
              {site.serviceDaysLabel}
              <br />
              {site.serviceHoursLabel}
            </li>
          </ul>
        </div>

        <nav aria-label="Legal" className="space-y-4">
          <h2 className={heading}>Legal</h2>
          <ul className="space-y-2.5">
            <li>
              <Link to="/privacy" className={link}>
                Privacy Policy
              </Link>
            </li>
            <li>
              <Link to="/terms" className={link}>
                Terms of Service
              </Link>
            </li>
            <li>
              {/* spec: customer-site 2's placeholder, given a target: the privacy page says which cookies the site sets */}
              <Link to="/privacy#cookies" className={link}>
                Cookies
              </Link>
            </li>
          </ul>
        </nav>
      </div>

      <div className="border-t border-white/15">
        <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-6 text-sm sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
          <p>
            &copy; {year} {site.name} All rights reserved.
          </p>
          <p>Made with care in {site.state}.</p>
        </div>
      </div>
    </footer>
  );
}
