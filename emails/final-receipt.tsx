// To the customer once their laundry is weighed and the card settled: the itemised final receipt.
// spec: back-office 2 (Final Receipt: order number = first 8 characters of the id in capitals;
// Receipt and Send once the weight is processed and paid), 9 (final total = weight x price per
// pound + add-ons; a negative adjustment is a "refund"); customer-site 9 (FREE waives all charges);
// docs/design.md 5.4 (capture up to the authorisation and release the rest; above it, charge the
// difference off-session) and 9 (the gift card pays first, up to the final total).
// The bill is finalBillLines of src/shared/pricing-bill, called as the staff receipt calls it, so the
// email, the staff receipt and the printed order sheet show the same lines; the payment block is
// receiptPaymentLines of the payment records' figures (receiptPayment; decision 015: the tip on its
// own line, never an additional charge). Nothing is computed here.
import { brand } from './brand';
import { formatLongDate } from '../src/shared/dates';
import { formatCents } from '../src/shared/money';
import { billAmountText, finalBillLines } from '../src/shared/pricing-bill';
import { receiptPaymentLines } from '../src/shared/pricing-receipts';
import { approvalWords } from '../src/shared/pricing-tips';
import { addOnUnits } from '../src/shared/promises';
import { EmailLayout } from './components/layout';
import { ActionButton, AmountTable, DetailTable, EmailLink, Paragraph, PhoneLink, SectionHeading, Small } from './components/parts';
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

  const bill = finalBillLines({ ...d, giftCardAppliedCents: d.giftCardCents });
  const billRows: AmountRow[] = bill.lines.map((line) => ({
    label: line.label,
    amount: billAmountText(line.cents),
    total: line.kind === 'subtotal' || line.kind === 'total',
  }));

  // docs/design.md 5.1: a card is authorised only when the estimate left something to pay; a booking
  // whose total was 0 (FREE, or a gift card covering the estimate) has no card.
  const cardHeld = d.authorizedCents > 0;
  const payment: AmountRow[] = receiptPaymentLines(d, 'customer').map((line) => ({
    label: line.label,
    amount: formatCents(line.cents),
    total: line.emphasis === 'total' || line.emphasis === 'due',
  }));

  return (
    <EmailLayout preview={`Order ${d.orderNumber}: ${weight} of laundry, total ${total}.`} heading="Your receipt">
      <Paragraph>Hi {d.name},</Paragraph>
      <Paragraph>
        We weighed your laundry: <strong>{weight}</strong>. Here is what it came to{cardHeld ? ' and what we charged to your card' : ''}.
      </Paragraph>
      <DetailTable
        rows={[
          { label: 'Order number', value: d.orderNumber },
          { label: 'Confirmation number', value: d.confirmation },
          { label: 'Pick-up', value: `${formatLongDate(d.pickupDate)}, ${pickupWindowLabel(d.pickupTime)}` },
          { label: 'Weighed', value: formatDateTime(weighedAt(d.processedAt)) },
        ]}
      />

      <SectionHeading>Your bill</SectionHeading>
      <AmountTable rows={billRows} />
      {d.addOnLines.some((l) => l.key === 'oxiClean' || l.key === 'stainTreatment') ? (
        <Small>Oxi-clean and stain treatment are charged {addOnUnits.final}.</Small>
      ) : null}

      {payment.length > 0 ? (
        <>
          <SectionHeading>Payment</SectionHeading>
          <AmountTable rows={payment} />
        </>
      ) : null}
      {d.extraChargedCents > 0 ? (
        <Paragraph>
          Your laundry came to more than the amount authorized on your card, so the difference of{' '}
          {formatCents(d.extraChargedCents)} was charged to the same card.
        </Paragraph>
      ) : null}
      {d.tipCents > 0 ? (
        <Paragraph>
          Thank you for your tip of {formatCents(d.tipCents)}. It was charged to your card on its own when you approved your bill, and it goes to
          the laundry pro who washed your laundry.
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
          {cardHeld ? 'We could not charge the remaining ' : 'There is no card on file for the remaining '}
          <strong>{formatCents(d.amountDueCents)}</strong>
          {cardHeld ? ' to your card.' : '.'} {d.invoiceUrl ? 'You can pay it from your invoice below, or call' : 'Please call'} us at <PhoneLink /> to settle
          it.
        </Paragraph>
      ) : null}
      {d.invoiceUrl && d.approved ? (
        <>
          <Paragraph>You have already approved this bill. Thank you! Your invoice is always here:</Paragraph>
          <ActionButton href={d.invoiceUrl}>View your bill</ActionButton>
          <Small>This link is yours alone: please do not forward it.</Small>
        </>
      ) : d.invoiceUrl ? (
        <>
          <Paragraph>
            Please look over your bill. {approvalWords({ billChargedCents: d.billChargedCents, amountDueCents: d.amountDueCents })}
          </Paragraph>
          <ActionButton href={d.invoiceUrl}>{d.amountDueCents > 0 ? 'Approve and pay your bill' : 'Approve your bill and tip'}</ActionButton>
          <Small>This link is yours alone: please do not forward it.</Small>
        </>
      ) : null}

      <Paragraph>
        Questions about this receipt? Call us at{' '}
        <PhoneLink />{' '}
        or write to{' '}
        <EmailLink />
        , and mention order {d.orderNumber}.
      </Paragraph>
      <Paragraph>Thank you for choosing {brand().name}!</Paragraph>
    </EmailLayout>
  );
}
