import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

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
    }
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
  it('listens on loopback only outside production unless HOST is set, on every address in production', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({}).loopbackOnly).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).host).toBe('127.0.0.1');
    const production = { NODE_ENV: 'production', STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x', SESSION_SECRET: 'p'.repeat(40), DATABASE_URL: 'postgres://u@db:5432/w' };
    expect(loadConfig(production).host).toBe('0.0.0.0');
    expect(loadConfig(production).loopbackOnly).toBe(false);
  });

  it.each(['0.0.0.0', '::', '192.168.1.5', 'washday.example'])('refuses HOST=%s with the public development secret, saying what to do', (host) => {
    expect(() => loadConfig({ HOST: host })).toThrow(/HOST=.* lets other machines reach this server.*SESSION_SECRET/);
    expect(loadConfig({ HOST: host, SESSION_SECRET: 's'.repeat(40) }).host).toBe(host);
  });

  it.each(['127.0.0.1', '127.0.0.2', 'localhost', '::1', '[::1]'])('accepts HOST=%s with the development secret', (host) => {
    expect(loadConfig({ HOST: host }).loopbackOnly).toBe(true);
  });
});
