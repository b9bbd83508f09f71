// The database factory: PGlite (embedded, the offline default) or PostgreSQL. Same schema,
// same migrations, same SQL (DESIGN.md 1).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';
import { acquireDataDirLock } from './lock';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
};

export type DatabaseOptions =
  | { kind: 'pglite'; dataDir: string | null /* null: in memory */ }
  | { kind: 'postgres'; url: string; maxConnections?: number };

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: options.url, max: options.maxConnections ?? 10 });
    // an idle client's error (server restart) must not crash the process
    pool.on('error', () => {});
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      // several instances may start at once: one migrates at a time (an advisory lock), the
      // others then find the migrations applied
      migrate: async () => {
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock(727270001)');
          await migratePg(drizzlePg({ client, schema }), { migrationsFolder });
        } finally {
          await client.query('select pg_advisory_unlock(727270001)').catch(() => undefined);
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }
  const release = options.dataDir ? acquireDataDirLock(options.dataDir) : () => {};
  try {
    // pg_trgm: the back office's free-text search index (PostgreSQL ships it in contrib)
    const extensions = { pg_trgm };
    const client = options.dataDir
      ? await PGlite.create(path.join(options.dataDir, 'pglite'), { extensions })
      : await PGlite.create({ extensions });
    const typed = drizzlePglite({ client, schema });
    return {
      db: typed as unknown as Db,
      kind: 'pglite',
      migrate: () => migratePglite(typed, { migrationsFolder }),
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}

/** The rows of a raw `execute` result: node-postgres and PGlite both answer `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
