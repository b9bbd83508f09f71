// Statements built once and kept prepared, per database (or transaction) and shape: a hot write
// sends only its values (decision 020). docs/benchmarks.md: building a wide insert with drizzle
// took an eighth of the server's time per booking. Only for statements whose text depends on
// nothing but the shape (no column with a JavaScript default, which would be frozen at the first
// call).
import { createHash } from 'node:crypto';
import type { DbOrTx } from './client';

export type Prepared = { execute(values?: Record<string, unknown>): Promise<unknown> };

const cache = new WeakMap<object, Map<string, Prepared>>();

/**
 * The statement `build` makes for this shape, built once and named from the shape. `build` receives
 * that name. On PostgreSQL node-postgres parses a named statement once per connection and then
 * sends only its bound values. On PGlite drizzle sends the text with bound values every time, and
 * PGlite plans it every time (decision 049: PGlite's goal does not need more).
 */
export function preparedStatement<P extends Prepared>(db: DbOrTx, shape: string, build: (name: string) => P): P {
  const byShape = cache.get(db) ?? new Map<string, Prepared>();
  cache.set(db, byShape);
  const known = byShape.get(shape);
  if (known) return known as P;
  const name = `wd_${createHash('sha1').update(shape).digest('hex').slice(0, 20)}`;
  const prepared = build(name);
  byShape.set(shape, prepared);
  return prepared;
}
