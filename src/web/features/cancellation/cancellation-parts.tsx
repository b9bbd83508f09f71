// The pieces the cancellation page is built from: its heading with an icon, the booking in short,
// a list of plain facts, and how to reach the business.
import { CalendarCheck, CalendarX, CircleAlert, CircleCheck, Mail, Phone, Star, type LucideIcon } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { pickupWindowLabel } from '../../../shared/business';
import { businessDateFormat } from '../../lib/business-time';
import { formatLongDate } from '../../../shared/dates';
import type { PublicBooking } from '../../../shared/schemas/booking-api';
import { PhoneLink, StreetAddress } from '../../components/contact-text';
import { useSiteBusiness } from '../../lib/site-business';

const tones = {
  question: { icon: CalendarX, ring: 'bg-amber-100 text-amber-800' },
  kept: { icon: CalendarCheck, ring: 'bg-green-100 text-green-700' },
  done: { icon: CircleCheck, ring: 'bg-green-100 text-green-700' },
  warn: { icon: CircleAlert, ring: 'bg-amber-100 text-amber-800' },
  // the rating page's question (decision 063)
  rate: { icon: Star, ring: 'bg-amber-100 text-amber-800' },
} satisfies Record<string, { icon: LucideIcon; ring: string }>;

/**
 * The state's heading. When the state changes on the page (kept, cancelled) the page goes back to
 * its top and the heading takes the focus, so a screen reader reads the new state and the eye finds it.
 */
export function StateHeading({ tone, title, focus = false, children }: { tone: keyof typeof tones; title: string; focus?: boolean; children?: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!focus) return;
    // the new state starts at the top, clear of the sticky header
    window.scrollTo({ top: 0, behavior: 'instant' });
    ref.current?.focus({ preventScroll: true });
  }, [focus]);
  const { icon: Icon, ring } = tones[tone];
  return (
    <div className="flex flex-col items-center gap-3 text-center">
      <span className={`flex size-16 items-center justify-center rounded-full ${ring}`}>
        <Icon className="size-8" aria-hidden="true" />
      </span>
      <h1 ref={ref} tabIndex={-1} className="text-3xl font-extrabold tracking-tight focus:outline-none">
        {title}
      </h1>
      {children}
    </div>
  );
}

/** "Wednesday, November 25, 2026, 12PM – 4PM" */
export function pickupLabel(booking: Pick<PublicBooking, 'pickup_date' | 'pickup_time'>): string {
  return `${formatLongDate(booking.pickup_date)}, ${pickupWindowLabel(booking.pickup_time)}`;
}

const instantFormat = businessDateFormat({ weekday: 'long', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit' });

/** An instant as the business's clock shows it: "Wednesday, November 25 at 10:00 AM". */
export function formatInstant(iso: string): string {
  return instantFormat.format(new Date(iso));
}

export function BookingSummary({ booking }: { booking: PublicBooking }) {
  return (
    <dl className="grid gap-3 rounded-2xl border border-border bg-white p-5 text-sm shadow-sm sm:grid-cols-2">
      <div>
        <dt className="text-muted-foreground">Booking code</dt>
        <dd className="font-mono font-semibold">{booking.confirmation}</dd>
      </div>
      <div>
        <dt className="text-muted-foreground">Pick-up</dt>
        <dd className="font-semibold">
          {formatLongDate(booking.pickup_date)}, <span className="whitespace-nowrap">{pickupWindowLabel(booking.pickup_time)}</span>
        </dd>
      </div>
      <div className="sm:col-span-2">
        <dt className="text-muted-foreground">Address</dt>
        <dd className="font-semibold">
          <StreetAddress value={booking.address} />, {booking.city} <span className="whitespace-nowrap">{booking.zip_code}</span>
        </dd>
      </div>
    </dl>
  );
}

/** Plain facts, one a line, each with a tick. */
export function Facts({ title, items }: { title: string; items: ReactNode[] }) {
  return (
    <section aria-label={title} className="rounded-2xl border border-border bg-white p-5 shadow-sm">
      <h2 className="font-semibold">{title}</h2>
      <ul className="mt-3 space-y-2 text-sm">
        {items.map((item, index) => (
          <li key={index} className="flex gap-2">
            <CircleCheck className="mt-0.5 size-4 shrink-0 text-green-700" aria-hidden="true" />
            <span>{item}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The business's phone and email, for what the link cannot do. */
export function ReachUs({ lead }: { lead: string }) {
  const site = useSiteBusiness();
  return (
    <div className="flex flex-col items-center gap-3 text-center text-sm">
      <p>{lead}</p>
      <div className="flex flex-col items-center gap-2 sm:flex-row sm:gap-5">
        <PhoneLink className="font-semibold text-primary underline underline-offset-4">
          <Phone className="mr-1.5 inline size-4 align-[-3px]" aria-hidden="true" />
          Call{' '}
        </PhoneLink>
        <a className="inline-flex items-center gap-1.5 font-semibold text-primary underline underline-offset-4" href={`mailto:${site.email}`}>
          <Mail className="size-4" aria-hidden="true" /> {site.email}
        </a>
      </div>
    </div>
  );
}
