// To the recipient of a gift card (spec: customer-site 7 send-gift-card-email, 9 "Gift cards"): the
// code, the amount, who it is from, their message, how to redeem it and that it never expires. The
// code appears once, under giftCardCodeLabel, so the staff views of the outbox can hide it.
import { brand } from './brand';
import { formatCents } from '../src/shared/money';
import { EmailLayout } from './components/layout';
import { ButtonWithLink, Callout, DetailTable, MultilineText, Paragraph, PhoneLink, Small } from './components/parts';
import { styles } from './components/styles';
import { giftCardCodeLabel, type GiftCardEmailData } from './email-data';

const codeStyle = { fontFamily: "'SFMono-Regular', Menlo, Consolas, monospace", fontSize: '20px', fontWeight: 700, letterSpacing: '2px', color: styles.confirmation.color };

export function GiftCardEmail({ data: d }: { data: GiftCardEmailData }) {
  const amount = formatCents(d.amountCents);
  // the buyer's name as they signed it, with their address so the recipient knows which friend
  const from = d.senderName ? `${d.senderName} (${d.purchaserEmail})` : d.purchaserEmail;
  const fromName = d.senderName || d.purchaserEmail;
  return (
    <EmailLayout preview={`${fromName} sent you a ${amount} ${brand().name} gift card.`} heading={`You have a ${amount} gift card`}>
      <Paragraph>Hi {d.recipientName},</Paragraph>
      <Paragraph>
        {fromName} sent you a {amount} gift card for {brand().name}: laundry picked up at your door, washed, dried, folded and
        brought back.
      </Paragraph>
      {d.message.trim() ? (
        <Callout>
          <Paragraph>
            <MultilineText value={d.message} />
          </Paragraph>
          <Small>From {fromName}</Small>
        </Callout>
      ) : null}
      <DetailTable
        rows={[
          { label: giftCardCodeLabel, value: <span style={codeStyle}>{d.code}</span> },
          { label: 'Amount', value: amount },
          { label: 'From', value: from },
          { label: 'Expires', value: 'Never' },
        ]}
      />
      <Paragraph>
        To use it, book a pick-up and enter the code in the gift card field when you pay. It works for any laundry service; whatever
        the first order does not use stays on the card for the next one.
      </Paragraph>
      <ButtonWithLink href={d.bookUrl}>Book a pick-up</ButtonWithLink>
      <Small>
        Keep the code to yourself: anyone who has it can spend the card. Questions? Call us at <PhoneLink />.
      </Small>
    </EmailLayout>
  );
}
