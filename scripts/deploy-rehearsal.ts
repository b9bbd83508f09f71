// `npm run rehearse:deploy`: docs/deploy.md followed to the letter on this machine's PostgreSQL, as
// a new operator would, and checked at each step. Needs TEST_DATABASE_URL (an administrative
// connection: the rehearsal makes two fresh databases on its server and drops them after).
//
//  1. the release in a folder of its own (this checkout's files, its node_modules linked: `npm ci`
//     is CI's first step already), built (`npm run build`);
//  2. configure it from .env.example (the blanks filled: a fresh database, a new secret, Stripe's
//     stand-in, a mail server of our own), in a .env the server and every command read;
//  3. the doctor (exit 0: nothing to fix, the migrations still to apply are a note);
//  4. the first master admin (`npm run admin:create`, which migrates);
//  5. `npm start`, then `/api/health` answers 200;
//  6. the owner signs in, sets a password, opens for bookings; a customer books and pays, the
//     confirmation email arrives;
//  7. `npm run backup`, then `npm run restore` into a second empty database: the booking is there;
//  8. SIGTERM to npm: npm exits 0 and no process is left behind;
//  9. the upgrade seen from the old release: once a newer one has migrated the database, the old one
//     answers health 503 "outdated" and a write 503 "release_outdated", and says why.
//
// Stripe is a stand-in (tests/fakes/stripe-fake.ts, through STRIPE_API_URL) and mail goes to an
// SMTP server in this process (tests/fakes/smtp.ts): the rest is the release as it ships.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { createFreshPostgres, type FreshPostgres } from '../tests/helpers/fresh-postgres';
import { startSmtpSink } from '../tests/fakes/smtp';
import { startStripeFake } from '../tests/fakes/stripe-fake';
import { freePort } from './lib/server';
import { signPayload } from '../src/server/gateways/payment/webhook-signature';

const checkout = path.resolve(import.meta.dirname, '..');
/** The release's folder: a copy of the checkout (below), so that its build leaves the checkout's dist/ to the tests. */
let root = checkout;
const run = promisify(execFile);
const started = Date.now();
const say = (what: string) => console.log(`rehearsal ${((Date.now() - started) / 1000).toFixed(1).padStart(5)} s  ${what}`);

function check(ok: unknown, what: string): asserts ok {
  if (!ok) throw new Error(`rehearsal failed: ${what}`);
}

/** This checkout's files as they are (tracked, and new ones not ignored) copied to `to`, with its node_modules linked. */
async function copyRelease(to: string) {
  const { stdout } = await run('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: checkout, maxBuffer: 16 * 1024 * 1024 });
  for (const file of stdout.split('\0').filter(Boolean)) {
    if (!fs.existsSync(path.join(checkout, file))) continue; // deleted, not yet committed
    fs.mkdirSync(path.dirname(path.join(to, file)), { recursive: true });
    fs.copyFileSync(path.join(checkout, file), path.join(to, file));
  }
  fs.symlinkSync(path.join(checkout, 'node_modules'), path.join(to, 'node_modules'));
}

/** A command of the checklist, as an operator types it, in the release's folder with the .env given. */
async function npm(args: string[], env: NodeJS.ProcessEnv): Promise<{ stdout: string; stderr: string; code: number }> {
  return run('npm', args, { cwd: root, env, maxBuffer: 16 * 1024 * 1024 }).then(
    (r) => ({ ...r, code: 0 }),
    (err: { stdout: string; stderr: string; code: number }) => ({ stdout: err.stdout, stderr: err.stderr, code: err.code }),
  );
}

/** The next Monday, Wednesday or Friday at least two days ahead in the business's zone (a new installation's schedule). */
function nextServiceDay(): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 2);
  while (![1, 3, 5].includes(d.getUTCDay())) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** The process ids under `pid`, itself included (from /proc). */
