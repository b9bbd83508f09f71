// A fresh, empty PostgreSQL database on the server of TEST_DATABASE_URL, for tests that need the
// database's address itself (several connection pools or several processes on one database).
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export type FreshPostgres = { name: string; url: string; drop: () => Promise<void> };

export async function createFreshPostgres(adminUrl: string, prefix = 'washday_t'): Promise<FreshPostgres> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
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
