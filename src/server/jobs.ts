// Background jobs of one app instance. They are safe to run on several instances at once: each
// step claims its rows (SKIP LOCKED, idempotency keys, dedupe keys, forward-only updates).
import fs from 'node:fs';
import path from 'node:path';
import { addDays, nowIn } from '../shared/dates';
import { pruneBackups, writeBackup } from './backup/backup';
import { compactBookingTallies } from './bookings/staff-listing.service';
import { issueDueSubscriptionInvoices } from './invoices/subscription-billing.service';
import { loadConfig } from './config';
import { backupFinished, jobRan, jobsStarted, jobsStopped } from './job-status';
import type { Database, Db } from './db/client';
import { claimDailyJob, releaseDailyJob } from './db/job-claims';
import type { Mailer } from './gateways/mail/mailer';
import type { LocalGateway } from './gateways/payment/local-gateway';
import type { PaymentGateway } from './gateways/payment/payment-gateway';
import type { SmsSender } from './gateways/sms/sms-sender';
import type { Logger } from './logger';
import { queuePaymentDueReminders, queuePickupReminders } from './notifications/notifications.service';
import { renewLapsingHolds } from './bookings/hold-renewal.service';
import { planMissingDeliveries } from './bookings/progress.service';
import { releaseLapsedPhoneOrders } from './bookings/phone-orders.service';
import { deliverOutbox, pruneMessageBodies } from './notifications/outbox.service';
import { pruneWebhookEvents } from './payments/webhook-events.service';
import { pruneExpiredStaffSessions } from './admins/admins.service';
import { pruneExpiredCustomerSessions } from './customer-orders/sign-in.service';
import { alertBackupFailed, alertMailGivenUp, alertPaymentsDisagree } from './notifications/alerts';
import { createSystemWatch } from './notifications/system-watch';
import type { NotificationContext } from './notifications/notifications.service';
import { recoverPendingOperations } from './payments/operations.service';
import { makeDueOccurrences } from './series/occurrences.service';
import { reconcileBookings, releaseBookingsWithoutCheckout, settleStaleCheckouts } from './bookings/reconciliation.service';

export type JobDeps = {
  db: Db;
  gateway: PaymentGateway;
  mailer: Mailer;
  sms: SmsSender;
  mailFrom: string;
  timeZone: string;
  logger: Logger;
  /** for the emails of a checkout settled here (settleStaleCheckouts) */
  notify: NotificationContext;
  /** The nightly backup (decision 025), when BACKUP_DIR is set. */
  backup?: { database: Pick<Database, 'kind' | 'dump'>; dir: string; at: string; keep: number; filesDir: string | null; passphrase?: string | null };
  /**
   * The windows' capacity and the closed days: what recurring pick-ups' occurrences respect
   * (decision 024), and the places a stale checkout's payment may take (decision 042).
   */
  now?: () => Date;
  /** Retention (decision 061), in days; the configuration's when not given. */
  retention?: { messageBodiesDays: number; webhookEventsDays: number };
};

/**
 * Retention (decision 061), once a day by one instance: message bodies (and the one-time links in
 * them) past their time, the payment provider's old events, expired staff and customer sessions.
 */
export async function runRetentionJob(deps: Pick<JobDeps, 'db' | 'timeZone' | 'now' | 'retention'>) {
  const now = deps.now?.() ?? new Date();
  const retention = deps.retention ?? loadConfig().retention;
  if (!(await claimDailyJob(deps.db, 'retention', nowIn(deps.timeZone, now).date))) return null;
  const days = (n: number) => new Date(now.getTime() - n * 86_400_000);
  return {
    messageBodies: await pruneMessageBodies(deps.db, days(retention.messageBodiesDays)),
    webhookEvents: await pruneWebhookEvents(deps.db, days(retention.webhookEventsDays)),
    staffSessions: await pruneExpiredStaffSessions(deps.db, now),
    customerSessions: await pruneExpiredCustomerSessions(deps.db, now),
  };
}

/** Texts the day-before reminders between 9AM and 8PM business time. */
export async function runReminderJob(deps: Pick<JobDeps, 'db' | 'timeZone' | 'now' | 'notify'>) {
  const local = nowIn(deps.timeZone, deps.now?.() ?? new Date());
  if (local.minutes < 9 * 60 || local.minutes >= 20 * 60) return 0;
  return queuePickupReminders(deps.db, addDays(local.date, 1), deps.notify);
}

/**
 * The nightly backup (decision 025): once the business's clock passes BACKUP_AT, unless a backup
 * less than 20 hours old is already in the folder (an earlier round's) or another instance has
 * claimed the night's backup in the database (job_claims); then only the newest BACKUP_KEEP are kept.
 */
