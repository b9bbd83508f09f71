import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { contracts } from '../../shared/api';
import type { Database } from '../db/client';
import type { AppEnv } from '../http';

export function healthRoutes(deps: { database: Database }) {
  return new Hono<AppEnv>().get(contracts.health.path, async (c) => {
    await deps.database.db.execute(sql`select 1`);
    return c.json({ status: 'ok' as const, database: deps.database.kind, time: new Date().toISOString() });
  });
}
