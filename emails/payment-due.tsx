// To the customer when the weighed bill could not all be charged to their card (docs/design.md 5.4):
// what is owed and a link to pay exactly that. The link is theirs alone (docs/design.md 9, one-time
// links): no staff view shows it.
import { formatCents } from '../src/shared/money';
import { paidByText } from '../src/shared/pricing-receipts';
import { EmailLayout } from './components/layout';
import { ButtonWithLink, DetailTable, Paragraph, PhoneLink, Small } from './components/parts';

export type PaymentDueProps = {
  confirmation: string;
  name: string;
  finalTotalCents: number;
  paidCents: number;
  /** Who paid it: the gift card first, the card for the rest (docs/design.md 9). */
  giftCardCents: number;
  cardCents: number;
  amountDueCents: number;
  /** Why the card did not cover it, in the customer's words. */
  reason: string;
  payUrl: string;
};

export function PaymentDueEmail(d: PaymentDueProps) {
  const due = formatCents(d.amountDueCents);
  return (
    <EmailLayout preview={`${due} is still due on your laundry order ${d.confirmation}.`} heading={`${due} is still due`}>
      <Paragraph>Hi {d.name},</Paragraph>
      <Paragraph>
        We weighed your laundry and your final bill is {formatCents(d.finalTotalCents)}. {d.reason}
      </Paragraph>
      <DetailTable
        rows={[
          { label: 'Confirmation number', value: d.confirmation },
          { label: 'Final bill', value: formatCents(d.finalTotalCents) },
          { label: 'Already paid', value: d.paidCents > 0 ? `${formatCents(d.paidCents)} (${paidByText(d)})` : formatCents(0) },
          { label: 'Still due', value: due },
        ]}
      />
      <ButtonWithLink href={d.payUrl}>{`Pay ${due}`}</ButtonWithLink>
      <Small>
        This link is yours alone: please do not forward it. Questions about your bill? Call us at <PhoneLink />.
      </Small>
    </EmailLayout>
  );
}
