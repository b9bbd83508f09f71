// To the customer when staff refund part or all of an order (decision 031): how much, where it
// went (their card, or a gift card with its code) and why, in staff's words. JSX escapes the
// reason, so what staff type is text, never markup.
import { formatCents } from '../src/shared/money';
import { giftCardCodeLabel } from './email-data';
import { EmailLayout } from './components/layout';
import { DetailTable, Paragraph, PhoneLink, Small } from './components/parts';

export type BookingRefundedProps = {
  confirmation: string;
  name: string;
  amountCents: number;
  reason: string;
  /** A credit: the gift card's code and its balance now; null for a refund to the card. */
  giftCard: { code: string; balanceCents: number } | null;
};

/** The sentence the email opens with (decision 031), also its preview. */
export function refundSentence(d: Pick<BookingRefundedProps, 'amountCents' | 'reason' | 'giftCard'>): string {
  const amount = formatCents(d.amountCents);
  return d.giftCard ? `We credited ${amount} to your gift card: ${d.reason}` : `We refunded ${amount} to your card: ${d.reason}`;
}

export function BookingRefundedEmail(d: BookingRefundedProps) {
  const amount = formatCents(d.amountCents);
  return (
    <EmailLayout preview={refundSentence(d)} heading={d.giftCard ? `${amount} credited to your gift card` : `${amount} refunded`}>
      <Paragraph>Hi {d.name},</Paragraph>
      <Paragraph>{refundSentence(d)}</Paragraph>
      <DetailTable
        rows={[
          { label: 'Confirmation number', value: d.confirmation },
          { label: d.giftCard ? 'Credited' : 'Refunded', value: amount },
          ...(d.giftCard
            ? [
                { label: giftCardCodeLabel, value: d.giftCard.code },
                { label: 'Gift card balance', value: formatCents(d.giftCard.balanceCents) },
              ]
            : []),
        ]}
      />
      <Small>
        {d.giftCard
          ? 'Enter the code when you book your next pick-up: it is taken off your bill.'
          : 'A refund reaches your card in 5 to 10 business days, depending on your bank.'}{' '}
        Questions? Call us at <PhoneLink />.
      </Small>
    </EmailLayout>
  );
}
