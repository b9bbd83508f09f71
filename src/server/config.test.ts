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

  it('rejects a bad port with a readable message', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
  });
});
