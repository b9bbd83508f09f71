// To the business: a customer gave a low rating from their delivery email's link (decision 063).
// The caller sets reply-to to the customer, so answering reaches them.
import { ratingLabel } from '../src/shared/ratings';
import { EmailLayout } from './components/layout';
import { Callout, DetailTable, MultilineText, Paragraph, SectionHeading, Small, customerReachRows } from './components/parts';
import { formatDateTime, singleLine } from './format';

export type LowRatingProps = {
  confirmation: string;
  name: string;
  email: string;
  phone: string;
  stars: number;
  comment: string;
  /** The pro who had the order, when one was assigned. */
  proName: string | null;
  receivedAt: Date;
};

export function LowRatingEmail(d: LowRatingProps) {
  const rating = ratingLabel(d.stars);
  return (
    <EmailLayout preview={`${singleLine(d.name)} rated ${d.confirmation} ${rating}.`} heading="A customer was not happy">
      <Paragraph>
        <strong>{d.name}</strong> rated their order <strong>{rating}</strong>. Please get in touch with them soon.
      </Paragraph>
      <DetailTable
        rows={[
          { label: 'Confirmation number', value: d.confirmation },
          { label: 'Rating', value: rating },
          { label: 'Laundry pro', value: d.proName ?? 'None assigned' },
          { label: 'Customer', value: d.name },
          ...customerReachRows(d),
          { label: 'Received', value: formatDateTime(d.receivedAt) },
        ]}
      />
      <SectionHeading>Their comment</SectionHeading>
      <Callout>
        <Paragraph>
          <MultilineText value={d.comment} empty="(no comment)" />
        </Paragraph>
      </Callout>
      <Small>Reply to this email to answer {d.name} directly. The rating shows on the booking in the back office.</Small>
    </EmailLayout>
  );
}
