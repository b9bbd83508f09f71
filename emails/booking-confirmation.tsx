// To the customer when a booking is confirmed (free: at creation; paid: at authorisation).
// spec: customer-site 1 (confirmation email, call 30 minutes before, the return: docs/design.md 7's words), 2
// (booking success page: the same facts), 9 (policies); docs/design.md 7 (free-cancellation link).
import { Text } from '@react-email/components';
import { business } from '../src/shared/business';
import { brand } from './brand';
import { formatLongDate } from '../src/shared/dates';
import { formatCents } from '../src/shared/money';
import { byWeightAddOnsNote, turnaroundOf } from '../src/shared/promises';
import { EmailLayout } from './components/layout';
import { AmountTable, ButtonWithLink, Callout, DetailTable, MultilineText, Paragraph, PhoneLink, SectionHeading, Small } from './components/parts';
import { styles } from './components/styles';
import { detergentLabel, fullAddress, hourLabel, pickupLocationLabel, pickupWindow, waterTemperatureLabel } from './format';
import { estimateRows } from './estimate';
import type { BookingEmailData } from './email-data';

export function BookingConfirmationEmail({ data: d }: { data: BookingEmailData }) {
  const window = pickupWindow(d.pickupTime);
  const longDate = formatLongDate(d.pickupDate);
  const location = pickupLocationLabel(d.pickupLocation);
  const cutoffHour = window.startHour - brand().freeCancellationHours;
  const noShowFee = formatCents(brand().noShowFeeCents, { compact: true });
  const addOnKeys = new Set(d.addOnLines.map((l) => l.key));

  return (
    <EmailLayout
      preview={`${longDate}, ${window.label}. Confirmation ${d.confirmation}. We call you ${business.reminderCallMinutes} minutes before we arrive.`}
      heading="Your pick-up is booked"
    >
      <Paragraph>Hi {d.name},</Paragraph>
      <Paragraph>
        Thank you for choosing {brand().name}: we will pick up your laundry on <strong>{longDate}</strong>, between{' '}
        <strong>{window.label}</strong>.
      </Paragraph>

      <Callout>
        <Small>Confirmation number</Small>
        <Text style={styles.confirmation}>{d.confirmation}</Text>
      </Callout>

      <SectionHeading>Pick-up</SectionHeading>
      <DetailTable
        rows={[
          { label: 'Date', value: longDate },
          { label: 'Window', value: window.label },
          { label: 'Address', value: fullAddress(d) },
          { label: 'Leave your bags at', value: location },
          { label: 'Name', value: d.name },
          { label: 'Phone', value: d.phone },
          { label: 'Email', value: d.email },
        ]}
      />

      <SectionHeading>Your laundry preferences</SectionHeading>
      <DetailTable
        rows={[
          { label: 'Water temperature', value: waterTemperatureLabel(d.waterTemperature) },
          { label: 'Detergent', value: detergentLabel(d.detergentType) },
          { label: 'Allergies', value: <MultilineText value={d.allergies} /> },
          { label: 'Special care', value: <MultilineText value={d.specialCareInstructions} /> },
          { label: 'Special instructions', value: <MultilineText value={d.specialInstructions} /> },
        ]}
      />

      <SectionHeading>Estimate</SectionHeading>
      <AmountTable rows={estimateRows(d)} />
      <Small>{d.paymentNote}</Small>
      {addOnKeys.has('oxiClean') || addOnKeys.has('stainTreatment') ? <Small>{byWeightAddOnsNote}</Small> : null}

      <SectionHeading>What happens next</SectionHeading>
      <Paragraph>
        <strong>1. A call before we arrive.</strong>{' '}
        {`We call you at ${d.phone} about ${business.reminderCallMinutes} minutes before pick-up.`}
      </Paragraph>
      <Paragraph>
        <strong>2. Bags out.</strong> {`Please have your laundry bags ready at: ${location}.`}
      </Paragraph>
      <Paragraph>
        <strong>3. Washed, dried, folded and returned.</strong>{' '}
        {`We bring your laundry ${addOnKeys.has('rushDelivery') ? turnaroundOf(brand()).rush : turnaroundOf(brand()).promise}.`}
      </Paragraph>
      <Small>The pick-up window is attached as a calendar event (.ics).</Small>

      <SectionHeading>Change of plans?</SectionHeading>
      <Paragraph>
        In Your orders you can move this pick-up to another window, change your address, phone or laundry preferences, and follow your order.
        We email you a sign-in link there: no password needed.
      </Paragraph>
      <ButtonWithLink href={d.ordersUrl}>Your orders</ButtonWithLink>

      <SectionHeading>Need to cancel?</SectionHeading>
      {d.freeCancellationPassed ? (
        <>
          <Paragraph>
            {`You booked after the free-cancellation cut-off (${brand().freeCancellationHours} hours before your pick-up window starts), so this pick-up can no longer be cancelled online. If we cannot collect your laundry during the window, a ${noShowFee} no-show fee applies.`}
          </Paragraph>
          <Small>
            To change or cancel it, call us at <PhoneLink />.
          </Small>
        </>
      ) : (
        <>
          <Paragraph>
            Cancellation is free up to {brand().freeCancellationHours} hours before your pick-up window starts
            {cutoffHour >= 0 ? ` (until ${hourLabel(cutoffHour)} on ${longDate})` : null}
            . After that, or if we cannot collect your laundry during the window, a {noShowFee} no-show fee applies.
          </Paragraph>
          <ButtonWithLink href={d.cancelUrl}>Cancel this pick-up</ButtonWithLink>
          <Small>
            After the cut-off, call us at{' '}
            <PhoneLink />
            .
          </Small>
        </>
      )}
    </EmailLayout>
  );
}
