import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, settingsFromEnvironment } from './config';

/** Everything production needs (docs/deploy.md 2). */
const production = {
  NODE_ENV: 'production',
  STRIPE_SECRET_KEY: 'sk_live_x',
  STRIPE_WEBHOOK_SECRET: 'whsec_x',
  SESSION_SECRET: 'p'.repeat(40),
  DATABASE_URL: 'postgres://u@db:5432/w',
  PUBLIC_URL: 'https://washday.example',
  SMTP_URL: 'smtps://u:p@smtp.example.com:465',
};

describe('config', () => {
  it('has offline defaults for everything', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.database.kind).toBe('pglite');
    expect(config.stripe).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
    expect(config.timeZone).toBe('America/New_York');
    expect(config.seedDemoData).toBe(true);
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@localhost:5432/washday' });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u@localhost:5432/washday' });
  });

  it('refuses production with the local gateway, a default secret or no database, listing each', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    try {
      loadConfig({ NODE_ENV: 'production' });
    } catch (err) {
      expect((err as Error).message).toContain('STRIPE_SECRET_KEY');
      expect((err as Error).message).toContain('SESSION_SECRET');
      expect((err as Error).message).toContain('DATABASE_URL');
      expect((err as Error).message).toContain('PUBLIC_URL: production needs the address customers use');
      expect((err as Error).message).toContain('SMTP_URL: production needs a mail server');
    }
    expect(loadConfig(production).isProduction).toBe(true);
  });

  it('refuses production links that would not be https, and production without mail unless kept in the outbox on purpose', () => {
    expect(() => loadConfig({ ...production, PUBLIC_URL: 'http://washday.example' })).toThrow(/PUBLIC_URL: production needs an https address \(http:\/\/washday.example is not\)/);
    expect(() => loadConfig({ ...production, PUBLIC_URL: undefined })).toThrow(/PUBLIC_URL: production needs the address customers use/);
    expect(() => loadConfig({ ...production, SMTP_URL: undefined })).toThrow(/SMTP_URL: production needs a mail server .* or MAIL_KEEP_IN_OUTBOX=true/);
    const outboxOnly = loadConfig({ ...production, SMTP_URL: undefined, MAIL_KEEP_IN_OUTBOX: 'true' });
    expect(outboxOnly.smtpUrl).toBeUndefined();
    expect(outboxOnly.mailKeptInOutbox).toBe(true);
    expect(() => loadConfig({ MAIL_KEEP_IN_OUTBOX: 'yes' })).toThrow(/MAIL_KEEP_IN_OUTBOX is true .* or false/);
    // outside production, mail stays in the outbox without being told
    expect(loadConfig({}).mailKeptInOutbox).toBe(false);
  });

  it('reads a .env file under the environment: the server and every command the same settings (docs/deploy.md 2)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'washday-env-'));
    try {
      fs.writeFileSync(path.join(dir, '.env'), '# a comment\nPORT=4100\nBUSINESS_TIME_ZONE="America/Chicago"\nMAIL_FROM=Suds <hi@suds.example>\n');
      const settings = settingsFromEnvironment({ PORT: '4200' }, dir);
      // the environment wins over the file
      expect(loadConfig(settings)).toMatchObject({ port: 4200, timeZone: 'America/Chicago', mailFrom: 'Suds <hi@suds.example>' });
      fs.writeFileSync(path.join(dir, 'staging.env'), 'PORT=4300\n');
      expect(loadConfig(settingsFromEnvironment({ ENV_FILE: 'staging.env' }, dir)).port).toBe(4300);
      expect(loadConfig(settingsFromEnvironment({ ENV_FILE: 'none' }, dir)).port).toBe(3000);
      expect(() => settingsFromEnvironment({ ENV_FILE: 'missing.env' }, dir)).toThrow(/ENV_FILE: .*missing.env does not exist/);
      // no file: the environment alone
      expect(settingsFromEnvironment({ PORT: '1' }, os.tmpdir() + '/no-such-folder-washday')).toEqual({ PORT: '1' });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('.env.example is a configuration production accepts once its blanks are filled, and names every setting', () => {
    const example = fs.readFileSync(path.join(import.meta.dirname, '../../.env.example'), 'utf8');
    const blanks: Record<string, string> = { DATABASE_URL: production.DATABASE_URL, SESSION_SECRET: production.SESSION_SECRET, STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x', SMTP_URL: production.SMTP_URL };
    const filled = example.replace(/^([A-Z_]+)=CHANGE_ME$/gm, (_, name: string) => `${name}=${blanks[name] ?? 'unknown blank'}`);
    expect(filled).not.toMatch(/=CHANGE_ME/);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'washday-env-'));
    try {
      fs.writeFileSync(path.join(dir, '.env'), filled);
      const config = loadConfig(settingsFromEnvironment({}, dir));
      expect(config).toMatchObject({ isProduction: true, host: '127.0.0.1', publicUrl: 'https://washday.example' });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    // every variable config.ts reads is in the example, set or commented out
    const source = fs.readFileSync(path.join(import.meta.dirname, 'config.ts'), 'utf8');
    const read = [...source.matchAll(/^ {4}([A-Z][A-Z0-9_]+): /gm)].map((m) => m[1]);
    expect(read.length).toBeGreaterThan(40);
    for (const name of read) expect(example, name).toMatch(new RegExp(`^#? ?${name}=`, 'm'));
  });

  it('runs the background jobs every minute and the outbox every 3 s unless told otherwise', () => {
    expect(loadConfig({}).jobs).toEqual({ everyMs: 60_000, outboxEveryMs: 3_000 });
    expect(loadConfig({ JOBS_INTERVAL_MS: '500', OUTBOX_POLL_MS: '200' }).jobs).toEqual({ everyMs: 500, outboxEveryMs: 200 });
    expect(() => loadConfig({ OUTBOX_POLL_MS: '0' })).toThrow(/OUTBOX_POLL_MS/);
    expect(() => loadConfig({ JOBS_INTERVAL_MS: 'soon' })).toThrow(/JOBS_INTERVAL_MS/);
  });

  it('takes a backup passphrase of 16 or more characters, without spaces around it (decision 040)', () => {
    expect(loadConfig({}).backup.passphrase).toBeNull();
    expect(loadConfig({ BACKUP_PASSPHRASE: 'correct horse battery staple' }).backup.passphrase).toBe('correct horse battery staple');
    expect(() => loadConfig({ BACKUP_PASSPHRASE: 'short' })).toThrow(/BACKUP_PASSPHRASE must be 16 or more characters/);
    expect(() => loadConfig({ BACKUP_PASSPHRASE: 'correct horse battery staple\n' })).toThrow(/BACKUP_PASSPHRASE must not begin or end with spaces or a line break/);
  });

  it('rejects a bad port with a readable message', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
  });
});

