import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, bothDatabaseKinds } from '../../../tests/helpers/test-app';
import type { Database } from './client';
import { rowsOf } from './client';
import { preparedStatement } from './prepared';

const notes = pgTable('prepared_test_notes', {
  id: integer('id').primaryKey(),
  body: text('body'),
  meta: jsonb('meta'),
  at: timestamp('at', { withTimezone: true, mode: 'string' }),
  ok: boolean('ok'),
});

// what a stranger may type into a form: quotes, backslashes, a statement's end, non-Latin text
const awkward = [`O'Brien`, `back\\slash \\' and ''`, `'); drop table prepared_test_notes; --`, 'Zoë 🧺 "quoted" $1 $$ E\'x\''];

describe.each(bothDatabaseKinds)('prepared statements (%s; decisions 020, 049)', (kind) => {
  let database: Database & { dispose: () => Promise<void> };
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await database.db.execute(sql`create table prepared_test_notes (id integer primary key, body text, meta jsonb, at timestamptz, ok boolean)`);
  });
  afterAll(async () => {
    await database?.dispose();
  });

  let insertNoteName = '';
  const insertNote = (db: Database['db']) =>
    preparedStatement(db, 'test-notes-insert', (name) => {
      insertNoteName = name;
      return db
        .insert(notes)
        .values({ id: sql.placeholder('id'), body: sql.placeholder('body'), meta: sql.placeholder('meta'), at: sql.placeholder('at'), ok: sql.placeholder('ok') })
        .returning({ id: notes.id, body: notes.body, meta: notes.meta, ok: notes.ok })
        .prepare(name);
    });

  it('stores every value exactly as given and answers the returned rows', async () => {
    const db = database.db;
    const answered: unknown[] = [];
    for (const [i, body] of awkward.entries()) {
      const meta = { body, n: i, nested: { list: [1, 'two'] } };
      answered.push(...((await insertNote(db).execute({ id: i + 1, body, meta, at: '2026-11-27T06:00:00.000Z', ok: i % 2 === 0 })) as unknown[]));
    }
    expect(answered).toEqual(awkward.map((body, i) => ({ id: i + 1, body, meta: { body, n: i, nested: { list: [1, 'two'] } }, ok: i % 2 === 0 })));
    const stored = rowsOf<{ body: string; at: string }>(await db.execute(sql`select body, to_char(at at time zone 'UTC', 'YYYY-MM-DD HH24:MI') as at from prepared_test_notes order by id`));
    expect(stored).toEqual(awkward.map((body) => ({ body, at: '2026-11-27 06:00' })));
    // null values, and the table is still there after the "drop table" text
    await insertNote(db).execute({ id: 99, body: null, meta: null, at: null, ok: null });
    expect(rowsOf(await db.execute(sql`select body, meta, at, ok from prepared_test_notes where id = 99`))).toEqual([{ body: null, meta: null, at: null, ok: null }]);
    if (kind === 'pglite') {
      // decision 049: PGlite gets the text with its values bound, nothing prepared with SQL's PREPARE
      expect(rowsOf(await db.execute(sql`select name from pg_prepared_statements`))).toEqual([]);
    }
  });

  it('twenty calls at once on a statement never used before all run: it is built once, and each call sends its own values', async () => {
    const db = database.db;
    const insertBody = (id: number) =>
      preparedStatement(db, 'test-notes-insert-body', (name) => db.insert(notes).values({ id: sql.placeholder('id'), body: sql.placeholder('body') }).prepare(name)).execute({ id, body: `note ${id}` });
    await Promise.all(Array.from({ length: 20 }, (_, i) => insertBody(1000 + i)));
    expect(rowsOf(await db.execute(sql`select count(*)::int as n from prepared_test_notes where id between 1000 and 1019`))).toEqual([{ n: 20 }]);
  });

  it('inside a transaction the statement is the transaction own, and is rolled back with it', async () => {
    await database.db
      .transaction(async (tx) => {
        await insertNote(tx as unknown as Database['db']).execute({ id: 200, body: `it's in`, meta: { a: 1 }, at: null, ok: true });
        expect(rowsOf(await tx.execute(sql`select body from prepared_test_notes where id = 200`))).toEqual([{ body: `it's in` }]);
        if (kind === 'postgres') {
          // decision 020: a named statement of the protocol on this connection, its values bound parameters
          const prepared = rowsOf<{ from_sql: boolean; parameter_types: string }>(await tx.execute(sql`select from_sql, parameter_types::text from pg_prepared_statements where name = ${insertNoteName}`));
          expect(prepared).toEqual([{ from_sql: false, parameter_types: '{integer,text,jsonb,"timestamp with time zone",boolean}' }]);
        }
        throw new Error('roll back');
      })
      .catch((err: Error) => expect(err.message).toBe('roll back'));
    expect(rowsOf(await database.db.execute(sql`select id from prepared_test_notes where id = 200`))).toEqual([]);
  });
});
