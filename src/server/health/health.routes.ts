// GET /api/health, for a load balancer and an owner's monitor (docs/deploy.md 6, decision 061):
// - 200 `ok`: serving, nothing needs attention;
// - 207 `degraded`: serving, but something needs attention, each named in `reasons` (a job behind,
//   mail failing, the last nightly backup failed): a load balancer keeps sending (accept 200-299),
//   a monitor alerts on anything but 200;
// - 503 `draining` (shutting down), `unavailable` (the database did not answer within 1.5 s) or
//   `outdated` (the database was migrated by a newer release: replace this instance).
// Also what this instance's background jobs last did (job-status.ts).
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { contracts } from '../../shared/api';
import type { Database } from '../db/client';
import type { SchemaWatch } from '../db/schema-version';
import type { AppEnv } from '../http';
import { isDraining, jobStatus, lastBackup } from '../job-status';
import { mailTrouble } from '../notifications/outbox.service';

/** Within the 2 s a load balancer's check allows, with time to answer. */
const databaseWaitMs = 1_500;

const within = <T>(p: Promise<T>, ms: number): Promise<T> =>
  Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms).unref())]);

export function healthRoutes(deps: { database: Database; schema: SchemaWatch }) {
  return new Hono<AppEnv>().get(contracts.health.path, async (c) => {
    const now = new Date();
    const jobs = jobStatus(now);
    const base = { database: deps.database.kind, time: now.toISOString(), jobs };
    // shutting down: a load balancer stops sending here while the requests in flight finish
    if (isDraining()) return c.json({ status: 'draining' as const, reasons: ['this instance is shutting down'], ...base }, 503);
    let found: { schema: Awaited<ReturnType<SchemaWatch['state']>>; mail: string | null };
    try {
      found = await within(
        (async () => {
          await deps.database.db.execute(sql`select 1`);
          return { schema: await deps.schema.state(), mail: await mailTrouble(deps.database.db, now) };
        })(),
        databaseWaitMs,
      );
    } catch (err) {
      c.var.log.error({ err }, 'health: the database did not answer');
      return c.json({ status: 'unavailable' as const, reasons: ['the database does not answer'], ...base }, 503);
    }
    if (found.schema.outdated)
      return c.json({ status: 'outdated' as const, reasons: [`the database was migrated by a newer release (${found.schema.database} migrations; this release knows ${found.schema.release}): this instance writes nothing, replace it`], ...base }, 503);
    const reasons: string[] = [];
    for (const [name, beat] of Object.entries(jobs ?? {})) if (beat.behind) reasons.push(`the ${name} job has not finished a round since ${beat.lastRunAt}`);
    if (found.mail) reasons.push(found.mail);
    const backup = lastBackup();
    if (backup && !backup.ok) reasons.push(`the nightly backup of ${backup.at} failed: ${backup.error}`);
    return reasons.length ? c.json({ status: 'degraded' as const, reasons, ...base }, 207) : c.json({ status: 'ok' as const, reasons, ...base }, 200);
  });
}
