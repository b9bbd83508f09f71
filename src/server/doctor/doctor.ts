// `npm run doctor` (docs/deploy.md): checks a configured installation and says in plain words what
// is wrong: the database reachable and migrated (not by a newer release), the Stripe keys (their
// kind, their mode, Stripe's answer), SMTP and the sender, Twilio, the public address, and the
// backups (their folder, the PostgreSQL client tools' versions). It never prints a secret: a key is named by its
// variable and its kind, never its value.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { defaultMailFrom, type Config } from '../config';
import { openDatabase, rowsOf } from '../db/client';
import { appliedMigrations, notMigratedYet, releaseMigrations } from '../db/schema-version';
import { DataDirLockedError } from '../db/lock';

export type Finding = { check: string; level: 'ok' | 'warn' | 'fail'; message: string };

const withTimeout = <T>(p: Promise<T>, ms: number) => Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${ms / 1000} s`)), ms))]);


/** What an error says (the driver's own words under drizzle's "Failed query"), without a password in a connection string. */
const said = (err: unknown): string => {
  const cause = err instanceof Error && err.cause instanceof Error ? err.cause : err;
  return (cause instanceof Error ? cause.message : String(cause)).replace(/\/\/[^@/]*@/g, '//…@');
};


type DatabaseFacts = { findings: Finding[]; serverMajor: number | null };

async function checkDatabase(config: Config): Promise<DatabaseFacts> {
  const expected = releaseMigrations();
  const where = config.database.kind === 'pglite' ? `PGlite (embedded) in ${config.database.dataDir}` : 'PostgreSQL';
  const fail = (message: string): DatabaseFacts => ({ findings: [{ check: 'database', level: 'fail', message }], serverMajor: null });
  let database;
  try {
    // a server that does not answer is given 10 s; PGlite opens a folder on this machine, and a new
    // one's initdb alone takes 3-9 s on a small machine (db/pglite-template.ts)
    const opening = openDatabase(config.database);
    database = config.database.kind === 'postgres' ? await withTimeout(opening, 10_000) : await opening;
  } catch (err) {
    if (err instanceof DataDirLockedError) return { findings: [{ check: 'database', level: 'ok', message: `${where}: in use by the running server (pid ${err.pid}), which opened it.` }], serverMajor: null };
    return fail(`${where} does not answer: ${said(err)}`);
  }
  try {
    // PostgreSQL's pool connects on the first statement: this one is the real connection
    let serverMajor: number;
    try {
      const [row] = rowsOf<{ v: number }>(await withTimeout(database.db.execute(sql`select current_setting('server_version_num')::int as v`), 10_000));
      serverMajor = Math.floor(Number(row?.v) / 10_000);
    } catch (err) {
      return fail(`${where} does not answer: ${said(err)}. Check DATABASE_URL: the host, the port, the user, the password and that the database exists (createdb, docs/deploy.md 3).`);
    }
    let applied: number;
    try {
      applied = await appliedMigrations(database.db);
    } catch (err) {
      if (!notMigratedYet(err)) return fail(`${where} answers, but its migrations cannot be read: ${said(err)}`);
      applied = 0;
    }
    const kindNote = config.database.kind === 'pglite' ? ' Fine for one machine; production needs PostgreSQL (DATABASE_URL).' : '';
    const findings: Finding[] =
      applied > expected
        ? [{ check: 'database', level: 'fail', message: `${where} was migrated by a newer release (${applied} migrations; this release knows ${expected}): this release would refuse to write to it. Deploy the newer release (docs/deploy.md 9).` }]
        : applied < expected
          ? [{ check: 'database', level: 'warn', message: `${where} answers; ${expected - applied} of ${expected} migrations are not applied yet: the server applies them when it starts.${kindNote}` }]
          : [{ check: 'database', level: 'ok', message: `${where} answers and is migrated (${applied} migrations).${kindNote}` }];
    return { findings, serverMajor: config.database.kind === 'postgres' ? serverMajor : null };
  } finally {
    await database.close();
  }
}

/** The major version a PostgreSQL client tool prints (`pg_dump (PostgreSQL) 15.19 (Debian …)`), or why it could not run. */
function toolMajor(tool: 'pg_dump' | 'pg_restore', env: NodeJS.ProcessEnv): Promise<number | Error> {
  return new Promise((resolve) => {
    execFile(tool, ['--version'], { timeout: 10_000, env }, (err, stdout) => {
      if (err) return resolve(new Error((err as NodeJS.ErrnoException).code === 'ENOENT' ? `${tool} is not installed` : said(err)));
      const m = /\)\s+(\d+)(?:\.\d+)?/.exec(stdout);
      resolve(m ? Number(m[1]) : new Error(`${tool} printed no version`));
    });
  });
}

/** The backups (docs/deploy.md 8): the folder the nightly one writes to, and on PostgreSQL the client tools that write and read them. */
async function checkBackups(config: Config, serverMajor: number | null, env: NodeJS.ProcessEnv): Promise<Finding[]> {
  const out: Finding[] = [];
  const dir = config.backup.dir;
  if (!dir) {
    out.push({ check: 'backups', level: config.isProduction ? 'warn' : 'ok', message: 'No BACKUP_DIR: no nightly backup is written. Set it to a folder on another disk (docs/deploy.md 8).' });
  } else {
    // the folder, or the nearest folder above it that exists (the backup makes the rest)
    let existing = dir;
    while (!fs.existsSync(existing) && path.dirname(existing) !== existing) existing = path.dirname(existing);
    const isDir = fs.existsSync(existing) && fs.statSync(existing).isDirectory();
    let writable = false;
    try {
      fs.accessSync(existing, fs.constants.W_OK);
      writable = isDir;
    } catch {
      writable = false;
    }
    out.push(
      writable
        ? { check: 'backups', level: 'ok', message: `BACKUP_DIR ${dir} ${existing === dir ? 'can be written' : 'will be made'}: the nightly backup goes there at ${config.backup.at}, the newest ${config.backup.keep} kept.` }
        : { check: 'backups', level: 'fail', message: `BACKUP_DIR ${dir} cannot be written by this user (${isDir ? `${existing} is not writable` : `${existing} is not a folder`}): the nightly backup would fail.` },
    );
  }
  if (config.database.kind === 'postgres') {
    // pg_dump refuses a server newer than itself; pg_restore reads only what its own version can
    for (const tool of ['pg_dump', 'pg_restore'] as const) {
      const major = await toolMajor(tool, env);
      if (major instanceof Error) out.push({ check: 'backups', level: dir || config.isProduction ? 'fail' : 'warn', message: `${major.message}: backups and restores need the PostgreSQL client tools (apt-get install postgresql-client-${serverMajor ?? 'N'}).` });
      else if (serverMajor !== null && major < serverMajor) out.push({ check: 'backups', level: 'fail', message: `${tool} is version ${major}, older than the PostgreSQL server (${serverMajor}): it cannot back it up. Install postgresql-client-${serverMajor}.` });
      else out.push({ check: 'backups', level: 'ok', message: `${tool} ${major} ${serverMajor === null ? 'is installed' : `can ${tool === 'pg_dump' ? 'back up' : 'restore into'} PostgreSQL ${serverMajor}`}.` });
    }
  }
  return out;
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
    const stripe = new Stripe(key, { timeout: 8000, maxNetworkRetries: 0, ...config.stripe.api });
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

/** `Name <address>` or a bare address, as a mail server takes it. */
const senderAddress = (from: string) => /^(?:[^<>]*<([^<>\s@]+@[^<>\s@]+\.[^<>\s@]+)>|([^<>\s@]+@[^<>\s@]+\.[^<>\s@]+))$/.exec(from.trim());

async function checkMail(config: Config): Promise<Finding[]> {
  const out: Finding[] = [];
  const sender = senderAddress(config.mailFrom);
  if (!sender) out.push({ check: 'mail', level: 'fail', message: `MAIL_FROM is not a sender address: write it as "Your Laundry <hello@yourdomain.com>" or hello@yourdomain.com.` });
  else if (config.isProduction && config.mailFrom === defaultMailFrom) out.push({ check: 'mail', level: 'fail', message: `MAIL_FROM is the example sender (${defaultMailFrom}): set it to an address on your own domain, with SPF and DKIM set for it (docs/deploy.md 5).` });
  if (!config.smtpUrl) {
    out.push(
      config.isProduction
        ? { check: 'mail', level: 'warn', message: 'MAIL_KEEP_IN_OUTBOX=true: no email is sent; staff read them in the back office\'s Outbox and customers receive none.' }
        : { check: 'mail', level: 'ok', message: 'No SMTP_URL: emails stay in the outbox (/dev/mail in development) and nobody receives them.' },
    );
    return out;
  }
  const { default: nodemailer } = await import('nodemailer');
  const url = new URL(config.smtpUrl);
  const transport = nodemailer.createTransport({ host: url.hostname, port: Number(url.port) || (url.protocol === 'smtps:' ? 465 : 587), secure: url.protocol === 'smtps:', ignoreTLS: url.searchParams.get('tls') === 'off', auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined, connectionTimeout: 8000, greetingTimeout: 8000 });
  out.push(
    await transport.verify().then(
      () => ({ check: 'mail', level: 'ok' as const, message: `SMTP at ${url.hostname} accepts the connection and the login.` }),
      (err: Error) => ({ check: 'mail', level: 'fail' as const, message: `SMTP at ${url.hostname} (SMTP_URL) does not accept the connection or the login: ${err.message}` }),
    ),
  );
  return out;
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

/** Every check, in the order the checklist in docs/deploy.md goes; `env` is the environment the commands and tools run in (PATH, the Twilio variables given). */
export async function runChecks(config: Config, env: NodeJS.ProcessEnv): Promise<Finding[]> {
  const database = await checkDatabase(config);
  return [...database.findings, ...(await checkStripe(config)), ...(await checkMail(config)), await checkTexts(config, env), await checkPublicUrl(config), ...(await checkBackups(config, database.serverMajor, env))];
}
