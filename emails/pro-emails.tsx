// To a laundry pro (spec: back-office 2; decision 018): the link to set the password of their
// portal sign-in (an invitation from staff, or one they asked for), a note when a payout is made,
// and when staff change the email on their profile (decision 041) the link that confirms the new
// address, sent to it, and a note to the address they sign in with now.
import { Link } from '@react-email/components';
import { brand } from './brand';
import { EmailLayout } from './components/layout';
import { AmountTable, ButtonWithLink, Callout, Paragraph, PhoneLink, Small } from './components/parts';
import { styles } from './components/styles';
import { lifetimeLabel } from './format';

export type ProPasswordLinkProps = {
  name: string;
  /** better-auth's one-time link */
  url: string;
  /** the portal's sign-in page, to ask for a new link */
  portalUrl: string;
  /** how long the link works, as src/server/admins/auth.ts sets it */
  linkMinutes: number;
};

export function ProPasswordLinkEmail(d: ProPasswordLinkProps) {
  const lifetime = lifetimeLabel(d.linkMinutes);
  return (
    <EmailLayout preview={`Set the password of your ${brand().name} pro portal. The link works once, for ${lifetime}.`} heading="Your pro portal">
      <Paragraph>Hi {d.name},</Paragraph>
      <Paragraph>Set the password of your {brand().name} pro portal with this link. It works once, for {lifetime}.</Paragraph>
      <ButtonWithLink href={d.url}>Set your password</ButtonWithLink>
      <Paragraph>In the portal you see your pick-ups, mark them picked up and delivered, and follow your earnings and payouts.</Paragraph>
      <Small>
        If the link has expired, ask for a new one at{' '}
        <Link href={d.portalUrl} style={styles.link}>
          {d.portalUrl}
        </Link>
        . If you did not expect this email, ignore it.
      </Small>
    </EmailLayout>
  );
}

/** Amounts come formatted from the server (the shared pricing functions computed them). */
export type ProPayoutProps = { name: string; amount: string; orders: { orderId: string; amount: string }[] };

export function ProPayoutEmail(d: ProPayoutProps) {
  return (
    <EmailLayout preview={`${brand().name} sent you ${d.amount} through Stripe.`} heading={`You were paid ${d.amount}`}>
      <Paragraph>Hi {d.name},</Paragraph>
      <Paragraph>
        {brand().name} sent you <strong>{d.amount}</strong> through Stripe:
      </Paragraph>
      <AmountTable rows={[...d.orders.map((o) => ({ label: `Order ${o.orderId}`, amount: o.amount })), { label: 'Total', amount: d.amount, total: true }]} />
      <Paragraph>It reaches your bank on Stripe&apos;s payout schedule. Every payout is listed in your pro portal.</Paragraph>
      <Paragraph>Thank you!</Paragraph>
    </EmailLayout>
  );
}

export type ProEmailConfirmProps = { name: string; url: string; linkHours: number };

/** decision 041: to the new address: the one-time link that makes it the pro's sign-in. */
export function ProEmailConfirmEmail(d: ProEmailConfirmProps) {
  const lifetime = lifetimeLabel(d.linkHours * 60);
  return (
    <EmailLayout preview={`Confirm your new email for the ${brand().name} pro portal. The link works once, for ${lifetime}.`} heading="Confirm your new email">
      <Paragraph>Hi {d.name},</Paragraph>
      <Paragraph>
        Your email on your {brand().name} profile was changed to this address. To sign in to your pro portal with it from now on,
        confirm it with this link. It works once, for {lifetime}.
      </Paragraph>
      <ButtonWithLink href={d.url}>Confirm this address</ButtonWithLink>
      <Small>Until you confirm, you keep signing in with your old email. If you did not expect this email, ignore it: nothing changes.</Small>
    </EmailLayout>
  );
}

export type ProEmailChangeNoticeProps = { name: string; newEmail: string; confirmed: boolean };

/**
 * decision 041: to the address the pro signs in with: a new one was written on their profile (it
 * waits for its link), or was just confirmed from it (the sign-in moved).
 */
export function ProEmailChangeNoticeEmail(d: ProEmailChangeNoticeProps) {
  return (
    <EmailLayout
      preview={d.confirmed ? `Your pro portal sign-in moved to ${d.newEmail}.` : `The email on your profile was changed to ${d.newEmail}.`}
      heading={d.confirmed ? 'Your pro portal sign-in moved' : 'The email on your profile was changed'}
    >
      <Paragraph>Hi {d.name},</Paragraph>
      {d.confirmed ? (
        <Paragraph>
          Your {brand().name} pro portal sign-in was moved to <strong>{d.newEmail}</strong>, confirmed from the link sent to that address.
          This address no longer signs in.
        </Paragraph>
      ) : (
        <Paragraph>
          The email on your {brand().name} profile was changed to <strong>{d.newEmail}</strong>. Your pro portal sign-in stays with this
          address unless the new one is confirmed from the link we sent to it.
        </Paragraph>
      )}
      <Callout>
        {d.confirmed ? (
          <Paragraph>
            If this was not you, call us at <PhoneLink /> now.
          </Paragraph>
        ) : (
          <Paragraph>
            If you did not ask for this, do not confirm anything and call us at <PhoneLink />.
          </Paragraph>
        )}
      </Callout>
    </EmailLayout>
  );
}

/** A job given to the pro (decision 056): when and where, and the portal to open it in; the customer's contact stays in the portal. */
export type ProJobAssignedProps = { name: string; orderId: string; pickupLabel: string; area: string; bags: string; portalUrl: string };

export function ProJobAssignedEmail(d: ProJobAssignedProps) {
  return (
    <EmailLayout preview={`New pick-up ${d.orderId}: ${d.pickupLabel}, ${d.area}.`} heading="A new pick-up for you">
      <Paragraph>Hi {d.name},</Paragraph>
      <Paragraph>
        {brand().name} gave you order <strong>{d.orderId}</strong>: a pick-up on <strong>{d.pickupLabel}</strong> in {d.area} ({d.bags}).
      </Paragraph>
      <ButtonWithLink href={d.portalUrl}>Open your jobs</ButtonWithLink>
      <Small>The address, the customer&apos;s phone and their preferences are in your pro portal. Call them 30 minutes before the pick-up.</Small>
    </EmailLayout>
  );
}
