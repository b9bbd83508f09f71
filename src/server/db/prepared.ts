// Statements built once and kept prepared, per database (or transaction) and shape: a hot write
// sends only its values. docs/benchmarks.md: building a wide insert with drizzle took an eighth of
// the server's time per booking. Only for statements whose text depends on nothing but the shape
// (no column with a JavaScript default, which would be frozen at the first call).
import { createHash } from 'node:crypto';
import { entityKind, is } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';

export type Prepared = { execute(values?: Record<string, unknown>): Promise<unknown> };

const cache = new WeakMap<object, Map<string, Prepared>>();

/**
 * The statement `build` makes for this shape, prepared under a name taken from the shape (PostgreSQL
 * parses it once per connection, and PGlite once: see pgliteNamed). `build` receives that name.
 */
export function preparedStatement<P extends Prepared>(db: DbOrTx, shape: string, build: (name: string) => P): P {
  const byShape = cache.get(db) ?? new Map<string, Prepared>();
  cache.set(db, byShape);
  const known = byShape.get(shape);
  if (known) return known as P;
  const name = `wd_${createHash('sha1').update(shape).digest('hex').slice(0, 20)}`;
  const prepared = build(name);
  if (!is(db, PgTransaction)) pgliteNamed(prepared, name);
  byShape.set(shape, prepared);
  return prepared;
}

// ---- PGlite ------------------------------------------------------------------------------------
// drizzle's PGlite driver sends a prepared statement's whole text with every call, and PGlite
// parses and plans it each time: a booking's statement took about 1 ms of which half was that
// (decision 029). PGlite's query API has no named statements, and a bound parameter cannot reach
// an EXECUTE (a utility statement takes none), so the statement is prepared once per PGlite with
// SQL's PREPARE and run with EXECUTE, its values written as quoted literals: each one is read by
// its parameter's type from text, exactly as a text-format parameter is. Outside a transaction
// only (a failed PREPARE would abort one).

type PgliteClient = { query(text: string, params?: unknown[], options?: unknown): Promise<unknown> };
type PglitePrepared = { client: PgliteClient; queryString: string };

/** The statements each PGlite has prepared (or is preparing), by name. */
const preparedOn = new WeakMap<object, Map<string, Promise<unknown>>>();

function pgliteNamed(prepared: unknown, name: string): void {
  const kind = (prepared as { constructor?: { [entityKind]?: string } }).constructor?.[entityKind];
  if (kind !== 'PglitePreparedQuery') return;
  const query = prepared as PglitePrepared;
  // the PGlite instance itself: it also runs the PREPARE
  const client = query.client as PgliteClient & { exec(text: string): Promise<unknown> };
  const names = preparedOn.get(client) ?? new Map<string, Promise<unknown>>();
  preparedOn.set(client, names);
  // drizzle's PGlite query only ever calls its client's query
  query.client = {
    async query(text, params = [], options) {
      if (text !== query.queryString) return client.query(text, params, options);
      const args = await literalsOf(params);
      // the first of many calls at once prepares it, the others wait for that; a failed PREPARE is tried again next time
      let ready = names.get(name);
      if (!ready) {
        ready = client.exec(`prepare ${name} as ${text}`).catch((err: unknown) => {
          names.delete(name);
          throw err;
        });
        names.set(name, ready);
      }
      await ready;
      return client.query(args.length ? `execute ${name}(${args.join(', ')})` : `execute ${name}`, [], options);
    },
  };
}

/** The values as the quoted literals their parameters would have read from text (pg's escapeLiteral). */
export async function literalsOf(values: readonly unknown[]): Promise<string[]> {
  // loaded here, not with this module (a PGlite server does not otherwise load pg), and once: an
  // import() resolves the module again each time
  escapeLiteral ??= (await import('pg')).default.escapeLiteral;
  const escape = escapeLiteral;
  return values.map((value) => literalOf(value, escape));
}
let escapeLiteral: ((text: string) => string) | null = null;

function literalOf(value: unknown, escapeLiteral: (text: string) => string): string {
  if (value === null || value === undefined) return 'NULL';
  let text: string;
  if (typeof value === 'string') text = value;
  else if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') text = String(value);
  else if (value instanceof Date) text = value.toISOString();
  else if (Array.isArray(value) || ArrayBuffer.isView(value)) throw new TypeError('A prepared statement on PGlite takes no array or byte values.');
  else text = JSON.stringify(value);
  // PostgreSQL text never holds a NUL; in a statement's text it would end the statement
  if (text.includes('\0')) throw new TypeError('A value holds a NUL character, which PostgreSQL text cannot store.');
  return escapeLiteral(text);
}
