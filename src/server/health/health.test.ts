// GET /api/health for a load balancer: 200 while the database answers, 503 when it does not; the
// background jobs' last rounds once this instance runs them, and "behind" when they stopped;
// 503 "draining" while the process shuts down; 207 "degraded" with its reasons when something needs
// a person, and 503 "outdated" on a database a newer release migrated (decision 061).
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import { signInOwner } from '../../../tests/helpers/flows';
import { createTestApp } from '../../../tests/helpers/test-app';
import { openDatabase } from '../db/client';
import { createSchemaWatch } from '../db/schema-version';
import { outbox } from '../db/schema';
import type { AppEnv } from '../http';
import { runBackupJob } from '../jobs';
import { createLogger } from '../logger';
import { createApp } from '../app';
import { testConfig } from '../config';
import { createLocalGateway } from '../gateways/payment/local-gateway';
import { backupFinished, forgetBackupOutcome, jobRan, jobsStarted, jobsStopped, jobStatus, startDraining } from '../job-status';
import { enqueueEmail } from '../notifications/outbox.service';
import { healthRoutes } from './health.routes';

describe('the health answer', () => {
  afterEach(() => {
    jobsStopped();
    forgetBackupOutcome();
  });

  it('says the database answers, and no jobs in a process that runs none', async () => {
    const t = await createTestApp('pglite');
    try {
      const res = await t.request('/api/health');
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ status: 'ok', database: 'pglite', jobs: null });
    } finally {
      await t.close();
    }
  });

  it('gives each job its last round once they run', async () => {
    const t = await createTestApp('pglite');
    try {
      jobsStarted({ background: 60_000, outbox: 3_000 });
      const at = new Date();
      jobRan('background', at);
      jobRan('outbox', at);
      const body = (await (await t.request('/api/health')).json()) as { jobs: Record<string, { lastRunAt: string; behind: boolean }> };
      expect(body.jobs.background).toMatchObject({ lastRunAt: at.toISOString(), everyMs: 60_000, behind: false });
      expect(body.jobs.outbox).toMatchObject({ lastRunAt: at.toISOString(), everyMs: 3_000, behind: false });
    } finally {
      await t.close();
    }
  });

  it.each([
    ['just ran', 0, false],
    ['two intervals ago', 2 * 3_000, false],
    ['more than three intervals ago', 3 * 3_000 + 1, true],
  ])('a job that last ran %s is behind: %s', (_, agoMs, behind) => {
    jobsStarted({ background: 60_000, outbox: 3_000 });
    const now = new Date('2026-11-26T12:00:00Z');
    jobRan('outbox', new Date(now.getTime() - agoMs));
    expect(jobStatus(now)!.outbox.behind).toBe(behind);
    // never run yet (just started): not behind
    expect(jobStatus(now)!.background).toMatchObject({ lastRunAt: null, behind: false });
  });

  it('answers 503 with "unavailable" when the database does not answer', async () => {
    const t = await createTestApp('pglite');
    await t.close();
    const res = await t.request('/api/health');
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ status: 'unavailable', database: 'pglite' });
  });

  it('while the process shuts down: 503 draining, and every answer closes its connection', async () => {
    const t = await createTestApp('pglite');
    const resume = startDraining();
    try {
      const res = await t.request('/api/health');
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ status: 'draining', database: 'pglite' });
      expect(res.headers.get('connection')).toBe('close');
      expect((await t.request('/api/bookings/quote', { method: 'POST', json: {} })).headers.get('connection')).toBe('close');
    } finally {
      resume();
      await t.close();
    }
  });

  it('a failed nightly backup: health says degraded (207) with why, and the owner gets one alert email however often it is tried', async () => {
    const t = await createTestApp('pglite');
    try {
      expect((await t.request('/api/health')).status).toBe(200);
      // a folder that cannot be made: a file stands where it should be
      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'washday-backup-')), 'not-a-folder');
      fs.writeFileSync(file, 'x');
      const deps = { db: t.database.db, timeZone: 'America/New_York', now: () => new Date('2026-11-24T08:00:00Z'), backup: { database: t.database, dir: path.join(file, 'nightly'), at: '02:30', keep: 7, filesDir: null } };
      for (let round = 0; round < 3; round++) await expect(runBackupJob(deps)).rejects.toThrow();
      const res = await t.request('/api/health');
      expect(res.status).toBe(207);
      const body = (await res.json()) as { status: string; reasons: string[] };
      expect(body.status).toBe('degraded');
      expect(body.reasons).toEqual([expect.stringMatching(/^the nightly backup of 2026-11-24T08:00:00.000Z failed: /)]);
      const alerts = await t.database.db.select().from(outbox).where(eq(outbox.kind, 'system_alert'));
      expect(alerts).toHaveLength(1);
      expect(alerts[0]).toMatchObject({ recipient: 'hello@washday.example', subject: 'Washday needs attention: The nightly backup failed', dedupeKey: 'alert:backup-failed:2026-11-24' });
      expect((alerts[0]!.payload as { text: string }).text).toContain('not-a-folder');
      // the back office's System card says the same, for staff only
      expect((await t.request('/api/admin/system')).status).toBe(401);
      const staff = await signInOwner(t, new URL(t.config.publicUrl).origin);
      const system = await staff('GET', '/api/admin/system');
      expect(system.status).toBe(200);
      expect(system.json).toMatchObject({
        status: 'degraded',
        reasons: [expect.stringMatching(/^the nightly backup of .* failed/)],
        lastBackup: { at: '2026-11-24T08:00:00.000Z', ok: false, error: expect.stringContaining('not-a-folder') },
        outbox: { waiting: 1, failed: 0 },
        jobs: null,
      });
      // the next night's backup written: ok again
      backupFinished(new Date('2026-11-25T08:00:00Z'), null);
      expect((await t.request('/api/health')).status).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('mail failing for good, or retried over and over: degraded, with how many and where to look', async () => {
    const t = await createTestApp('pglite');
    try {
      const queue = (key: string) => enqueueEmail(t.database.db, { dedupeKey: key, kind: 'test', to: 'a@example.com', subject: 'S', payload: { html: '<p>x</p>', text: 'x' } });
      await queue('health-failed');
      await queue('health-retrying');
      await t.database.db.update(outbox).set({ status: 'failed', nextAttemptAt: new Date() }).where(eq(outbox.dedupeKey, 'health-failed'));
      await t.database.db.update(outbox).set({ status: 'pending', attempts: 4 }).where(eq(outbox.dedupeKey, 'health-retrying'));
      const res = await t.request('/api/health');
      expect(res.status).toBe(207);
      expect(((await res.json()) as { reasons: string[] }).reasons).toEqual([
        "mail: 1 message failed for good since yesterday at this time; 1 message is still being retried after 3 tries or more (the back office's Outbox lists them)",
      ]);
    } finally {
      await t.close();
    }
  });

  it('an older release on a database a newer one migrated: health 503 "outdated", and every write refused with 503 "try again"', async () => {
    const t = await createTestApp('pglite');
    try {
      await t.database.db.execute(sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('from-a-newer-release', ${Date.now()})`);
      const health = await t.request('/api/health');
      expect(health.status).toBe(503);
      expect(await health.json()).toMatchObject({ status: 'outdated', reasons: [expect.stringMatching(/^the database was migrated by a newer release \((\d+) migrations; this release knows \d+\)/)] });
      const write = await t.request('/api/contact', { method: 'POST', json: { name: 'Ada', email: 'ada@example.com', subject: 'Hi', message: 'Hello' } });
      expect(write.status).toBe(503);
      expect(write.headers.get('retry-after')).toBe('30');
      expect(await write.json()).toMatchObject({ error: { code: 'release_outdated', message: 'Washday is being updated. Please try again in a minute.' } });
      // reading goes on
      expect((await t.request('/api/availability')).status).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('a database that accepts the connection and never answers: health says unavailable within 2 s, a request 503 "try again"', async () => {
    // a server that takes connections and says nothing, as a hung database does
    const sockets: net.Socket[] = [];
    const hung = net.createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => hung.listen(0, '127.0.0.1', resolve));
    const database = await openDatabase({ kind: 'postgres', url: `postgres://washday@127.0.0.1:${(hung.address() as net.AddressInfo).port}/washday` });
    try {
      const logger = createLogger({ logLevel: 'silent' });
      const app = new Hono<AppEnv>()
        .use((c, next) => {
          c.set('log', logger);
          return next();
        })
        .route('/', healthRoutes({ database, schema: createSchemaWatch(database.db) }));
      const started = performance.now();
      const res = await app.request('/api/health');
      expect(performance.now() - started).toBeLessThan(2_000);
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ status: 'unavailable', reasons: ['the database does not answer'] });
      // a request's statement: the pool gives up connecting within its 5 s, and the error reads as the database's
      const { isDatabaseUnavailable } = await import('../db/unavailable');
      const failed = await database.db.execute(sql`select 1`).then(() => null, (err: unknown) => err);
      expect(isDatabaseUnavailable(failed)).toBe(true);
    } finally {
      for (const s of sockets) s.destroy();
      hung.close();
      await database.close().catch(() => undefined);
    }
  }, 20_000);

  it('a request while the database is down: 503 "try again in a minute" with Retry-After, never a 500', async () => {
    // nothing listens here: every statement is refused, as when PostgreSQL is down
    const database = await openDatabase({ kind: 'postgres', url: 'postgres://washday@127.0.0.1:1/washday' });
    const config = testConfig({ STATIC_DIR: './tests/fixtures/static' });
    const logs: string[] = [];
    const logger = createLogger({ logLevel: 'error' }, new Writable({ write: (chunk: Buffer, _e, done) => (logs.push(chunk.toString()), done()) }));
    const app = createApp({ config, database, logger, gateway: createLocalGateway({ db: database.db, webhookSecret: config.localWebhookSecret, publicUrl: config.publicUrl }) });
    try {
      for (const [method, path] of [
        ['GET', '/api/availability'],
        ['POST', '/api/contact'],
      ] as const) {
        const res = await app.request(path, { method, headers: { 'content-type': 'application/json', origin: new URL(config.publicUrl).origin }, ...(method === 'POST' ? { body: JSON.stringify({ name: 'Ada', email: 'ada@example.com', subject: 'Hi', message: 'Hello' }) } : {}) });
        expect(res.status, path).toBe(503);
        expect(res.headers.get('retry-after')).toBe('30');
        expect(await res.json()).toMatchObject({ error: { code: 'database_unavailable', message: 'We cannot reach our records for a moment. Please try again in a minute.' } });
      }
      expect(logs.join('')).toContain('the database did not answer');
    } finally {
      await database.close().catch(() => undefined);
    }
  }, 30_000);
});
