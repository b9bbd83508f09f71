// Restoring a backup (decisions 025 and 040): the payload is restored aside first, a PGlite data
// directory beside the target or one PostgreSQL transaction, and checked to be a Washday database;
// only then does it replace what is there. A file that does not restore leaves the target as it was.
import fs from 'node:fs';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { acquireDataDirLock } from '../db/lock';
import { runPgTool } from '../db/pg-tools';
import { BackupError } from './envelope';

const reason = (err: unknown) => (err instanceof Error ? err.message : String(err)).split('\n')[0]!.slice(0, 300);

/** Restores a PGlite backup into `dataDir` (its `pglite` folder), empty unless forced. Not while a server holds the directory. */
export async function restorePglite(payload: Buffer, dataDir: string, options: { force: boolean }): Promise<void> {
  const release = acquireDataDirLock(dataDir);
  try {
    const target = path.join(dataDir, 'pglite');
    if (fs.existsSync(target) && fs.readdirSync(target).length > 0 && !options.force)
      throw new BackupError(`${target} is not empty: restore refuses to overwrite it. Use --force to replace it, or another DATA_DIR.`);
    const aside = path.join(dataDir, 'pglite.restoring');
    fs.rmSync(aside, { recursive: true, force: true });
    fs.mkdirSync(aside, { mode: 0o700 });
    try {
      await restoreAside(payload, aside);
    } catch (err) {
      fs.rmSync(aside, { recursive: true, force: true });
      throw new BackupError(`The backup does not restore (${reason(err)}): nothing was changed.`);
    }
    // the checked copy takes the target's place
    const old = path.join(dataDir, 'pglite.replaced');
    fs.rmSync(old, { recursive: true, force: true });
    if (fs.existsSync(target)) fs.renameSync(target, old);
    fs.renameSync(aside, target);
    fs.rmSync(old, { recursive: true, force: true });
  } finally {
    release();
  }
}

/** PGlite's dump (a gzipped tarball of its data directory) made a data directory in `dir`, which must hold a Washday database. */
async function restoreAside(payload: Buffer, dir: string): Promise<void> {
  // gunzipped here first: PGlite's own gunzip leaves its failure unhandled, which ends the process
  await pipeline(Readable.from([payload]), createGunzip(), new Writable({ write: (_chunk, _encoding, done) => done() }));
  const [{ PGlite }, { pg_trgm }] = await Promise.all([import('@electric-sql/pglite'), import('@electric-sql/pglite/contrib/pg_trgm')]);
  const client = await PGlite.create(dir, { extensions: { pg_trgm }, loadDataDir: new Blob([new Uint8Array(payload)]) });
  try {
    // a Washday database: its migrations are there
    const { rows } = await client.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
    if (!rows[0]?.n) throw new Error('it holds no Washday migrations');
  } finally {
    await client.close();
  }
}

/**
 * Restores a pg_dump backup into the database at `url`, empty unless forced (then replaced object by
 * object). The archive must list a Washday database's tables, and it is restored in one transaction:
 * if any of it fails, the database is as it was.
 */
export async function restorePostgres(payload: Buffer, url: string, options: { force: boolean }): Promise<void> {
  const toc = await runPgTool('pg_restore', ['--list'], { input: payload }).catch((err: unknown) => {
    throw new BackupError(`The backup does not restore (${reason(err)}): nothing was changed.`);
  });
  const lists = (entry: string) => toc.toString().split('\n').some((line) => line.includes(` ${entry} `));
  if (!lists('TABLE DATA drizzle __drizzle_migrations') || !lists('TABLE public bookings'))
    throw new BackupError('The backup does not restore (it is not a Washday database: no migrations or bookings in it): nothing was changed.');

  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect().catch((err: Error) => {
    throw new BackupError(`Cannot reach the database to restore into (${err.message}).`);
  });
  try {
    const { rows } = await client.query<{ n: string }>("select count(*) as n from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')");
    if (Number(rows[0]!.n) > 0 && !options.force) throw new BackupError('The database to restore into is not empty: restore refuses to overwrite it. Use --force to replace its contents, or an empty database.');
  } finally {
    await client.end();
  }
  await runPgTool('pg_restore', ['--no-owner', '--no-privileges', '--single-transaction', ...(options.force ? ['--clean', '--if-exists'] : [])], { url, input: payload }).catch((err: unknown) => {
    throw new BackupError(`The backup does not restore (${reason(err)}): nothing was changed.`);
  });
}
