// What a log line may hold (decision 039): never a statement's parameters, a token, a password or
// a person's details. A logged object loses the values of the keys on the redaction list wherever
// they are; an error keeps its kind, its code, the table and constraint it names and the shape of
// its statement, never the values it was given; every string loses email addresses, phone numbers
// and the tokens of a link.

/**
 * Keys whose values are never logged, compared without case and without `_` or `-`: a person's
 * details, secrets, a statement's values. A key that ends with one of `redactedKeyEndings` is
 * redacted too (`customerEmail`, `pickupAddress`, `resetToken`, `newPassword`).
 */
export const redactedKeys = [
  // a person
  'name', 'fullname', 'firstname', 'lastname', 'customername', 'recipientname', 'purchasername', 'sendername',
  'street', 'city', 'zip', 'zipcode', 'postcode', 'allergies', 'specialinstructions', 'specialcareinstructions',
  'notes', 'note', 'weightquestion', 'question', 'to', 'from', 'recipient', 'replyto', 'ip', 'clientip', 'useragent',
  // what a message or request carried
  'body', 'text', 'html', 'payload',
  // secrets
  'authorization', 'cookie', 'setcookie', 'signature', 'secret', 'apikey', 'sessionid', 'giftcardcode', 'cvc', 'cardnumber',
  // a statement's values, and what a database error says of the row
  'params', 'parameters', 'detail', 'where', 'internalquery',
];
export const redactedKeyEndings = ['password', 'token', 'secret', 'email', 'phone', 'address', 'cookie', 'signature'];

const redactedSet = new Set(redactedKeys);
const redacted = '[redacted]';
// a log line's keys are few and the same ones again: each is looked at once
const keyVerdicts = new Map<string, boolean>();

export function isRedactedKey(key: string): boolean {
  let verdict = keyVerdicts.get(key);
  if (verdict === undefined) {
    const k = key.toLowerCase().replace(/[^a-z0-9]/g, '');
    verdict = redactedSet.has(k) || redactedKeyEndings.some((ending) => k.endsWith(ending));
    if (keyVerdicts.size < 10_000) keyVerdicts.set(key, verdict);
  }
  return verdict;
}

// a text with none of these has nothing scrubText would replace
const mayHoldSecret = /[@+(=]|bearer|params: /i;

/**
 * A text as it may be logged: a drizzle "Failed query: … params: …" keeps its statement's shape
 * and loses the parameters; email addresses, phone numbers, bearer tokens and a link's token-like
 * query values are replaced.
 */
export function scrubText(text: string): string {
  if (!mayHoldSecret.test(text)) return text;
  let out = text;
  const failed = /Failed query: ([\s\S]*?)\nparams: [\s\S]*$/.exec(out);
  if (failed) out = `${out.slice(0, failed.index)}Failed query: ${statementShape(failed[1]!)}`;
  return out
    .replace(/[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g, '[email]')
    .replace(/\+\d{10,15}\b/g, '[phone]')
    .replace(/\(\d{3}\)\s?\d{3}-\d{4}/g, '[phone]')
    .replace(/\b(bearer\s+)[A-Za-z0-9._~+/-]+=*/gi, `$1${redacted}`)
    .replace(/([?&](?:token|code|key|sig|signature|session_id|sessionId|password)=)[^&#\s"']+/gi, `$1${redacted}`);
}

/** A statement without what it was given: its quoted literals masked, its spacing collapsed, its first 600 characters. */
export function statementShape(statement: string): string {
  const shape = statement
    .replace(/'(?:[^']|'')*'/g, "'?'")
    .replace(/\s+/g, ' ')
    .trim();
  return shape.length > 600 ? `${shape.slice(0, 600)}…` : shape;
}

// what a database error (pg's and PGlite's) may tell: identifiers and its SQLSTATE, never its
// detail ("Failing row contains (…)", "Key (email)=(…)"), its statement or its parameters
const databaseFields = ['severity', 'table', 'constraint', 'column', 'schema', 'dataType', 'routine'] as const;

function isDatabaseError(err: Record<string, unknown>): boolean {
  return typeof err.code === 'string' && /^[0-9A-Z]{5}$/.test(err.code) && typeof err.severity === 'string';
}

/** An error as it may be logged: kind, message, code, where it happened, its cause. Nothing else it carries. */
export function safeError(err: unknown, depth = 0): Record<string, unknown> {
  if (!(err instanceof Error)) return { type: typeof err, message: scrubText(String(err)) };
  const e = err as Error & Record<string, unknown>;
  const type = e.name && e.name !== 'Error' ? e.name : (e.constructor?.name ?? 'Error');
  const database = isDatabaseError(e);
  // a data exception (class 22) quotes the value it refused: "invalid input syntax for type uuid: "…""
  const message = database && String(e.code).startsWith('22') ? scrubText(e.message).replace(/"[^"]*"/g, '"?"') : scrubText(e.message);
  const frames = (e.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  const head = message.length > 200 ? `${message.slice(0, 200)}…` : message;
  const out: Record<string, unknown> = { type, message, stack: [`${type}: ${head}`, ...frames].join('\n') };
  if (typeof e.code === 'string' || typeof e.code === 'number') out.code = e.code;
  for (const key of ['status', 'statusCode'] as const) if (typeof e[key] === 'number' || typeof e[key] === 'string') out[key] = e[key];
  // a failed query (drizzle's) says on its own line which database error it met, and where
  const cause = e.cause as Record<string, unknown> | undefined;
  const db = database ? e : !out.code && cause instanceof Error && isDatabaseError(cause) ? cause : null;
  if (db) {
    out.code ??= db.code;
    for (const key of databaseFields) if (typeof db[key] === 'string') out[key] = db[key];
  }
  if (e.cause !== undefined && depth < 3) out.cause = safeError(e.cause, depth + 1);
  if (Array.isArray(e.errors) && depth < 3) out.errors = e.errors.slice(0, 5).map((inner) => safeError(inner, depth + 1));
  return out;
}

/** A value as it may be logged: redacted keys, errors made safe, texts scrubbed, at any depth. */
export function scrubForLog(value: unknown, depth = 0, seen = new WeakSet<object>()): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Error) return safeError(value);
  if (value instanceof Date) return value;
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return '[bytes]';
  if (seen.has(value) || depth > 8) return '[…]';
  seen.add(value);
  if (Array.isArray(value)) return value.map((item) => scrubForLog(item, depth + 1, seen));
  const toJSON = (value as { toJSON?: unknown }).toJSON;
  if (typeof toJSON === 'function') return scrubForLog(toJSON.call(value), depth + 1, seen);
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) out[key] = isRedactedKey(key) ? redacted : scrubForLog(inner, depth + 1, seen);
  return out;
}

/** A request's path with the values of its secret parameters (a checkout session, a token) replaced by their names. */
export function pathForLog(path: string, params: Record<string, string>): string {
  let out = path;
  for (const [name, value] of Object.entries(params)) {
    if (!value || !isRedactedKey(name)) continue;
    for (const form of new Set([value, encodeURIComponent(value)])) out = out.split(`/${form}`).join(`/:${name}`);
  }
  return scrubText(out);
}
