// To the customer who left the payment page: a short, friendly way back to /book. No name: the
// booking was never paid, so the one it holds is only its sender's word (decision 042).
import { brand } from './brand';
import { EmailLayout } from './components/layout';
import { ButtonWithLink, Paragraph, PhoneLink } from './components/parts';

export function AbandonedForCustomerEmail({ name, bookUrl }: { name: string | null; bookUrl: string }) {
  return (
    <EmailLayout preview="Your pick-up is not booked yet, and nothing was charged." heading="Your pick-up isn't booked yet">
      <Paragraph>{name ? <>Hi {name},</> : 'Hello,'}</Paragraph>
      <Paragraph>
        It looks like you left before finishing the payment, so your pick-up is not booked and nothing was charged. If you still
        want us to take care of your laundry, booking again takes only a couple of minutes.
      </Paragraph>
      <ButtonWithLink href={bookUrl}>Book a pick-up</ButtonWithLink>
      <Paragraph>
        Something went wrong, or a question first? Call us at{' '}
        <PhoneLink />{' '}
        and we will gladly help.
      </Paragraph>
      <Paragraph>The {brand().name} team</Paragraph>
    </EmailLayout>
  );
}
