// To the business's notices address (Settings, decision 055): something in the system needs a person
// (decision 061), sent once per incident (the outbox's dedupe key names the incident).
import { EmailLayout } from './components/layout';
import { DetailTable, Paragraph, SectionHeading, Small } from './components/parts';

export type SystemAlertProps = {
  /** What happened, as the subject says it: "The nightly backup failed". */
  title: string;
  /** When it happened, in words of the business's zone. */
  when: string;
  /** What the system said, with no customer's details. */
  details: { label: string; value: string }[];
  /** What to do about it. */
  action: string;
};

export function SystemAlertEmail(d: SystemAlertProps) {
  return (
    <EmailLayout preview={`${d.title}. ${d.action}`} heading={d.title}>
      <Paragraph>
        {d.title} ({d.when}). {d.action}
      </Paragraph>
      <SectionHeading>What the system said</SectionHeading>
      <DetailTable rows={d.details} />
      <Small>This email goes to the notices address in Settings, once for each incident. The back office&apos;s dashboard shows the system&apos;s state.</Small>
    </EmailLayout>
  );
}
