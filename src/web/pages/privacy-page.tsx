import type { ReactNode } from 'react';
import { business } from '../../shared/business';
import { PhoneLink } from '../components/contact-text';
import { PublicLayout } from '../components/public-layout';
import { usePageTitle } from '../lib/use-page-title';
import { useSiteBusiness } from '../lib/site-business';

const privacyUpdated = '2026-11-25';
// a fixed zone keeps the prerendered HTML and the browser's render identical
const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
const inlineLink = 'font-semibold text-primary underline underline-offset-4 hover:text-brand-900';

function Bullets({ items }: { items: ReactNode[] }) {
  return (
    <ul className="list-disc space-y-2 pl-6 marker:text-primary">
      {items.map((item, index) => (
        <li key={index}>{item}</li>
      ))}
    </ul>
  );
}

const sections: { id?: string; title: string; body: ReactNode }[] = [
  {
    title: 'The short version',
    body: (
      <p>
        We collect only what we need to pick up, clean and return your laundry, and to get paid for it. We never sell
        your information, and we never see or store your card number.
      </p>
    ),
  },
  {
    title: 'What we collect',
    body: (
      <Bullets
        items={[
          <>
            <strong>Booking details:</strong> your name, email address, phone number and pick-up address (street, city
            and ZIP code), and the pick-up date, time window and spot you choose.
          </>,
          <>
            <strong>Laundry preferences:</strong> detergent, water temperature, add-ons, and any allergies or care
            notes you give us.
          </>,
          <>
            <strong>Text message consent:</strong> if you agree to text notifications, we record that you agreed, with
            the date and time and the IP address it came from, so we can show when and how you opted in.
          </>,
          <>
            <strong>Messages you send us:</strong> what you write in the contact form (name, email, optional phone,
            subject and message), with the IP address and browser type, which help us block spam.
          </>,
          <>
            <strong>Payment records:</strong> the amounts authorized and charged, tips, gift-card use, and the
            reference our card processor gives us. Never your card number.
          </>,
        ]}
      />
    ),
  },
  {
    title: 'How we use it',
    body: (
      <Bullets
        items={[
          'To schedule your pick-up, call you before we arrive, and deliver your laundry back to you.',
          'To wash your laundry the way you asked, and to respect allergies and care notes.',
          'To send your booking confirmation, your final invoice and your receipts.',
          'To answer your messages and questions.',
          'To keep the records that tax and accounting rules require.',
        ]}
      />
    ),
  },
  {
    title: 'Payments',
    body: (
      <p>
        Card payments are handled by our card payment processor. You type your card details on the processor&apos;s
        secure checkout page, so we never receive or store your card number. The processor tells us whether a payment
        was authorized or charged and lets us charge the final amount to the same card after we weigh your laundry.
      </p>
    ),
  },
  {
    title: 'Emails and text messages',
    body: (
      <p>
        We email you about your bookings and gift cards, because those messages are part of the service. We only text
        you if you said yes when booking: pick-up and delivery updates, never advertising. Message and data rates may
        apply, and you can reply STOP at any time to opt out.
      </p>
    ),
  },
  {
    title: 'Who we share it with',
    body: (
      <>
        <p>We never sell or rent your information. We share it only with the people and services that help us serve you:</p>
        <Bullets
          items={[
            'our laundry pros, who see the name, address and care notes of the orders they handle;',
            'our card payment processor, to authorize and charge payments;',
            'the services that deliver our emails and text messages;',
            'anyone the law requires us to, for example a court order.',
          ]}
        />
      </>
    ),
  },
  {
    // the footer's "Cookies" links here; what the server really sets: better-auth's session cookie
    // (src/server/admins/auth.ts), the one sign-in for staff and laundry pros alike
    id: 'cookies',
    title: 'Cookies',
    body: (
      <>
        <p>
          Booking, paying, buying a gift card or sending us a message sets no cookie at all. We use no advertising,
          analytics or tracking cookies, and no one else&apos;s cookies are set through our pages. (The card
          checkout page belongs to our card payment processor, which may set its own cookies there.)
        </p>
        <Bullets
          items={[
            <>
              <strong>Sign-in cookie</strong> (<code className="text-base">better-auth.session_token</code>): set only
              when our staff sign in to the back office or a laundry pro signs in to the pro portal, to keep them signed
              in. It holds a random session key and nothing else, cannot be read by the page&apos;s scripts, and ends at
              sign-out or after 12 hours without use.
            </>,
            <>
              <strong>Your booking in progress:</strong> while you fill in the booking form, what you typed is kept in
              this browser tab (the browser&apos;s session storage, not a cookie), so a reload does not lose it. It stays
              on your device and is gone when you close the tab.
            </>,
          ]}
        />
      </>
    ),
  },
  {
    title: 'How long we keep it',
    body: (
      <Bullets
        items={[
          'Bookings, invoices and payment records: as long as tax and accounting rules require, usually seven years.',
          'Contact form messages: up to two years, then we delete them.',
          'Text message consent: for as long as you receive our texts, and afterwards as proof of your opt-in and opt-out.',
        ]}
      />
    ),
  },
  {
    title: 'Your choices',
    body: (
      <p>
        You can ask us for a copy of the information we hold about you, ask us to correct it, or ask us to delete it
        (except records we must keep by law). You can stop text messages at any time by replying STOP. Our service is
        meant for adults; we do not knowingly collect information from children.
      </p>
    ),
  },
  {
    title: 'Changes to this policy',
    body: <p>If we change how we handle your information, we will update this page and the date at the top.</p>,
  },
];

export default function PrivacyPage() {
  const site = useSiteBusiness();
  usePageTitle('Privacy Policy');
  return (
    <PublicLayout>
      <div className="border-b border-brand-100 bg-linear-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-3xl px-4 py-14 sm:px-6 sm:py-20">
          <p className="text-sm font-bold tracking-wider text-primary uppercase">Legal</p>
          <h1 className="mt-2 font-display text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
            Privacy Policy
          </h1>
          <p className="mt-4 text-muted-foreground">
            Last updated{' '}
            <time dateTime={privacyUpdated}>{longDate.format(new Date(`${privacyUpdated}T00:00:00Z`))}</time>
          </p>
          <p className="mt-6 text-lg text-slate-700">
            {site.name} is a local laundry pick-up and delivery service in {site.state}. This page explains, in
            plain language, what we know about you and what we do with it.
          </p>
        </div>
      </div>

      <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
        <div className="space-y-10">
          {sections.map((section) => (
            <section key={section.title} id={section.id}>
              <h2 className="font-display text-2xl font-extrabold tracking-tight text-slate-900">{section.title}</h2>
              <div className="mt-3 space-y-4 text-lg leading-relaxed text-slate-700">{section.body}</div>
            </section>
          ))}

          <section>
            <h2 className="font-display text-2xl font-extrabold tracking-tight text-slate-900">Contact us</h2>
            <p className="mt-3 text-lg leading-relaxed text-slate-700">
              Questions about your information, or a request to see, correct or delete it? Call us at{' '}
              <PhoneLink className={inlineLink} />{' '}
              or email{' '}
              <a href={`mailto:${site.email}`} className={inlineLink}>
                {site.email}
              </a>
              . We reply within {business.contactReplyHours} hours.
            </p>
          </section>
        </div>
      </div>
    </PublicLayout>
  );
}
