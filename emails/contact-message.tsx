// To the business: a message from the contact form. The caller sets reply-to to the sender.
// spec: customer-site 3 (contact form), 9 (reply within 24 hours); docs/design.md 7.
import { business } from '../src/shared/business';
import { EmailLayout } from './components/layout';
import { Callout, DetailTable, MultilineText, Paragraph, SectionHeading, Small, customerReachRows } from './components/parts';
import { formatDateTime, singleLine } from './format';

export type ContactMessageProps = { name: string; email: string; phone: string; subject: string; message: string; receivedAt: Date };

export function ContactMessageEmail(d: ContactMessageProps) {
  return (
    <EmailLayout preview={`${singleLine(d.name)}: ${singleLine(d.message, 120)}`} heading="New message from the contact form">
      <Paragraph>
        <strong>{d.name}</strong> wrote through the contact form on the website.
      </Paragraph>
      <DetailTable
        rows={[
          { label: 'From', value: d.name },
          ...customerReachRows(d),
          { label: 'Subject', value: singleLine(d.subject, 500) },
          { label: 'Received', value: formatDateTime(d.receivedAt) },
        ]}
      />
      <SectionHeading>Message</SectionHeading>
      <Callout>
        <Paragraph>
          <MultilineText value={d.message} empty="(empty message)" />
        </Paragraph>
      </Callout>
      <Small>
        Reply to this email to answer {d.name} directly. The website promises a reply within {business.contactReplyHours} hours.
      </Small>
    </EmailLayout>
  );
}
