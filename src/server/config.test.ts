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

  it('rejects a bad port with a readable message', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
  });
});
