// To a customer who moved their pick-up (decision 021): the new window, in words and as the same
// calendar event revised (attached by emails/render.ts), so the calendar moves it rather than
// adding a second one.
import { brand } from './brand';
import { formatLongDate } from '../src/shared/dates';
import { EmailLayout } from './components/layout';
import { ButtonWithLink, DetailTable, Paragraph, PhoneLink, SectionHeading, Small } from './components/parts';
import { fullAddress, pickupLocationLabel, pickupWindowLabel } from './format';
import type { BookingEmailData } from './email-data';

export type BookingRescheduledProps = BookingEmailData & {
  /** where it was: 'Monday, November 23, 2026, 8AM – 12PM' */
  previousLabel: string;
  /** the calendar event's revision */
  sequence: number;
};

/** 'Wednesday, November 25, 2026, 12PM – 4PM': the new window, as the subject says it too. */
export function rescheduledWhen(d: Pick<BookingEmailData, 'pickupDate' | 'pickupTime'>): string {
  return `${formatLongDate(d.pickupDate)}, ${pickupWindowLabel(d.pickupTime)}`;
}

export function BookingRescheduledEmail({ data: d }: { data: BookingRescheduledProps }) {
  const when = rescheduledWhen(d);
  return (
    <EmailLayout preview={`Your pick-up ${d.confirmation} is now on ${when}.`} heading="Your pick-up moved">
      <Paragraph>Hi {d.name},</Paragraph>
      <Paragraph>
        Your pick-up <strong>{d.confirmation}</strong> has moved to <strong>{when}</strong> (it was {d.previousLabel}). The updated
        calendar invitation is attached.
      </Paragraph>
      <DetailTable
        rows={[
          { label: 'Confirmation number', value: d.confirmation },
          { label: 'Date', value: formatLongDate(d.pickupDate) },
          { label: 'Window', value: pickupWindowLabel(d.pickupTime) },
          { label: 'Address', value: fullAddress(d) },
          { label: 'Leave your bags at', value: pickupLocationLabel(d.pickupLocation) },
        ]}
      />
      <Paragraph>Nothing else changes: {d.paymentNote}</Paragraph>
      <SectionHeading>Need to cancel?</SectionHeading>
      <Paragraph>Cancellation is free up to {brand().freeCancellationHours} hours before the window starts.</Paragraph>
      <ButtonWithLink href={d.cancelUrl}>Cancel this pick-up</ButtonWithLink>
      <Small>
        After the cut-off, call us at <PhoneLink />.
      </Small>
    </EmailLayout>
  );
}
