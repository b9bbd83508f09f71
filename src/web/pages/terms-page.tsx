import { CircleCheck } from 'lucide-react';
import { termsUpdated } from '../../shared/business';
import { policyHighlightsFor, termsSectionsFor } from '../../shared/terms';
import { PublicLayout } from '../components/public-layout';
import { usePageTitle } from '../lib/use-page-title';
import { phoneHref } from '../../shared/phone';
import { useSiteBusiness } from '../lib/site-business';

// a fixed zone keeps the prerendered HTML and the browser's render identical
const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
const inlineLink = 'font-semibold text-primary underline underline-offset-4 hover:text-brand-900';

export default function TermsPage() {
  const site = useSiteBusiness();
  usePageTitle('Terms of Service');
  return (
    <PublicLayout>
      <div className="border-b border-brand-100 bg-linear-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-3xl px-4 py-14 sm:px-6 sm:py-20">
          <p className="text-sm font-bold tracking-wider text-primary uppercase">Legal</p>
          <h1 className="mt-2 font-display text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
            Terms of Service
          </h1>
          <p className="mt-4 text-muted-foreground">
            Last updated <time dateTime={termsUpdated}>{longDate.format(new Date(`${termsUpdated}T00:00:00Z`))}</time>
          </p>
        </div>
      </div>

      <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
        <section aria-labelledby="terms-summary" className="rounded-2xl bg-brand-50 p-6 ring-1 ring-brand-100 sm:p-8">
          <h2 id="terms-summary" className="font-display text-xl font-extrabold text-slate-900">
            At a glance
          </h2>
          <ul className="mt-4 grid gap-3 sm:grid-cols-2">
            {policyHighlightsFor(site).map((highlight) => (
              <li key={highlight} className="flex items-start gap-2.5 text-slate-800">
                <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
                {highlight}
              </li>
            ))}
          </ul>
        </section>

        <ol className="mt-12 space-y-10">
          {termsSectionsFor(site).map((section, index) => (
            <li key={section.title}>
              <h2 className="font-display text-2xl font-extrabold tracking-tight text-slate-900">
                <span className="mr-2 text-primary">{index + 1}.</span>
                {section.title}
              </h2>
              <div className="mt-3 space-y-4 text-lg leading-relaxed text-slate-700">
                {section.paragraphs.map((paragraph) => (
                  <p key={paragraph}>{paragraph}</p>
                ))}
              </div>
            </li>
          ))}
        </ol>

        <p className="mt-14 border-t border-border pt-8 text-slate-700">
          Questions about these terms? Call us at{' '}
          <a href={phoneHref(site.phone)} className={inlineLink}>
            <span className="whitespace-nowrap">{site.phone}</span>
          </a>{' '}
          or email{' '}
          <a href={`mailto:${site.email}`} className={inlineLink}>
            {site.email}
          </a>
          .
        </p>
      </div>
    </PublicLayout>
  );
}
