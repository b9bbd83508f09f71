// To the business: a customer questioned the weight of their laundry from their invoice page
// (docs/design.md 5.5, transparent weighing). The caller sets reply-to to the customer.
import { formatCents } from '../src/shared/money';
import { EmailLayout } from './components/layout';
import { Callout, DetailTable, MultilineText, Paragraph, SectionHeading, Small, customerReachRows } from './components/parts';
import { formatDateTime, formatWeightTenths, singleLine } from './format';

export type WeightQuestionProps = {
  confirmation: string;
  name: string;
  email: string;
  phone: string;
  weightTenths: number;
  finalTotalCents: number;
  note: string;
  receivedAt: Date;
};

export function WeightQuestionEmail(d: WeightQuestionProps) {
  const weight = formatWeightTenths(d.weightTenths);
  return (
    <EmailLayout preview={`${singleLine(d.name)} questions the weight of ${d.confirmation} (${weight}).`} heading="A customer questions a weight">
      <Paragraph>
        <strong>{d.name}</strong> tapped “Question this weight” on their invoice. Please check the weighing and get back to them.
      </Paragraph>
      <DetailTable
        rows={[
          { label: 'Confirmation number', value: d.confirmation },
          { label: 'Weight', value: weight },
          { label: 'Final total', value: formatCents(d.finalTotalCents) },
          { label: 'Customer', value: d.name },
          ...customerReachRows(d),
          { label: 'Received', value: formatDateTime(d.receivedAt) },
        ]}
      />
      <SectionHeading>Their note</SectionHeading>
      <Callout>
        <Paragraph>
          <MultilineText value={d.note} empty="(no note)" />
        </Paragraph>
      </Callout>
      <Small>Reply to this email to answer {d.name} directly. The booking shows “Weight questioned” in the back office.</Small>
    </EmailLayout>
  );
}
