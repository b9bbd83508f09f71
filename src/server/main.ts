// Reads config, opens the database, runs migrations, starts HTTP, then the workers.
//
// Start-up order (docs/decisions/007): the database starts opening first (PGlite compiles its WASM
// and reads its files off the main thread) while the rest of the server loads; HTTP listens once
// the migrations are applied and the development promo codes are in; what no request needs at once
// (the demo master admin, the demo bookings, the background jobs) comes right after.
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase, type Database } from './db/client';
import { DataDirLockedError } from './db/lock';
import { appliedMigrationsOrNone, releaseMigrations } from './db/schema-version';
import { isDatabaseUnavailable } from './db/unavailable';
import type { LocalGateway } from './gateways/payment/local-gateway';
import { requestsFinished, startDraining } from './job-status';
import { createLogger } from './logger';

/**
 * The rest of the server, loaded while the database opens; what only some configurations use
 * (SMTP, Twilio, Stripe) is loaded only by them, and better-auth with the first staff request.
 */
async function loadServer(config: Config) {
  const [{ serve }, app, admins, seed, promoCodes, mail, sms, jobs, settings] = await Promise.all([
    import('@hono/node-server'),
    import('./app'),
    import('./admins/admins.service'),
    import('./seed/demo-seed'),
    import('./promo-codes/promo-codes.service'),
    import('./gateways/mail/mailer'),
    import('./gateways/sms/sms-sender'),
    import('./jobs'),
    import('./settings/settings.service'),
  ]);
  const mailer = config.smtpUrl ? (await import('./gateways/mail/smtp-mailer')).createSmtpMailer(config.smtpUrl) : mail.outboxMailer;
  const smsSender = config.twilio ? (await import('./gateways/sms/twilio-sms')).createTwilioSmsSender(config.twilio) : sms.outboxSmsSender;
  return {
    serve,
    createApp: app.createApp,
    createPaymentGateway: app.createPaymentGateway,
    lazyStaffAuth: app.lazyStaffAuth,
    countStaff: admins.countStaff,
    createFirstMasterAdmin: admins.createFirstMasterAdmin,
    seedDemoData: seed.seedDemoData,
    seedDemoPromoCodes: promoCodes.seedDemoPromoCodes,
    seedFirstStartSettings: settings.seedFirstStartSettings,
    mailer,
    sms: smsSender,
    startJobs: jobs.startJobs,
  };
}

/**
 * The migrations the database has applied, once it answers: a database not up yet (a reboot, a
 * container started before it) is asked again every second for up to `waitMs`, and the wait is
 * said every 10 s. Past it, the server stops with what the database last said.
 */
async function waitForDatabase(database: Database, logger: ReturnType<typeof createLogger>, waitMs: number): Promise<number> {
  const deadline = Date.now() + waitMs;
  let said = 0;
  for (;;) {
    try {
      return await appliedMigrationsOrNone(database.db);
    } catch (err) {
      if (!isDatabaseUnavailable(err)) throw err;
      const why = (err instanceof Error && err.cause instanceof Error ? err.cause : (err as Error)).message;
      if (Date.now() >= deadline) {
        logger.fatal({ waitedMs: waitMs }, `the database did not answer within ${Math.round(waitMs / 1000)} s (${why}): check DATABASE_URL and that PostgreSQL is running (npm run doctor)`);
        process.exit(1);
      }
      if (Date.now() - said >= 10_000) {
        logger.warn(`waiting for the database to answer (${why}); giving up in ${Math.round((deadline - Date.now()) / 1000)} s`);
        said = Date.now();
      }
      await new Promise((r) => setTimeout(r, 1_000));
    }
  }
}

