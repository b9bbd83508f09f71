// Reads config, opens the database, runs migrations, starts HTTP.
import { serve } from '@hono/node-server';
import { countStaff, createFirstMasterAdmin } from './admins/admins.service';
import { createApp, createPaymentGateway, createStaffAuth } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { DataDirLockedError } from './db/lock';
import { seedDemoData } from './db/seed';
import { outboxMailer } from './gateways/mail/mailer';
import { createSmtpMailer } from './gateways/mail/smtp-mailer';
import { outboxSmsSender } from './gateways/sms/sms-sender';
import { createTwilioSmsSender } from './gateways/sms/twilio-sms';
import { startJobs } from './jobs';
import { createLogger } from './logger';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const logger = createLogger(config);
  let database;
  try {
    database = await openDatabase(config.database);
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(`\n${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
  await database.migrate();
  if (config.seedDemoData && !config.isProduction) {
    const added = await seedDemoData(database.db, config.timeZone);
    if (added) logger.info({ bookings: added }, 'seeded demo data');
  }
  const gateway = createPaymentGateway(config, database);
  const auth = createStaffAuth(config, database);
  if (config.seedDemoData && !config.isProduction && (await countStaff(database.db)) === 0) {
    const demo = await createFirstMasterAdmin(database.db, auth, { email: 'owner@washday.example', fullName: 'Demo Owner' });
    logger.warn(
      { email: 'owner@washday.example', temporaryPassword: demo.temporaryPassword },
      'created the demo master admin: sign in at /admin/login with this temporary password (shown once), then set your own',
    );
  }
  const app = createApp({ config, database, logger, gateway, auth });
  const mailer = config.smtpUrl ? createSmtpMailer(config.smtpUrl) : outboxMailer;
  const sms = config.twilio ? createTwilioSmsSender(config.twilio) : outboxSmsSender;
  const stopJobs = startJobs({ db: database.db, gateway, mailer, sms, mailFrom: config.mailFrom, timeZone: config.timeZone, logger });
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    logger.info(
      { port: info.port, database: database.kind, payments: gateway.kind, mail: mailer.kind, sms: sms.kind },
      `Washday is running on http://localhost:${info.port}`,
    );
  });
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    stopJobs();
    server.close(() => {
      void database.close().then(() => process.exit(0));
    });
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
