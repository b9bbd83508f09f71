import type { UseFormReturn } from 'react-hook-form';
import { prices } from '../../../shared/business';
import { formatCents } from '../../../shared/money';
import type { BookingQuote, PromoRate } from '../../../shared/pricing';
import { byWeightAddOnsNote } from '../../../shared/promises';
import { policyHighlightsFor, termsSectionsFor } from '../../../shared/terms';
import type { BookingDraft } from './booking-draft';
import { OrderSummary } from './order-summary';
import { useSiteBusiness } from '../../lib/site-business';

export function StepTerms({ form, quote, promo }: { form: UseFormReturn<BookingDraft>; quote: BookingQuote; promo: PromoRate | null }) {
  const site = useSiteBusiness();
  const draft = form.watch();
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="estimate-heading" className="flex flex-col gap-3">
        <h3 id="estimate-heading" className="text-base font-semibold">
          Your estimate
        </h3>
        <OrderSummary draft={draft} quote={quote} promo={promo} />
      </section>

      <section aria-labelledby="payment-heading" className="flex flex-col gap-2 text-sm">
        <h3 id="payment-heading" className="text-base font-semibold">
          How payment works
        </h3>
        <p>
          We pre-authorize your card for this estimate ({formatCents(site.prices.bagEstimateCents)} per bag, about {prices.poundsPerBag} lb at{' '}
          {formatCents(site.prices.perPoundCents)}/lb with a buffer, plus add-ons). Nothing is charged yet.
        </p>
        <p>
          After we weigh your laundry, we charge the actual amount. If it is less, the rest is released to your card; if it is more, the difference is
          charged to the same card. You then approve your final invoice and can add a tip for your laundry pro.
        </p>
        <p>{byWeightAddOnsNote}</p>
      </section>

      <section aria-labelledby="terms-heading" className="flex flex-col gap-3">
        <h3 id="terms-heading" className="text-base font-semibold">
          Our policies
        </h3>
        <ul className="grid gap-1 text-sm sm:grid-cols-2">
          {policyHighlightsFor(site).map((p) => (
            <li key={p} className="flex gap-2">
              <span aria-hidden="true" className="text-primary">
                ✓
              </span>
              <span>{p}</span>
            </li>
          ))}
        </ul>
        <div
          tabIndex={0}
          role="region"
          aria-label="Terms and conditions text"
          className="max-h-64 overflow-y-auto rounded-xl border border-border bg-white p-4 text-sm leading-relaxed"
        >
          {termsSectionsFor(site).map((section) => (
            <div key={section.title} className="mb-4 last:mb-0">
              <h4 className="mb-1 font-semibold">{section.title}</h4>
              {section.paragraphs.map((p) => (
                <p key={p} className="mb-2 text-slate-700">
                  {p}
                </p>
              ))}
            </div>
          ))}
        </div>
        <label className="flex cursor-pointer items-start gap-3 rounded-lg border border-input p-3 text-sm font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring">
          <input type="checkbox" className="mt-0.5 size-4 accent-[var(--color-primary)]" {...form.register('termsAccepted')} />I have read and accept
          the terms and conditions
        </label>
      </section>
    </div>
  );
}
