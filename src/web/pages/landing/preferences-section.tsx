import { CircleCheck, Droplets, HandHeart, Thermometer, type LucideIcon } from 'lucide-react';
import { laundryPreferences } from '../../../shared/business';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { container, SectionHeading, sectionSpacing } from './section-heading';

// the care options are the longest list: they get their own column, shown as a checklist
const groups: {
  title: string;
  description: string;
  icon: LucideIcon;
  options: readonly string[];
  tall?: boolean;
}[] = [
  {
    title: 'Detergent',
    description: 'Gentle on skin, tough on dirt.',
    icon: Droplets,
    options: laundryPreferences.detergents.map((d) => d.label),
  },
  {
    title: 'Water temperature',
    description: 'Cold protects colours; warm or hot when you need it.',
    icon: Thermometer,
    options: laundryPreferences.waterTemperatures.map((t) => t.label),
  },
  {
    title: 'Care options',
    description: 'Extra attention where it matters.',
    icon: HandHeart,
    options: laundryPreferences.careOptions,
    tall: true,
  },
];

export function PreferencesSection() {
  return (
    <section id="preferences" aria-labelledby="preferences-title" className={`${sectionSpacing} bg-brand-50/60`}>
      <div className={container}>
        <SectionHeading id="preferences-title" eyebrow="Preferences" title="Your laundry, your way">
          Tell us how you like it done when you book, and we&apos;ll follow your preferences every time.
        </SectionHeading>

        <ul className="mt-14 grid gap-6 md:grid-cols-2">
          {groups.map(({ title, description, icon: Icon, options, tall }) => (
            <li key={title} className={tall ? 'md:col-start-2 md:row-span-2 md:row-start-1' : undefined}>
              <Card className="h-full">
                <CardHeader className="gap-3">
                  <span className="grid size-12 place-items-center rounded-xl bg-brand-50 text-primary ring-1 ring-brand-100">
                    <Icon aria-hidden="true" className="size-6" />
                  </span>
                  <CardTitle className="text-xl">{title}</CardTitle>
                  <CardDescription className="text-base">{description}</CardDescription>
                </CardHeader>
                <CardContent>
                  {tall ? (
                    <ul className="space-y-3">
                      {options.map((option) => (
                        <li key={option} className="flex items-start gap-2.5 text-slate-800">
                          <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
                          {option}
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <ul className="flex flex-wrap gap-2">
                      {options.map((option) => (
                        <li
                          key={option}
                          className="rounded-full border border-brand-200 bg-white px-3 py-1 text-sm font-medium text-brand-900"
                        >
                          {option}
                        </li>
                      ))}
                    </ul>
                  )}
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
        <p className="mx-auto mt-10 max-w-2xl text-center text-muted-foreground">
          Allergies or something that needs special handling? Add a note to your booking and we&apos;ll take care of it.
        </p>
      </div>
    </section>
  );
}
