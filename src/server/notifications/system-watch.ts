// The watch the background jobs keep on the system (decision 061): each worker looks at the other's
// beat, and the background job counts how long the database has not answered. What needs a person
// is emailed to the notices address once: a job behind once a day, an outage once per outage. The
// outbox lives in the database, so an outage's email goes straight to the mail server, to the
// address the settings gave when the database last answered.
import type { BusinessSettings } from '../../shared/settings';
import { nowIn } from '../../shared/dates';
import type { Db } from '../db/client';
import { isDatabaseUnavailable } from '../db/unavailable';
import type { Mailer } from '../gateways/mail/mailer';
import { jobStatus, type JobName } from '../job-status';
import type { Logger } from '../logger';
import { readSettings } from '../settings/settings.service';
import { alertJobBehind, sendDatabaseDownAlert } from './alerts';

/** How long the database may not answer before the owner is emailed. */
export const outageAlertMs = 5 * 60_000;
/** How long a job may go without a round before the owner is emailed (a slow round is not news). */
export const behindAlertMs = 5 * 60_000;

export function createSystemWatch(deps: { db: Db; mailer: Mailer; mailFrom: string; timeZone: string; logger: Logger; now?: () => Date }) {
  const now = () => deps.now?.() ?? new Date();
  let settings: BusinessSettings | null = null;
  let downSince: Date | null = null;
  let emailed = false;
  const behindSaid = new Set<string>();
  return {
    /** A round went through: the database answers; the notices address is read for the next outage. */
    async up(): Promise<void> {
      if (downSince) deps.logger.warn({ downForMs: now().getTime() - downSince.getTime() }, 'the database answers again');
      downSince = null;
      emailed = false;
      settings = (await readSettings(deps.db)).settings;
    },
    /** A round failed: when the database did not answer, the outage is counted, and emailed once past five minutes. */
    async failed(err: unknown): Promise<void> {
      if (!isDatabaseUnavailable(err)) return;
      const at = now();
      downSince ??= at;
      if (emailed || !settings || at.getTime() - downSince.getTime() < outageAlertMs) return;
      emailed = true;
      const cause = err instanceof Error && err.cause instanceof Error ? err.cause : err;
      const reason = (cause instanceof Error ? cause.message : String(cause)).replace(/\/\/[^@/\s]*@/g, '//…@').slice(0, 300);
      await sendDatabaseDownAlert(deps.mailer, { mailFrom: deps.mailFrom, settings, since: downSince, at, timeZone: deps.timeZone, reason }).then(
        () => deps.logger.warn('the database does not answer: the owner was emailed'),
        (mailErr: unknown) => deps.logger.error({ err: mailErr }, 'the database does not answer, and the alert email could not be sent'),
      );
    },
    /** The other worker's beat: behind (three intervals) for five minutes or more is emailed once a day. */
    async watchBehind(job: JobName): Promise<void> {
      const at = now();
      const beat = jobStatus(at)?.[job];
      if (!beat?.behind || !beat.lastRunAt || at.getTime() - Date.parse(beat.lastRunAt) < behindAlertMs) return;
      const key = `${job}:${nowIn(deps.timeZone, at).date}`;
      if (behindSaid.has(key)) return;
      behindSaid.add(key);
      deps.logger.error({ job, lastRunAt: beat.lastRunAt }, 'a background job is behind');
      await alertJobBehind(deps.db, job, beat.lastRunAt, at, deps.timeZone);
    },
  };
}
