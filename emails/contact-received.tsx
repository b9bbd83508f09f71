// To whoever wrote through the contact form: their message arrived, and when to expect an answer.
// Nothing they typed is in it (not their name, subject or words): the address is only the sender's
// word, and a form that mailed any text to any address would carry spam (decision 042).
import { brand } from './brand';
import { formatDateTime } from './format';
import { EmailLayout } from './components/layout';
import { Paragraph, PhoneLink } from './components/parts';

export function ContactReceivedEmail({ receivedAt }: { receivedAt: Date }) {
  return (
    <EmailLayout preview="We received your message and will get back to you within 24 hours." heading="We received your message">
      <Paragraph>Hello,</Paragraph>
      <Paragraph>
        Thank you for writing to {brand().name}. Your message reached us on {formatDateTime(receivedAt)}, and we will get back to you within 24 hours, at
        this address.
      </Paragraph>
      <Paragraph>
        Something urgent about a pick-up? Call us at <PhoneLink />.
      </Paragraph>
      <Paragraph>The {brand().name} team</Paragraph>
    </EmailLayout>
  );
}
