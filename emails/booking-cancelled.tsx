// To the customer when their pick-up is cancelled (self-service link or staff).
import { formatLongDate } from '../src/shared/dates';
import { EmailLayout } from './components/layout';
import { ButtonWithLink, DetailTable, Paragraph, PhoneLink, Small } from './components/parts';
import { pickupWindowLabel } from './format';

export type BookingCancelledProps = {
  confirmation: string;
  /** Null for a booking nobody paid for: its name is its sender's word (decision 042). */
  name: string | null;
  pickupDate: string;
  pickupTime: string;
  releasedNote: string;
  bookUrl: string;
};

export function BookingCancelledEmail(d: BookingCancelledProps) {
  const longDate = formatLongDate(d.pickupDate);
  const window = pickupWindowLabel(d.pickupTime);
  return (
    <EmailLayout preview={`Your pick-up on ${longDate}, ${window} (${d.confirmation}) is cancelled.`} heading="Your pick-up is cancelled">
      <Paragraph>{d.name ? <>Hi {d.name},</> : 'Hello,'}</Paragraph>
      <Paragraph>This pick-up is cancelled: we will not come by.</Paragraph>
      <DetailTable
        rows={[
          { label: 'Confirmation number', value: d.confirmation },
          { label: 'Date', value: longDate },
          { label: 'Window', value: window },
        ]}
      />
      {d.releasedNote.trim() ? <Paragraph>{d.releasedNote}</Paragraph> : null}
      <Paragraph>Whenever you need us again, booking a new pick-up takes a couple of minutes.</Paragraph>
      <ButtonWithLink href={d.bookUrl}>Book a new pick-up</ButtonWithLink>
      <Small>
        Did not cancel this yourself? Call us right away at{' '}
        <PhoneLink />
        .
      </Small>
    </EmailLayout>
  );
}
