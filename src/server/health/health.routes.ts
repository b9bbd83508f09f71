// GET /api/health, for a load balancer and an owner's monitor: 200 while the database answers,
// 503 when it does not; and what this instance's background jobs last did (job-status.ts). One
// query: the benchmarks' yardstick of a request's round trip (docs/benchmarks.md).
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { contracts } from '../../shared/api';
import type { Database } from '../db/client';
import type { AppEnv } from '../http';
import { jobStatus } from '../job-status';

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
    const body = { status: answered ? ('ok' as const) : ('unavailable' as const), database: deps.database.kind, time: now.toISOString(), jobs: jobStatus(now) };
    return c.json(body, answered ? 200 : 503);
  });
}
