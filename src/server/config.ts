// The only reader of process.env (docs/conventions.md 3): parsed once with zod, with offline defaults.
// The server and every command (admin:create, backup, restore, doctor) read the same settings: the
// environment, over a `.env` file in the working folder (`ENV_FILE` names another; .env.example
// lists them all, docs/deploy.md 2).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { z } from 'zod';
import { isIsoDate } from '../shared/dates';
import { parseNetwork, type ProxyTrust } from './client-address';

/** The development secret: public in this repository, so it may only guard a server nobody else can reach. */
export const defaultSessionSecret = 'washday-dev-secret-change-me-in-production-0001';

/** 127.0.0.0/8, ::1 and localhost: an address only this machine reaches. */
export function isLoopbackHost(host: string): boolean {
  const h = host.trim().toLowerCase().replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h) || /^::ffff:127\./.test(h);
}

/** The sender outside production: an example domain, which production's doctor refuses. */
export const defaultMailFrom = 'Washday <hello@washday.example>';

/** A comma-separated list, each item checked by `item`. */
const commaList = (item: z.ZodString) =>
  z
    .string()
    .transform((s) => s.split(',').map((v) => v.trim()).filter(Boolean))
    .pipe(z.array(item));

const hopsMessage = 'TRUST_PROXY_HOPS is how many proxies stand in front of the server, a whole number from 1 to 10 (1: one proxy, as nginx or a load balancer alone)';

