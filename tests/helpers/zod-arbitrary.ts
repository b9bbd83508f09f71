// Turns a zod 4 schema into fast-check arbitraries for the API fuzz test (docs/design.md 6): values
// the schema accepts, values with one field broken, and hostile JSON in general. It walks the
// schema's public definition (`_zod.def`), so a new contract is fuzzed without new code here.
import fc from 'fast-check';
import { z } from 'zod';

export type AnySchema = z.core.$ZodType;
export type SchemaPath = readonly (string | number)[];

export type ZodArbitraryOptions = {
  /**
   * A node's own arbitrary instead of the schema's (known ids, say). `fallback` builds the one the
   * schema would give. Return undefined to keep the schema's.
   */
  override?: (path: SchemaPath, schema: AnySchema, fallback: () => fc.Arbitrary<unknown>) => fc.Arbitrary<unknown> | undefined;
  /** ISO dates are drawn around this day (YYYY-MM-DD); default: today. */
  today?: string;
  /** Candidates drawn for a node with rules no generator can read (refine, format with lengths): the first valid one is kept. */
  tries?: number;
};

type Def = { type: string; [key: string]: unknown };
type CheckDef = { check: string; [key: string]: unknown };

const defOf = (schema: AnySchema): Def => schema._zod.def as unknown as Def;
const checksOf = (schema: AnySchema): CheckDef[] => {
  const def = defOf(schema) as Def & { checks?: { _zod: { def: unknown } }[] };
  // a format schema (z.email(), z.iso.date()) is its own check
  const own = typeof def.check === 'string' ? [def as unknown as CheckDef] : [];
  return [...own, ...(def.checks ?? []).map((c) => c._zod.def as CheckDef)];
};
const accepts = (schema: AnySchema, value: unknown): boolean => {
  try {
    return z.safeParse(schema, value).success;
  } catch {
    return false;
  }
};

function isoDay(today: string, offsetDays: number): string {
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offsetDays);
  return d.toISOString().slice(0, 10);
}

/** Families of strings a human would type in a form: what a field with unreadable rules most likely takes. */
function stringFamilies(today: string): fc.Arbitrary<string>[] {
  return [
    // mostly the weeks ahead, where people book (inside the booking horizon), sometimes far either way
    fc.oneof({ weight: 3, arbitrary: fc.integer({ min: 0, max: 60 }) }, { weight: 1, arbitrary: fc.integer({ min: -30, max: 120 }) }).map((n) => isoDay(today, n)),
    fc.tuple(fc.integer({ min: -30, max: 120 }), fc.integer({ min: 0, max: 23 })).map(([n, h]) => `${isoDay(today, n)}T${String(h).padStart(2, '0')}:00:00.000Z`),
    fc.integer({ min: 0, max: 9999 }).map((n) => `(803) 555-${String(n).padStart(4, '0')}`),
    fc.integer({ min: 0, max: 9999 }).map((n) => `+1803555${String(n).padStart(4, '0')}`),
    fc.uuid({ version: 4 }),
    simpleEmail(),
    fc.stringMatching(/^https:\/\/[a-z]{3,10}\.com\/[a-z]{0,8}$/),
    // the service area's ZIP codes (src/server/config.ts SERVICE_ZIP_CODES), as a customer there types them
    fc.constantFrom('29054', '29070', '29072', '29073-1234', '29123', 'Lexington', 'Jenna Whitfield', '123 Main Street', 'FIRST12', 'TEST1'),
    fc.constantFrom('true', 'false', '1', '0', '25'),
    fc.stringMatching(/^[A-Za-z][A-Za-z ]{0,30}$/),
  ];
}

/** Any of the families: a transform's or a custom schema's input. */
export function sensibleStrings(today: string): fc.Arbitrary<string> {
  return fc.oneof(...stringFamilies(today));
}

const familySamples = new Map<string, string[][]>();

