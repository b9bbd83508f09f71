// To a staff member who asked to reset their password: the one-time link (better-auth makes it),
// how long it works (src/server/admins/auth.ts sets it) and what to do if they did not ask.
import { brand } from './brand';
import { EmailLayout } from './components/layout';
import { ButtonWithLink, Paragraph, PhoneLink, Small } from './components/parts';
import { lifetimeLabel } from './format';

export type PasswordResetProps = { name: string; url: string; linkMinutes: number };

export function PasswordResetEmail(d: PasswordResetProps) {
  const lifetime = lifetimeLabel(d.linkMinutes);
  return (
    <EmailLayout preview={`Set a new password for your ${brand().name} admin account. The link works once, for ${lifetime}.`} heading="Reset your admin password">
      <Paragraph>Hi {d.name},</Paragraph>
      <Paragraph>Someone asked to reset the password of your {brand().name} admin account.</Paragraph>
      <ButtonWithLink href={d.url}>Set a new password</ButtonWithLink>
      <Paragraph>The link works once, for {lifetime}.</Paragraph>
      <Small>
        If it wasn&apos;t you, ignore this email: your password stays as it is. Please do not forward it. Questions? Call us at <PhoneLink />.
      </Small>
    </EmailLayout>
  );
}