const schema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    // unset: loopback only (docs/decisions/012): a proxy on this machine reaches it, nothing else does
    HOST: z.string().min(1).optional(),
    PUBLIC_URL: z.string().url().optional(),
    DATABASE_URL: z.string().url().optional(),
    DATA_DIR: z.string().default('./data'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    SESSION_SECRET: z.string().min(32).default(defaultSessionSecret),
    STRIPE_SECRET_KEY: z.string().optional(),
    STRIPE_WEBHOOK_SECRET: z.string().optional(),
    // Stripe's API by default; another address only for a rehearsal against a stand-in (stripe-mock)
    STRIPE_API_URL: z.string().url().optional(),
    SMTP_URL: z.string().url().optional(),
    // production without SMTP_URL only when said on purpose: every email kept in the outbox, none sent
    MAIL_KEEP_IN_OUTBOX: z.enum(['true', 'false'], 'MAIL_KEEP_IN_OUTBOX is true (keep every email in the outbox, send none) or false').default('false').transform((v) => v === 'true'),
    MAIL_FROM: z.string().default(defaultMailFrom),
    TWILIO_ACCOUNT_SID: z.string().optional(),
    TWILIO_AUTH_TOKEN: z.string().optional(),
    TWILIO_FROM: z.string().optional(),
    BUSINESS_TIME_ZONE: z.string().default('America/New_York'),
    SEED_DEMO_DATA: z
      .enum(['true', 'false'])
      .optional()
      .transform((v) => (v === undefined ? undefined : v === 'true')),
    STATIC_DIR: z.string().default('./dist/client'),
    AUTH_ATTEMPTS_PER_MINUTE: z.coerce.number().int().min(1).default(20),
    TRUST_PROXY: z.enum(['true', 'false'], 'TRUST_PROXY is true (behind a reverse proxy that sets X-Forwarded-For) or false').default('false').transform((v) => v === 'true'),
    // decision 038: how many proxies stand in front of the server, or which addresses they have
    TRUST_PROXY_HOPS: z.coerce.number(hopsMessage).int(hopsMessage).min(1, hopsMessage).max(10, hopsMessage).optional(),
    TRUSTED_PROXIES: commaList(z.string().refine((v) => parseNetwork(v) !== null, 'each trusted proxy is an IP address or a network, e.g. 10.0.0.5, 10.0.0.0/8 or 2001:db8::/32'))
      .refine((list) => list.length > 0, 'TRUSTED_PROXIES names at least one address or network')
      .optional(),
    // decision 055: a new installation's schedule and service area, until its owner sets them in Settings
    PICKUP_CAPACITY_PER_WINDOW: z.coerce.number().int().min(1).max(1000).default(8),
    // spec: customer-site 1 and 5: how far ahead, which days closed, which ZIP codes served
    BOOKING_HORIZON_DAYS: z.coerce.number().int().min(1).max(365).default(90),
    CLOSED_DATES: commaList(z.string().refine(isIsoDate, 'each closed date must be a real date as YYYY-MM-DD')).default([]),
    SERVICE_ZIP_CODES: commaList(z.string().regex(/^\d{5}$/, 'each ZIP code must be 5 digits'))
      .refine((zips) => zips.length > 0, 'at least one ZIP code')
      // the four towns of the landing page: Gilbert, Leesville, Lexington (two) and Pelion
      .default(['29054', '29070', '29072', '29073', '29123']),
    GIFT_CARD_VALIDATE_PER_MINUTE: z.coerce.number().int().min(1).default(10),
    // anonymous writes (docs/design.md 9), per client IP and per email or phone
    BOOKINGS_PER_IP_PER_HOUR: z.coerce.number().int().min(1).default(10),
    BOOKINGS_PER_CUSTOMER_PER_HOUR: z.coerce.number().int().min(1).default(5),
    CONTACT_MESSAGES_PER_IP_PER_HOUR: z.coerce.number().int().min(1).default(5),
    CONTACT_MESSAGES_PER_EMAIL_PER_HOUR: z.coerce.number().int().min(1).default(3),
    // "My orders" sign-in links (decision 021), per client IP and per email or phone
    ORDER_LINKS_PER_IP_PER_HOUR: z.coerce.number().int().min(1).default(10),
    ORDER_LINKS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).default(3),
    // a signed-in customer's own changes (moves, details, deletion; decision 022), per customer
    ORDER_CHANGES_PER_CUSTOMER_PER_HOUR: z.coerce.number().int().min(1).default(20),
    // how often each instance runs its background jobs; short in tests that watch several instances
    JOBS_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
    // how long SIGTERM waits for the requests in flight and the job in hand before exiting anyway
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(25_000),
    // how long a start waits for a database that does not answer yet (after a reboot, decision 061)
    STARTUP_WAIT_MS: z.coerce.number().int().min(0).max(600_000).default(60_000),
    // backups (decision 025): the nightly one when BACKUP_DIR is set, at BACKUP_AT business time, the newest BACKUP_KEEP kept
    BACKUP_DIR: z.string().min(1).optional(),
    BACKUP_AT: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'BACKUP_AT is a time of day as HH:MM, e.g. 02:30 or 23:15').default('02:30'),
    BACKUP_KEEP: z.coerce.number().int().min(1).max(365).default(7),
    // decision 040: when set, backups are encrypted with it (and restore needs the same)
    BACKUP_PASSPHRASE: z
      .string()
      .min(16, 'BACKUP_PASSPHRASE must be 16 or more characters (openssl rand -base64 24); leave it unset for unencrypted backups')
      .refine((v) => v.trim() === v, 'BACKUP_PASSPHRASE must not begin or end with spaces or a line break')
      .optional(),
    OUTBOX_POLL_MS: z.coerce.number().int().min(50).max(600_000).default(3_000),
    // GET /metrics answers this machine, or a scraper sending "Authorization: Bearer <METRICS_TOKEN>"
    METRICS_TOKEN: z.string().min(24, 'METRICS_TOKEN must be 24 or more random characters (openssl rand -hex 16)').optional(),
    // retention (decision 061): how long an email's or a text's body (and the one-time links in it)
    // is kept after it is sent, and the record of the payment provider's events
    MESSAGE_BODIES_KEEP_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
    WEBHOOK_EVENTS_KEEP_DAYS: z.coerce.number().int().min(7).max(3650).default(30),
    // docs/design.md 9, files (scale photos): a folder (by default <DATA_DIR>/files), or an
    // S3-compatible bucket when S3_BUCKET is set
    FILES_DIR: z.string().min(1).optional(),
    S3_BUCKET: z.string().min(1).optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_ENDPOINT: z.string().url().optional(),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
    S3_PREFIX: z.string().regex(/^([a-z0-9-]+\/)*$/, 'lower-case folders, each ending in /, e.g. washday/').default(''),
  })
  .superRefine((env, ctx) => {
    // docs/decisions/012: the default secret signs cancel links and SMS replies that anyone could
    // forge, so a server others can reach must have its own
    if (env.SESSION_SECRET === defaultSessionSecret && env.HOST !== undefined && !isLoopbackHost(env.HOST))
      ctx.addIssue({
        code: 'custom',
        path: ['SESSION_SECRET'],
        message: `HOST=${env.HOST} lets other machines reach this server, but SESSION_SECRET is the public development default, with which anyone could forge cancel links and signed replies. Set SESSION_SECRET to 32 or more random characters (openssl rand -hex 32), or leave HOST unset to listen on 127.0.0.1 only.`,
      });
    if (!env.TRUST_PROXY && (env.TRUST_PROXY_HOPS !== undefined || env.TRUSTED_PROXIES !== undefined))
      ctx.addIssue({ code: 'custom', path: [env.TRUST_PROXY_HOPS !== undefined ? 'TRUST_PROXY_HOPS' : 'TRUSTED_PROXIES'], message: 'counts only behind a proxy: set TRUST_PROXY=true as well, or remove it' });
    if (env.TRUST_PROXY_HOPS !== undefined && env.TRUSTED_PROXIES !== undefined)
      ctx.addIssue({ code: 'custom', path: ['TRUSTED_PROXIES'], message: 'set TRUST_PROXY_HOPS or TRUSTED_PROXIES, not both: the proxies are either counted or named' });
    if (env.S3_BUCKET && !env.S3_ACCESS_KEY_ID !== !env.S3_SECRET_ACCESS_KEY)
      ctx.addIssue({ code: 'custom', path: ['S3_SECRET_ACCESS_KEY'], message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together (or leave both unset for the usual AWS credentials)' });
    if (env.NODE_ENV !== 'production') return;
    if (!env.STRIPE_SECRET_KEY)
      ctx.addIssue({ code: 'custom', path: ['STRIPE_SECRET_KEY'], message: 'production refuses the local payment gateway' });
    if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET)
      ctx.addIssue({ code: 'custom', path: ['STRIPE_WEBHOOK_SECRET'], message: 'Stripe webhooks need their signing secret' });
    if (env.SESSION_SECRET === defaultSessionSecret)
      ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: 'production refuses the default secret' });
    if (!env.DATABASE_URL)
      ctx.addIssue({ code: 'custom', path: ['DATABASE_URL'], message: 'production needs a PostgreSQL database' });
    // every link in an email or a text starts with it: unset, they would point at localhost
    if (!env.PUBLIC_URL)
      ctx.addIssue({ code: 'custom', path: ['PUBLIC_URL'], message: 'production needs the address customers use, e.g. https://washday.example: every link in an email or a text starts with it' });
    else if (!env.PUBLIC_URL.startsWith('https://'))
      ctx.addIssue({ code: 'custom', path: ['PUBLIC_URL'], message: `production needs an https address (${env.PUBLIC_URL} is not): sign-in cookies are sent over HTTPS only` });
    if (!env.SMTP_URL && !env.MAIL_KEEP_IN_OUTBOX)
      ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'production needs a mail server (smtps://user:password@smtp.example.com:465), or MAIL_KEEP_IN_OUTBOX=true to keep every email in the outbox and send none' });
  });

