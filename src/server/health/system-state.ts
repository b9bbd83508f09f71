// What the system's state is (decision 061): the one assessment behind the load balancer's
// /api/health and the back office's System card. Each reason is said in words a person acts on.
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import type { SchemaState, SchemaWatch } from '../db/schema-version';
import { isDraining, jobStatus, lastBackup, type JobBeat } from '../job-status';
import { mailTrouble, outboxHealth } from '../notifications/outbox.service';

/** Within the 2 s a load balancer's check allows, with time to answer. */
const databaseWaitMs = 1_500;

const within = <T>(p: Promise<T>, ms: number): Promise<T> =>
  Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms).unref())]);

export type SystemState = {
  status: 'ok' | 'degraded' | 'draining' | 'unavailable' | 'outdated';
  reasons: string[];
  database: Database['kind'];
  time: string;
  jobs: Record<'background' | 'outbox', JobBeat & { behind: boolean }> | null;
  /** This instance's last nightly backup, null before its first. */
  lastBackup: { at: string; ok: boolean; error: string | null } | null;
  /** The outbox now: waiting or being sent, and given up for good (null when the database did not answer). */
  outbox: { waiting: number; failed: number } | null;
  schema: SchemaState | null;
};

export async function assessSystem(deps: { database: Database; schema: SchemaWatch }, now: Date, onDatabaseError: (err: unknown) => void): Promise<SystemState> {
  const jobs = jobStatus(now);
  const base = { database: deps.database.kind, time: now.toISOString(), jobs, lastBackup: lastBackup() };
  // shutting down: a load balancer stops sending here while the requests in flight finish
  if (isDraining()) return { status: 'draining', reasons: ['this instance is shutting down'], ...base, outbox: null, schema: null };
  let found: { schema: SchemaState; mail: string | null; outbox: { waiting: number; failed: number } };
  try {
    found = await within(
      (async () => {
        await deps.database.db.execute(sql`select 1`);
        const counts = await outboxHealth(deps.database.db, now);
        return { schema: await deps.schema.state(), mail: mailTrouble(counts), outbox: { waiting: counts.waiting, failed: counts.failed } };
      })(),
      databaseWaitMs,
    );
  } catch (err) {
    onDatabaseError(err);
    return { status: 'unavailable', reasons: ['the database does not answer'], ...base, outbox: null, schema: null };
  }
  const { schema, outbox } = found;
  if (schema.outdated)
    return { status: 'outdated', reasons: [`the database was migrated by a newer release (${schema.database} migrations; this release knows ${schema.release}): this instance writes nothing, replace it`], ...base, outbox, schema };
  const reasons: string[] = [];
  for (const [name, beat] of Object.entries(jobs ?? {})) if (beat.behind) reasons.push(`the ${name} job has not finished a round since ${beat.lastRunAt}`);
  if (found.mail) reasons.push(found.mail);
  const backup = base.lastBackup;
  if (backup && !backup.ok) reasons.push(`the nightly backup of ${backup.at} failed: ${backup.error}`);
  return { status: reasons.length ? 'degraded' : 'ok', reasons, ...base, outbox, schema };
}
