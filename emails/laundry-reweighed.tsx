// To the customer when staff corrected the weight of their laundry before they approved the bill
// (decision 034): the weight before and now, the reason, the new total, what happened to the money,
// and the new link to their invoice (the old link opens nothing: the bill it was signed for is gone).
import { formatCents } from '../src/shared/money';
import { EmailLayout } from './components/layout';
import { ButtonWithLink, Callout, DetailTable, Paragraph, PhoneLink, Small } from './components/parts';
import { formatWeightTenths } from './format';

export type LaundryReweighedProps = {
  confirmation: string;
  name: string;
  fromWeightTenths: number;
  weightTenths: number;
  fromTotalCents: number;
  finalTotalCents: number;
  reason: string;
  refundedCents: number;
  giftCardReturnedCents: number;
  chargedCents: number;
  amountDueCents: number;
  invoiceUrl: string;
};

/** What happened to the money, in the customer's words (also the email's plain text). */
export function reweighMoneySentences(d: LaundryReweighedProps): string[] {
  const lines: string[] = [];
  if (d.refundedCents > 0) lines.push(`We refunded ${formatCents(d.refundedCents)} to your card.`);
  if (d.giftCardReturnedCents > 0) lines.push(`${formatCents(d.giftCardReturnedCents)} went back to your gift card.`);
  if (d.chargedCents > 0) lines.push(`We charged the difference of ${formatCents(d.chargedCents)} to your card.`);
  if (d.amountDueCents > 0) lines.push(`${formatCents(d.amountDueCents)} is still due: you can pay it from your invoice.`);
  if (lines.length === 0) lines.push('Nothing more is charged to your card.');
  return lines;
}

export function LaundryReweighedEmail(d: LaundryReweighedProps) {
  const weight = formatWeightTenths(d.weightTenths);
  const total = formatCents(d.finalTotalCents);
  return (
    <EmailLayout preview={`We corrected your laundry's weight to ${weight}: your final total is now ${total}.`} heading="We corrected your laundry's weight">
      <Paragraph>Hi {d.name},</Paragraph>
      <Paragraph>
        We made a mistake weighing your laundry: it weighs <strong>{weight}</strong>, not {formatWeightTenths(d.fromWeightTenths)}. Your final total is now{' '}
        <strong>{total}</strong> (it was {formatCents(d.fromTotalCents)}).
      </Paragraph>
      <Callout>Why: {d.reason}</Callout>
      <DetailTable
        rows={[
          { label: 'Confirmation number', value: d.confirmation },
          { label: 'Weight', value: weight },
          { label: 'Final total', value: total },
        ]}
      />
      {reweighMoneySentences(d).map((line) => (
        <Paragraph key={line}>{line}</Paragraph>
      ))}
      <Paragraph>Your corrected invoice shows how it adds up. The link we sent before no longer opens: please use this one.</Paragraph>
      <ButtonWithLink href={d.invoiceUrl}>See your corrected invoice</ButtonWithLink>
      <Small>
        This link is yours alone: please do not forward it. Questions about your bill? Call us at <PhoneLink />.
      </Small>
    </EmailLayout>
  );
}
