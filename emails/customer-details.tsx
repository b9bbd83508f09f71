// A customer's own details (decision 022): what their upcoming pick-ups now say after they changed
// them from their orders, so a change they did not make does not go unnoticed; and, once they
// deleted their data, what went and what the business keeps.
import { brand } from './brand';
import { EmailLayout } from './components/layout';
import { DetailTable, MultilineText, Paragraph, PhoneLink } from './components/parts';

export type CustomerDetailsChangedProps = {
  name: string;
  confirmations: string[];
  /** each changed detail as the customer reads it: 'Address', '12 New Street' ('' for one now empty) */
  changes: { label: string; value: string }[];
  /** the phone changed: texts wait for the customer's next consent */
  textsStopped: boolean;
};

export function CustomerDetailsChangedEmail(d: CustomerDetailsChangedProps) {
  const which = d.confirmations.length === 1 ? `your pick-up ${d.confirmations[0]}` : `your upcoming pick-ups ${d.confirmations.join(', ')}`;
  return (
    <EmailLayout preview={`You changed the details of ${which}.`} heading="Your pick-up details changed">
      <Paragraph>Hi {d.name},</Paragraph>
      <Paragraph>You changed the details of {which}. They now say:</Paragraph>
      <DetailTable rows={d.changes.map((c) => ({ label: c.label, value: <MultilineText value={c.value} empty="(none)" /> }))} />
      {d.textsStopped ? <Paragraph>We will not text the new number until you agree to texts with your next booking.</Paragraph> : null}
      <Paragraph>
        <strong>If you did not make this change</strong>, call us at <PhoneLink /> or reply to this email.
      </Paragraph>
    </EmailLayout>
  );
}

export type CustomerDataErasedProps = { name: string; orders: number };

export function CustomerDataErasedEmail(d: CustomerDataErasedProps) {
  const orders = d.orders === 1 ? 'your order stays' : `your ${d.orders} orders stay`;
  return (
    <EmailLayout preview={`We deleted your details from ${brand().name}.`} heading="Your data is deleted">
      <Paragraph>Hi {d.name},</Paragraph>
      <Paragraph>
        As you asked, {brand().name} deleted your details. For our accounts, {orders} on our books with the amounts, dates and
        town only: no name, email, phone, street address or preferences. Your sign-in links and sessions no longer work.
      </Paragraph>
      <Paragraph>This is the last email we send you unless you book again. Thank you for having been a customer.</Paragraph>
    </EmailLayout>
  );
}
