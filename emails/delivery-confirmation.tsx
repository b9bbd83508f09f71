// To the customer once their laundry is delivered, asking for a rating (decision 063: on the rating page).
// spec: back-office 2 (Send Rating Email, when delivered and not yet sent), 4 (delivered enables it).
import { brand } from './brand';
import { formatLongDate } from '../src/shared/dates';
import { formatCents } from '../src/shared/money';
import { ratingLinkDays } from '../src/shared/link-lifetimes';
import { EmailLayout } from './components/layout';
import { DetailTable, EmailLink, Paragraph, PhoneLink, SectionHeading, Small } from './components/parts';
import type { DetailRow } from './components/parts';
import { RatingLinks } from './components/rating-links';
import type { DeliveryConfirmationData } from './email-data';

export function DeliveryConfirmationEmail({ data: d }: { data: DeliveryConfirmationData }) {
  const deliveredOn = formatLongDate(d.deliveredOn);
  const rows: DetailRow[] = [
    { label: 'Confirmation number', value: d.confirmation },
    { label: 'Delivered on', value: deliveredOn },
  ];
  if (d.finalTotalCents !== null) rows.push({ label: 'Final total', value: formatCents(d.finalTotalCents) });

  return (
    <EmailLayout preview={`Your laundry was delivered on ${deliveredOn}. How did we do?`} heading="Your laundry is delivered">
      <Paragraph>Hi {d.name},</Paragraph>
      <Paragraph>
        Your clean laundry was delivered on <strong>{deliveredOn}</strong>, washed, dried and folded. Thank you for choosing{' '}
        {brand().name}!
      </Paragraph>
      <DetailTable rows={rows} />

      <SectionHeading>How did we do?</SectionHeading>
      <Paragraph>
        Pick a rating from 1 to 5 stars. It opens a page where you send it, with a few words about what we did well or
        could do better if you like. Your link works for {ratingLinkDays} days.
      </Paragraph>
      <RatingLinks ratingUrl={d.ratingUrl} />

      <Small>
        Something not right with your order? Call us at{' '}
        <PhoneLink />{' '}
        or write to{' '}
        <EmailLink />{' '}
        and we will make it right.
      </Small>
      <Paragraph>The {brand().name} team</Paragraph>
    </EmailLayout>
  );
}
