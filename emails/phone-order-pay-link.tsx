// To the customer who booked on the phone (decision 058): what staff booked for them and the link
// to pay for it, which holds the estimate on their card as the website's checkout does. The link is
// theirs alone (docs/design.md 9, one-time links): no staff view shows it.
import { formatCents } from '../src/shared/money';
import { EmailLayout } from './components/layout';
import { ButtonWithLink, DetailTable, Paragraph, PhoneLink, Small } from './components/parts';

export type PhoneOrderPayLinkProps = {
  name: string;
  confirmation: string;
  /** The pick-up's day and window, as the customer reads it. */
  pickup: string;
  address: string;
  bags: number;
  estimateCents: number;
  payUrl: string;
};

export function PhoneOrderPayLinkEmail(d: PhoneOrderPayLinkProps) {
  const estimate = formatCents(d.estimateCents);
  return (
    <EmailLayout preview={`Confirm your pick-up ${d.confirmation} with your card.`} heading="Confirm your pick-up">
      <Paragraph>Hi {d.name},</Paragraph>
      <Paragraph>
        Thank you for your call. We booked the pick-up below for you. To confirm it, open the link and enter your card: the estimate of {estimate} is held on it, not
        charged. We charge the real amount once we weigh your laundry.
      </Paragraph>
      <DetailTable
        rows={[
          { label: 'Confirmation number', value: d.confirmation },
          { label: 'Pick-up', value: d.pickup },
          { label: 'Address', value: d.address },
          { label: 'Bags', value: String(d.bags) },
          { label: 'Estimate', value: estimate },
        ]}
      />
      <ButtonWithLink href={d.payUrl}>Confirm and pay</ButtonWithLink>
      <Small>
        The pick-up is confirmed once your card is in. This link is yours alone: please do not forward it. Did not call us? Call us at <PhoneLink />.
      </Small>
    </EmailLayout>
  );
}