export type Config = ReturnType<typeof toConfig>;

/** The built server (scripts/build-server.ts), beside the built site; also holds the PGlite template. */
const serverBuildDir = './dist/server';

/** Where the Stripe SDK sends its requests, from STRIPE_API_URL. */
function stripeApi(url: string): { host: string; port: number; protocol: 'http' | 'https' } {
  const u = new URL(url);
  const protocol = u.protocol === 'http:' ? 'http' : 'https';
  return { host: u.hostname, port: Number(u.port) || (protocol === 'http' ? 80 : 443), protocol };
}

function proxyTrust(env: z.output<typeof schema>): ProxyTrust {
  if (!env.TRUST_PROXY) return { kind: 'none' };
  if (env.TRUSTED_PROXIES) return { kind: 'list', proxies: env.TRUSTED_PROXIES };
  return { kind: 'hops', hops: env.TRUST_PROXY_HOPS ?? 1 };
}

function toConfig(env: z.output<typeof schema>) {
  return {
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === 'production',
    port: env.PORT,
    host: env.HOST ?? '127.0.0.1',
    /** Whether only this machine can reach the server (what the start-up log says). */
    loopbackOnly: isLoopbackHost(env.HOST ?? '127.0.0.1'),
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    database: env.DATABASE_URL
      ? ({ kind: 'postgres', url: env.DATABASE_URL } as const)
      : ({ kind: 'pglite', dataDir: path.resolve(env.DATA_DIR), serverBuildDir: path.resolve(serverBuildDir) } as const),
    logLevel: env.LOG_LEVEL,
    sessionSecret: env.SESSION_SECRET,
    stripe: env.STRIPE_SECRET_KEY
      ? { secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? '', ...(env.STRIPE_API_URL ? { api: stripeApi(env.STRIPE_API_URL) } : {}) }
      : undefined,
    /** Inbound texts are checked with Twilio's auth token, or offline with a derived secret. */
    smsAuthToken: env.TWILIO_AUTH_TOKEN ?? `local-sms-${createHash('sha256').update(`sms:${env.SESSION_SECRET}`).digest('hex').slice(0, 32)}`,
    /** The local gateway signs its events with a secret derived from the session secret. */
    localWebhookSecret: `whsec_local_${createHash('sha256').update(env.SESSION_SECRET).digest('hex').slice(0, 32)}`,
    smtpUrl: env.SMTP_URL,
    /** Production without a mail server, on purpose: every email stays in the outbox. */
    mailKeptInOutbox: env.MAIL_KEEP_IN_OUTBOX,
    mailFrom: env.MAIL_FROM,
    twilio:
      env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM
        ? { accountSid: env.TWILIO_ACCOUNT_SID, authToken: env.TWILIO_AUTH_TOKEN, from: env.TWILIO_FROM }
        : undefined,
    timeZone: env.BUSINESS_TIME_ZONE,
    seedDemoData: env.SEED_DEMO_DATA ?? env.NODE_ENV === 'development',
    staticDir: path.resolve(env.STATIC_DIR),
    /**
     * A new installation's places per window, booking horizon, closed days and service area (spec:
     * customer-site 1 and 5), written into its settings at its first start; Settings rule after (decision 055).
     */
    firstStart: { capacityPerWindow: env.PICKUP_CAPACITY_PER_WINDOW, horizonDays: env.BOOKING_HORIZON_DAYS, closedDates: env.CLOSED_DATES, zipCodes: env.SERVICE_ZIP_CODES },
    /** Which proxies' X-Forwarded-For is believed (decision 038): none, a number of hops (1 by default), or a list. */
    proxy: proxyTrust(env),
    authAttemptsPerMinute: env.AUTH_ATTEMPTS_PER_MINUTE,
    giftCardValidatePerMinute: env.GIFT_CARD_VALIDATE_PER_MINUTE,
    /** Anonymous writes per hour (docs/design.md 9): bookings and contact messages, per IP and per customer. */
    anonymousLimits: {
      bookingsPerIp: env.BOOKINGS_PER_IP_PER_HOUR,
      bookingsPerCustomer: env.BOOKINGS_PER_CUSTOMER_PER_HOUR,
      contactPerIp: env.CONTACT_MESSAGES_PER_IP_PER_HOUR,
      contactPerEmail: env.CONTACT_MESSAGES_PER_EMAIL_PER_HOUR,
      orderLinksPerIp: env.ORDER_LINKS_PER_IP_PER_HOUR,
      orderLinksPerAddress: env.ORDER_LINKS_PER_ADDRESS_PER_HOUR,
      orderChangesPerCustomer: env.ORDER_CHANGES_PER_CUSTOMER_PER_HOUR,
    },
    /** Where files (scale photos) are kept (docs/design.md 9, files). */
    files: env.S3_BUCKET
      ? ({
          kind: 's3',
          bucket: env.S3_BUCKET,
          region: env.S3_REGION,
          endpoint: env.S3_ENDPOINT,
          accessKeyId: env.S3_ACCESS_KEY_ID,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY,
          forcePathStyle: env.S3_FORCE_PATH_STYLE,
          prefix: env.S3_PREFIX,
        } as const)
      : ({ kind: 'disk', dir: path.resolve(env.FILES_DIR ?? path.join(env.DATA_DIR, 'files')) } as const),
    /** Background job intervals: payment recovery and the other periodic jobs, and the outbox worker. */
    jobs: { everyMs: env.JOBS_INTERVAL_MS, outboxEveryMs: env.OUTBOX_POLL_MS },
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    startupWaitMs: env.STARTUP_WAIT_MS,
    /** Who may read /metrics besides this machine (decision 061). */
    metricsToken: env.METRICS_TOKEN ?? null,
    /** Retention (decision 061), in days. */
    retention: { messageBodiesDays: env.MESSAGE_BODIES_KEEP_DAYS, webhookEventsDays: env.WEBHOOK_EVENTS_KEEP_DAYS },
    backup: { dir: env.BACKUP_DIR ? path.resolve(env.BACKUP_DIR) : null, at: env.BACKUP_AT, keep: env.BACKUP_KEEP, passphrase: env.BACKUP_PASSPHRASE ?? null },
  };
}

