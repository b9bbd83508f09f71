import { ArrowRight, CalendarDays, Check, Clock, Heart, MapPin, Sparkles, Truck, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { heroBenefitsOf, turnaroundOf } from '../../../shared/promises';
import { formatCents } from '../../../shared/money';
import { Button } from '../../components/ui/button';
import { container } from './section-heading';
import { useSiteBusiness } from '../../lib/site-business';

const benefitIcons: LucideIcon[] = [Sparkles, Clock, Truck];

export function Hero() {
  const site = useSiteBusiness();
  const badge = site.open ? site.tagline : 'Opening soon: bookings open shortly';
  return (
    <section aria-labelledby="hero-title" className="relative isolate overflow-hidden">
      {/* soft brand-tinted backdrop, gradients only */}
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(60rem_30rem_at_10%_-10%,#cffafe_0%,transparent_60%),radial-gradient(40rem_28rem_at_95%_10%,#fef3c7_0%,transparent_60%),linear-gradient(to_bottom,#ecfeff,#ffffff_85%)]"
      />
      <div
        aria-hidden="true"
        className="absolute -right-24 -bottom-32 -z-10 hidden size-[28rem] rounded-full border-[3rem] border-brand-100/60 lg:block"
      />

      <div className={`${container} grid items-center gap-12 py-16 sm:py-20 lg:grid-cols-[1.25fr_1fr] lg:gap-16 lg:py-28`}>
        <div>
          {/* decision 055: "opening soon" until the owner opens the website; a tagline left empty shows no badge */}
          {badge ? (
            <p className="inline-flex items-center gap-2 rounded-2xl border border-amber-200 bg-amber-50 px-3 py-1 text-sm font-semibold text-amber-900 sm:rounded-full">
              <Heart aria-hidden="true" className="size-4 fill-amber-500 text-amber-500" />
              {badge}
            </p>
          ) : null}
          <h1
            id="hero-title"
            className="mt-6 font-display text-4xl leading-[1.05] font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl lg:text-6xl"
          >
            Laundry day, <span className="text-primary">done for you.</span>
          </h1>
          <p className="mt-6 max-w-xl text-lg text-pretty text-slate-700 sm:text-xl">
            We pick up your laundry, wash, dry and fold it with care, and bring it back to your door. Just{' '}
            {formatCents(site.prices.perPoundCents)} per pound, with pick-up and delivery included.
          </p>

          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Button asChild size="lg" className="shadow-md shadow-brand-700/20">
              <Link to="/book">
                <CalendarDays aria-hidden="true" />
                Schedule Pickup
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline" className="bg-white/80">
              <a href="#pricing">
                View Pricing
                <ArrowRight aria-hidden="true" />
              </a>
            </Button>
          </div>

          <ul className="mt-8 flex flex-wrap gap-2.5" aria-label="Why households choose us">
            {heroBenefitsOf(turnaroundOf(site)).map((benefit, i) => {
              const Icon = benefitIcons[i]!;
              return (
                <li
                  key={benefit}
                  className="inline-flex items-center gap-1.5 rounded-full bg-white px-3.5 py-1.5 text-sm font-semibold text-brand-900 shadow-sm ring-1 ring-brand-200"
                >
                  <Icon aria-hidden="true" className="size-4 text-primary" />
                  {benefit}
                </li>
              );
            })}
          </ul>
        </div>

        <div className="w-full max-w-xl lg:max-w-none">
          <div className="rounded-3xl border border-white bg-white/90 p-6 shadow-xl shadow-brand-900/10 ring-1 ring-brand-100 backdrop-blur sm:p-8">
            <div className="flex items-center gap-3">
              <span className="grid size-11 place-items-center rounded-xl bg-brand-50 text-primary">
                <MapPin aria-hidden="true" className="size-6" />
              </span>
              <div>
                <h2 className="font-display text-xl font-extrabold text-slate-900">Now Serving</h2>
                <p className="text-sm text-muted-foreground">{site.state}</p>
              </div>
            </div>
            <ul className="mt-6 grid grid-cols-2 gap-3">
              {site.towns.map((town) => (
                <li
                  key={town}
                  className="flex items-center gap-2 rounded-xl bg-brand-50 px-3 py-2.5 font-semibold text-brand-900"
                >
                  <Check aria-hidden="true" className="size-4 shrink-0 text-primary" />
                  {town}
                </li>
              ))}
            </ul>
            <dl className="mt-6 grid gap-3 border-t border-border pt-6 text-sm">
              <div className="flex items-center justify-between gap-4">
                <dt className="shrink-0 text-muted-foreground">Pick-up days</dt>
                <dd className="text-right font-semibold text-slate-900">{site.serviceDaysLabel}</dd>
              </div>
              <div className="flex items-center justify-between gap-4">
                <dt className="shrink-0 text-muted-foreground">Hours</dt>
                <dd className="text-right font-semibold text-slate-900">{site.serviceHoursLabel}</dd>
              </div>
              <div className="flex items-center justify-between gap-4">
                <dt className="shrink-0 text-muted-foreground">Price</dt>
                <dd className="text-right font-semibold text-slate-900">
                  {formatCents(site.prices.perPoundCents)} per lb
                </dd>
              </div>
            </dl>
          </div>
        </div>
      </div>
    </section>
  );
}