/** The families of which some member passes `schema`: a refine's taste, learnt from a fixed sample. */
function familiesAccepted(schema: AnySchema, today: string): fc.Arbitrary<string>[] {
  const families = stringFamilies(today);
  let samples = familySamples.get(today);
  if (!samples) {
    samples = families.map((family) => fc.sample(family, { seed: 1, numRuns: 30 }));
    familySamples.set(today, samples);
  }
  return families.filter((_family, i) => samples[i]!.some((v) => accepts(schema, v)));
}

function simpleEmail(): fc.Arbitrary<string> {
  return fc
    .tuple(fc.stringMatching(/^[a-z][a-z0-9.]{0,10}[a-z0-9]$/), fc.stringMatching(/^[a-z]{2,10}$/), fc.constantFrom('com', 'org', 'net', 'example'))
    .map(([local, domain, tld]) => `${local.replace(/\.{2,}/g, '.')}@${domain}.${tld}`);
}

/** Keeps the first of up to `tries` candidates the schema accepts (or the first one), drawn lazily: rules no generator reads still pass. */
function firstValid(arb: fc.Arbitrary<unknown>, schema: AnySchema, tries: number): fc.Arbitrary<unknown> {
  if (tries <= 1) return arb;
  // a stream draws from a copy of the random source without moving it on: the draw before it moves
  // it, or two fields of one object would draw the same candidates (a window from 7 to 7)
  return fc.tuple(fc.nat(), fc.infiniteStream(arb)).map(([, stream]) => {
    let first: unknown;
    let n = 0;
    for (const candidate of stream) {
      if (n === 0) first = candidate;
      if (accepts(schema, candidate)) return candidate;
      if (++n >= tries) break;
    }
    return first;
  });
}

// NUL first and four times: PostgreSQL text refuses it, so it is the one most likely to hurt
const spice = ['\u0000', '\u0000', '\u0000', '\u0000', '\u202e', '\u200b', '\ufeff', '\ud800', '🧺', '👩🏽‍🔬', 'é', 'ß', "'", '"', '\\', '<', '%', '\n', '\r\n', '\t'];

function lengthBounds(checks: CheckDef[]): { min: number; max: number | undefined } {
  let min = 0;
  let max: number | undefined;
  for (const c of checks) {
    if (c.check === 'min_length' || c.check === 'min_size') min = Math.max(min, c.minimum as number);
    if (c.check === 'max_length' || c.check === 'max_size') max = Math.min(max ?? Infinity, c.maximum as number);
    if (c.check === 'length_equals' || c.check === 'size_equals') {
      min = c.length as number;
      max = c.length as number;
    }
  }
  return { min, max };
}

