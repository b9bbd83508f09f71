// `npm run doctor`: with the offline defaults it says it runs on the local gateway and PGlite and
// finds nothing to fix; a wrong Stripe key, webhook secret or half a Twilio account is named by its
// variable, never printed.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { runChecks } from './doctor';

const root = path.resolve(import.meta.dirname, '../../..');
const dataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'washday-doctor-'));
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
    const findings = await runChecks(config(env), env);
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
});
