// The fuzz test's generator (tests/helpers/zod-arbitrary.ts): what it draws from a schema passes
// that schema, what it breaks doesn't, whatever the contract.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contracts } from '../shared/api';
import { isIsoDate, isoWeekday } from '../shared/dates';
import { mutate, toQueryPairs, zodArbitrary, zodMutation, type AnySchema } from '../../tests/helpers/zod-arbitrary';

const options = { today: '2026-03-02' };
const share = (schema: z.core.$ZodType, values: unknown[]) => values.filter((v) => z.safeParse(schema, v).success).length / values.length;

describe('zodArbitrary', () => {
  it.each([
    ['bounded text', z.string().trim().min(1).max(5)],
    ['a pattern', z.string().regex(/^\d{5}(-\d{4})?$/)],
    ['an email', z.email()],
    ['a uuid', z.string().uuid()],
    ['an ISO date', z.iso.date()],
    ['a bounded integer', z.number().int().min(-3).max(20)],
    ['an exclusive bound', z.number().gt(0).lt(1)],
    ['a multiple', z.number().multipleOf(5).min(10).max(50)],
    ['an enum', z.enum(['a', 'b'])],
    ['a literal', z.literal(false)],
    ['optional, default, nullable', z.object({ a: z.string().optional(), b: z.number().default(1), c: z.boolean().nullable() }).strict()],
    ['an array with bounds', z.array(z.int().min(0)).min(2).max(3)],
    ['a union', z.union([z.literal('x'), z.number().int()])],
    ['a pipe into a format', z.string().trim().pipe(z.email())],
    ['a transform', z.string().max(4).transform((s) => s.toUpperCase())],
    ['a record', z.record(z.string(), z.number())],
    ['a tuple', z.tuple([z.string(), z.boolean()])],
    ['an intersection', z.intersection(z.object({ a: z.string() }), z.object({ b: z.number() }))],
    ['coerced query values', z.object({ page: z.coerce.number().int().min(1).max(9) }).strict()],
  ])('draws values %s accepts', (_label, schema) => {
    expect(share(schema, fc.sample(zodArbitrary(schema, options), { seed: 7, numRuns: 200 }))).toBeGreaterThanOrEqual(0.95);
  });

  it('learns what a refine accepts (a service-day date) from its own schema', () => {
    const serviceDay = z.string().refine((d) => isIsoDate(d) && [1, 3, 5].includes(isoWeekday(d)));
    expect(share(serviceDay, fc.sample(zodArbitrary(serviceDay, options), { seed: 7, numRuns: 200 }))).toBeGreaterThanOrEqual(0.9);
  });

  it('draws valid requests for every contract of the API', () => {
    for (const c of Object.values(contracts) as { path: string; body?: AnySchema; query?: AnySchema }[]) {
      for (const schema of [c.body, c.query]) {
        if (!schema) continue;
        const values = fc.sample(zodArbitrary(schema, options), { seed: 7, numRuns: 100 });
        expect(share(schema as z.core.$ZodType, values), c.path).toBeGreaterThanOrEqual(0.85);
      }
    }
  });

  it('lets the caller choose a field (ids that exist, say)', () => {
    const schema = z.object({ bookingId: z.string(), note: z.string() }).strict();
    const values = fc.sample(zodArbitrary(schema, { ...options, override: (path) => (path.at(-1) === 'bookingId' ? fc.constant('known') : undefined) }), { seed: 7, numRuns: 20 });
    expect(values.every((v) => (v as { bookingId: string }).bookingId === 'known')).toBe(true);
  });
});

describe('zodMutation', () => {
  it('breaks most values of a strict contract', () => {
    for (const c of Object.values(contracts) as { path: string; body?: AnySchema }[]) {
      if (!c.body) continue;
      const values = fc.sample(zodMutation(c.body, options), { seed: 7, numRuns: 100 });
      expect(1 - share(c.body as z.core.$ZodType, values), c.path).toBeGreaterThanOrEqual(0.5);
    }
  });

  it('drops, replaces and adds keys as a client would send them', () => {
    expect(mutate({ a: 1, b: 2 }, { kind: 'drop', pick: 0, value: null, key: '' })).toEqual({ b: 2 });
    expect(mutate({ a: { b: 'x' } }, { kind: 'replace', pick: 1, value: null, key: '' })).toEqual({ a: { b: null } });
    expect(JSON.stringify(mutate({ a: 1 }, { kind: 'extra', pick: 0, value: true, key: '__proto__' }))).toBe('{"a":1,"__proto__":true}');
  });
});

it('toQueryPairs writes a query as a URL carries it', () => {
  expect(toQueryPairs({ q: 'x', page: 2, all: true, none: undefined, tags: ['a', 'b'] })).toEqual([
    ['q', 'x'],
    ['page', '2'],
    ['all', 'true'],
    ['tags', 'a'],
    ['tags', 'b'],
  ]);
});
