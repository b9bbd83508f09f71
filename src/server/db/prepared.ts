// Statements built once and kept prepared, per database (or transaction) and shape: a hot write
// sends only its values. docs/benchmarks.md: building a wide insert with drizzle took an eighth of
// the server's time per booking. Only for statements whose text depends on nothing but the shape
// (no column with a JavaScript default, which would be frozen at the first call).
import { createHash } from 'node:crypto';
import type { DbOrTx } from './client';

export type Prepared = { execute(values?: Record<string, unknown>): Promise<unknown> };

const cache = new WeakMap<object, Map<string, Prepared>>();

/**
 * The statement `build` makes for this shape, prepared under a name taken from the shape (PostgreSQL
 * parses it once per connection; PGlite is sent its text each time). `build` receives that name.
 */
export function preparedStatement<P extends Prepared>(db: DbOrTx, shape: string, build: (name: string) => P): P {
  const byShape = cache.get(db) ?? new Map<string, Prepared>();
  cache.set(db, byShape);
  const known = byShape.get(shape);
  if (known) return known as P;
  const prepared = build(`wd_${createHash('sha1').update(shape).digest('hex').slice(0, 20)}`);
  byShape.set(shape, prepared);
  return prepared;
}
