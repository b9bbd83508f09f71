// Recurring pick-ups (decision 024): the series is set up, an occurrence could not be booked, and
// the day-before reminder. The series' own page (manageUrl) is the customer's secret.
import { Link } from '@react-email/components';
import { seriesLeadDays } from '../src/shared/series';
import { EmailLayout } from './components/layout';
import { ButtonWithLink, Callout, DetailTable, Paragraph, PhoneLink, Small } from './components/parts';
import { styles } from './components/styles';

export type SeriesStartedProps = { name: string; label: string; firstLabel: string; manageUrl: string };

export function SeriesStartedEmail(d: SeriesStartedProps) {
  return (
    <EmailLayout preview={`Your regular pick-up is set: ${d.label}. The first one is on ${d.firstLabel}.`} heading="Your regular pick-up is set">
      <Paragraph>Hi {d.name},</Paragraph>
      <Paragraph>
        Your regular pick-up is set: <strong>{d.label}</strong>. The first one is on {d.firstLabel}.
      </Paragraph>
      <DetailTable
        rows={[
          { label: 'When', value: d.label },
          { label: 'First pick-up', value: d.firstLabel },
        ]}
      />
      <Paragraph>
        Each pick-up is booked {seriesLeadDays} days ahead with its own hold on your card for the estimate; you are charged the actual
        amount after we weigh. The evening before, we remind you: reply SKIP to a text, or use the link, to skip one.
      </Paragraph>
      <ButtonWithLink href={d.manageUrl}>Skip, pause or stop it</ButtonWithLink>
      <Small>
        You can skip, pause or stop it any time. Questions? Call us at <PhoneLink />.
      </Small>
    </EmailLayout>
  );
}

export type SeriesIssueProps = { name: string; label: string; issue: string; manageUrl: string; bookUrl: string };

export function SeriesIssueEmail(d: SeriesIssueProps) {
  return (
    <EmailLayout preview={d.issue} heading="Your regular pick-up needs you">
      <Paragraph>Hi {d.name},</Paragraph>
      <Paragraph>About your regular pick-up ({d.label}):</Paragraph>
      <Callout>
        <Paragraph>
          <strong>{d.issue}</strong>
        </Paragraph>
      </Callout>
      <Paragraph>
        To have it picked up anyway, book it or call us at <PhoneLink />.
      </Paragraph>
      <ButtonWithLink href={d.bookUrl}>Book a pick-up</ButtonWithLink>
      <Small>
        Your next regular pick-ups go on as usual:{' '}
        <Link href={d.manageUrl} style={styles.link}>
          manage them
        </Link>
      </Small>
    </EmailLayout>
  );
}

export type SeriesReminderProps = { name: string; confirmation: string; when: string; manageUrl: string };

export function SeriesReminderEmail(d: SeriesReminderProps) {
  return (
    <EmailLayout preview={`Reminder: we pick up your laundry ${d.confirmation} tomorrow, ${d.when}.`} heading="Your regular pick-up is tomorrow">
      <Paragraph>Hi {d.name},</Paragraph>
      <Paragraph>
        Reminder: we pick up your laundry <strong>{d.confirmation}</strong> tomorrow, {d.when}.
      </Paragraph>
      <Paragraph>Not this time? Skip it, or pause or stop your regular pick-ups:</Paragraph>
      <ButtonWithLink href={d.manageUrl}>Skip this pick-up</ButtonWithLink>
      <Small>Skipping before the window&apos;s cut-off releases its hold: nothing is charged.</Small>
    </EmailLayout>
  );
}