function processTree(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const out = [pid];
  for (let i = 0; i < out.length; i++) out.push(...(children.get(out[i]!) ?? []));
  return out;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function main() {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    console.log('rehearsal skipped: it needs TEST_DATABASE_URL, a PostgreSQL it may make databases on (CI sets it)');
    return;
  }
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'washday-rehearsal-'));
  const databases: FreshPostgres[] = [];
  const stripe = await startStripeFake({ secretKey: 'sk_test_rehearsal' });
  const smtp = await startSmtpSink();
  let server: ChildProcess | null = null;
  try {
    // 1. the release
    root = path.join(work, 'release');
    await copyRelease(root);
    say('npm run build');
    const build = await npm(['run', '--silent', 'build'], process.env);
    check(build.code === 0, `npm run build exited ${build.code}:\n${build.stdout}${build.stderr}`);

    // 2. its settings, from the example: every CHANGE_ME filled, nothing else touched
    const database = await createFreshPostgres(adminUrl, 'washday_rehearsal');
    databases.push(database);
    const port = await freePort();
    const webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
    const blanks: Record<string, string> = {
      DATABASE_URL: database.url,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      STRIPE_SECRET_KEY: 'sk_test_rehearsal',
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      SMTP_URL: smtp.url,
    };
    const example = fs.readFileSync(path.join(root, '.env.example'), 'utf8');
    const filled = example.replace(/^([A-Z0-9_]+)=CHANGE_ME$/gm, (_, name: string) => {
      check(blanks[name], `.env.example has a blank the rehearsal does not know: ${name}`);
      return `${name}=${blanks[name]}`;
    });
    // what this machine differs in: its port, the stand-in's address, a sender of the business's own, backups
    const backups = path.join(work, 'backups');
    const envFile = path.join(work, '.env');
    fs.writeFileSync(envFile, `${filled}\nPORT=${port}\nSTRIPE_API_URL=${stripe.url}\nMAIL_FROM=Suds Laundry <hello@suds-laundry.test>\nBACKUP_DIR=${backups}\nSHUTDOWN_TIMEOUT_MS=10000\n`, { mode: 0o600 });
    // the operator's shell: none of the tests' settings, only where the .env is
    const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, ENV_FILE: envFile };

    // 3. the doctor, before the first start
    say('npm run doctor');
    const doctor = await npm(['run', '--silent', 'doctor'], env);
    check(doctor.code === 0, `the doctor found something to fix:\n${doctor.stdout}${doctor.stderr}`);
    check(/migrations are not applied yet/.test(doctor.stdout), `the doctor said nothing of the migrations to apply:\n${doctor.stdout}`);
    // the container image has no tsx: its commands are the built ones beside the server (Dockerfile)
    for (const file of ['dist/server/main.js', 'dist/server/admin-create.js', 'dist/server/backup.js', 'dist/server/restore.js', 'dist/server/doctor.js', 'dist/client/index.html'])
      check(fs.existsSync(path.join(root, file)), `the build made no ${file}, which the image runs`);
    const builtDoctor = await run(process.execPath, ['dist/server/doctor.js'], { cwd: root, env }).then(
      () => 0,
      (err: { code: number; stdout: string }) => err,
    );
    check(builtDoctor === 0, `node dist/server/doctor.js (the image's doctor) failed: ${JSON.stringify(builtDoctor)}`);

    // 4. the first master admin (migrates the new database)
    say('npm run admin:create');
    const created = await npm(['run', '--silent', 'admin:create', '--', '--email', 'owner@suds-laundry.test', '--name', 'Sam Suds'], env);
    check(created.code === 0, `admin:create exited ${created.code}:\n${created.stdout}${created.stderr}`);
    const temporaryPassword = /Temporary password .*: (\S+)$/m.exec(created.stdout)?.[1];
    check(temporaryPassword, `admin:create printed no password:\n${created.stdout}`);

    // 5. npm start, under its own process group as a supervisor runs it
    say('npm start');
    const output: string[] = [];
    server = spawn('npm', ['start'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    server.stdout!.on('data', (d: Buffer) => output.push(d.toString()));
    server.stderr!.on('data', (d: Buffer) => output.push(d.toString()));
    const exited = new Promise<number | null>((resolve) => server!.on('exit', (code) => resolve(code)));
    const base = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 60_000;
    for (;;) {
      const health = await fetch(`${base}/api/health`).catch(() => null);
      if (health?.status === 200) break;
      check(Date.now() < deadline && server.exitCode === null, `the server did not answer /api/health with 200 in 60 s:\n${output.join('')}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    say('/api/health answers 200');

    // 6. the owner's first sign-in, a password of their own, the website opened; then a booking paid
    const origin = 'https://washday.example';
    let cookie = '';
    const call = async (method: string, url: string, body?: unknown) => {
      const res = await fetch(`${base}${url}`, { method, headers: { origin, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
      const setCookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
      if (setCookie) cookie = setCookie;
      return { status: res.status, json: (await res.json().catch(() => null)) as Record<string, unknown> | null };
    };
    const signIn = await call('POST', '/api/auth/sign-in/email', { email: 'owner@suds-laundry.test', password: temporaryPassword });
    check(signIn.status === 200, `the owner could not sign in with the temporary password (${signIn.status})`);
    const password = await call('POST', '/api/admin/me/password', { currentPassword: temporaryPassword, newPassword: 'Suds-owner-2026-rehearsal' });
    check(password.status === 200, `the owner could not set a password (${password.status} ${JSON.stringify(password.json)})`);
    const settings = await call('GET', '/api/admin/settings');
    check(settings.status === 200, `the settings did not open (${settings.status})`);
    const opened = await call('POST', '/api/admin/settings/open', { version: (settings.json as { version: number }).version });
    check(opened.status === 200, `"Open for bookings" was refused (${opened.status} ${JSON.stringify(opened.json)})`);
    cookie = '';
    const booking = await call('POST', '/api/bookings', {
      bookingData: {
        name: 'Jenna Whitfield',
        email: 'jenna@example.com',
        phone: '(803) 555-0134',
        address: '12 Pine Ridge Dr',
        city: 'Lexington',
        zipCode: '29072',
        pickupDate: nextServiceDay(),
        pickupTime: '8am-12pm',
        pickupLocation: 'front-door',
        specialInstructions: '',
        bagQuantity: 2,
        smsConsent: false,
        termsAccepted: true,
      },
    });
    check(booking.status === 201, `the booking was refused (${booking.status} ${JSON.stringify(booking.json)})`);
    const checkoutId = /\/(cs_[^/?#]+)/.exec(String(booking.json?.url ?? ''))?.[1];
    check(booking.json?.next === 'checkout' && checkoutId, `no checkout was opened at Stripe: ${JSON.stringify(booking.json)}`);
    stripe.completeCheckout(checkoutId);
    const session = (await (await fetch(`${stripe.url}/v1/checkout/sessions/${checkoutId}`, { headers: { authorization: 'Bearer sk_test_rehearsal' } })).json()) as Record<string, unknown>;
    const event = JSON.stringify({ id: `evt_rehearsal_${randomBytes(6).toString('hex')}`, object: 'event', type: 'checkout.session.completed', created: Math.floor(Date.now() / 1000), data: { object: session } });
    const webhook = await fetch(`${base}/api/webhooks/stripe`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signPayload(webhookSecret, event) }, body: event });
    check(webhook.status === 200, `the payment's webhook was refused (${webhook.status} ${await webhook.text()})`);
    const mailDeadline = Date.now() + 30_000;
    while (!smtp.received.some((m) => m.to && JSON.stringify(m.to).includes('jenna@example.com'))) {
      check(Date.now() < mailDeadline, `no email reached jenna@example.com in 30 s (received: ${smtp.received.map((m) => m.subject).join(', ') || 'none'})`);
      await new Promise((r) => setTimeout(r, 200));
    }
    const confirmation = smtp.received.find((m) => JSON.stringify(m.to).includes('jenna@example.com'))!;
    check(confirmation.from?.text.includes('hello@suds-laundry.test'), `the email was not sent from MAIL_FROM: ${confirmation.from?.text}`);
    say(`booked and paid; "${confirmation.subject}" reached the customer`);

    // 7. a backup by hand, restored into a second, empty database
    say('npm run backup');
    const backup = await npm(['run', '--silent', 'backup', '--', '--out', backups], env);
    check(backup.code === 0, `backup exited ${backup.code}:\n${backup.stdout}${backup.stderr}`);
    // the file it printed: the server's own nightly backup may be in the folder too (past BACKUP_AT)
    const file = backup.stdout.trim().split('\n').pop()!;
    check(file.endsWith('.backup') && fs.existsSync(file), `npm run backup named no backup file it wrote:\n${backup.stdout}`);
    const second = await createFreshPostgres(adminUrl, 'washday_rehearsal');
    databases.push(second);
    say('npm run restore');
    const restore = await npm(['run', '--silent', 'restore', '--', file], { ...env, DATABASE_URL: second.url });
    check(restore.code === 0, `restore exited ${restore.code}:\n${restore.stdout}${restore.stderr}`);
    const client = new pg.Client({ connectionString: second.url });
    await client.connect();
    const { rows } = await client.query<{ status: string; n: string }>('select booking_status as status, count(*) as n from bookings group by 1');
    await client.end();
    check(rows.length === 1 && rows[0]!.status === 'confirmed' && rows[0]!.n === '1', `the restored database does not hold the confirmed booking: ${JSON.stringify(rows)}`);

    // 8. stopped as a supervisor stops it: SIGTERM to npm, which passes it on
    const tree = processTree(server.pid!);
    say(`SIGTERM to npm (processes ${tree.join(', ')})`);
    server.kill('SIGTERM');
    const code = await Promise.race([exited, new Promise<'late'>((r) => setTimeout(() => r('late'), 15_000))]);
    check(code === 0, `npm start did not exit 0 within 15 s of SIGTERM (${code}):\n${output.join('').slice(-2000)}`);
    await new Promise((r) => setTimeout(r, 200));
    const left = tree.filter(alive);
    check(left.length === 0, `processes left behind after SIGTERM: ${left.join(', ')}`);
    check(!(await fetch(`${base}/api/health`).then(() => true, () => false)), 'something still answers on the port');
    server = null;

    // 9. an upgrade (docs/deploy.md 9) seen from the old release: a newer one has migrated the
    // database, and this one, started again, reads but writes nothing, and its health says so
    say('an older release on a database a newer one migrated');
    const db1 = new pg.Client({ connectionString: database.url });
    await db1.connect();
    await db1.query("insert into drizzle.__drizzle_migrations (hash, created_at) values ('from-a-newer-release', $1)", [Date.now()]);
    const oldOutput: string[] = [];
    server = spawn('npm', ['start'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    server.stdout!.on('data', (d: Buffer) => oldOutput.push(d.toString()));
    server.stderr!.on('data', (d: Buffer) => oldOutput.push(d.toString()));
    const oldExited = new Promise<number | null>((resolve) => server!.on('exit', (c) => resolve(c)));
    const oldDeadline = Date.now() + 60_000;
    let health: Response | null = null;
    while (!(health = await fetch(`${base}/api/health`).catch(() => null))) {
      check(Date.now() < oldDeadline && server.exitCode === null, `the old release did not answer in 60 s:\n${oldOutput.join('')}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    const said = (await health.json()) as { status: string };
    check(health.status === 503 && said.status === 'outdated', `the old release's health said ${health.status} ${JSON.stringify(said)}, not 503 outdated`);
    const write = await fetch(`${base}/api/contact`, { method: 'POST', headers: { origin, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Ada', email: 'ada@example.com', subject: 'Hi', message: 'Hello' }) });
    const refused = (await write.json()) as { error?: { code?: string } };
    check(write.status === 503 && refused.error?.code === 'release_outdated', `the old release answered a write ${write.status} ${JSON.stringify(refused)}, not 503 release_outdated`);
    check(/the database was migrated by a newer release/.test(oldOutput.join('')), `the old release did not say it is older than the database:\n${oldOutput.join('')}`);
    server.kill('SIGTERM');
    check((await oldExited) === 0, `the old release did not stop cleanly:\n${oldOutput.join('').slice(-2000)}`);
    server = null;
    await db1.query("delete from drizzle.__drizzle_migrations where hash = 'from-a-newer-release'");
    await db1.end();
    say('passed: every step of docs/deploy.md, and nothing left running');
  } finally {
    if (server?.pid) for (const pid of processTree(server.pid).reverse()) if (alive(pid)) process.kill(pid, 'SIGKILL');
    await stripe.close();
    await smtp.stop();
    for (const d of databases) await d.drop().catch(() => undefined);
    fs.rmSync(work, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
