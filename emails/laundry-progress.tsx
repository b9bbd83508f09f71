// Live progress (decision 023): the customer is told when their laundry is picked up and when it
// is out for delivery, with the link to follow it on their orders.
import { EmailLayout } from './components/layout';
import { ButtonWithLink, Paragraph, PhoneLink, Small } from './components/parts';

export type LaundryProgressProps = { name: string; confirmation: string; ordersUrl: string };

export function LaundryPickedUpEmail(d: LaundryProgressProps) {
  return (
    <EmailLayout preview={`We picked up your laundry ${d.confirmation}. We weigh it next.`} heading="We picked up your laundry">
      <Paragraph>Hi {d.name},</Paragraph>
      <Paragraph>
        We picked up your laundry <strong>{d.confirmation}</strong>. We weigh it next and send you the invoice, then tell you when it is on
        its way back.
      </Paragraph>
      <ButtonWithLink href={d.ordersUrl}>Follow your order</ButtonWithLink>
      <Small>
        Questions? Call us at <PhoneLink />.
      </Small>
    </EmailLayout>
  );
}

export function LaundryOutForDeliveryEmail(d: LaundryProgressProps) {
  return (
    <EmailLayout preview={`Your laundry ${d.confirmation} is clean and out for delivery today.`} heading="Your laundry is on its way">
      <Paragraph>Hi {d.name},</Paragraph>
      <Paragraph>
        Your laundry <strong>{d.confirmation}</strong> is clean and out for delivery today.
      </Paragraph>
      <ButtonWithLink href={d.ordersUrl}>Follow your order</ButtonWithLink>
      <Small>
        Questions? Call us at <PhoneLink />.
      </Small>
    </EmailLayout>
  );
}
