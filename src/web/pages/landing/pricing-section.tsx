import {
  BedDouble,
  Check,
  Droplets,
  Info,
  Shirt,
  Snowflake,
  Sparkles,
  Thermometer,
  Timer,
  Wind,
  WashingMachine,
  type LucideIcon,
} from 'lucide-react';
import { Link } from 'react-router';
import { type AddOnMenuItem, addOnMenuOf, bagHoldWords, pricingPlanOf, turnaroundOf } from '../../../shared/promises';
import { formatCents } from '../../../shared/money';
import { useSiteBusiness } from '../../lib/site-business';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { container, SectionHeading, sectionSpacing } from './section-heading';

// spec: customer-site 2, "Process text"
const processSteps: { text: string; detail: string; icon: LucideIcon }[] = [
  { text: 'Regular or hypoallergenic detergent', detail: 'Your choice, noted on every order.', icon: Droplets },
  { text: 'Cold wash', detail: 'Keeps colours bright and fabrics in shape.', icon: Snowflake },
  { text: 'Low-medium dry', detail: 'Gentle heat, so nothing shrinks.', icon: Wind },
  { text: 'Towels and sheets on warm/hot', detail: 'For a fresh, hygienic clean.', icon: Thermometer },
];

const addOnIcons: Record<AddOnMenuItem['name'], LucideIcon> = {
  '24-hr Rush Delivery': Timer,
  'Hang Dried Delicates': Wind,
  'Oxi-clean': Sparkles,
  'Stain Treatment': Droplets,
  'Sports Uniforms': Shirt,
  'Blankets & Comforters': BedDouble,
  'Mattress Pads': BedDouble,
};

export function PricingSection() {
  const site = useSiteBusiness();
  const pricingPlan = pricingPlanOf(site.prices, turnaroundOf(site));
  const addOnMenu = addOnMenuOf(site.prices);
  return (
    <section id="pricing" aria-labelledby="pricing-title" className={`${sectionSpacing} bg-slate-50`}>
      <div className={container}>
        <SectionHeading id="pricing-title" eyebrow="Pricing" title="Simple, honest pricing">
          One price per pound, pick-up and delivery included. You only pay for what your laundry actually weighs.
        </SectionHeading>

        <div className="mt-14 grid gap-6 lg:grid-cols-2">
          <Card className="flex flex-col">
            <CardHeader className="gap-3">
              <span className="grid size-12 place-items-center rounded-xl bg-brand-50 text-primary ring-1 ring-brand-100">
                <WashingMachine aria-hidden="true" className="size-6" />
              </span>
              <CardTitle className="text-xl">Our care process</CardTitle>
              <CardDescription className="text-base">
                Every load gets the same careful routine, unless you tell us otherwise.
              </CardDescription>
            </CardHeader>
            <CardContent className="flex flex-1 flex-col gap-5">
              <ul className="divide-y divide-border rounded-xl border border-border">
                {processSteps.map(({ text, detail, icon: Icon }) => (
                  <li key={text} className="flex items-start gap-3 px-4 py-3">
                    <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
                    <div>
                      <p className="font-semibold text-slate-900">{text}</p>
                      <p className="text-sm text-muted-foreground">{detail}</p>
                    </div>
                  </li>
                ))}
              </ul>
              <p className="mt-auto flex items-start gap-2.5 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-950">
                <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                <span>
                  <strong className="font-semibold">Stain removal not guaranteed.</strong> We treat stains with care, but
                  some just won&apos;t budge.
                </span>
              </p>
            </CardContent>
          </Card>

          <Card className="relative flex flex-col border-2 border-primary shadow-lg shadow-brand-900/10">
            <CardHeader className="gap-3">
              <div className="flex items-center justify-between gap-3">
                <CardTitle className="text-xl">{pricingPlan.name}</CardTitle>
                <Badge>All-inclusive</Badge>
              </div>
              <p className="flex items-baseline gap-2">
                <span className="font-display text-5xl font-extrabold tracking-tight text-slate-900">
                  {formatCents(pricingPlan.priceCents)}
                </span>
                <span className="text-lg font-medium text-muted-foreground">{pricingPlan.unit}</span>
              </p>
              <CardDescription className="text-base">{pricingPlan.description}</CardDescription>
            </CardHeader>
            <CardContent className="flex flex-1 flex-col gap-6">
              <ul className="space-y-2.5">
                {pricingPlan.features.map((feature) => (
                  <li key={feature} className="flex items-start gap-2.5 text-slate-800">
                    <span className="mt-0.5 grid size-5 shrink-0 place-items-center rounded-full bg-primary text-white">
                      <Check aria-hidden="true" className="size-3.5" strokeWidth={3} />
                    </span>
                    {feature}
                  </li>
                ))}
              </ul>
              <p className="rounded-xl bg-brand-50 px-4 py-3 text-sm text-brand-900">
                When you book, your card is pre-authorized for {formatCents(site.prices.bagEstimateCents)} per bag ({bagHoldWords(site.prices)}). After we
                weigh your laundry, you only pay the actual amount.
              </p>
              <Button asChild size="lg" className="mt-auto w-full">
                <Link to="/book">Get Started</Link>
              </Button>
            </CardContent>
          </Card>
        </div>

        <div className="mt-16">
          <h3 className="text-center font-display text-2xl font-extrabold tracking-tight text-slate-900">
            Add-on services
          </h3>
          <p className="mt-2 text-center text-muted-foreground">Pick any of these when you book.</p>
          <ul className="mt-8 flex flex-wrap justify-center gap-3 sm:gap-4">
            {addOnMenu.map((addOn) => {
              const Icon = addOnIcons[addOn.name];
              return (
                <li
                  key={addOn.name}
                  className="flex w-full gap-4 rounded-2xl border border-border bg-white p-4 shadow-sm sm:w-[calc(50%-0.5rem)] sm:p-5 lg:w-[calc(33.333%-0.667rem)]"
                >
                  <Icon aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-primary" />
                  <div className="min-w-0">
                    <p className="font-semibold text-slate-900">{addOn.name}</p>
                    <p className="mt-1 text-sm text-muted-foreground">
                      <span className="text-base font-bold text-primary">{formatCents(addOn.cents, { compact: true })}</span>{' '}
                      {addOn.unit}
                    </p>
                    {'secondCents' in addOn ? (
                      <p className="text-sm text-muted-foreground">
                        <span className="text-base font-bold text-primary">
                          {formatCents(addOn.secondCents, { compact: true })}
                        </span>{' '}
                        {addOn.secondUnit}
                      </p>
                    ) : null}
                    {'note' in addOn ? <p className="mt-1 text-sm text-slate-700">{addOn.note}</p> : null}
                  </div>
                </li>
              );
            })}
          </ul>
        </div>
      </div>
    </section>
  );
}
