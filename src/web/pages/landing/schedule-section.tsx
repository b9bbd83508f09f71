import { CalendarDays, Clock } from 'lucide-react';
import { Link } from 'react-router';
import { business } from '../../../shared/business';
import { formatCents } from '../../../shared/money';
import type { SiteBusiness } from '../../../shared/site-business';
import { turnaroundOf } from '../../../shared/promises';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { container, SectionHeading, sectionSpacing } from './section-heading';
import { useSiteBusiness } from '../../lib/site-business';

const weekdayNames = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

function partOfDay(startHour: number): string {
  if (startHour < 12) return 'Morning';
  if (startHour < 16) return 'Afternoon';
  return 'Evening';
}

// spec: customer-site 1, the confirmation email, the call before pick-up and the return (docs/design.md 7: in its words)
function stepsAt(site: SiteBusiness): { title: string; text: string }[] {
  return [
  {
    title: 'Book online',
    text: `Choose a pick-up day and window. Your card is pre-authorized for the estimate (${formatCents(site.prices.bagEstimateCents)} per bag); nothing is charged yet.`,
  },
  {
    title: 'We call ahead',
    text: `We call you ${business.reminderCallMinutes} minutes before pick-up, then collect your bags from the spot you chose.`,
  },
  {
    title: 'We weigh, wash, dry & fold',
    text: `You approve the final invoice, based on the actual weight at ${formatCents(site.prices.perPoundCents)} per lb.`,
  },
  {
    title: 'Back at your door',
    text: `Your clean, folded laundry is ${turnaroundOf(site).promise}.`,
  },
  ];
}

export function ScheduleSection() {
  const site = useSiteBusiness();
  const steps = stepsAt(site);
  return (
    <section id="schedule" aria-labelledby="schedule-title" className={sectionSpacing}>
      <div className={container}>
        <SectionHeading id="schedule-title" eyebrow="Schedule" title="Pick-ups that fit your week">
          Book a window that suits you. We&apos;ll handle the rest, start to finish.
        </SectionHeading>

        <div className="mt-14 grid gap-6 lg:grid-cols-[1fr_1.35fr]">
          <Card>
            <CardHeader className="gap-3">
              <span className="grid size-12 place-items-center rounded-xl bg-brand-50 text-primary ring-1 ring-brand-100">
                <CalendarDays aria-hidden="true" className="size-6" />
              </span>
              <CardTitle className="text-xl">When we come</CardTitle>
            </CardHeader>
            <CardContent className="space-y-6">
              <div>
                <p className="text-sm font-semibold text-muted-foreground">Pick-up &amp; delivery days</p>
                <ul className="mt-2 flex flex-wrap gap-2">
                  {site.serviceWeekdays.map((day) => (
                    <li
                      key={day}
                      className="rounded-full bg-primary px-4 py-1.5 text-sm font-semibold text-primary-foreground"
                    >
                      {weekdayNames[day - 1]}
                    </li>
                  ))}
                </ul>
              </div>
              <div>
                <p className="text-sm font-semibold text-muted-foreground">Hours</p>
                <p className="mt-1 flex items-center gap-2 text-lg font-bold text-slate-900">
                  <Clock aria-hidden="true" className="size-5 text-primary" />
                  {site.serviceHoursLabel}
                </p>
              </div>
              <div>
                <p className="text-sm font-semibold text-muted-foreground">Pick-up windows</p>
                <ul className="mt-2 grid gap-2">
                  {site.pickupWindows.map((time) => (
                    <li
                      key={time.value}
                      className="flex items-center justify-between rounded-xl border border-border px-4 py-3"
                    >
                      <span className="text-muted-foreground">{partOfDay(time.startHour)}</span>
                      <span className="font-semibold text-slate-900">{time.label}</span>
                    </li>
                  ))}
                </ul>
              </div>
            </CardContent>
          </Card>

          <Card className="bg-brand-900 text-white">
            <CardHeader>
              <CardTitle className="text-xl">How it works</CardTitle>
            </CardHeader>
            <CardContent>
              <ol className="space-y-6">
                {steps.map((step, index) => (
                  <li key={step.title} className="flex gap-4">
                    <span
                      aria-hidden="true"
                      className="grid size-10 shrink-0 place-items-center rounded-full bg-white font-display text-lg font-extrabold text-brand-900"
                    >
                      {index + 1}
                    </span>
                    <div>
                      <p className="text-lg font-bold">{step.title}</p>
                      <p className="mt-1 text-brand-100">{step.text}</p>
                    </div>
                  </li>
                ))}
              </ol>
              <Button asChild size="lg" variant="accent" className="mt-8 w-full sm:w-auto">
                <Link to="/book">Schedule Pickup</Link>
              </Button>
            </CardContent>
          </Card>
        </div>
      </div>
    </section>
  );
}