// before the configuration is read, what the process says is JSON as every other line (decision 039)
const startLogger = createLogger({ logLevel: 'info' });
const demoOwner = 'owner@washday.example';
/** How long an idle keep-alive connection stays open: past a proxy's 60 s (nginx, most load balancers). */
const idleConnectionMs = 65_000;

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      startLogger.fatal(err.message);
      process.exit(1);
    }
    throw err;
  }
  const logger = createLogger(config);
  const opening = openDatabase(config.database);
  const loading = loadServer(config);
  loading.catch(() => {}); // awaited below; not an unhandled rejection while the database opens
  let database: Database;
  try {
    database = await opening;
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      logger.fatal(err.message);
      process.exit(1);
    }
    throw err;
  }
  // decision 061: after a reboot the database may come up after the server: wait for it, bounded,
  // saying what it waits for; then say which migrations were applied
  const before = await waitForDatabase(database, logger, config.startupWaitMs);
  await database.migrate();
  const after = await appliedMigrationsOrNone(database.db);
  const release = releaseMigrations();
  if (after > release) logger.warn({ migrations: after, release }, 'the database was migrated by a newer release: this instance reads, writes nothing (503) and its health says outdated');
  else if (after > before) logger.info({ applied: after - before, migrations: after }, `applied ${after - before} migration${after - before === 1 ? '' : 's'}`);
  else logger.info({ migrations: after }, 'the database is up to date');
  const server = await loading;
  // docs/design.md 9: TEST1 and FREE exist only in development
  if (config.seedDemoData && !config.isProduction) await server.seedDemoPromoCodes(database.db);
  // decision 055: the environment's service area is the first start's; Settings rule after it
  // first run (decision 055): production waits for its owner to confirm the business; development opens its demo business
  await server.seedFirstStartSettings(database.db, { ...config.firstStart, timeZone: config.timeZone, open: !config.isProduction });
  const gateway = await server.createPaymentGateway(config, database);
  const auth = server.lazyStaffAuth(config, database, logger);
  const app = server.createApp({ config, database, logger, gateway, auth });
  const { mailer, sms } = server;

  let stopping = false;
  let stopJobs: () => Promise<void> = async () => {};
  await new Promise<void>((listening) => {
    const http = server.serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
      // docs/decisions/012: say who can reach the server, and where the development pages answer
      const reach = config.loopbackOnly
        ? `listening on ${config.host} only: other machines cannot reach it (set HOST and SESSION_SECRET to open it)`
        : `listening on ${config.host}: other machines can reach it`;
      const devPages = config.isProduction ? '' : '; the development pages (/dev/*) answer this machine only';
      logger.info(
        { port: info.port, host: config.host, database: database.kind, payments: gateway.kind, mail: mailer.kind, sms: sms.kind },
        `Washday is running on http://localhost:${info.port}, ${reach}${devPages}`,
      );
      listening();
    });
    // Node closes a connection idle for 5 s; a proxy (nginx keeps its upstream connections 60 s)
    // or a client that sends on it at that moment gets a reset (ECONNRESET) instead of an answer.
    // The server keeps idle connections longer than the proxies in front of it (docs/deploy.md).
    if ('keepAliveTimeout' in http) {
      http.keepAliveTimeout = idleConnectionMs;
      http.headersTimeout = idleConnectionMs + 1_000;
    }
    // Graceful: health says draining and each answer closes its connection; no new connection is
    // taken; the requests in flight and the jobs' round in hand finish (and the local gateway's
    // events on their way); then the database closes. Past the limit, it exits anyway, saying so.
    const stop = (signal: string) => {
      if (stopping) return;
      stopping = true;
      logger.info({ signal }, 'shutting down: finishing the requests in flight and the job in hand');
      startDraining();
      const requestsDone = new Promise<void>((resolve) => http.close(() => resolve()));
      if ('closeIdleConnections' in http) http.closeIdleConnections();
      setTimeout(() => {
        logger.error({ afterMs: config.shutdownTimeoutMs }, 'shutdown took too long: exiting with work unfinished');
        process.exit(1);
      }, config.shutdownTimeoutMs).unref();
      void (async () => {
        // the connections closed, every request taken finished (a client may hang up mid-request), the round in hand done
        await Promise.all([requestsDone, stopJobs()]);
        await requestsFinished();
        if (gateway.kind === 'local') await (gateway as LocalGateway).flushEvents();
        await database.close();
        process.exit(0);
      })();
    };
    process.on('SIGINT', () => stop('SIGINT'));
    process.on('SIGTERM', () => stop('SIGTERM'));
  });

  try {
    // nobody signs in within the moment after the start: the demo admin needn't hold up the first request
    // no password in the log (decision 039): the demo owner sets theirs from the emailed link, in the outbox
    if (config.seedDemoData && !config.isProduction && !stopping && (await server.countStaff(database.db)) === 0) {
      const staffAuth = await auth();
      await server.createFirstMasterAdmin(database.db, staffAuth, { email: demoOwner, fullName: 'Demo Owner' });
      await staffAuth.api.requestPasswordReset({ body: { email: demoOwner, redirectTo: '/admin/reset-password' } });
      logger.warn(`created the demo master admin: set its password from the link at ${config.publicUrl}/dev/mail (its address is the message's recipient), then sign in at /admin/login`);
    }
    // the demo bookings are booked, paid and moved through the services (seed/demo-journey.ts), a
    // couple of seconds' work: after the first request can be served, before the jobs start. The
    // seed pays on a gateway of its own, whose events go nowhere: it applies the gateway's answers itself
    if (config.seedDemoData && !config.isProduction && !stopping) {
      const seeded = await server.seedDemoData(database.db, await server.createPaymentGateway(config, database), config);
      if (seeded.bookings) logger.info({ bookings: seeded.bookings }, 'seeded demo data');
      if (seeded.skipped) logger.warn(seeded.skipped);
    }
    if (!stopping)
      stopJobs = server.startJobs({ db: database.db, gateway, mailer, sms, mailFrom: config.mailFrom, timeZone: config.timeZone, logger, retention: config.retention, notify: { publicUrl: config.publicUrl, secret: config.sessionSecret, timeZone: config.timeZone }, ...(config.backup.dir ? { backup: { database, dir: config.backup.dir, at: config.backup.at, keep: config.backup.keep, filesDir: config.files.kind === 'disk' ? config.files.dir : null, passphrase: config.backup.passphrase } } : {}) });
  } catch (err) {
    if (!stopping) throw err; // stopped meanwhile: the database is closing under it
  }
}

main().catch((err: unknown) => {
  startLogger.fatal(err instanceof Error ? err : { err }, 'the server stopped');
  process.exit(1);
});
