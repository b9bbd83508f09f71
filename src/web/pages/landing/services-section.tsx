import { BedDouble, CircleCheck, Shirt, Truck, type LucideIcon } from 'lucide-react';
import { promiseOf, turnaroundOf, type Turnaround } from '../../../shared/promises';
import { useSiteBusiness } from '../../lib/site-business';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { container, SectionHeading, sectionSpacing } from './section-heading';

// spec: customer-site 2, "Services section, three cards", with the turnaround the settings promise
const servicesAt = (t: Turnaround): { title: string; subtitle: string; icon: LucideIcon; points: string[] }[] => [
  {
    title: 'Wash & Fold',
    subtitle: 'Your everyday laundry, washed, dried and neatly folded.',
    icon: Shirt,
    points: ['Detergent of choice', 'Gentle care for all fabrics', 'Folded to perfection'],
  },
  {
    title: 'Specialty Items',
    subtitle: 'Towels, sheets, blankets and delicates.',
    icon: BedDouble,
    points: ['Large item washing', 'Hang dried delicates', 'Oxi-clean and stain treatment options'],
  },
  {
    title: 'Pick-up & Delivery',
    subtitle: 'We come to you and bring it all back.',
    icon: Truck,
    points: ['Scheduled pick-up window', promiseOf(t), 'Text notifications'],
  },
];

export function ServicesSection() {
  const services = servicesAt(turnaroundOf(useSiteBusiness()));
  return (
    <section id="services" aria-labelledby="services-title" className={sectionSpacing}>
      <div className={container}>
        <SectionHeading id="services-title" eyebrow="Services" title="Everything your laundry basket needs">
          From the weekly pile to the king-size comforter, we handle it with the care you would.
        </SectionHeading>

        <ul className="mt-14 grid gap-6 md:grid-cols-3">
          {services.map(({ title, subtitle, icon: Icon, points }) => (
            <li key={title}>
              <Card className="h-full transition-shadow hover:shadow-md">
                <CardHeader className="gap-3">
                  <span className="grid size-12 place-items-center rounded-xl bg-brand-50 text-primary ring-1 ring-brand-100">
                    <Icon aria-hidden="true" className="size-6" />
                  </span>
                  <CardTitle className="text-xl">{title}</CardTitle>
                  <CardDescription className="text-base">{subtitle}</CardDescription>
                </CardHeader>
                <CardContent>
                  <ul className="space-y-2.5">
                    {points.map((point) => (
                      <li key={point} className="flex items-start gap-2.5 text-slate-700">
                        <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
                        {point}
                      </li>
                    ))}
                  </ul>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
