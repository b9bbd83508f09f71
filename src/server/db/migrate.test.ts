// Two instances starting at once on a fresh PostgreSQL database both migrate: one at a time.
import { describe, expect, it } from 'vitest';
import { createFreshPostgres } from '../../../tests/helpers/fresh-postgres';
import { openDatabase } from './client';

const url = process.env.TEST_DATABASE_URL;

describe('migrations on PostgreSQL', () => {
  if (!url) {
    it('needs TEST_DATABASE_URL (a PostgreSQL server both instances share)', (ctx) => {
      // a printed reason: CI sets TEST_DATABASE_URL, so this runs there
      console.log('migrate.test: skipped, needs TEST_DATABASE_URL (a PostgreSQL server both instances share)');
      ctx.skip();
    });
    return;
  }
  it('two instances migrating the same fresh database at once both succeed', async () => {
    const fresh = await createFreshPostgres(url);
    const a = await openDatabase({ kind: 'postgres', url: fresh.url });
    const b = await openDatabase({ kind: 'postgres', url: fresh.url });
    try {
      await expect(Promise.all([a.migrate(), b.migrate()])).resolves.toBeDefined();
    } finally {
      await a.close();
      await b.close();
      await fresh.drop();
    }
  });
});
