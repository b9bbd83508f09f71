// To the customer once the weighing is processed and nothing is left to pay (docs/design.md 5.5): the
// weight, the final total and the link to their invoice, where they approve the bill and tip.
// When an amount is still due, the payment-due email (which links to the same invoice) goes out
// instead, so the customer gets one email, not two. The link is theirs alone (docs/design.md 9, one-time
// links): no staff view shows it.
import { formatCents } from '../src/shared/money';
import { EmailLayout } from './components/layout';
import { ButtonWithLink, DetailTable, Paragraph, PhoneLink, Small } from './components/parts';
import { formatWeightTenths } from './format';

export type LaundryWeighedProps = {
  confirmation: string;
  name: string;
  weightTenths: number;
  finalTotalCents: number;
  invoiceUrl: string;
};

export function LaundryWeighedEmail(d: LaundryWeighedProps) {
  const weight = formatWeightTenths(d.weightTenths);
  const total = formatCents(d.finalTotalCents);
  return (
    <EmailLayout preview={`Your laundry weighed ${weight}: your final total is ${total}.`} heading="Your laundry is weighed">
      <Paragraph>Hi {d.name},</Paragraph>
      <Paragraph>
        We weighed your laundry: <strong>{weight}</strong>. Your final total is <strong>{total}</strong>.
      </Paragraph>
      <DetailTable
        rows={[
          { label: 'Confirmation number', value: d.confirmation },
          { label: 'Weight', value: weight },
          { label: 'Final total', value: total },
        ]}
      />
      <Paragraph>
        Your invoice shows how it adds up. Approving it there confirms the bill, and adds a tip for your laundry pro if you like. Something looks off?
        You can question the weight from the same page.
      </Paragraph>
      <ButtonWithLink href={d.invoiceUrl}>See your invoice</ButtonWithLink>
      <Small>
        This link is yours alone: please do not forward it. Questions about your bill? Call us at <PhoneLink />.
      </Small>
    </EmailLayout>
  );
}
