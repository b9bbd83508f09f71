// A fixed-window rate limit per client IP, for guessable public endpoints (DESIGN.md 6).
// In memory per instance: with several instances each allows `max`; good enough for guessing.
import type { MiddlewareHandler } from 'hono';
import { clientIp } from './http';

export function rateLimit(options: { windowMs: number; max: number; message: string; now?: () => number }): MiddlewareHandler {
  const hits = new Map<string, { count: number; resetAt: number }>();
  return async (c, next) => {
    const now = options.now?.() ?? Date.now();
    const key = clientIp(c) ?? 'unknown';
    let entry = hits.get(key);
    if (!entry || entry.resetAt <= now) {
      if (hits.size > 10_000) for (const [k, v] of hits) if (v.resetAt <= now) hits.delete(k);
      entry = { count: 0, resetAt: now + options.windowMs };
      hits.set(key, entry);
    }
    entry.count += 1;
    if (entry.count > options.max) {
      c.header('retry-after', String(Math.ceil((entry.resetAt - now) / 1000)));
      return c.json({ error: { code: 'rate_limited', message: options.message } }, 429);
    }
    await next();
  };
}
