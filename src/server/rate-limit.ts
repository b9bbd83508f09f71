// Fixed-window rate limits for anonymous writes and guessable look-ups (docs/design.md 6, 9). The count
// lives in PostgreSQL (rate_limit_hits), so every app instance shares one limit (docs/design.md 8): `max`
// is the total across instances, not `max` per instance. A limit counts per client IP (the
// middleware) or per any key a service names (an email, a phone: `takeHits`). Limits count real
// time: the development clock (POST /dev/clock) does not move them.
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import type { Db, DbOrTx } from './db/client';
import { preparedStatement, type Prepared } from './db/prepared';
import { rateLimitHits } from './db/schema';
import { rateLimited, type RateLimitWording } from './error-catalogue';
import { errorBody, RateLimited } from './errors';
import { limitAddress } from './client-address';
import { clientIp } from './http';

export type Limit = {
  /** Names the limit: two limits on one key count apart. */
  name: string;
  windowMs: number;
  max: number;
  /** What a refusal says: the catalogue's rate_limited, in these words (docs/decisions/046). */
  says: RateLimitWording;
};

export type RateLimitOptions = Limit & { db: Db; now?: () => number };


/** How often one instance deletes a limit's finished windows (at most). */
export const sweepEveryMs = 60_000;

const lastSweeps = new WeakMap<Db, Map<string, number>>();

/** Deletes this limit's finished windows, at most once a sweep interval per instance. */
async function sweep(db: Db, limit: Limit, now: number, windowStart: number) {
  const sweeps = lastSweeps.get(db) ?? new Map<string, number>();
  lastSweeps.set(db, sweeps);
  const last = sweeps.get(limit.name) ?? -Infinity;
  if (Math.abs(now - last) < Math.max(limit.windowMs, sweepEveryMs)) return;
  sweeps.set(limit.name, now);
  const prefix = `${limit.name}:`;
  // finished windows of this limit only: another limit may have a longer window
  await db
    .delete(rateLimitHits)
    .where(and(sql`left(${rateLimitHits.key}, ${prefix.length}) = ${prefix}`, lt(rateLimitHits.windowStart, new Date(windowStart))));
}

/** A limit and the keys one request is counted under (an IP, an email key, a phone key). */
export type Count = readonly [limit: Limit, keys: readonly (string | null)[]];

/** One key a request is counted under: its row in rate_limit_hits and the most its limit allows. */
export type Hit = { key: string; windowStart: Date; max: number; limit: Limit };

/** The rows a request counts under these limits (a key named twice counts once). */
export function hitsOf(counts: readonly Count[], now: number): Hit[] {
  const rows = new Map<string, Hit>();
  for (const [limit, keys] of counts) {
    const windowStart = new Date(Math.floor(now / limit.windowMs) * limit.windowMs);
    // a typed email is whatever the client wrote: bounded so it cannot bloat the key; an IPv6
    // client counts as its /64, whichever of its addresses it sends from (decision 038)
    for (const k of keys) {
      const key = `${limit.name}:${limitAddress(k ?? 'unknown').slice(0, 254)}`;
      rows.set(key, { key, windowStart, max: limit.max, limit });
    }
  }
  return [...rows.values()];
}

/** Deletes the finished windows of these limits, at most once a sweep interval per instance. */
export async function sweepFinishedWindows(db: Db, counts: readonly Count[], now: number): Promise<void> {
  for (const [limit] of counts) await sweep(db, limit, now, Math.floor(now / limit.windowMs) * limit.windowMs);
}

/**
 * Counts one hit for each key under each limit, all in one statement, and throws RateLimited when
 * any of them is over its limit (the first such limit's message). Call it before the write it
 * guards, outside its transaction: a refused request writes nothing but its count. (A plain
 * booking counts its hits in its own statement instead: bookings/booking-write.ts.)
 */
export async function takeHitsUnder(db: Db, counts: readonly Count[], now = Date.now()): Promise<void> {
  const hits = hitsOf(counts, now);
  if (hits.length === 0) return;
  // every key of every limit in one statement: one round trip however many a write is counted under
  const values = Object.fromEntries(hits.flatMap((hit, i) => [[`key${i}`, hit.key], [`window${i}`, hit.windowStart]]));
  const counted = (await countHits(db, hits.length).execute(values)) as { key: string; hits: number }[];
  await sweepFinishedWindows(db, counts, now);
  for (const [limit] of counts) {
    const over = counted.find((row) => hits.find((hit) => hit.key === row.key)?.limit === limit && Number(row.hits) > limit.max);
    const windowStart = Math.floor(now / limit.windowMs) * limit.windowMs;
    if (over) throw rateLimited(limit.says, Math.max(1, Math.ceil((windowStart + limit.windowMs - now) / 1000)));
  }
}