export async function runBackupJob(deps: Pick<JobDeps, 'db' | 'backup' | 'timeZone' | 'now'>): Promise<string | null> {
  if (!deps.backup) return null;
  const now = deps.now?.() ?? new Date();
  const [hours, minutes] = deps.backup.at.split(':').map(Number) as [number, number];
  const local = nowIn(deps.timeZone, now);
  if (local.minutes < hours * 60 + minutes) return null;
  const dir = deps.backup.dir;
  // a file dated after the job's clock (a clock set back, or a test's) is not a recent backup
  const recent = fs.existsSync(dir) && fs.readdirSync(dir).some((f) => {
    const age = now.getTime() - fs.statSync(path.join(dir, f)).mtimeMs;
    return f.endsWith('.backup') && age >= 0 && age < 20 * 3_600_000;
  });
  if (recent) return null;
  // two instances on one database (PostgreSQL): one of them backs it up that night
  if (!(await claimDailyJob(deps.db, 'backup', local.date))) return null;
  try {
    const file = await writeBackup(deps.backup.database, dir, { now, filesDir: deps.backup.filesDir, passphrase: deps.backup.passphrase });
    pruneBackups(dir, deps.backup.keep);
    backupFinished(now, null);
    return file;
  } catch (err) {
    await releaseDailyJob(deps.db, 'backup', local.date).catch(() => undefined);
    // decision 061: health says so, and the owner hears of it once a night, however often it is tried
    const said = (err instanceof Error ? err.message : String(err)).replace(/\/\/[^@/\s]*@/g, '//…@').slice(0, 500);
    backupFinished(now, said);
    await alertBackupFailed(deps.db, { dir, error: said }, now, deps.timeZone).catch(() => undefined);
    throw err;
  }
}

/** Recurring pick-ups (decision 024): each series' next occurrence, a few days ahead. */
export function runSeriesJob(deps: Pick<JobDeps, 'db' | 'gateway' | 'timeZone' | 'now' | 'notify'>) {
  return makeDueOccurrences(deps.db, deps.gateway, { now: deps.now?.() ?? new Date(), timeZone: deps.timeZone, notify: deps.notify });
}

/** Stops the jobs; resolves once the round in hand (if any) has finished. */
export type StopJobs = () => Promise<void>;