function stringArbitrary(schema: AnySchema, o: Required<Omit<ZodArbitraryOptions, 'override'>>): fc.Arbitrary<unknown> {
  const checks = checksOf(schema);
  const { min, max } = lengthBounds(checks);
  const cap = max ?? min + 40;
  const formats: fc.Arbitrary<string>[] = [];
  let prefix = '';
  let suffix = '';
  for (const c of checks) {
    if (c.check !== 'string_format') continue;
    const format = c.format as string;
    if (format === 'email') formats.push(fc.oneof({ weight: 9, arbitrary: simpleEmail() }, { weight: 1, arbitrary: fc.emailAddress() }));
    else if (format === 'uuid' || format === 'guid' || format === 'uuidv4') formats.push(fc.uuid({ version: 4 }));
    else if (format === 'date') formats.push(fc.integer({ min: -30, max: 120 }).map((n) => isoDay(o.today, n)));
    else if (format === 'datetime') formats.push(fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString()));
    else if (format === 'url') formats.push(fc.oneof({ weight: 9, arbitrary: fc.stringMatching(/^https:\/\/[a-z]{3,10}\.com\/[a-z]{0,8}$/) }, { weight: 1, arbitrary: fc.webUrl() }));
    else if (format === 'starts_with') prefix = c.prefix as string;
    else if (format === 'ends_with') suffix = c.suffix as string;
    else if (format === 'includes') formats.push(fc.string({ maxLength: 5 }).map((s) => `${s}${c.includes as string}`));
    else if (c.pattern instanceof RegExp && format !== 'lowercase' && format !== 'uppercase') formats.push(fc.stringMatching(c.pattern));
  }
  const plain = fc.oneof(
    { weight: 3, arbitrary: fc.string({ minLength: min, maxLength: Math.min(cap, min + 40) }) },
    { weight: 1, arbitrary: fc.string({ minLength: min, maxLength: cap, unit: 'grapheme' }) },
    // text the schema allows but code downstream may not: NUL, bidi overrides, lone surrogates, quotes
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.string({ minLength: Math.max(0, min - 1), maxLength: Math.max(0, Math.min(cap, min + 20) - 1) }), fc.constantFrom(...spice), fc.nat())
        .map(([text, char, at]) => text.slice(0, at % (text.length + 1)) + char + text.slice(at % (text.length + 1))),
    },
  );
  // rules the definition can't say (refine) or formats it can't generate: learn which families pass
  const opaque = checks.some((c) => c.check === 'custom' || (c.check === 'string_format' && !c.pattern && !['email', 'uuid', 'guid', 'date', 'datetime', 'url', 'starts_with', 'ends_with', 'includes', 'lowercase', 'uppercase'].includes(c.format as string)));
  // a pattern says a value's shape, not which values the server takes beyond it (a ZIP code in the
  // service area): what a person would type that fits it comes first
  const patterned = !opaque && checks.some((c) => c.check === 'string_format' && c.format === 'regex');
  const learnt = opaque || patterned || !formats.length ? familiesAccepted(schema, o.today) : [];
  const fitting = patterned ? learnt.map((family) => family.filter((v) => accepts(schema, v))) : learnt;
  const base = formats.length ? fc.oneof(...formats) : plain;
  const lower = checks.some((c) => c.format === 'lowercase');
  const upper = checks.some((c) => c.format === 'uppercase');
  const shaped = base.map((s) => {
    let v = `${prefix}${s}${suffix}`;
    if (lower) v = v.toLowerCase();
    if (upper) v = v.toUpperCase();
    return v;
  });
  const pool =
    (opaque || patterned) && learnt.length
      ? fc.oneof({ weight: 1, arbitrary: shaped }, { weight: 4, arbitrary: fc.oneof(...fitting) })
      : fc.oneof({ weight: 4, arbitrary: shaped }, { weight: 1, arbitrary: learnt.length ? fc.oneof(...learnt) : sensibleStrings(o.today) });
  return firstValid(pool, schema, o.tries);
}

function numberArbitrary(schema: AnySchema, o: Required<Omit<ZodArbitraryOptions, 'override'>>): fc.Arbitrary<unknown> {
  const checks = checksOf(schema);
  // unbounded numbers stay human-sized here; huge ones come from the mutations
  let min = -1e6;
  let max = 1e6;
  let minExcluded = false;
  let maxExcluded = false;
  let integer = false;
  let multipleOf: number | undefined;
  for (const c of checks) {
    if (c.check === 'greater_than' && (c.value as number) >= min) {
      min = Number(c.value);
      minExcluded = !c.inclusive;
    }
    if (c.check === 'less_than' && (c.value as number) <= max) {
      max = Number(c.value);
      maxExcluded = !c.inclusive;
    }
    if (c.check === 'number_format') {
      integer = integer || /int/.test(c.format as string);
      if (c.format === 'int32') [min, max] = [Math.max(min, -(2 ** 31)), Math.min(max, 2 ** 31 - 1)];
      if (c.format === 'uint32') [min, max] = [Math.max(min, 0), Math.min(max, 2 ** 32 - 1)];
    }
    if (c.check === 'multiple_of') multipleOf = Number(c.value);
  }
  let arb: fc.Arbitrary<number>;
  if (min > max || (min === max && (minExcluded || maxExcluded))) return fc.constant(min);
  if (integer || multipleOf !== undefined) {
    const step = multipleOf ?? 1;
    const lo = Math.ceil((minExcluded ? min + step : min) / step);
    const hi = Math.floor((maxExcluded ? max - step : max) / step);
    arb = hi < lo ? fc.constant(lo * step) : fc.oneof(fc.integer({ min: lo, max: Math.min(hi, lo + 100) }), fc.integer({ min: lo, max: hi })).map((n) => n * step);
  } else {
    arb = fc.oneof(
      fc.double({ min, max, minExcluded, maxExcluded, noNaN: true, noDefaultInfinity: true }),
      // one decimal place, the way people enter weights and prices
      fc
        .integer({ min: Math.ceil(min * 10), max: Math.max(Math.ceil(min * 10), Math.floor(max * 10)) })
        .map((n) => n / 10)
        .map((n) => (minExcluded && n <= min ? (min + max) / 2 : maxExcluded && n >= max ? (min + max) / 2 : n)),
    );
  }
  return firstValid(arb, schema, o.tries);
}

