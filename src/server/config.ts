// The only reader of process.env (STYLE.md 3): parsed once with zod, with offline defaults.
import { createHash } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';

const schema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    PUBLIC_URL: z.string().url().optional(),
    DATABASE_URL: z.string().url().optional(),
    DATA_DIR: z.string().default('./data'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    SESSION_SECRET: z.string().min(32).default('washday-dev-secret-change-me-in-production-0001'),
    STRIPE_SECRET_KEY: z.string().optional(),
    STRIPE_WEBHOOK_SECRET: z.string().optional(),
    SMTP_URL: z.string().url().optional(),
    MAIL_FROM: z.string().default('Washday <hello@washday.example>'),
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
    TRUST_PROXY: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
    PICKUP_CAPACITY_PER_WINDOW: z.coerce.number().int().min(0).max(1000).default(8),
    GIFT_CARD_VALIDATE_PER_MINUTE: z.coerce.number().int().min(1).default(10),
    // how often each instance runs its background jobs; short in tests that watch several instances
    JOBS_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
    OUTBOX_POLL_MS: z.coerce.number().int().min(50).max(600_000).default(3_000),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV !== 'production') return;
    if (!env.STRIPE_SECRET_KEY)
      ctx.addIssue({ code: 'custom', path: ['STRIPE_SECRET_KEY'], message: 'production refuses the local payment gateway' });
    if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET)
      ctx.addIssue({ code: 'custom', path: ['STRIPE_WEBHOOK_SECRET'], message: 'Stripe webhooks need their signing secret' });
    if (env.SESSION_SECRET.startsWith('washday-dev-secret'))
      ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: 'production refuses the default secret' });
    if (!env.DATABASE_URL)
      ctx.addIssue({ code: 'custom', path: ['DATABASE_URL'], message: 'production needs a PostgreSQL database' });
  });

export type Config = ReturnType<typeof toConfig>;

/** The built server (scripts/build-server.ts), beside the built site; also holds the PGlite template. */
const serverBuildDir = './dist/server';

function toConfig(env: z.output<typeof schema>) {
  return {
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === 'production',
    port: env.PORT,
    host: env.HOST,
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    database: env.DATABASE_URL
      ? ({ kind: 'postgres', url: env.DATABASE_URL } as const)
      : ({ kind: 'pglite', dataDir: path.resolve(env.DATA_DIR), serverBuildDir: path.resolve(serverBuildDir) } as const),
    logLevel: env.LOG_LEVEL,
    sessionSecret: env.SESSION_SECRET,
    stripe: env.STRIPE_SECRET_KEY
      ? { secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? '' }
      : undefined,
    /** Inbound texts are checked with Twilio's auth token, or offline with a derived secret. */
    smsAuthToken: env.TWILIO_AUTH_TOKEN ?? `local-sms-${createHash('sha256').update(`sms:${env.SESSION_SECRET}`).digest('hex').slice(0, 32)}`,
    /** The local gateway signs its events with a secret derived from the session secret. */
    localWebhookSecret: `whsec_local_${createHash('sha256').update(env.SESSION_SECRET).digest('hex').slice(0, 32)}`,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    twilio:
      env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM
        ? { accountSid: env.TWILIO_ACCOUNT_SID, authToken: env.TWILIO_AUTH_TOKEN, from: env.TWILIO_FROM }
        : undefined,
    timeZone: env.BUSINESS_TIME_ZONE,
    seedDemoData: env.SEED_DEMO_DATA ?? env.NODE_ENV === 'development',
    staticDir: path.resolve(env.STATIC_DIR),
    pickupCapacityPerWindow: env.PICKUP_CAPACITY_PER_WINDOW,
    trustProxy: env.TRUST_PROXY,
    authAttemptsPerMinute: env.AUTH_ATTEMPTS_PER_MINUTE,
    giftCardValidatePerMinute: env.GIFT_CARD_VALIDATE_PER_MINUTE,
    /** Background job intervals: payment recovery and the other periodic jobs, and the outbox worker. */
    jobs: { everyMs: env.JOBS_INTERVAL_MS, outboxEveryMs: env.OUTBOX_POLL_MS },
  };
}

export class ConfigError extends Error {}

/** Parses the environment; throws a ConfigError listing every problem. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return toConfig(parsed.data);
}

/** A config for tests: in-memory database, quiet logs. */
export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', TRUST_PROXY: 'true', ...overrides });
}