export function startJobs(deps: JobDeps & { everyMs?: number; outboxEveryMs?: number }): StopJobs {
  const { db, gateway, logger } = deps;
  // main.ts passes no intervals: they come from the config (JOBS_INTERVAL_MS, OUTBOX_POLL_MS), which
  // main.ts has already parsed once, so this cannot fail here
  const configured = deps.everyMs === undefined || deps.outboxEveryMs === undefined ? loadConfig().jobs : null;
  const everyMs = deps.everyMs ?? configured!.everyMs;
  const outboxEveryMs = deps.outboxEveryMs ?? configured!.outboxEveryMs;
  let running = false;
  let sending = false;
  let stopped = false;
  // the rounds in hand, for stop() to wait for
  let ticking: Promise<void> = Promise.resolve();
  let delivering: Promise<void> = Promise.resolve();
  let ticks = 0;
  // decision 061: a job behind, and the database not answering for minutes, are emailed to the owner
  const watch = createSystemWatch({ db, mailer: deps.mailer, mailFrom: deps.mailFrom, timeZone: deps.timeZone, logger, ...(deps.now ? { now: deps.now } : {}) });
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const recovered = await recoverPendingOperations(db, gateway);
      if (recovered.found) logger.info(recovered, 'recovered pending payment operations');
      // decision 061: a booking whose checkout never opened (a crash between the two) lets its place go
      const orphaned = await releaseBookingsWithoutCheckout(db, { now: deps.now?.() ?? new Date() });
      if (orphaned) logger.warn({ bookings: orphaned }, 'released bookings whose checkout never opened');
      // every five rounds (minutes): a checkout whose event never came (lost in a crash, or the
      // gateway gave up delivering it) is settled from the gateway's word once 10 minutes old: a
      // customer who paid is confirmed, and an expired one's place and gift-card amount go back
      // (decision 061)
      if (ticks % 5 === 0) {
        const settled = await settleStaleCheckouts(db, gateway, deps.notify, { now: deps.now?.() ?? new Date(), olderThanMs: 10 * 60_000 });
        if (settled.expired + settled.confirmed > 0) logger.warn(settled, 'settled checkouts whose webhook never arrived');
      }
      // once an hour: list bookings whose payment state disagrees with the gateway's
      if (ticks++ % 60 === 0) {
        // docs/design.md 9 invoices: each subscription's month, on its billing day
        const billed = await issueDueSubscriptionInvoices(db, { now: deps.now?.() ?? new Date(), timeZone: deps.timeZone, publicUrl: deps.notify.publicUrl, secret: deps.notify.secret });
        if (billed) logger.info({ billed }, 'issued subscription invoices');
        // decision 030: a bill still due is emailed again on its reminder days
        const reminded = await queuePaymentDueReminders(db, deps.now?.() ?? new Date(), deps.notify);
        if (reminded) logger.info({ reminded }, 'queued payment-due reminders');
        // decision 035: a far-ahead pick-up's hold renewed from the day before, so it holds money at the weighing
        const renewed = await renewLapsingHolds(db, gateway, { now: deps.now?.() ?? new Date(), timeZone: deps.timeZone });
        if (renewed.renewed + renewed.declined) logger.info(renewed, 'renewed holds before their pick-up');
        // decision 056: an order picked up before deliveries were planned gets its window
        const planned = await planMissingDeliveries(db);
        if (planned) logger.info({ planned }, 'planned deliveries of orders picked up before');
        // decision 058: a phone order nobody paid for lets its place go once its day has passed
        const lapsed = await releaseLapsedPhoneOrders(db, { timeZone: deps.timeZone, now: deps.now?.() ?? new Date() });
        if (lapsed) logger.info({ lapsed }, 'released phone orders never paid for');
        const disagreements = await reconcileBookings(db, gateway);
        if (disagreements.length) {
          logger.warn({ disagreements }, 'bookings disagree with the payment gateway');
          // decision 061: the owner hears of it once a day
          await alertPaymentsDisagree(db, disagreements.length, deps.now?.() ?? new Date(), deps.timeZone);
        }
      }
      if (gateway.kind === 'local') {
        const expired = await (gateway as LocalGateway).expireOpenSessions();
        if (expired) logger.info({ expired }, 'expired open local checkouts');
      }
      const occurrences = await runSeriesJob(deps);
      if (occurrences.made + occurrences.issues) logger.info(occurrences, 'made regular pick-ups');
      const backedUp = await runBackupJob(deps).catch((err: unknown) => {
        logger.error({ err }, 'the nightly backup failed');
        return null;
      });
      if (backedUp) logger.info({ file: backedUp }, 'nightly backup written');
      const reminders = await runReminderJob(deps);
      if (reminders) logger.info({ reminders }, 'queued pick-up reminder texts');
      const pruned = await runRetentionJob(deps);
      if (pruned) logger.info(pruned, 'pruned what is kept no longer');
      // the All Bookings totals and the cards sum these rows: keep them few
      await compactBookingTallies(db);
      jobRan('background', new Date());
      await watch.up();
      await watch.watchBehind('outbox');
    } catch (err) {
      logger.error({ err }, 'background job failed');
      await watch.failed(err);
    } finally {
      running = false;
    }
  };
  const send = async () => {
    if (sending) return;
    sending = true;
    try {
      // a shutdown ends the round after the message in hand: nothing else is claimed
      while (!stopped) {
        const { givenUp, ...result } = await deliverOutbox(db, { ...deps, stopping: () => stopped });
        if (result.sent + result.kept + result.retrying + result.failed > 0) logger.info(result, 'outbox delivered');
        if (givenUp.length) {
          // decision 061: said at error, and to the owner once a day
          logger.error({ messages: givenUp }, 'outbox: messages given up for good');
          await alertMailGivenUp(db, givenUp, deps.now?.() ?? new Date(), deps.timeZone).catch((err: unknown) => logger.error({ err }, 'could not queue the alert'));
        }
        if (result.sent + result.kept + result.retrying + result.failed < 20) break;
      }
      jobRan('outbox', new Date());
      await watch.watchBehind('background');
    } catch (err) {
      logger.error({ err }, 'outbox worker failed');
    } finally {
      sending = false;
    }
  };
  jobsStarted({ background: everyMs, outbox: outboxEveryMs });
  const runTick = () => {
    // a round still running keeps its promise: stop() waits for that one
    if (!stopped && !running) ticking = tick();
  };
  const runSend = () => {
    if (!stopped && !sending) delivering = send();
  };
  const timer = setInterval(runTick, everyMs);
  const outboxTimer = setInterval(runSend, outboxEveryMs);
  timer.unref();
  outboxTimer.unref();
  runTick();
  return async () => {
    stopped = true;
    clearInterval(timer);
    clearInterval(outboxTimer);
    await Promise.all([ticking, delivering]);
    jobsStopped();
  };
}