/** Values the schema accepts (as far as its definition says what it accepts: see `tries`). */
const built = new WeakMap<ZodArbitraryOptions, WeakMap<AnySchema, fc.Arbitrary<unknown>>>();
const noOptions: ZodArbitraryOptions = {};

export function zodArbitrary(schema: AnySchema, options: ZodArbitraryOptions = noOptions): fc.Arbitrary<unknown> {
  let cache = built.get(options);
  if (!cache) built.set(options, (cache = new WeakMap()));
  const cached = cache.get(schema);
  if (cached) return cached;
  const arb = buildArbitrary(schema, options);
  cache.set(schema, arb);
  return arb;
}

function buildArbitrary(schema: AnySchema, options: ZodArbitraryOptions): fc.Arbitrary<unknown> {
  const o = { today: options.today ?? new Date().toISOString().slice(0, 10), tries: options.tries ?? 8 };
  const seen = new Map<AnySchema, number>();

  // `fresh`: the first node of a field (wrappers such as optional or pipe keep their field's path)
  const build = (s: AnySchema, path: SchemaPath, fresh = false): fc.Arbitrary<unknown> => {
    const fallback = () => node(s, path);
    return (fresh ? options.override?.(path, s, fallback) : undefined) ?? fallback();
  };

  const node = (s: AnySchema, path: SchemaPath): fc.Arbitrary<unknown> => {
    const def = defOf(s);
    const inner = (key: string) => def[key] as AnySchema;
    const hasCustom = checksOf(s).some((c) => c.check === 'custom');
    switch (def.type) {
      case 'string':
        return stringArbitrary(s, o);
      case 'number':
      case 'int':
        return numberArbitrary(s, o);
      case 'bigint':
        return fc.bigInt({ min: -(2n ** 40n), max: 2n ** 40n }).map((n) => Number(n));
      case 'boolean':
        return fc.boolean();
      case 'date':
        return fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString());
      case 'null':
        return fc.constant(null);
      case 'undefined':
      case 'void':
      case 'never':
        return fc.constant(undefined);
      case 'nan':
        return fc.constant(Number.NaN);
      case 'any':
      case 'unknown':
        return fc.jsonValue({ maxDepth: 2 });
      case 'literal':
        return fc.constantFrom(...(def.values as unknown[]));
      case 'enum':
        return fc.constantFrom(...Object.values(def.entries as Record<string, unknown>));
      case 'template_literal': {
        const pattern = (s._zod as { pattern?: RegExp }).pattern;
        return pattern ? fc.stringMatching(pattern) : sensibleStrings(o.today);
      }
      case 'array': {
        const { min, max } = lengthBounds(checksOf(s));
        const arb = fc.array(build(inner('element'), [...path, 0], true), { minLength: min, maxLength: Math.min(max ?? min + 4, min + 4) });
        return hasCustom ? firstValid(arb, s, o.tries) : arb;
      }
      case 'tuple': {
        const items = (def.items as AnySchema[]).map((item, i) => build(item, [...path, i], true));
        return fc.tuple(...items);
      }
      case 'set':
        return fc.array(build(inner('valueType'), [...path, 0], true), { maxLength: 4 });
      case 'record':
      case 'map': {
        const keys = build(inner('keyType'), [...path, '*'], true).map((k) => (k === '__proto__' ? 'proto' : String(k)));
        return fc.dictionary(keys, build(inner('valueType'), [...path, '*'], true), { maxKeys: 4 });
      }
      case 'object': {
        const shape = def.shape as Record<string, AnySchema>;
        const model: Record<string, fc.Arbitrary<unknown>> = {};
        const required: string[] = [];
        for (const [key, value] of Object.entries(shape)) {
          model[key] = build(value, [...path, key], true);
          if (value._zod.optin !== 'optional') required.push(key);
        }
        const arb = fc.record(model, { requiredKeys: required });
        return hasCustom ? firstValid(arb, s, o.tries) : arb;
      }
      case 'union': {
        const options_ = (def.options as AnySchema[]).map((option) => build(option, path));
        return options_.length ? fc.oneof(...options_) : fc.constant(undefined);
      }
      case 'intersection': {
        const left = build(inner('left'), path);
        const right = build(inner('right'), path);
        return firstValid(
          fc.tuple(left, right).map(([l, r]) => (l && r && typeof l === 'object' && typeof r === 'object' ? { ...l, ...r } : l)),
          s,
          o.tries,
        );
      }
      case 'optional':
        return fc.option(build(inner('innerType'), path), { nil: undefined, freq: 6 });
      case 'nullable':
        return fc.option(build(inner('innerType'), path), { nil: null, freq: 6 });
      case 'default':
      case 'prefault':
        return fc.option(build(inner('innerType'), path), { nil: undefined, freq: 6 });
      case 'nonoptional':
      case 'readonly':
      case 'catch':
        return build(inner('innerType'), path);
      case 'success':
        return fc.boolean();
      case 'lazy': {
        const depth = seen.get(s) ?? 0;
        if (depth >= 3) return fc.constant(null);
        seen.set(s, depth + 1);
        try {
          return build((def.getter as () => AnySchema)(), path);
        } finally {
          seen.set(s, depth);
        }
      }
      case 'pipe': {
        const into = inner('in');
        const out = inner('out');
        // the output side of a transform can't be generated: its input is what the client sends
        if (defOf(out).type === 'transform') return build(into, path);
        return firstValid(fc.oneof(build(out, path), build(into, path)), s, o.tries);
      }
      case 'transform':
      case 'custom':
        return sensibleStrings(o.today);
      default:
        // function, promise, symbol, file: nothing a JSON client can send
        return fc.jsonValue({ maxDepth: 1 });
    }
  };

  return build(schema, [], true);
}