describe('who can reach the server (docs/decisions/012)', () => {
  it('listens on loopback only unless HOST is set, in production too: a proxy on the same machine reaches it, nothing else', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({}).loopbackOnly).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).host).toBe('127.0.0.1');
    expect(loadConfig(production).host).toBe('127.0.0.1');
    expect(loadConfig(production).loopbackOnly).toBe(true);
    // a container publishes its port: the image says HOST=0.0.0.0
    expect(loadConfig({ ...production, HOST: '0.0.0.0' })).toMatchObject({ host: '0.0.0.0', loopbackOnly: false });
  });

  it.each(['0.0.0.0', '::', '192.168.1.5', 'washday.example'])('refuses HOST=%s with the public development secret, saying what to do', (host) => {
    expect(() => loadConfig({ HOST: host })).toThrow(/HOST=.* lets other machines reach this server.*SESSION_SECRET/);
    expect(loadConfig({ HOST: host, SESSION_SECRET: 's'.repeat(40) }).host).toBe(host);
  });

  it.each(['127.0.0.1', '127.0.0.2', 'localhost', '::1', '[::1]'])('accepts HOST=%s with the development secret', (host) => {
    expect(loadConfig({ HOST: host }).loopbackOnly).toBe(true);
  });
});

describe('the proxy in front (decision 038)', () => {
  it('believes no forwarded address unless TRUST_PROXY=true; then one proxy unless told how many or which', () => {
    expect(loadConfig({}).proxy).toEqual({ kind: 'none' });
    expect(loadConfig({ TRUST_PROXY: 'true' }).proxy).toEqual({ kind: 'hops', hops: 1 });
    expect(loadConfig({ TRUST_PROXY: 'true', TRUST_PROXY_HOPS: '2' }).proxy).toEqual({ kind: 'hops', hops: 2 });
    expect(loadConfig({ TRUST_PROXY: 'true', TRUSTED_PROXIES: '10.0.0.0/8, 2001:db8::/32,172.16.0.3' }).proxy).toEqual({ kind: 'list', proxies: ['10.0.0.0/8', '2001:db8::/32', '172.16.0.3'] });
  });

  it.each([
    [{ TRUST_PROXY: 'yes' }, /TRUST_PROXY: TRUST_PROXY is true .* or false/],
    [{ TRUST_PROXY: 'true', TRUST_PROXY_HOPS: '0' }, /TRUST_PROXY_HOPS: TRUST_PROXY_HOPS is how many proxies/],
    [{ TRUST_PROXY: 'true', TRUST_PROXY_HOPS: 'two' }, /TRUST_PROXY_HOPS: TRUST_PROXY_HOPS is how many proxies/],
    [{ TRUST_PROXY: 'true', TRUST_PROXY_HOPS: '1.5' }, /TRUST_PROXY_HOPS: TRUST_PROXY_HOPS is how many proxies/],
    [{ TRUST_PROXY_HOPS: '2' }, /TRUST_PROXY_HOPS: counts only behind a proxy: set TRUST_PROXY=true/],
    [{ TRUSTED_PROXIES: '10.0.0.1' }, /TRUSTED_PROXIES: counts only behind a proxy: set TRUST_PROXY=true/],
    [{ TRUST_PROXY: 'true', TRUSTED_PROXIES: '10.0.0.0/33' }, /TRUSTED_PROXIES.*each trusted proxy is an IP address or a network/],
    [{ TRUST_PROXY: 'true', TRUSTED_PROXIES: 'proxy.internal' }, /TRUSTED_PROXIES.*each trusted proxy is an IP address or a network/],
    [{ TRUST_PROXY: 'true', TRUSTED_PROXIES: ' , ' }, /TRUSTED_PROXIES: TRUSTED_PROXIES names at least one/],
    [{ TRUST_PROXY: 'true', TRUST_PROXY_HOPS: '2', TRUSTED_PROXIES: '10.0.0.1' }, /TRUSTED_PROXIES: set TRUST_PROXY_HOPS or TRUSTED_PROXIES, not both/],
  ])('refuses %j, saying what to set', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});

