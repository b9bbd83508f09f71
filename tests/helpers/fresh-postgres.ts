// A fresh, empty PostgreSQL database on the server of an administrative connection: the one way
// the API tests (TEST_DATABASE_URL, test-app.ts), the tests that need the database's address itself
// (several pools or processes on one database) and the benchmarks (scripts/lib/bench-postgres.ts)
// make one. Dropping it twice is harmless.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export type FreshPostgres = { name: string; url: string; drop: () => Promise<void> };

/** `template`: a database to copy (a migrated one, test-databases.setup.ts) instead of an empty one. */
export async function createFreshPostgres(adminUrl: string, prefix = 'washday_t', template = ''): Promise<FreshPostgres> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  if (!/^[a-z0-9_]+$/.test(name) || !/^[a-z0-9_]*$/.test(template)) throw new Error(`bad database name ${name} ${template}`);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(template ? `CREATE DATABASE "${name}" TEMPLATE "${template}"` : `CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let dropped = false;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      if (dropped) return;
      dropped = true;
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}
