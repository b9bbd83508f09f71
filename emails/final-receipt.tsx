// To the customer once their laundry is weighed and the card settled: the itemised final receipt.
// spec: back-office 2 (Final Receipt: order number = first 8 characters of the id in capitals;
// Receipt and Send once the weight is processed and paid), 9 (final total = weight x price per
// pound + add-ons; a negative adjustment is a "refund"); DESIGN.md 5.4 (capture up to the
// authorisation and release the rest; above it, charge the difference off-session).
// Every amount comes from the caller (src/shared/pricing, src/shared/pricing-receipts and the payment records): nothing is computed here.
import { business } from '../src/shared/business';
import { formatLongDate } from '../src/shared/dates';
import { formatCents } from '../src/shared/money';
import { finalReceiptLines } from '../src/shared/pricing-receipts';
import { EmailLayout } from './components/layout';
import { AmountTable, DetailTable, EmailLink, Paragraph, PhoneLink, SectionHeading } from './components/parts';
import type { AmountRow } from './components/parts';
import { formatDateTime, formatWeightTenths, pickupWindowLabel } from './format';
import type { FinalReceiptData } from './email-data';

function weighedAt(iso: string): Date {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) throw new RangeError(`processedAt is not a date-time: ${iso}`);
  return date;
}

export function FinalReceiptEmail({ data: d }: { data: FinalReceiptData }) {
  const weight = formatWeightTenths(d.weightTenths);
  const total = formatCents(d.finalTotalCents);

  const receipt = finalReceiptLines(d);
  const charges: AmountRow[] = [
    ...receipt.lines.map((line) => ({ label: line.label, amount: formatCents(line.cents) })),
    { label: 'Total', amount: total, total: true },
  ];

  const payment: AmountRow[] = [];
  if (d.giftCardCents > 0) payment.push({ label: 'Gift card applied at booking', amount: formatCents(d.giftCardCents) });
  payment.push({ label: 'Authorized on your card', amount: formatCents(d.authorizedCents) });
  if (d.extraChargedCents > 0) payment.push({ label: 'Additional charge', amount: formatCents(d.extraChargedCents) });
  payment.push({ label: 'Charged to your card', amount: formatCents(d.capturedCents), total: true });
  if (d.releasedCents > 0) payment.push({ label: 'Released back to your card', amount: formatCents(d.releasedCents) });
  if (d.amountDueCents > 0) payment.push({ label: 'Still due', amount: formatCents(d.amountDueCents), total: true });

  return (
    <EmailLayout preview={`Order ${d.orderNumber}: ${weight} of laundry, total ${total}.`} heading="Your receipt">
      <Paragraph>Hi {d.name},</Paragraph>
      <Paragraph>
        We weighed your laundry: <strong>{weight}</strong>. Here is what it came to and what we charged to your card.
      </Paragraph>
      <DetailTable
        rows={[
          { label: 'Order number', value: d.orderNumber },
          { label: 'Confirmation number', value: d.confirmation },
          { label: 'Pick-up', value: `${formatLongDate(d.pickupDate)}, ${pickupWindowLabel(d.pickupTime)}` },
          { label: 'Weighed', value: formatDateTime(weighedAt(d.processedAt)) },
        ]}
      />

      <SectionHeading>Charges</SectionHeading>
      <AmountTable rows={charges} />

      <SectionHeading>Payment</SectionHeading>
      <AmountTable rows={payment} />
      {d.extraChargedCents > 0 ? (
        <Paragraph>
          Your laundry came to more than the amount authorized on your card, so the difference of{' '}
          {formatCents(d.extraChargedCents)} was charged to the same card.
        </Paragraph>
      ) : null}
      {d.releasedCents > 0 ? (
        <Paragraph>
          The {formatCents(d.releasedCents)} released back to your card is not a charge: it is the part of the authorization we did
          not use. Your bank removes it from your statement, which may take a few days.
        </Paragraph>
      ) : null}
      {d.amountDueCents > 0 ? (
        <Paragraph>
          We could not charge the remaining <strong>{formatCents(d.amountDueCents)}</strong> to your card. Please call us at <PhoneLink /> to settle
          it.
        </Paragraph>
      ) : null}

      <Paragraph>
        Questions about this receipt? Call us at{' '}
        <PhoneLink />{' '}
        or write to{' '}
        <EmailLink />
        , and mention order {d.orderNumber}.
      </Paragraph>
      <Paragraph>Thank you for choosing {business.name}!</Paragraph>
    </EmailLayout>
  );
}
