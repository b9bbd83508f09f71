// Throw-away PostgreSQL databases for the benchmarks: `wd_bench_<timestamp>` on the local server
// (127.0.0.1:5432, user postgres, trust auth), dropped afterwards. BENCH_PG_URL overrides the
// maintenance connection.
import pg from 'pg';

export const benchPgAdminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** `select version()` of the benchmark PostgreSQL, or null when it cannot be reached. */
export async function postgresVersion(): Promise<string | null> {
  const client = new pg.Client({ connectionString: benchPgAdminUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    const { rows } = await client.query<{ version: string }>('select version()');
    return rows[0]?.version ?? null;
  } catch {
    return null;
  } finally {
    await client.end().catch(() => {});
  }
}

export type BenchDatabase = { name: string; url: string; drop(): Promise<void> };

export async function createBenchDatabase(suffix = ''): Promise<BenchDatabase> {
  const name = `wd_bench_${Date.now()}${suffix ? `_${suffix}` : ''}`;
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`bad database name ${name}`);
  const admin = new pg.Client({ connectionString: benchPgAdminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(benchPgAdminUrl);
  url.pathname = `/${name}`;
  let dropped = false;
  return {
    name,
    url: url.toString(),
    async drop() {
      if (dropped) return;
      dropped = true;
      const c = new pg.Client({ connectionString: benchPgAdminUrl });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}
