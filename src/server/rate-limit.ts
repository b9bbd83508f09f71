// A fixed-window rate limit per client IP, for guessable public endpoints (DESIGN.md 6). The
// count lives in PostgreSQL (rate_limit_hits), so every app instance shares one limit
// (DESIGN.md 8): `max` is the total across instances, not `max` per instance.
import { and, lt, sql } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import type { Db } from './db/client';
import { rateLimitHits } from './db/schema';
import { clientIp } from './http';

export type RateLimitOptions = {
  db: Db;
  /** Names the limit: two limits on one IP count apart. */
  name: string;
  windowMs: number;
  max: number;
  message: string;
  now?: () => number;
};

/** How often one instance deletes its limit's finished windows (at most). */
export const sweepEveryMs = 60_000;

/** Counts one hit in the current window, atomically across instances; answers the window's count. */
export async function countHit(db: Db, key: string, windowStart: Date): Promise<number> {
  const [row] = await db
    .insert(rateLimitHits)
    .values({ key, windowStart, hits: 1 })
    .onConflictDoUpdate({ target: [rateLimitHits.key, rateLimitHits.windowStart], set: { hits: sql`${rateLimitHits.hits} + 1` } })
    .returning({ hits: rateLimitHits.hits });
  return Number(row?.hits ?? 1);
}

export function rateLimit(options: RateLimitOptions): MiddlewareHandler {
  const { db, name, windowMs, max } = options;
  const prefix = `${name}:`;
  let lastSweep = -Infinity;
  return async (c, next) => {
    const now = options.now?.() ?? Date.now();
    const windowStart = Math.floor(now / windowMs) * windowMs;
    // a forwarded address is whatever the client wrote: bounded so it cannot bloat the key
    const key = prefix + (clientIp(c) ?? 'unknown').slice(0, 64);
    const hits = await countHit(db, key, new Date(windowStart));
    if (Math.abs(now - lastSweep) >= Math.max(windowMs, sweepEveryMs)) {
      lastSweep = now;
      // finished windows of this limit only: another limit may have a longer window
      await db
        .delete(rateLimitHits)
        .where(and(sql`left(${rateLimitHits.key}, ${prefix.length}) = ${prefix}`, lt(rateLimitHits.windowStart, new Date(windowStart))));
    }
    if (hits > max) {
      c.header('retry-after', String(Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000))));
      return c.json({ error: { code: 'rate_limited', message: options.message } }, 429);
    }
    await next();
  };
}
