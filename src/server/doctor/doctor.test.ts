// `npm run doctor`: with the offline defaults it says it runs on the local gateway and PGlite and
// finds nothing to fix; a wrong Stripe key, webhook secret or half a Twilio account is named by its
// variable, never printed.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createFreshPostgres } from '../../../tests/helpers/fresh-postgres';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { runChecks, type Finding } from './doctor';

const root = path.resolve(import.meta.dirname, '../../..');
const dataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'washday-doctor-'));
/** A PostgreSQL nobody listens on: its check fails at once. */
const unreachable = 'postgres://washday:secret-pw@127.0.0.1:1/washday';
const config = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir(), PUBLIC_URL: 'http://127.0.0.1:9', ...env });

describe('npm run doctor', () => {
  it('the offline defaults: PGlite and the local gateway, said plainly, nothing to fix', async () => {
    const configured = config({});
    // a data directory the server has started on once (a new one is migrated at the first start)
    const database = await openDatabase(configured.database);
    await database.migrate();
    await database.close();
    const findings = await runChecks(configured, {});
    expect(findings.filter((f) => f.level === 'fail')).toEqual([]);
    expect(findings.find((f) => f.check === 'database')!.message).toMatch(/^PGlite \(embedded\) in .* answers and is migrated \(\d+ migrations\)/);
    expect(findings.find((f) => f.check === 'payments')!.message).toMatch(/^The local payment gateway/);
    expect(findings.find((f) => f.check === 'mail')!.message).toMatch(/stay in the outbox/);
    expect(findings.find((f) => f.check === 'public address')).toMatchObject({ level: 'warn', message: expect.stringContaining('PUBLIC_URL') });
  }, 60_000);

  it('a data directory not yet migrated: a note that the server migrates it when it starts, not a failure', async () => {
    const configured = config({});
    const database = await openDatabase(configured.database);
    await database.close();
    const finding = (await runChecks(configured, {})).find((f) => f.check === 'database')!;
    // a new directory starts from the build's template (already migrated) when there is one
    expect(finding.level).not.toBe('fail');
    expect(finding.message).toMatch(/answers( and is migrated|; \d+ of \d+ migrations are not applied yet: the server applies them when it starts)/);
  }, 60_000);

  it.each([
    [{ STRIPE_SECRET_KEY: 'pk_test_51PublishableNotSecret', STRIPE_WEBHOOK_SECRET: 'whsec_fine' }, /STRIPE_SECRET_KEY is not a Stripe secret key \(it is a publishable key/],
    [{ STRIPE_SECRET_KEY: 'whsec_swappedByMistake', STRIPE_WEBHOOK_SECRET: 'whsec_fine' }, /STRIPE_SECRET_KEY is not a Stripe secret key \(it is a webhook signing secret/],
    [{ STRIPE_SECRET_KEY: 'pk_live_x', STRIPE_WEBHOOK_SECRET: 'sk_test_swapped' }, /STRIPE_WEBHOOK_SECRET is not a webhook signing secret/],
    [{ TWILIO_ACCOUNT_SID: 'AC123', TWILIO_AUTH_TOKEN: 'secret-token-value' }, /missing: TWILIO_FROM/],
  ])('names what is wrong, never its value: %o', async (env, reason) => {
    // a database that fails at once: these checks are about the keys
    const findings = await runChecks(config({ ...env, DATABASE_URL: unreachable }), env);
    const failures = findings.filter((f) => f.level === 'fail').map((f) => f.message);
    expect(failures.join('\n')).toMatch(reason);
    const printed = JSON.stringify(findings);
    for (const value of Object.values(env)) if (value.length > 8) expect(printed).not.toContain(value);
  }, 60_000);

  it('in a shell: exit 0 with the defaults; exit 1 naming the wrong key', async () => {
    const run = promisify(execFile);
    const env = { ...process.env, NODE_ENV: 'development', DATA_DIR: dataDir(), PUBLIC_URL: 'http://127.0.0.1:9', LOG_LEVEL: 'silent' };
    const fine = await run('npm', ['run', '--silent', 'doctor'], { cwd: root, env });
    expect(fine.stdout).toContain('local payment gateway');
    expect(fine.stdout).toContain('Nothing to fix.');
    const wrong = await run('npm', ['run', '--silent', 'doctor'], { cwd: root, env: { ...env, STRIPE_SECRET_KEY: 'pk_live_DoNotPrintMe123', STRIPE_WEBHOOK_SECRET: 'whsec_x' } }).then(
      () => null,
      (err: { code: number; stdout: string }) => err,
    );
    expect(wrong?.code).toBe(1);
    expect(wrong?.stdout).toMatch(/FAIL payments: STRIPE_SECRET_KEY is not a Stripe secret key/);
    expect(wrong?.stdout).not.toContain('DoNotPrintMe');
  }, 120_000);

  it('fails, not passes, a PostgreSQL that cannot be reached or a database that does not exist', async (ctx) => {
    const refused = await runChecks(config({ DATABASE_URL: unreachable }), process.env);
    expect(refused.find((f) => f.check === 'database')).toMatchObject({ level: 'fail', message: expect.stringMatching(/^PostgreSQL does not answer: connect ECONNREFUSED 127.0.0.1:1\. Check DATABASE_URL/) });
    expect(JSON.stringify(refused)).not.toContain('secret-pw');
    if (!process.env.TEST_DATABASE_URL) {
      console.log('doctor.test: set TEST_DATABASE_URL to check a database that does not exist on a real server (CI does)');
      return ctx.skip();
    }
    const missing = new URL(process.env.TEST_DATABASE_URL);
    missing.pathname = '/washday_no_such_database';
    const findings = await runChecks(config({ DATABASE_URL: missing.toString() }), process.env);
    expect(findings.find((f) => f.check === 'database')).toMatchObject({ level: 'fail', message: expect.stringMatching(/does not answer: database "washday_no_such_database" does not exist/) });
  }, 60_000);

  it('on a real PostgreSQL: an empty database is a note (the server migrates it); pg_dump and pg_restore of its version are found', async (ctx) => {
    if (!process.env.TEST_DATABASE_URL) {
      console.log('doctor.test: set TEST_DATABASE_URL to check a real PostgreSQL (CI does)');
      return ctx.skip();
    }
    const fresh = await createFreshPostgres(process.env.TEST_DATABASE_URL);
    try {
      const findings = await runChecks(config({ DATABASE_URL: fresh.url }), process.env);
      expect(findings.find((f) => f.check === 'database')).toMatchObject({ level: 'warn', message: expect.stringMatching(/^PostgreSQL answers; \d+ of \d+ migrations are not applied yet/) });
      const tools = findings.filter((f) => f.check === 'backups');
      expect(tools.map((f) => f.level)).toEqual(['ok', 'ok', 'ok']);
      expect(tools[1]!.message).toMatch(/^pg_dump \d+ can back up PostgreSQL \d+\.$/);
      // a pg_dump older than the server, and none at all
      const bin = fs.mkdtempSync(path.join(os.tmpdir(), 'washday-bin-'));
      fs.writeFileSync(path.join(bin, 'pg_dump'), '#!/bin/sh\necho "pg_dump (PostgreSQL) 9.6.24"\n', { mode: 0o755 });
      const old = await runChecks(config({ DATABASE_URL: fresh.url, BACKUP_DIR: bin }), { PATH: bin });
      const backups = old.filter((f) => f.check === 'backups' && f.level === 'fail').map((f) => f.message);
      expect(backups).toEqual([expect.stringMatching(/^pg_dump is version 9, older than the PostgreSQL server \(\d+\): it cannot back it up/), expect.stringMatching(/^pg_restore is not installed: backups and restores need the PostgreSQL client tools/)]);
    } finally {
      await fresh.drop();
    }
  }, 60_000);

  it('fails a database migrated by a newer release: this one would refuse to write to it', async () => {
    const configured = config({});
    const database = await openDatabase(configured.database);
    await database.migrate();
    await database.db.execute(sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('from-a-newer-release', ${Date.now()})`);
    await database.close();
    const finding = (await runChecks(configured, {})).find((f) => f.check === 'database')!;
    expect(finding).toMatchObject({ level: 'fail', message: expect.stringMatching(/was migrated by a newer release \((\d+) migrations; this release knows \d+\)/) });
  }, 60_000);

  it.each<[string, Record<string, string>, RegExp]>([
    ['a sender that is no address', { MAIL_FROM: 'Washday' }, /^MAIL_FROM is not a sender address/],
    ['a backup folder that is a file', { BACKUP_DIR: __filename }, /^BACKUP_DIR .* cannot be written by this user \(.* is not a folder\)/],
  ])('fails %s', async (_what, env, reason) => {
    // a database that fails at once: these checks are about the rest
    const findings: Finding[] = await runChecks(config({ ...env, DATABASE_URL: unreachable }), {});
    expect(findings.filter((f) => f.level === 'fail' && f.check !== 'database').map((f) => f.message)).toEqual([expect.stringMatching(reason)]);
  }, 60_000);

  it('a backup folder not made yet is fine when its parent can be written: the backup makes it', async () => {
    const parent = dataDir();
    const findings = await runChecks(config({ BACKUP_DIR: path.join(parent, 'nightly'), DATABASE_URL: unreachable }), { PATH: process.env.PATH });
    expect(findings.find((f) => f.check === 'backups')).toMatchObject({ level: 'ok', message: expect.stringContaining('will be made') });
  }, 60_000);

  it('in a shell, production: exit 1 without an https PUBLIC_URL or a mail server, each named', async () => {
    const run = promisify(execFile);
    const env = { ...process.env, ENV_FILE: 'none', NODE_ENV: 'production', DATABASE_URL: 'postgres://u@127.0.0.1:1/w', SESSION_SECRET: 's'.repeat(40), STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x', PUBLIC_URL: 'http://washday.example', LOG_LEVEL: 'silent' };
    const failed = await run('npm', ['run', '--silent', 'doctor'], { cwd: root, env }).then(
      () => null,
      (err: { code: number; stdout: string }) => err,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stdout).toMatch(/FAIL configuration: Invalid configuration/);
    expect(failed?.stdout).toMatch(/PUBLIC_URL: production needs an https address/);
    expect(failed?.stdout).toMatch(/SMTP_URL: production needs a mail server/);
  }, 120_000);

  it('production with the example sender or mail kept in the outbox says so: the first fails, the second is a note', async () => {
    const production = { NODE_ENV: 'production', DATABASE_URL: 'postgres://u@127.0.0.1:1/w', SESSION_SECRET: 's'.repeat(40), STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x', PUBLIC_URL: 'https://washday.example', MAIL_KEEP_IN_OUTBOX: 'true' };
    const mail = (await runChecks(loadConfig(production), {})).filter((f) => f.check === 'mail');
    expect(mail).toEqual([
      { check: 'mail', level: 'fail', message: expect.stringMatching(/^MAIL_FROM is the example sender/) },
      { check: 'mail', level: 'warn', message: expect.stringMatching(/^MAIL_KEEP_IN_OUTBOX=true: no email is sent/) },
    ]);
  }, 60_000);
});
