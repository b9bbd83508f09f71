// An id as the database writes it (gen_random_uuid): what a path, a link or a filter may name. A
// string of any other shape names nothing and is refused before any query.

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return uuidPattern.test(value);
}
