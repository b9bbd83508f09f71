// Live progress (decision 023): the customer is told when their laundry is picked up and when it
// is out for delivery, with the link to follow it on their orders.
import { EmailLayout } from './components/layout';
import { ButtonWithLink, Paragraph, PhoneLink, Small } from './components/parts';

export type LaundryProgressProps = {
  name: string;
  confirmation: string;
  ordersUrl: string;
  /** When it comes back, as planned at the pick-up (decision 056): 'Wednesday, December 9, 2026, 12PM – 4PM'. */
  dueBack?: string | null;
};

export function LaundryPickedUpEmail(d: LaundryProgressProps) {
  return (
    <EmailLayout preview={`We picked up your laundry ${d.confirmation}. We weigh it next.`} heading="We picked up your laundry">
      <Paragraph>Hi {d.name},</Paragraph>
      <Paragraph>
        We picked up your laundry <strong>{d.confirmation}</strong>. We weigh it next and send you the invoice, then tell you when it is on
        its way back.
      </Paragraph>
      {d.dueBack ? (
        <Paragraph>
          We bring it back on <strong>{d.dueBack}</strong>. Another time suits you better? Choose a later window on your orders.
        </Paragraph>
      ) : null}
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

/** The customer chose another delivery window (decision 056): the one it is now. */
export type DeliveryMovedProps = { name: string; confirmation: string; ordersUrl: string; dueBack: string };

export function DeliveryMovedEmail(d: DeliveryMovedProps) {
  return (
    <EmailLayout preview={`We bring your laundry ${d.confirmation} back on ${d.dueBack}.`} heading="Your delivery time is changed">
      <Paragraph>Hi {d.name},</Paragraph>
      <Paragraph>
        We bring your laundry <strong>{d.confirmation}</strong> back on <strong>{d.dueBack}</strong>, as you chose.
      </Paragraph>
      <ButtonWithLink href={d.ordersUrl}>Follow your order</ButtonWithLink>
      <Small>
        Did not change it yourself? Call us at <PhoneLink />.
      </Small>
    </EmailLayout>
  );
}

/** The pro is on the way (decision 056): the sentence the text would have said, with the arrival estimate. */
export type OnMyWayProps = { name: string; confirmation: string; sentence: string; ordersUrl: string };

export function OnMyWayEmail(d: OnMyWayProps) {
  return (
    <EmailLayout preview={d.sentence} heading="We are on the way">
      <Paragraph>Hi {d.name},</Paragraph>
      <Paragraph>{d.sentence}</Paragraph>
      <ButtonWithLink href={d.ordersUrl}>Follow your order</ButtonWithLink>
      <Small>
        Questions? Call us at <PhoneLink />.
      </Small>
    </EmailLayout>
  );
}

/**
 * A missed pick-up staff confirmed (decision 057; spec: customer-site 9, the no-show fee of the
 * terms): what the pro found, what the card was charged and that the rest of the hold is let go.
 */
export type MissedPickupProps = { name: string; confirmation: string; pickup: string; found: string; feeSentence: string; ordersUrl: string };

export function MissedPickupEmail(d: MissedPickupProps) {
  return (
    <EmailLayout preview={`We missed your pick-up ${d.confirmation}. ${d.feeSentence}`} heading="We missed your pick-up">
      <Paragraph>Hi {d.name},</Paragraph>
      <Paragraph>
        Our pro came for your laundry <strong>{d.confirmation}</strong> on {d.pickup} and found: {d.found.toLowerCase()}. The photo they took is on your order.
      </Paragraph>
      <Paragraph>{d.feeSentence}</Paragraph>
      <ButtonWithLink href={d.ordersUrl}>See your order</ButtonWithLink>
      <Small>
        Think this is a mistake? Call us at <PhoneLink /> and we will look at it.
      </Small>
    </EmailLayout>
  );
}