export class ConfigError extends Error {}

/** The environment a child process (pg_dump, pg_restore) starts with: this process's (PATH, PG* settings, the .env file's) and `extra`. */
export function childProcessEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  return { ...settingsFromEnvironment(), ...extra };
}

/**
 * The settings the server and the commands run with: the environment, over the `.env` file in the
 * working folder when there is one (`ENV_FILE` names another file; `ENV_FILE=none` reads none). A
 * variable set in the environment wins over the file's.
 */
export function settingsFromEnvironment(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Record<string, string | undefined> {
  const named = env.ENV_FILE;
  if (named === 'none') return env;
  const file = path.resolve(cwd, named ?? '.env');
  if (!fs.existsSync(file)) {
    if (named) throw new ConfigError(`Invalid configuration:\n  - ENV_FILE: ${file} does not exist`);
    return env;
  }
  return { ...parseEnv(fs.readFileSync(file, 'utf8')), ...env };
}

/** Parses the settings; throws a ConfigError listing every problem. */
export function loadConfig(source: Record<string, string | undefined> = settingsFromEnvironment()): Config {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return toConfig(parsed.data);
}

/** A config for tests: in-memory database, quiet logs. */
export function testConfig(overrides: Record<string, string> = {}): Config {
  // the API tests book and write many times from one in-process client: the limits of anonymous
  // writes are tested where they are the subject (anonymous-limits.test.ts)
  const generous = { BOOKINGS_PER_IP_PER_HOUR: '100000', BOOKINGS_PER_CUSTOMER_PER_HOUR: '100000', CONTACT_MESSAGES_PER_IP_PER_HOUR: '100000', CONTACT_MESSAGES_PER_EMAIL_PER_HOUR: '100000', ORDER_LINKS_PER_IP_PER_HOUR: '100000', ORDER_LINKS_PER_ADDRESS_PER_HOUR: '100000', ORDER_CHANGES_PER_CUSTOMER_PER_HOUR: '100000' };
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', TRUST_PROXY: 'true', ...generous, ...overrides });
}
