// GET /api/health, for a load balancer and an owner's monitor: 200 while the database answers,
// 503 when it does not or while the process shuts down (draining); and what this instance's
// background jobs last did (job-status.ts). One
// query: the benchmarks' yardstick of a request's round trip (docs/benchmarks.md).
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { contracts } from '../../shared/api';
import type { Database } from '../db/client';
import type { AppEnv } from '../http';
import { isDraining, jobStatus } from '../job-status';

export function healthRoutes(deps: { database: Database }) {
  return new Hono<AppEnv>().get(contracts.health.path, async (c) => {
    const now = new Date();
    const answered = await deps.database.db.execute(sql`select 1`).then(
      () => true,
      (err: unknown) => {
        c.var.log.error({ err }, 'health: the database did not answer');
        return false;
      },
    );
    // shutting down: a load balancer stops sending here while the requests in flight finish
    const status = isDraining() ? ('draining' as const) : answered ? ('ok' as const) : ('unavailable' as const);
    const body = { status, database: deps.database.kind, time: now.toISOString(), jobs: jobStatus(now) };
    return c.json(body, status === 'ok' ? 200 : 503);
  });
}
