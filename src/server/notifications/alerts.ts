// Alerts to the business (decision 061): an email to the notices address in Settings, once per
// incident. The incident's name is the outbox's dedupe key, so a job that finds the same trouble
// every round queues one email, not one a round.
import type { SystemAlertProps } from '../../../emails/system-alert';
import { nowIn } from '../../shared/dates';
import type { BusinessSettings } from '../../shared/settings';
import type { DbOrTx } from '../db/client';
import type { Mailer } from '../gateways/mail/mailer';
import { businessNoticesAddress } from './notifications.service';
import { queueEmail, renderEmail } from './send-email';

export async function queueSystemAlert(tx: DbOrTx, incident: string, alert: SystemAlertProps): Promise<void> {
  await queueEmail(tx, 'systemAlert', alert, { to: await businessNoticesAddress(tx), dedupeKey: `alert:${incident}` });
}

/** When, in the business's words and zone: "Tuesday, November 24, 2026 at 10:00 AM". */
const spoken = (at: Date, timeZone: string) => new Intl.DateTimeFormat('en-US', { timeZone, dateStyle: 'full', timeStyle: 'short' }).format(at);

/** Messages the outbox gave up on (their reasons without addresses): one email a day, whatever comes after. */
export async function alertMailGivenUp(tx: DbOrTx, givenUp: { kind: string; reason: string }[], at: Date, timeZone: string): Promise<void> {
  await queueSystemAlert(tx, `mail-failed:${nowIn(timeZone, at).date}`, {
    title: 'Emails or texts could not be delivered',
    when: spoken(at, timeZone),
    details: givenUp.map((m) => ({ label: m.kind, value: m.reason })),
    action: "They were tried 10 times, or the mail server refused them for good. The back office's Outbox lists them (Failed): check the address, then send them again.",
  });
}

/** Bookings whose money disagrees with the payment provider's: one email a day. */
export async function alertPaymentsDisagree(tx: DbOrTx, bookings: number, at: Date, timeZone: string): Promise<void> {
  await queueSystemAlert(tx, `payments-disagree:${nowIn(timeZone, at).date}`, {
    title: 'Payments disagree with the payment provider',
    when: spoken(at, timeZone),
    details: [{ label: 'Bookings', value: String(bookings) }],
    action: "Compare each booking's payment in the back office with the payment provider's dashboard. The server log's warning 'bookings disagree with the payment gateway' lists them.",
  });
}

/** The nightly backup failed: one email a night, however often it is tried again. */
export async function alertBackupFailed(tx: DbOrTx, details: { dir: string; error: string }, at: Date, timeZone: string): Promise<void> {
  await queueSystemAlert(tx, `backup-failed:${nowIn(timeZone, at).date}`, {
    title: 'The nightly backup failed',
    when: spoken(at, timeZone),
    details: [
      { label: 'Folder', value: details.dir },
      { label: 'Error', value: details.error },
    ],
    action: 'It is tried again every few minutes. Check that the folder can be written and the disk has room, then run npm run backup by hand to be sure (docs/deploy.md 8).',
  });
}

/** A background job of this instance has not finished a round for three of its intervals: one email a day per job. */
export async function alertJobBehind(tx: DbOrTx, job: string, lastRunAt: string | null, at: Date, timeZone: string): Promise<void> {
  await queueSystemAlert(tx, `job-behind:${job}:${nowIn(timeZone, at).date}`, {
    title: `The ${job} job is behind`,
    when: spoken(at, timeZone),
    details: [{ label: 'Last round finished', value: lastRunAt ? spoken(new Date(lastRunAt), timeZone) : 'never' }],
    action: "Reminders, payments' follow-ups and the nightly backup wait for it. Look at the server's log for errors, and restart the server if it does not catch up.",
  });
}

/**
 * The database has not answered for minutes: the outbox lives in the database, so this email goes
 * straight to the mail server, to the notices address the settings last gave, once per outage.
 */
export async function sendDatabaseDownAlert(mailer: Mailer, deps: { mailFrom: string; settings: BusinessSettings; since: Date; at: Date; timeZone: string; reason: string }): Promise<void> {
  const email = await renderEmail(
    'systemAlert',
    {
      title: 'The database is not answering',
      when: spoken(deps.at, deps.timeZone),
      details: [
        { label: 'Since', value: spoken(deps.since, deps.timeZone) },
        { label: 'Error', value: deps.reason },
      ],
      action: 'Nobody can book, sign in or pay until it answers again. Check that PostgreSQL is running and reachable (npm run doctor), then the server goes on by itself.',
    },
    deps.settings,
  );
  await mailer.send({ from: deps.mailFrom, to: deps.settings.business.noticesEmail, subject: email.subject, html: email.html, text: email.text, messageId: `<database-down-${deps.since.getTime()}@washday.alerts>` });
}
