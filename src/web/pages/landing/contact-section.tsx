import { CalendarDays, Clock, Mail, MapPin, Phone, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import type { ReactNode } from 'react';
import { business } from '../../../shared/business';
import { PhoneLink } from '../../components/contact-text';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { deferredPart } from '../../lib/deferred';
import { container, SectionHeading, sectionSpacing } from './section-heading';
import { useSiteBusiness } from '../../lib/site-business';

// the form's code (validation, server state) loads when the form is about to be seen or used
const ContactForm = deferredPart('contact-form', () => import('../../features/contact'));

function ContactItem({ icon: Icon, label, children }: { icon: LucideIcon; label: string; children: ReactNode }) {
  return (
    <li className="flex gap-4">
      <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-white text-primary shadow-sm ring-1 ring-brand-100">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <div className="min-w-0">
        <p className="text-sm font-semibold text-muted-foreground">{label}</p>
        <div className="mt-0.5 font-semibold text-slate-900">{children}</div>
      </div>
    </li>
  );
}

const contactLink = 'text-primary underline decoration-brand-200 underline-offset-4 hover:decoration-primary break-words';

export function ContactSection({ subjectRequest }: { subjectRequest: { subject: string; id: number } | null }) {
  const site = useSiteBusiness();
  return (
    <section id="contact" aria-labelledby="contact-title" className={`${sectionSpacing} bg-slate-50`}>
      <div className={container}>
        <SectionHeading id="contact-title" eyebrow="Contact" title="We'd love to hear from you">
          Questions about pick-up, pricing or a special item? Call, email or send us a message.
        </SectionHeading>

        <div className="mt-14 grid gap-8 lg:grid-cols-[1fr_1.6fr] lg:items-start">
          <div className="flex flex-col gap-6">
            <ul className="space-y-6 rounded-2xl bg-brand-50 p-6 ring-1 ring-brand-100 sm:p-8">
              <ContactItem icon={Phone} label="Phone">
                <PhoneLink className={contactLink} />
              </ContactItem>
              <ContactItem icon={Mail} label="Email">
                <a href={`mailto:${site.email}`} className={contactLink}>
                  {site.email}
                </a>
              </ContactItem>
              <ContactItem icon={Clock} label="Hours">
                <p>{site.serviceDaysLabel}</p>
                <p>{site.serviceHoursLabel}</p>
              </ContactItem>
              <ContactItem icon={MapPin} label="Service area">
                <p>
                  {site.towns.join(', ')}, {site.stateCode}
                </p>
              </ContactItem>
            </ul>
            <div className="rounded-2xl bg-brand-900 p-6 text-white sm:p-8">
              <p className="font-display text-xl font-extrabold">Ready for a laundry-free week?</p>
              <p className="mt-2 text-brand-100">Book your pick-up online in a couple of minutes.</p>
              <Button asChild variant="accent" className="mt-5">
                <Link to="/book">
                  <CalendarDays aria-hidden="true" />
                  Schedule Pickup
                </Link>
              </Button>
            </div>
          </div>

          <Card>
            <CardHeader>
              <CardTitle className="text-xl">Send us a message</CardTitle>
              <CardDescription className="text-base">
                We&apos;ll get back to you within {business.contactReplyHours} hours.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <ContactForm subjectRequest={subjectRequest} />
            </CardContent>
          </Card>
        </div>
      </div>
    </section>
  );
}
