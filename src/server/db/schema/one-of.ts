// A CHECK's condition built from the list the request schemas validate with (decision 049), so the
// database and the forms hold one list. Its values are written into the constraint by drizzle
// (`inlineParams`), as migrations need: a constraint takes no parameters.
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** `column in (…values)`; a null passes, as in any CHECK (a nullable column says `is null or` itself). */
export function oneOf(column: AnyPgColumn, values: readonly (string | number)[]): SQL {
  if (values.length === 0) throw new Error(`oneOf(${column.name}): an empty list would refuse every row`);
  return sql`${column} in (${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )})`.inlineParams();
}

/** `column ~ 'pattern'`: a value of a list the owner sets (decision 055), held to the form its values take. */
export function matches(column: AnyPgColumn, pattern: RegExp): SQL {
  return sql`${column} ~ ${pattern.source}`.inlineParams();
}
