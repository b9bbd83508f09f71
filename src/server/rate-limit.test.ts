import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFreshPostgres } from '../../tests/helpers/fresh-postgres';
import { testDatabaseKinds } from '../../tests/helpers/test-app';
import { openDatabase, type Database, type Db } from './db/client';
import { rateLimitHits } from './db/schema';
import type { AppEnv } from './http';
import { rateLimit, sweepEveryMs, withinRollingLimit } from './rate-limit';

// 15:00:10 UTC: ten seconds into a one-minute window; each database starts there
const start = Date.parse('2026-11-22T15:00:10Z');
let clock = start;

/** One app instance: its own middleware (and, on PostgreSQL, its own connection pool). */
function instance(db: Db, options: { name?: string; max?: number } = {}) {
  return new Hono<AppEnv>()
    .use(async (c, next) => {
      c.set('proxyRule', { kind: 'hops', hops: 1 });
      await next();
    })
    .get(
      '/limited',
      rateLimit({ db, name: options.name ?? 'probe', windowMs: 60_000, max: options.max ?? 5, says: 'attempts', now: () => clock }),
      (c) => c.json({ ok: true }),
    );
}

const hit = (app: ReturnType<typeof instance>, ip = '203.0.113.7') => app.request('/limited', { headers: { 'x-forwarded-for': ip } });

describe.each(testDatabaseKinds)('rate limit in the database (%s)', (kind) => {
  // two instances: on PostgreSQL two pools on one database, on PGlite one embedded database
  let first: Database;
  let second: Database;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    clock = start;
    if (kind === 'pglite') {
      first = await openDatabase({ kind: 'pglite', dataDir: null });
      second = first;
      await first.migrate();
      dispose = () => first.close();
      return;
    }
    const fresh = await createFreshPostgres(process.env.TEST_DATABASE_URL!);
    first = await openDatabase({ kind: 'postgres', url: fresh.url, maxConnections: 20 });
    second = await openDatabase({ kind: 'postgres', url: fresh.url, maxConnections: 20 });
    await first.migrate();
    dispose = async () => {
      await first.close();
      await second.close();
      await fresh.drop();
    };
  });
  afterAll(async () => {
    await dispose?.();
  });

  it('two instances share one limit: max in all, then 429 with the message and retry-after', async () => {
    const a = instance(first.db);
    const b = instance(second.db);
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await hit(i % 2 === 0 ? a : b)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    const limited = await hit(b);
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ error: { code: 'rate_limited', message: 'Too many attempts. Please wait a minute and try again.' } });
    expect(limited.headers.get('retry-after')).toBe('50'); // 15:00:10 → 15:01:00

    // another address, and another limit on the same address, count apart
    expect((await hit(a, '198.51.100.4')).status).toBe(200);
    expect((await hit(instance(first.db, { name: 'other' }))).status).toBe(200);

    // the next window starts again from zero, on either instance
    clock += 50_000;
    expect((await hit(b)).status).toBe(200);
    expect((await hit(a)).status).toBe(200);
  });

  it('counts concurrent hits from both instances atomically: exactly max get through', async () => {
    clock += 60_000;
    const a = instance(first.db, { max: 10 });
    const b = instance(second.db, { max: 10 });
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => hit(i % 2 === 0 ? a : b, '192.0.2.50')));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30);
    const windowStart = new Date(Math.floor(clock / 60_000) * 60_000);
    const rows = await first.db.select().from(rateLimitHits).where(eq(rateLimitHits.key, 'probe:192.0.2.50'));
    expect(rows).toEqual([{ key: 'probe:192.0.2.50', windowStart, hits: 40 }]);
  });

  it("deletes its own finished windows now and then, and leaves other limits' rows alone", async () => {
    const old = new Date(Math.floor(clock / 60_000) * 60_000 - 5 * 60_000);
    await first.db.insert(rateLimitHits).values([
      { key: 'sweeper:203.0.113.1', windowStart: old, hits: 3 },
      { key: 'someone-else:203.0.113.1', windowStart: old, hits: 3 },
    ]);
    const app = instance(first.db, { name: 'sweeper' });
    expect((await hit(app)).status).toBe(200); // its first request sweeps
    const keys = async () => (await first.db.select({ key: rateLimitHits.key, at: rateLimitHits.windowStart }).from(rateLimitHits)).filter((r) => r.at.getTime() === old.getTime()).map((r) => r.key);
    expect(await keys()).toEqual(['someone-else:203.0.113.1']);

    // later windows go at the next sweep, not at every request
    await first.db.insert(rateLimitHits).values({ key: 'sweeper:203.0.113.2', windowStart: old, hits: 1 });
    clock += 1_000;
    await hit(app);
    expect((await keys()).sort()).toEqual(['someone-else:203.0.113.1', 'sweeper:203.0.113.2']);
    clock += sweepEveryMs;
    await hit(app);
    expect(await keys()).toEqual(['someone-else:203.0.113.1']);
  });

  it('a rolling limit (decision 042): exactly max at once from both instances, then free again only as the day rolls on', async () => {
    const day = { name: 'rolling', windowMs: 86_400_000, max: 3, says: 'requests' } as const;
    const at = Date.parse('2026-11-22T23:30:00Z');
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => withinRollingLimit(i % 2 === 0 ? first.db : second.db, day, 'mailbox', at)));
    expect(results.filter(Boolean)).toHaveLength(3);
    // past midnight the same day's three still count; a day after, they do not
    expect(await withinRollingLimit(first.db, day, 'mailbox', at + 3_600_000)).toBe(false);
    expect(await withinRollingLimit(first.db, day, 'mailbox', at + 86_400_000)).toBe(true);
    // inside a transaction that rolls back, nothing was counted
    await first.db
      .transaction(async (tx) => {
        expect(await withinRollingLimit(tx, day, 'other mailbox', at)).toBe(true);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    const rows = await first.db.select().from(rateLimitHits).where(eq(rateLimitHits.key, 'rolling:other mailbox'));
    expect(rows).toEqual([]);
  });
});
