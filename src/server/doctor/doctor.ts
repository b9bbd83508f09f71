// `npm run doctor` (docs/deploy.md): checks a configured installation and says in plain words what
// is wrong: the database reachable and migrated, the Stripe keys (their kind, their mode, Stripe's
// answer), SMTP, Twilio and the public address. It never prints a secret: a key is named by its
// variable and its kind, never its value.
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import type { Config } from '../config';
import { migrationsFolder, openDatabase, rowsOf } from '../db/client';
import { DataDirLockedError } from '../db/lock';

export type Finding = { check: string; level: 'ok' | 'warn' | 'fail'; message: string };

const withTimeout = <T>(p: Promise<T>, ms: number) => Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${ms / 1000} s`)), ms))]);

/** How many migrations this release has (their journal). */
function migrationCount(): number {
  const journal = JSON.parse(fs.readFileSync(`${migrationsFolder}/meta/_journal.json`, 'utf8')) as { entries: unknown[] };
  return journal.entries.length;
}

async function checkDatabase(config: Config): Promise<Finding> {
  const expected = migrationCount();
  const where = config.database.kind === 'pglite' ? `PGlite (embedded) in ${config.database.dataDir}` : 'PostgreSQL';
  let database;
  try {
    // a server that does not answer is given 10 s; PGlite opens a folder on this machine, and a new
    // one's initdb alone takes 3-9 s on a small machine (db/pglite-template.ts)
    const opening = openDatabase(config.database);
    database = config.database.kind === 'postgres' ? await withTimeout(opening, 10_000) : await opening;
  } catch (err) {
    if (err instanceof DataDirLockedError) return { check: 'database', level: 'ok', message: `${where}: in use by the running server (pid ${err.pid}), which opened it.` };
    return { check: 'database', level: 'fail', message: `${where} does not answer: ${err instanceof Error ? err.message.replace(/\/\/[^@]*@/, '//…@') : String(err)}` };
  }
  try {
    const applied = await database.db
      .execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)
      .then((r) => Number(rowsOf<{ n: number }>(r)[0]?.n ?? 0), () => 0);
    const kindNote = config.database.kind === 'pglite' ? ' Fine for one machine; production needs PostgreSQL (DATABASE_URL).' : '';
    if (applied < expected) return { check: 'database', level: 'warn', message: `${where} answers; ${expected - applied} of ${expected} migrations are not applied yet: the server applies them when it starts.${kindNote}` };
    return { check: 'database', level: 'ok', message: `${where} answers and is migrated (${applied} migrations).${kindNote}` };
  } finally {
    await database.close();
  }
}

async function checkStripe(config: Config): Promise<Finding[]> {
  if (!config.stripe)
    return [{ check: 'payments', level: config.isProduction ? 'fail' : 'ok', message: 'The local payment gateway: checkouts open on /dev/checkout with test cards and no money moves. Set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET for real payments (production refuses the local gateway).' }];
  const out: Finding[] = [];
  const key = config.stripe.secretKey;
  const mode = key.startsWith('sk_live_') || key.startsWith('rk_live_') ? 'live' : key.startsWith('sk_test_') || key.startsWith('rk_test_') ? 'test' : null;
  if (!mode) {
    const kind = key.startsWith('pk_') ? ' (it is a publishable key, pk_…: the secret key starts with sk_)' : key.startsWith('whsec_') ? ' (it is a webhook signing secret, whsec_…)' : '';
    out.push({ check: 'payments', level: 'fail', message: `STRIPE_SECRET_KEY is not a Stripe secret key${kind}. Copy the secret key (sk_live_… or sk_test_…) from the Stripe dashboard, Developers → API keys.` });
  } else if (config.isProduction && mode === 'test') {
    out.push({ check: 'payments', level: 'warn', message: 'STRIPE_SECRET_KEY is a test-mode key in production: no real card is charged.' });
  } else if (!config.isProduction && mode === 'live') {
    out.push({ check: 'payments', level: 'warn', message: 'STRIPE_SECRET_KEY is a live key outside production: real cards would be charged.' });
  }
  if (!config.stripe.webhookSecret.startsWith('whsec_'))
    out.push({ check: 'payments', level: 'fail', message: 'STRIPE_WEBHOOK_SECRET is not a webhook signing secret (whsec_…): copy it from the webhook endpoint in the Stripe dashboard.' });
  if (mode) {
    const { default: Stripe } = await import('stripe');
    const stripe = new Stripe(key, { timeout: 8000, maxNetworkRetries: 0 });
    const answer = await stripe.balance.retrieve().then(
      () => ({ level: 'ok' as const, message: `STRIPE_SECRET_KEY works (${mode} mode).` }),
      (err: { type?: string; message?: string }) =>
        err.type === 'StripeAuthenticationError' || err.type === 'StripePermissionError'
          ? { level: 'fail' as const, message: `Stripe refused STRIPE_SECRET_KEY: ${err.message ?? 'invalid key'}` }
          : { level: 'warn' as const, message: `Could not reach Stripe to check STRIPE_SECRET_KEY (${err.message ?? 'no answer'}).` },
    );
    out.push({ check: 'payments', ...answer });
  }
  return out;
}

async function checkMail(config: Config): Promise<Finding> {
  if (!config.smtpUrl) return { check: 'mail', level: config.isProduction ? 'warn' : 'ok', message: 'No SMTP_URL: emails stay in the outbox (/dev/mail in development) and nobody receives them.' };
  const { default: nodemailer } = await import('nodemailer');
  const url = new URL(config.smtpUrl);
  const transport = nodemailer.createTransport({ host: url.hostname, port: Number(url.port) || (url.protocol === 'smtps:' ? 465 : 587), secure: url.protocol === 'smtps:', auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined, connectionTimeout: 8000, greetingTimeout: 8000 });
  return transport.verify().then(
    () => ({ check: 'mail', level: 'ok' as const, message: `SMTP at ${url.hostname} accepts the connection and the login.` }),
    (err: Error) => ({ check: 'mail', level: 'fail' as const, message: `SMTP at ${url.hostname} (SMTP_URL) does not accept the connection or the login: ${err.message}` }),
  );
}

async function checkTexts(config: Config, env: NodeJS.ProcessEnv): Promise<Finding> {
  const set = ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'].filter((k) => env[k]);
  if (set.length === 0) return { check: 'texts', level: 'ok', message: 'No Twilio account: texts stay in the outbox and nobody receives them.' };
  if (!config.twilio) return { check: 'texts', level: 'fail', message: `Twilio needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM together; missing: ${['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'].filter((k) => !env[k]).join(', ')}.` };
  if (!config.twilio.accountSid.startsWith('AC')) return { check: 'texts', level: 'fail', message: 'TWILIO_ACCOUNT_SID is not an account SID (AC…).' };
  const auth = Buffer.from(`${config.twilio.accountSid}:${config.twilio.authToken}`).toString('base64');
  return withTimeout(fetch(`https://api.twilio.com/2010-04-01/Accounts/${config.twilio.accountSid}.json`, { headers: { authorization: `Basic ${auth}` } }), 8000).then(
    (res) =>
      res.ok
        ? { check: 'texts', level: 'ok' as const, message: 'Twilio accepts TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN.' }
        : { check: 'texts', level: 'fail' as const, message: `Twilio refused TWILIO_ACCOUNT_SID or TWILIO_AUTH_TOKEN (HTTP ${res.status}).` },
    (err: Error) => ({ check: 'texts', level: 'warn' as const, message: `Could not reach Twilio to check its credentials (${err.message}).` }),
  );
}

async function checkPublicUrl(config: Config): Promise<Finding> {
  const url = `${config.publicUrl}/api/health`;
  return withTimeout(fetch(url), 5000).then(
    (res) => ({ check: 'public address', level: res.ok ? ('ok' as const) : ('warn' as const), message: res.ok ? `${config.publicUrl} answers.` : `${config.publicUrl} answers ${res.status} to /api/health.` }),
    () => ({ check: 'public address', level: 'warn' as const, message: `${config.publicUrl} (PUBLIC_URL) does not answer from here: is the server running, and is the address right? Links in emails and texts start with it.` }),
  );
}

/** Every check, in the order the checklist in docs/deploy.md goes. */
export async function runChecks(config: Config, env: NodeJS.ProcessEnv): Promise<Finding[]> {
  return [await checkDatabase(config), ...(await checkStripe(config)), await checkMail(config), await checkTexts(config, env), await checkPublicUrl(config)];
}
