// Which schema this release was built for, and whether the database is ahead of it (decision 061):
// a release knows its migrations (their journal, copied beside the built server); the database
// knows the ones applied. An older release on a newer database reads, but refuses to write.
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { migrationsFolder, rowsOf, type Db } from './client';

let journal: number | null = null;

/** How many migrations this release has. */
export function releaseMigrations(): number {
  journal ??= (JSON.parse(fs.readFileSync(`${migrationsFolder}/meta/_journal.json`, 'utf8')) as { entries: unknown[] }).entries.length;
  return journal;
}

/** How many migrations the database has applied (0 before the first). */
export async function appliedMigrations(db: Db): Promise<number> {
  const [row] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`));
  return Number(row?.n ?? 0);
}

export type SchemaState = { release: number; database: number; outdated: boolean };

/**
 * The database's schema as this process last read it, read again at most every `everyMs`: a
 * release deployed beside this one may migrate the database at any time.
 */
export function createSchemaWatch(db: Db, everyMs = 15_000) {
  let last: { at: number; state: SchemaState } | null = null;
  let reading: Promise<SchemaState> | null = null;
  return {
    state(): Promise<SchemaState> {
      if (last && performance.now() - last.at < everyMs) return Promise.resolve(last.state);
      reading ??= appliedMigrations(db)
        .then((database) => {
          const state = { release: releaseMigrations(), database, outdated: database > releaseMigrations() };
          last = { at: performance.now(), state };
          return state;
        })
        .finally(() => {
          reading = null;
        });
      return reading;
    },
  };
}

export type SchemaWatch = ReturnType<typeof createSchemaWatch>;

/** PostgreSQL's "relation does not exist" and "schema does not exist": nothing migrated yet. */
export function notMigratedYet(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return ['42P01', '3F000'].includes(e.code ?? e.cause?.code ?? '');
}

/** The migrations applied, 0 on a database never migrated. */
export async function appliedMigrationsOrNone(db: Db): Promise<number> {
  return appliedMigrations(db).catch((err: unknown) => {
    if (notMigratedYet(err)) return 0;
    throw err;
  });
}