// --- broken values ---------------------------------------------------------------------------

/** JSON values that break validators, databases and renderers. */
export const hostileValues: readonly unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  -0.5,
  1.5,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER + 2,
  2 ** 31,
  -(2 ** 31) - 1,
  'NaN',
  'Infinity',
  '-Infinity',
  '1e999',
  '0x1F',
  '',
  ' ',
  '\t\n',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '𝕏🧺👩🏽‍🔬',
  '\u202eRTL',
  'Ω≈ç√∫˜µ≤',
  "' OR '1'='1",
  "'; DROP TABLE bookings; --",
  '" OR ""="',
  '\\',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00',
  '%s%s%n',
  '${7*7}{{7*7}}',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '2026-02-30',
  '9999-12-31',
  '0000-00-00',
  '1970-01-01T00:00:00Z',
  '-1',
  '__proto__',
  'constructor',
  'x'.repeat(300),
  'x'.repeat(10_000),
  [],
  [null],
  [1, 'a', {}],
  {},
  { $gt: '' },
  JSON.parse('{"__proto__":{"polluted":true}}') as unknown,
  { nested: { deeper: { deepest: [1, 2, 3] } } },
];

export const hostileKeys: readonly string[] = ['__proto__', 'constructor', 'prototype', 'isAdmin', 'role', 'id', '', ' ', 'a'.repeat(200), '\u0000', '$where', 'toString'];

