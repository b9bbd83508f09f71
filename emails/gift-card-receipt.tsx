// To whoever bought a gift card: the receipt (the amount, to whom it went). Never the code: that is
// the recipient's alone (docs/design.md 9), and it went to them in its own email.
import { brand } from './brand';
import { formatLongDate } from '../src/shared/dates';
import { formatCents } from '../src/shared/money';
import { EmailLayout } from './components/layout';
import { type DetailRow, DetailTable, MultilineText, Paragraph, PhoneLink, Small } from './components/parts';
import type { GiftCardReceiptData } from './email-data';

export function GiftCardReceiptEmail({ data: d }: { data: GiftCardReceiptData }) {
  const amount = formatCents(d.amountCents);
  const rows: DetailRow[] = [
    { label: 'Amount paid', value: amount },
    { label: 'Recipient', value: d.recipientName },
    { label: 'Sent to', value: d.recipientEmail },
    ...(d.deliverOn ? [{ label: 'Delivered on', value: formatLongDate(d.deliverOn) }] : []),
    ...(d.message.trim() ? [{ label: 'Your message', value: <MultilineText value={d.message} /> }] : []),
    { label: 'Transaction', value: d.transaction },
  ];
  return (
    <EmailLayout preview={`Your ${amount} gift card is on its way to ${d.recipientName}.`} heading="Thank you for your gift card">
      <Paragraph>
        {d.deliverOn
          ? `Your ${amount} ${brand().name} gift card goes to ${d.recipientName} at ${d.recipientEmail} on ${formatLongDate(d.deliverOn)}, the day you chose: by email in the morning, with the code and how to use it.`
          : `Your ${amount} ${brand().name} gift card is on its way to ${d.recipientName} at ${d.recipientEmail}: it arrives by email within 5 minutes, with the code and how to use it.`}
      </Paragraph>
      <DetailTable rows={rows} />
      <Paragraph>The card works for any laundry service and never expires.</Paragraph>
      <Small>
        For the recipient&apos;s safety the code is sent only to them. Gift-card sales are final and non-refundable. Questions? Call us at{' '}
        <PhoneLink />.
      </Small>
    </EmailLayout>
  );
}