/** The upsert that counts one hit on each of `size` keys, prepared once per size (db/prepared.ts). */
function countHits(db: Db, size: number): Prepared {
  return preparedStatement(db, `rate-limit-hits:${size}`, (name) =>
    db
      .insert(rateLimitHits)
      .values(Array.from({ length: size }, (_, i) => ({ key: sql.placeholder(`key${i}`), windowStart: sql.placeholder(`window${i}`), hits: 1 })))
      .onConflictDoUpdate({ target: [rateLimitHits.key, rateLimitHits.windowStart], set: { hits: sql`${rateLimitHits.hits} + 1` } })
      .returning({ key: rateLimitHits.key, hits: rateLimitHits.hits })
      .prepare(name),
  );
}

/** Counts one hit for each key under one limit (takeHitsUnder with a single limit). */
export function takeHits(db: Db, limit: Limit, keys: readonly (string | null)[], now = Date.now()): Promise<void> {
  return takeHitsUnder(db, [[limit, keys]], now);
}

/** A rolling limit counts its hits in buckets of an hour. */
const rollingBucketMs = 3_600_000;
const rollingSweeps = new Map<string, number>();

/**
 * Counts one hit on a key in the caller's transaction (nothing counted if it rolls back) and
 * answers whether the hits of the last `windowMs`, in hour-long buckets, are within the limit.
 * Never throws: for a quiet limit, where what is over it is left out rather than refused (decision
 * 042). Exact beside concurrent hits: only the current bucket changes, under its row's lock.
 */
export async function withinRollingLimit(tx: DbOrTx, limit: Limit, key: string, now = Date.now()): Promise<boolean> {
  const full = `${limit.name}:${key.slice(0, 254)}`;
  const bucket = new Date(Math.floor(now / rollingBucketMs) * rollingBucketMs);
  const [counted] = await tx
    .insert(rateLimitHits)
    .values({ key: full, windowStart: bucket, hits: 1 })
    .onConflictDoUpdate({ target: [rateLimitHits.key, rateLimitHits.windowStart], set: { hits: sql`${rateLimitHits.hits} + 1` } })
    .returning({ hits: rateLimitHits.hits });
  const since = new Date(bucket.getTime() - limit.windowMs + rollingBucketMs);
  const [earlier] = await tx
    .select({ hits: sql<number>`coalesce(sum(${rateLimitHits.hits}), 0)::int` })
    .from(rateLimitHits)
    .where(and(eq(rateLimitHits.key, full), gte(rateLimitHits.windowStart, since), lt(rateLimitHits.windowStart, bucket)));
  // this limit's buckets older than its window, at most once a bucket per instance
  if (Math.abs(now - (rollingSweeps.get(limit.name) ?? -Infinity)) >= rollingBucketMs) {
    rollingSweeps.set(limit.name, now);
    const prefix = `${limit.name}:`;
    await tx.delete(rateLimitHits).where(and(sql`left(${rateLimitHits.key}, ${prefix.length}) = ${prefix}`, lt(rateLimitHits.windowStart, since)));
  }
  return counted!.hits + Number(earlier?.hits ?? 0) <= limit.max;
}

/** The client's address as a limit's key (an IPv6 address is counted per /64 by `hitsOf`). */
export function ipKey(c: Context): string {
  return clientIp(c) ?? 'unknown';
}

/** A per-IP limit in front of a route: over it, a 429 with the message and Retry-After. */
export function rateLimit(options: RateLimitOptions): MiddlewareHandler {
  const { db, now, ...limit } = options;
  return async (c, next) => {
    try {
      await takeHits(db, limit, [ipKey(c)], now?.() ?? Date.now());
    } catch (err) {
      if (!(err instanceof RateLimited)) throw err;
      c.header('retry-after', String(err.retryAfterSeconds));
      return c.json(errorBody(err), 429);
    }
    await next();
  };
}
