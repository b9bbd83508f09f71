// To the business when a customer leaves the payment page without paying, so someone can call them.
// spec: customer-site 2 (booking cancelled page), 7 (send-booking-abandoned-notification).
import { Link } from '@react-email/components';
import { formatLongDate } from '../src/shared/dates';
import { EmailLayout } from './components/layout';
import { AmountTable, DetailTable, MultilineText, Paragraph, SectionHeading, Small } from './components/parts';
import { styles } from './components/styles';
import { estimateRows } from './estimate';
import { fullAddress, pickupLocationLabel, pickupWindowLabel } from './format';
import type { BookingEmailData } from './email-data';

export function AbandonedForBusinessEmail({ data: d }: { data: BookingEmailData }) {
  const longDate = formatLongDate(d.pickupDate);
  const window = pickupWindowLabel(d.pickupTime);
  return (
    <EmailLayout preview={`${d.name} did not finish paying for a pick-up on ${longDate}, ${window}.`} heading="A customer left the payment">
      <Paragraph>
        <strong>{d.name}</strong> started a booking and left the payment page without paying. The booking ({d.confirmation}) is
        not confirmed and nothing was charged. They may still want a pick-up: a call or an email may help.
      </Paragraph>

      <SectionHeading>Contact</SectionHeading>
      <DetailTable
        rows={[
          { label: 'Name', value: d.name },
          {
            label: 'Email',
            value: (
              <Link href={`mailto:${d.email}`} style={styles.link}>
                {d.email}
              </Link>
            ),
          },
          {
            label: 'Phone',
            value: (
              <Link href={`tel:${d.phone.replace(/[^\d+]/g, '')}`} style={styles.link}>
                {d.phone}
              </Link>
            ),
          },
          { label: 'Address', value: fullAddress(d) },
        ]}
      />

      <SectionHeading>Requested pick-up</SectionHeading>
      <DetailTable
        rows={[
          { label: 'Date', value: longDate },
          { label: 'Window', value: window },
          { label: 'Bags at', value: pickupLocationLabel(d.pickupLocation) },
          { label: 'Special instructions', value: <MultilineText value={d.specialInstructions} /> },
        ]}
      />

      <SectionHeading>Estimate</SectionHeading>
      <AmountTable rows={estimateRows(d)} />
      <Small>Reply to this email to write to the customer.</Small>
    </EmailLayout>
  );
}
