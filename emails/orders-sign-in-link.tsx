// To a customer who asked to see their orders (decision 021): the one-time sign-in link, with why
// it came, how long it works and what to do if they did not ask. It is the customer's secret: the
// Outbox shows staff the message with the link hidden (src/server/notifications/redact.ts).
import { brand } from './brand';
import { EmailLayout } from './components/layout';
import { ButtonWithLink, Paragraph, PhoneLink, Small } from './components/parts';
import { lifetimeLabel } from './format';

export type OrdersSignInLinkProps = {
  url: string;
  /** how long the link works, as customer-orders/sign-in.service.ts sets it */
  minutes: number;
  /** how long the session it opens lasts, from the same place */
  sessionDays: number;
};

export function OrdersSignInLinkEmail(d: OrdersSignInLinkProps) {
  const lifetime = lifetimeLabel(d.minutes);
  const site = new URL(d.url).host;
  return (
    <EmailLayout preview={`Your one-time link to see your ${brand().name} orders. It works once, for ${lifetime}.`} heading="Sign in to see your orders">
      <Paragraph>Hi,</Paragraph>
      <Paragraph>
        We got a request on {site} to see the {brand().name} orders booked with this email address. Here is your sign-in link: we
        send it only to the address on your bookings.
      </Paragraph>
      <ButtonWithLink href={d.url}>See your orders</ButtonWithLink>
      <Paragraph>
        The link works once, for {lifetime}. It keeps you signed in on that device for {d.sessionDays} days, with no password.
      </Paragraph>
      <Small>
        If you did not ask for it, ignore this email: nobody can see your orders without it. Please do not forward it. Questions? Call
        us at <PhoneLink />.
      </Small>
    </EmailLayout>
  );
}
