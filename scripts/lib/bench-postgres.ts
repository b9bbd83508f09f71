// Throw-away PostgreSQL databases for the benchmarks: `wd_bench_<timestamp>` on the local server
// (127.0.0.1:5432, user postgres, trust auth), dropped afterwards. BENCH_PG_URL overrides the
// maintenance connection.
import pg from 'pg';
import { createFreshPostgres, type FreshPostgres } from '../../tests/helpers/fresh-postgres';

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

export type BenchDatabase = FreshPostgres;

/** A throw-away database `wd_bench_<timestamp>[_<suffix>]_<random>`, made as the tests make theirs. */
export async function createBenchDatabase(suffix = ''): Promise<BenchDatabase> {
  return createFreshPostgres(benchPgAdminUrl, `wd_bench_${Date.now()}${suffix ? `_${suffix}` : ''}`);
}
