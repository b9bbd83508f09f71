// The database factory: PGlite (embedded, the offline default) or PostgreSQL. Same schema,
// same migrations, same SQL (docs/design.md 1).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';
import { acquireDataDirLock } from './lock';
import { runPgTool } from './pg-tools';
import { pgliteTemplatePath, startFromTemplate, writePgliteTemplate } from './pglite-template';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction of Db, and either: what a service that joins its caller's transaction takes. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** The whole database as one file's worth of bytes (decision 025): PGlite's own dump of its data directory, or pg_dump's custom format. */
  dump(): Promise<Buffer>;
};

export type DatabaseOptions =
  | {
      kind: 'pglite';
      dataDir: string | null /* null: in memory */;
      /** The server build, which holds the template a new data directory starts from (pglite-template.ts). */
      serverBuildDir?: string;
      /** An in-memory database that starts as this dump of another (dumpDataDir): the tests' migrated template. */
      loadDataDir?: Blob;
    }
  | { kind: 'postgres'; url: string; maxConnections?: number };

// beside this module: src/server/db/migrations, or dist/server/migrations in the built server
// (scripts/build-server.ts copies them next to its output)
export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** PGlite and its drizzle driver, loaded only by the databases that use them (not with pg). */
async function loadPglite() {
  const [{ PGlite }, { pg_trgm }, { drizzle }, { migrate }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  // pg_trgm: the back office's free-text search index (PostgreSQL ships it in contrib)
  const create = (dataDir?: string, loadDataDir?: Blob): Promise<PGlite> =>
    dataDir ? PGlite.create(dataDir, { extensions: { pg_trgm } }) : PGlite.create({ extensions: { pg_trgm }, ...(loadDataDir ? { loadDataDir } : {}) });
  return { create, drizzle, migrate };
}

/** node-postgres and its drizzle driver, loaded only by the PostgreSQL databases. */
async function loadPg() {
  const [{ default: pg }, { drizzle }, { migrate }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  return { pg, drizzle, migrate };
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    const { pg, drizzle: drizzlePg, migrate: migratePg } = await loadPg();
    // decision 061: a database that does not answer fails a request within seconds (then 503,
    // "try again"), never hangs it: 5 s to connect, 30 s for a statement in the server, 35 s in all
    const pool = new pg.Pool({ connectionString: options.url, max: options.maxConnections ?? 10, connectionTimeoutMillis: 5_000, statement_timeout: 30_000, query_timeout: 35_000 });
    // an idle client's error (server restart) must not crash the process
    pool.on('error', () => {});
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      // several instances may start at once: one migrates at a time (an advisory lock), the
      // others then find the migrations applied
      // on a connection of its own, without the requests' time limits: a migration may build an
      // index on a large table
      migrate: async () => {
        const client = new pg.Client({ connectionString: options.url, connectionTimeoutMillis: 10_000 });
        await client.connect();
        try {
          await client.query('select pg_advisory_lock(727270001)');
          await migratePg(drizzlePg({ client, schema }), { migrationsFolder });
        } finally {
          await client.query('select pg_advisory_unlock(727270001)').catch(() => undefined);
          await client.end();
        }
      },
      close: () => pool.end(),
      dump: () => pgDump(options.url),
    };
  }
  const release = options.dataDir ? acquireDataDirLock(options.dataDir) : () => {};
  try {
    const pgDataDir = options.dataDir ? path.join(options.dataDir, 'pglite') : undefined;
    const [{ create, drizzle: drizzlePglite, migrate: migratePglite }] = await Promise.all([
      loadPglite(),
      pgDataDir ? startFromTemplate(pgDataDir, options.serverBuildDir, migrationsFolder) : false,
    ]);
    // decision 040: PGlite makes its files readable and writable by everyone (0666), whatever the
    // umask: its folder is its user's alone, so nobody else reaches them
    if (pgDataDir) {
      fs.mkdirSync(pgDataDir, { recursive: true, mode: 0o700 });
      fs.chmodSync(pgDataDir, 0o700);
    }
    const client = await create(pgDataDir, options.loadDataDir);
    const typed = drizzlePglite({ client, schema });
    return {
      db: typed as unknown as Db,
      kind: 'pglite',
      migrate: () => migratePglite(typed, { migrationsFolder }),
      dump: async () => Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer()),
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

/**
 * Makes the template a new PGlite data directory starts from (pglite-template.ts) in `buildDir`:
 * what a first start makes, a new cluster with the migrations applied, by the same code.
 */
export async function createPgliteTemplate(buildDir: string): Promise<string> {
  const template = pgliteTemplatePath(buildDir, migrationsFolder);
  const { create, drizzle: drizzlePglite, migrate: migratePglite } = await loadPglite();
  await writePgliteTemplate(template, async (dir) => {
    const client = await create(dir);
    try {
      await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder });
    } finally {
      await client.close();
    }
  });
  return template;
}

/** The rows of a raw `execute` result: node-postgres and PGlite both answer `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** pg_dump in its custom format (what pg_restore reads), without owners or grants: another server's roles may differ. */
export function pgDump(url: string): Promise<Buffer> {
  return runPgTool('pg_dump', ['--format=custom', '--no-owner', '--no-privileges'], { url });
}