export const hostile = (): fc.Arbitrary<unknown> =>
  fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...hostileValues) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    { weight: 1, arbitrary: fc.double() },
    { weight: 1, arbitrary: fc.integer() },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  );

type Mutation = { kind: 'drop' | 'replace' | 'extra' | 'wrap' | 'stretch'; pick: number; value: unknown; key: string };

function pathsOf(value: unknown, path: SchemaPath = [], out: SchemaPath[] = []): SchemaPath[] {
  out.push(path);
  if (Array.isArray(value)) value.forEach((v, i) => pathsOf(v, [...path, i], out));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) pathsOf(v, [...path, k], out);
  return out;
}

function containerOf(root: unknown, path: SchemaPath): Record<string | number, unknown> | undefined {
  let node = root;
  for (const key of path) {
    if (!node || typeof node !== 'object') return undefined;
    node = (node as Record<string | number, unknown>)[key];
  }
  return node && typeof node === 'object' ? (node as Record<string | number, unknown>) : undefined;
}

/** A copy of `value` with one thing wrong: a field dropped, replaced, stretched, wrapped, or one key too many. */
export function mutate(value: unknown, m: Mutation): unknown {
  const root: unknown = structuredClone(value);
  const paths = pathsOf(root).filter((p) => p.length > 0);
  if (!paths.length || m.kind === 'extra') {
    const host = containerOf(root, paths.length ? paths[m.pick % paths.length]!.slice(0, -1) : []);
    if (host && !Array.isArray(host)) {
      // defineProperty: a "__proto__" key must be an own, serialised key, as a client would send it
      Object.defineProperty(host, m.key, { value: m.value, enumerable: true, configurable: true, writable: true });
      return root;
    }
    return paths.length ? root : m.value;
  }
  const path = paths[m.pick % paths.length]!;
  const parent = containerOf(root, path.slice(0, -1))!;
  const key = path[path.length - 1]!;
  const current = parent[key];
  if (m.kind === 'drop') {
    if (Array.isArray(parent)) parent.splice(Number(key), 1);
    else delete parent[key];
  } else if (m.kind === 'wrap') parent[key] = typeof current === 'object' && current !== null ? JSON.stringify(current) : [current];
  else if (m.kind === 'stretch')
    parent[key] = typeof current === 'string' ? current.repeat(Math.ceil(5000 / Math.max(1, current.length))) : typeof current === 'number' ? current * 1e12 + 0.5 : m.value;
  else parent[key] = m.value;
  return root;
}

/** Values the schema accepts, each with exactly one thing wrong. */
export function zodMutation(schema: AnySchema, options: ZodArbitraryOptions = noOptions): fc.Arbitrary<unknown> {
  return fc
    .record({
      base: zodArbitrary(schema, options),
      kind: fc.constantFrom<Mutation['kind']>('drop', 'replace', 'replace', 'replace', 'extra', 'wrap', 'stretch'),
      pick: fc.nat(),
      value: hostile(),
      key: fc.oneof(fc.constantFrom(...hostileKeys), fc.string({ minLength: 1, maxLength: 12 })),
    })
    .map(({ base, ...m }) => mutate(base, m));
}

/** Query-string form: what a URL carries for an object the schema accepts (strings, repeated keys). */
export function toQueryPairs(value: unknown): [string, string][] {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return [];
  const pairs: [string, string][] = [];
  for (const [key, v] of Object.entries(value)) {
    if (v === undefined) continue;
    if (Array.isArray(v)) for (const item of v) pairs.push([key, typeof item === 'string' ? item : JSON.stringify(item)]);
    else pairs.push([key, typeof v === 'string' ? v : v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v)]);
  }
  return pairs;
}
