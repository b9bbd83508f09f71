// Property-based fuzzing of every endpoint (docs/design.md 6: "no input can cause a
// 5xx"). The endpoints come from the app's own route table and better-auth's endpoint list, the
// requests from the shared zod contracts (src/shared/api.ts) and better-auth's schemas: values the
// schema accepts, the same with one field broken, garbage bodies, hostile path params and queries,
// anonymous and as a signed-in master admin. Every answer must be below 500, every rejection a JSON
// error with a message, and a rejected request must leave the database as it found it.
//
// Replay a run with FUZZ_SEED=<seed> (printed); FUZZ_REQUESTS=<n> changes the PGlite run's size
// (below 10,000 only outside CI: the CI run answers at least 10,000);
// FUZZ_REPORT=<path> writes every failing request to <path>.<pglite|postgres>.txt.
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import { eq, getTableColumns, getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contracts } from '../shared/api';
import { fileEndpoints } from '../shared/endpoints';
import { proStatementQuerySchema } from '../shared/schemas/pro-portal';
import { createTestApp, bothDatabaseKinds, type TestContext, type TestDatabaseKind } from '../../tests/helpers/test-app';
import { hostile, hostileValues, sensibleStrings, toQueryPairs, zodArbitrary, zodMutation, type AnySchema, type ZodArbitraryOptions } from '../../tests/helpers/zod-arbitrary';
import { createAdmin, createFirstMasterAdmin } from './admins/admins.service';
import { createApp, type App } from './app';
import { createLogger } from './logger';
import { insertBooking } from './bookings/booking.factory';
import { cancelToken } from './booking-records/cancel-link';
import { invoiceToken } from './booking-records/invoice-link';
import { ratingToken } from './booking-records/rating-link';
import { signedToken } from './signed-token';
import { rowsOf } from './db/client';
import * as schema from './db/schema';
import { signPayload } from './gateways/payment/webhook-signature';
import { twilioSignature } from './gateways/sms/twilio-signature';
import { insertGiftCard } from './gift-cards/gift-card.factory';
import { inboundSmsPath } from './inbound-sms/sms.routes';
import { webhookPath } from './payments/payments.routes';

const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : 20_260_302;
/** The floor: at least this many requests answered in the CI run (on PGlite). */
const FLOOR = 10_000;
const requested = process.env.FUZZ_REQUESTS === undefined ? FLOOR : Number(process.env.FUZZ_REQUESTS);
const inCi = process.env.CI === 'true';
const requestsFor: Record<TestDatabaseKind, number> = {
  pglite: requested,
  // the same generator against real PostgreSQL, a smaller share to keep CI quick
  postgres: Math.ceil(requested * 0.3),
};
/** How many requests a run must answer: a smaller FUZZ_REQUESTS lowers it on a laptop (and says so), never in CI. */
const floorFor: Record<TestDatabaseKind, number> = {
  pglite: inCi ? FLOOR : Math.min(requested, FLOOR),
  postgres: requestsFor.postgres,
};
/** A fixed business clock (a Monday), so dates, windows and cut-offs replay the same. */
const NOW = new Date('2026-03-02T14:00:00Z');
const TODAY = '2026-03-02';
/** One seeded booking is weighed with this bill (weight-final total): the invoice links signed for it open its invoice; its delivery email went out, so its rating link opens the rating page (decision 063). */
const WEIGHED_BILL = '142-2485';
const weighedBooking = { bookingStatus: 'completed', paymentStatus: 'paid', weightAdjustmentProcessed: true, actualWeightTenths: 142, finalTotalAmount: 2485, deliveryConfirmationSent: true } as const;

// --- the endpoints -----------------------------------------------------------------------------

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Endpoint = {
  key: string;
  method: Method;
  /** The route's path; `*` stands for a random tail. */
  path: string;
  family: 'app' | 'dev' | 'auth';
  staff: boolean;
  /** The pro portal's (decision 018): sent anonymously and as a signed-in laundry pro. */
  pro: boolean;
  body?: AnySchema;
  query?: AnySchema;
  /** Signed (payment and SMS webhooks, the cancellation and booking links' tokens): the right signature makes a request valid. */
  signer?: 'stripe' | 'twilio' | 'cancel-link' | 'view-booking' | 'invoice-link' | 'rating-link';
  /** A request that would sign the fuzzing admin out: only sent anonymously. */
  endsSession: boolean;
};

type AuthEndpoint = { path?: string; options?: { method?: string | string[]; body?: AnySchema; query?: AnySchema; metadata?: { SERVER_ONLY?: boolean } } };

function discoverEndpoints(app: App, authApi: Record<string, unknown>): { endpoints: Endpoint[]; uncovered: string[] } {
  const seen = new Set<string>();
  const endpoints: Endpoint[] = [];
  const allContracts = Object.values(contracts) as { method: string; path: string; body?: AnySchema; query?: AnySchema }[];
  const add = (e: Omit<Endpoint, 'key' | 'staff' | 'pro' | 'endsSession'>) => {
    const key = `${e.method} ${e.path}`;
    if (seen.has(key)) return;
    seen.add(key);
    endpoints.push({ ...e, key, staff: e.path.startsWith('/api/admin/'), pro: e.path.startsWith('/api/pro/'), endsSession: /sign-out|revoke-(other-)?sessions|stop-impersonating|delete-user$/.test(e.path) });
  };
  // a mounted handler's own endpoints first: a route of its own below it (better-auth's reset link,
  // named so that the request log shows no token, decision 039) is one of them, fuzzed as such
  const mountedFirst = [...app.routes].sort((a, b) => Number(b.path.endsWith('/*')) - Number(a.path.endsWith('/*')));
  for (const route of mountedFirst) {
    if (route.method === 'ALL' || !(route.path.startsWith('/api/') || route.path.startsWith('/dev/'))) continue;
    const method = route.method as Method;
    if (route.path.endsWith('/*')) {
      // a mounted handler (better-auth): its own endpoint list, and random tails it doesn't know
      const base = route.path.slice(0, -2);
      for (const value of Object.values(authApi)) {
        const ep = value as AuthEndpoint;
        if (!ep?.path || ep.options?.metadata?.SERVER_ONLY) continue;
        const methods = [ep.options?.method ?? 'GET'].flat();
        if (!methods.includes(method) && !methods.includes('*')) continue;
        add({ method, path: `${base}${ep.path}`, family: 'auth', ...(ep.options?.body ? { body: ep.options.body } : {}), ...(ep.options?.query ? { query: ep.options.query } : {}) });
      }
      add({ method, path: route.path, family: 'auth' });
      continue;
    }
    const contract = allContracts.find((c) => c.method === method && c.path === route.path);
    add({
      method,
      path: route.path,
      family: route.path.startsWith('/dev/') ? 'dev' : 'app',
      ...(contract?.body ? { body: contract.body } : {}),
      ...(contract?.query
        ? { query: contract.query }
        : route.path === fileEndpoints.getInvoiceScalePhoto.path
          ? { query: contracts.getInvoice.query }
          : route.path === fileEndpoints.proEarningsStatement.path
            ? { query: proStatementQuerySchema }
            : route.path === fileEndpoints.exportBookings.path
              ? { query: contracts.listStaffBookings.query }
              : route.path === fileEndpoints.exportInvoices.path
                ? { query: contracts.listInvoices.query }
                : {}),
      ...(route.path === webhookPath
        ? { signer: 'stripe' as const }
        : route.path === inboundSmsPath
          ? { signer: 'twilio' as const }
          : route.path === contracts.getCancellation.path || route.path === contracts.cancelBooking.path
            ? { signer: 'cancel-link' as const }
            : route.path === contracts.getBooking.path
              ? { signer: 'view-booking' as const }
              : ([contracts.getInvoice.path, contracts.approveInvoice.path, contracts.questionInvoiceWeight.path, contracts.payInvoiceDueFromGiftCard.path, fileEndpoints.getInvoiceScalePhoto.path] as string[]).includes(route.path)
                ? { signer: 'invoice-link' as const }
                : route.path === contracts.getRating.path
                  ? { signer: 'rating-link' as const }
                  : {}),
    });
  }
  const uncovered = allContracts.filter((c) => !seen.has(`${c.method} ${c.path}`)).map((c) => `${c.method} ${c.path}`);
  return { endpoints, uncovered };
}

// --- the requests ------------------------------------------------------------------------------

/** Stands for an id that exists in the database when the request is sent (resolved then). */
type KnownRef = { '~known': number };
const known: fc.Arbitrary<KnownRef> = fc.nat().map((n) => ({ '~known': n }));
const isKnown = (v: unknown): v is KnownRef => !!v && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === 1 && '~known' in v;

type Who = 'anonymous' | 'master_admin' | 'pro';
type Mode = 'valid' | 'mutated' | 'garbage';
type Body =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown; contentType: string }
  | { kind: 'form'; value: unknown; contentType: string }
  | { kind: 'raw'; text: string; contentType: string | null };
type Param = { value: string | KnownRef; raw?: boolean };
type Query = { pairs: [string, unknown][] } | { raw: string };
type Sign = 'right' | 'wrong' | 'none';
type FuzzRequest = { mode: Mode; who: Who; params: Param[]; tail: string; query: Query; body: Body; headers: Record<string, string>; sign: Sign };

/** Stands for the site's own origin (config.publicUrl), filled in when the request is sent. */
const SELF = 'self';
const json = 'application/json';
const ascii = (max: number) => fc.string({ maxLength: max, unit: 'grapheme-ascii' });

const sqlish = ["' OR 1=1 --", "1'; DROP TABLE bookings; --", '1 OR 1=1', "admin'--", '" OR ""="', '1; SELECT pg_sleep(1)', "%' AND '%'='"];
const rawSegments = ['%00', '%2F', '..', '.', '%', '%E0%A4%A', '%FF', ';', '%20', '~', '%C0%AF', '*'];

function paramArbitrary(mode: Mode): fc.Arbitrary<Param> {
  const value = (arb: fc.Arbitrary<string | KnownRef>) => arb.map((v) => ({ value: v }));
  const sane = [
    { weight: 5, arbitrary: value(known) },
    { weight: 2, arbitrary: value(fc.uuid({ version: 4 })) },
  ];
  if (mode === 'valid') return fc.oneof(...sane);
  return fc.oneof(
    ...sane,
    { weight: 2, arbitrary: value(fc.constantFrom(...sqlish)) },
    { weight: 2, arbitrary: value(fc.string({ minLength: 1, maxLength: 30 })) },
    { weight: 1, arbitrary: value(fc.string({ minLength: 1, maxLength: 20, unit: 'binary' })) },
    { weight: 1, arbitrary: value(fc.constantFrom('x'.repeat(101), 'x'.repeat(600), '0', '-1', '1e999', 'null', 'undefined', 'NaN', 'me', '00000000-0000-0000-0000-000000000000', 'ZZZZZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZZZZZZZZZ')) },
    { weight: 1, arbitrary: value(fc.uuid({ version: 4 }).map((u) => u.toUpperCase().replace(/-/g, ''))) },
    { weight: 1, arbitrary: fc.constantFrom(...rawSegments).map((v) => ({ value: v, raw: true })) },
  );
}

/** Garbage a JSON endpoint must refuse with a 4xx. */
function garbageBody(): fc.Arbitrary<Body> {
  const raw = (text: fc.Arbitrary<string>, contentType: fc.Arbitrary<string | null> = fc.constant(json)) =>
    fc.tuple(text, contentType).map(([t, c]): Body => ({ kind: 'raw', text: t, contentType: c }));
  const otherTypes = fc.constantFrom<string | null>(null, 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=xyz', 'application/xml', 'application/jsonp', 'application/json-patch+json', 'application/json; charset=utf-16', 'application/json; charset=latin1', 'APPLICATION/JSON', 'application/json, text/plain', '*/*', '');
  return fc.oneof(
    raw(fc.constantFrom('', ' ', '{', '{"a":', '[1,2', 'undefined', "{'a':1}", '{"a":1,}', 'NaN', '\u0000', '\ufeff{}', '{"a":1}{"b":2}', '{"__proto__":{"isAdmin":true}}', '{"constructor":{"prototype":{"x":1}}}', '"\\ud800"', '{"a":"\\u0000"}')),
    raw(fc.constantFrom('[]', '[{}]', 'null', '1', '-0', '"string"', 'true', '1e999', '[null,null]')),
    raw(fc.string({ maxLength: 200, unit: 'binary' })),
    raw(fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v) ?? 'null')),
    raw(fc.constantFrom(200, 5_000, 30_000).map((n) => '['.repeat(n) + ']'.repeat(n))),
    raw(fc.constantFrom(100, 5_000).map((n) => '{"a":'.repeat(n) + '1' + '}'.repeat(n))),
    // over the 64 KB body limit
    raw(fc.constantFrom(JSON.stringify({ x: 'a'.repeat(70_000) }), `[${'1,'.repeat(40_000)}1]`)),
    raw(fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.stringify({ v }) ?? '{}'), otherTypes),
    raw(fc.constantFrom('a=1&b=2', 'email=x%40y.z&name=%00', '--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--xyz--'), otherTypes),
  );
}

function genericObject(): fc.Arbitrary<Record<string, unknown>> {
  // the dev pages post forms; their field names are unknown here, so a vocabulary plus random keys
  const key = fc.oneof(fc.constantFrom('email', 'now', 'id', 'name', 'token', 'result', 'return_url', 'number', 'expiry', 'cvc', 'zip', 'session_id', 'password'), fc.string({ minLength: 1, maxLength: 10 }));
  const value = fc.oneof(
    { weight: 3, arbitrary: sensibleStrings(TODAY) },
    { weight: 1, arbitrary: fc.constantFrom('4242 4242 4242 4242', '4000 0000 0000 0002', '4000 0025 0000 3155', '12/30', '01/20', '123', 'approve', 'fail', '/admin', '//evil.example', 'https://evil.example', NOW.toISOString(), 'fuzz-master@example.com') },
    { weight: 1, arbitrary: hostile() },
    { weight: 1, arbitrary: known },
  );
  return fc.dictionary(key, value, { maxKeys: 6 });
}

/** A Stripe-shaped event (the payment webhook's own contract). */
function stripeEvent(): fc.Arbitrary<unknown> {
  const id = fc.oneof(known, fc.string({ maxLength: 12 }).map((s) => `evt_${s}`));
  return fc.record({
    id,
    object: fc.constant('event'),
    type: fc.oneof(
      fc.constantFrom('checkout.session.completed', 'checkout.session.expired', 'checkout.session.async_payment_failed', 'payment_intent.amount_capturable_updated', 'payment_intent.succeeded', 'payment_intent.canceled', 'payment_intent.payment_failed', 'charge.refunded', 'account.updated'),
      fc.string({ maxLength: 20 }),
    ),
    created: fc.oneof(fc.constant(Math.floor(NOW.getTime() / 1000)), fc.integer()),
    data: fc.record({
      object: fc.record(
        {
          id: fc.oneof(known, fc.string({ maxLength: 20 })),
          object: fc.constantFrom('checkout.session', 'payment_intent', 'charge', 'account', 'refund'),
          payment_intent: fc.oneof(known, fc.string({ maxLength: 12 }), fc.record({ id: fc.oneof(known, fc.string()) }), fc.constant(null)),
          amount: fc.integer({ min: -1000, max: 100_000 }),
          amount_total: fc.integer({ min: -1000, max: 100_000 }),
          amount_capturable: fc.integer({ min: -1000, max: 100_000 }),
          status: fc.constantFrom('complete', 'expired', 'open', 'requires_capture', 'succeeded', 'canceled', 'requires_payment_method'),
          payment_status: fc.constantFrom('paid', 'unpaid', 'no_payment_required'),
          metadata: fc.dictionary(fc.constantFrom('bookingId', 'booking_id', 'purpose', 'giftCardId', 'kind'), fc.oneof(known, fc.string({ maxLength: 20 })), { maxKeys: 3 }),
          charges_enabled: fc.boolean(),
        },
        { requiredKeys: ['id'] },
      ),
    }),
  });
}

/** An inbound text as Twilio posts it (the SMS webhook's own contract). */
function twilioForm(): fc.Arbitrary<Record<string, unknown>> {
  return fc.record(
    {
      From: fc.oneof(fc.integer({ min: 0, max: 9999 }).map((n) => `+1803555${String(n).padStart(4, '0')}`), fc.constantFrom('+18035550101', '(803) 555-0101', '+447700900123', '', '12'), fc.string({ maxLength: 20 })),
      Body: fc.oneof(fc.constantFrom('STOP', 'start', ' Skip! ', 'HELP', 'info', 'stop please', 'SKIP', '🛑 STOP 🛑', 'ＳＴＯＰ'), fc.string({ maxLength: 200 })),
      To: fc.constant('+18035550142'),
      MessageSid: fc.string({ maxLength: 34 }).map((s) => `SM${s}`),
      AccountSid: fc.string({ maxLength: 34 }).map((s) => `AC${s}`),
    },
    { requiredKeys: ['From', 'Body'] },
  );
}

function queryArbitrary(e: Endpoint, mode: Mode, zopts: ZodArbitraryOptions): fc.Arbitrary<Query> {
  const pairs = (arb: fc.Arbitrary<unknown>) => arb.map((v): Query => ({ pairs: toQueryPairs(v) }));
  const garbage = fc.oneof(
    fc.constantFrom('%', '%%%', 'a=%E0%A4%A', '=', '&&&', 'page=1&page=2', 'page=-1', 'page=1e999', 'page=0x10', 'pageSize=100000', 'q=%00', `q=${'x'.repeat(5000)}`, '__proto__[x]=1', 'a[]=1&a[]=2', 'limit=-5', 'limit=abc', 'token=%00', 'from=2026-13-40&to=2026-01-01', 'from=0000-01-01&to=9999-12-31', `${'a=1&'.repeat(500)}b=2`).map((raw): Query => ({ raw })),
    fc.dictionary(fc.string({ minLength: 1, maxLength: 10 }), fc.oneof(fc.constantFrom(...hostileValues), fc.string()), { maxKeys: 4 }).map((v): Query => ({ pairs: toQueryPairs(v) })),
  );
  if (!e.query) return mode === 'valid' ? fc.constant({ pairs: [] }) : fc.oneof({ weight: 1, arbitrary: fc.constant<Query>({ pairs: [] }) }, { weight: 2, arbitrary: garbage });
  if (mode === 'valid') return pairs(zodArbitrary(e.query, zopts));
  if (mode === 'mutated') return pairs(zodMutation(e.query, zopts));
  return garbage;
}

function bodyArbitrary(e: Endpoint, mode: Mode, zopts: ZodArbitraryOptions): fc.Arbitrary<Body> {
  const asJson = (arb: fc.Arbitrary<unknown>, types: string[] = [json, json, json, 'application/json; charset=utf-8']) =>
    fc.tuple(arb, fc.constantFrom(...types)).map(([value, contentType]): Body => ({ kind: 'json', value, contentType }));
  if (e.signer === 'twilio') {
    const form = (arb: fc.Arbitrary<unknown>) => arb.map((value): Body => ({ kind: 'form', value, contentType: 'application/x-www-form-urlencoded' }));
    if (mode === 'valid') return form(twilioForm());
    if (mode === 'mutated') return fc.oneof(form(fc.tuple(twilioForm(), genericObject()).map(([a, b]) => ({ ...b, ...a }))), form(genericObject()));
    return garbageBody();
  }
  if (e.signer === 'stripe') {
    if (mode === 'valid') return asJson(stripeEvent());
    if (mode === 'mutated') return asJson(fc.oneof(zodLess(stripeEvent()), genericObject()));
    return garbageBody();
  }
  if (e.method === 'GET') return mode === 'garbage' ? fc.oneof(fc.constant<Body>({ kind: 'none' }), garbageBody()) : fc.constant({ kind: 'none' });
  if (e.body) {
    if (mode === 'valid' && e.method === contracts.createBooking.method && e.path === contracts.createBooking.path) return asJson(withSharedSubmissionKeys(zodArbitrary(e.body, zopts)));
    if (mode === 'valid') return asJson(zodArbitrary(e.body, zopts));
    if (mode === 'mutated') return asJson(zodMutation(e.body, zopts));
    return garbageBody();
  }
  // no contract for the body: nothing, a random object (JSON or a form, as the dev pages post), or garbage
  if (mode === 'valid')
    return fc.oneof(
      fc.constant<Body>({ kind: 'none' }),
      asJson(genericObject()),
      genericObject().map((value): Body => ({ kind: 'form', value, contentType: 'application/x-www-form-urlencoded' })),
    );
  if (mode === 'mutated') return asJson(fc.oneof(fc.jsonValue({ maxDepth: 3 }), genericObject().map((o) => ({ ...o, extra: 'x'.repeat(3000) }))));
  return garbageBody();
}

/**
 * Booking requests under a few shared submission keys as well as their own: the same key meets
 * other requests (answered from its booking, or refused with a 409 that writes nothing).
 */
const sharedSubmissionKeys = ['6f1c2a57-3e0b-4c1d-9a8e-2b7d4f5e6a01', 'b2d9e8f7-6c5b-4a39-8e2d-1f0a9b8c7d6e', '0e4b7c1a-9d2f-4e6b-a3c8-5f1d2e7b9c40'];
function withSharedSubmissionKeys(arb: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc
    .tuple(arb, fc.option(fc.constantFrom(...sharedSubmissionKeys), { freq: 2 }))
    .map(([body, key]) => (key && body && typeof body === 'object' && !Array.isArray(body) ? { ...body, submissionKey: key } : body));
}

/** One field of a stripe-shaped event broken (it has no zod schema). */
function zodLess(arb: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.tuple(arb, fc.constantFrom('id', 'type', 'data', 'created'), hostile()).map(([event, key, value]) => ({ ...(event as object), [key]: value }));
}

function headersArbitrary(who: Who, mode: Mode): fc.Arbitrary<Record<string, string>> {
  return fc
    .record({
      // TRUST_PROXY is on in tests: a spread of addresses keeps the per-IP limits from answering everything
      ip: fc.oneof({ weight: 12, arbitrary: fc.ipV4() }, { weight: 1, arbitrary: fc.constant('203.0.113.7') }, { weight: 1, arbitrary: fc.constantFrom('', 'unknown', '::1', "1.2.3.4'; --", '999.999.999.999', `${'9'.repeat(300)}`, '1.1.1.1, 2.2.2.2, 3.3.3.3') }),
      origin: mode === 'valid' ? fc.constant(SELF) : fc.oneof({ weight: 6, arbitrary: fc.constant(SELF) }, { weight: 1, arbitrary: fc.constantFrom('', 'null', 'https://evil.example', 'http://localhost:3000.evil.example') }),
      userAgent: fc.option(ascii(120), { nil: undefined }),
      cookie:
        who === 'anonymous'
          ? fc.option(fc.constantFrom('better-auth.session_token=forged.signature', 'better-auth.session_token=', 'better-auth.session_token=%00', `better-auth.session_token=${'a'.repeat(4000)}`), { nil: undefined, freq: 8 })
          : fc.constant(undefined),
    })
    .map(({ ip, origin, userAgent, cookie }) => ({
      'x-forwarded-for': ip,
      ...(origin ? { origin } : {}),
      ...(userAgent !== undefined ? { 'user-agent': userAgent } : {}),
      ...(cookie !== undefined ? { cookie } : {}),
    }));
}

function requestArbitrary(e: Endpoint, zopts: ZodArbitraryOptions): fc.Arbitrary<FuzzRequest> {
  const paramCount = (e.path.match(/\/:[^/]+/g) ?? []).length;
  const whoWeights: [Who, number][] = e.staff ? [['anonymous', 1], ['master_admin', 3]] : e.pro ? [['anonymous', 1], ['master_admin', 1], ['pro', 3]] : e.family === 'auth' && !e.endsSession ? [['anonymous', 3], ['master_admin', 1]] : [['anonymous', 1]];
  const modeWeights: [Mode, number][] = [['valid', 4], ['mutated', 3], ['garbage', 2]];
  const tail = e.path.endsWith('/*')
    ? fc.oneof(fc.array(fc.oneof(fc.stringMatching(/^[a-z-]{1,16}$/), fc.constantFrom('admin', 'sign-in', 'callback', 'reset-password', ...rawSegments)), { minLength: 1, maxLength: 4 }).map((s) => s.join('/')), fc.constant(''))
    : fc.constant('');
  // every arbitrary is built once per endpoint (building one from a schema is the costly part)
  const combos = modeWeights.flatMap(([mode, mw]) => {
    const query = queryArbitrary(e, mode, zopts);
    const body = bodyArbitrary(e, mode, zopts);
    const params = fc.array(paramArbitrary(mode), { minLength: paramCount, maxLength: paramCount });
    const sign: fc.Arbitrary<Sign> = e.signer ? (mode === 'valid' ? fc.constant('right') : fc.constantFrom('right', 'wrong', 'none')) : fc.constant('none');
    return whoWeights.map(([who, ww]) => ({
      weight: mw * ww,
      arbitrary: fc.record({ mode: fc.constant(mode), who: fc.constant(who), params, tail, query, body, headers: headersArbitrary(who, mode), sign }),
    }));
  });
  return fc.oneof(...combos);
}

// --- sending -----------------------------------------------------------------------------------

function resolveKnown(value: unknown, pool: string[]): unknown {
  if (isKnown(value)) return pool.length ? pool[value['~known'] % pool.length] : '00000000-0000-4000-8000-000000000000';
  if (Array.isArray(value)) return value.map((v) => resolveKnown(v, pool));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) Object.defineProperty(out, k, { value: resolveKnown(v, pool), enumerable: true, configurable: true, writable: true });
    return out;
  }
  return value;
}

const formValue = (v: unknown) => (typeof v === 'string' ? v : v === undefined || v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));

type Sent = { url: string; init: RequestInit & { headers: Record<string, string> }; bodyText: string | undefined };

type SendContext = { cookie: string; proCookie: string; webhookSecret: string; smsAuthToken: string; cancelLinkSecret: string; publicUrl: string };

function materialise(e: Endpoint, r: FuzzRequest, pool: string[], ctx: SendContext): Sent {
  let i = 0;
  const params: string[] = [];
  let path = e.path.replace(/:[^/]+/g, () => {
    const p = r.params[i++]!;
    const v = resolveKnown(p.value, pool) as string;
    params.push(v);
    return p.raw ? v : encodeURIComponent(v);
  });
  if (path.endsWith('/*')) path = `${path.slice(0, -1)}${r.tail}`;
  // a cancellation link's token is the booking id signed: the right one opens the real page
  // and a booking's view token (its confirmation page, docs/design.md 9) likewise
  const linkToken =
    r.sign !== 'right'
      ? undefined
      : e.signer === 'cancel-link'
        ? cancelToken(ctx.cancelLinkSecret, params[0] ?? '')
        : e.signer === 'view-booking'
          ? signedToken(ctx.cancelLinkSecret, 'view-booking', params[0] ?? '')
          : e.signer === 'invoice-link'
            ? invoiceToken(ctx.cancelLinkSecret, params[0] ?? '', WEIGHED_BILL, NOW)
            : e.signer === 'rating-link'
              ? ratingToken(ctx.cancelLinkSecret, params[0] ?? '', NOW)
              : undefined;
  const withToken = (value: unknown) => (linkToken && value && typeof value === 'object' && !Array.isArray(value) && 'token' in value ? { ...value, token: linkToken } : value);
  const query =
    'raw' in r.query ? r.query.raw : new URLSearchParams((resolveKnown(r.query.pairs, pool) as [string, unknown][]).map(([k, v]) => [k, formValue(k === 'token' && linkToken ? linkToken : v)])).toString();
  const url = query ? `${path}?${query}` : path;
  const headers: Record<string, string> = { ...r.headers };
  if (headers.origin === SELF) headers.origin = new URL(ctx.publicUrl).origin;
  if (r.who === 'master_admin') headers.cookie = ctx.cookie;
  if (r.who === 'pro') headers.cookie = ctx.proCookie;
  let bodyText: string | undefined;
  let form: Record<string, string> | undefined;
  if (r.body.kind === 'json') {
    bodyText = JSON.stringify(withToken(resolveKnown(r.body.value, pool))) ?? 'null';
    headers['content-type'] = r.body.contentType;
  } else if (r.body.kind === 'form') {
    const value = resolveKnown(r.body.value, pool);
    form = Object.fromEntries(Object.entries(value && typeof value === 'object' ? value : { value }).map(([k, v]) => [k, formValue(v)]));
    bodyText = new URLSearchParams(form).toString();
    headers['content-type'] = r.body.contentType;
  } else if (r.body.kind === 'raw') {
    bodyText = r.body.text;
    if (r.body.contentType !== null) headers['content-type'] = r.body.contentType;
  }
  if (e.signer === 'stripe' && r.sign !== 'none')
    headers['stripe-signature'] = r.sign === 'right' ? signPayload(ctx.webhookSecret, bodyText ?? '') : `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`;
  if (e.signer === 'twilio' && r.sign !== 'none')
    headers['x-twilio-signature'] = r.sign === 'right' ? twilioSignature(ctx.smsAuthToken, `${ctx.publicUrl}${inboundSmsPath}`, form ?? {}) : 'bm90IGEgc2lnbmF0dXJl';
  if (e.method === 'GET') bodyText = undefined; // a GET carries none (fetch refuses one)
  return { url, init: { method: e.method, headers, ...(bodyText !== undefined ? { body: bodyText } : {}) }, bodyText };
}

// --- the database's fingerprint ----------------------------------------------------------------

// rate_limit_hits is left out of the fingerprint: a refused attempt is still an attempt, and
// counting it is the table's purpose.
const volatileTables = new Set(['rate_limit_hits']);

/**
 * better-auth refreshes a session's expiry on use (updateAge), whatever the answer: the fuzzing
 * admin's own session may change these on a read. Every other session, and every other column,
 * must stay as it was.
 */
const refreshedOnRead: Record<string, string[]> = { session: ['expires_at', 'updated_at'] };

/**
 * Every table of db/schema but rate_limit_hits: its row count and the newest transaction that wrote
 * one of its rows; better-auth's session and verification tables by their rows themselves (ids and
 * values), so that a rejected request that signs someone in or issues a one-time token shows.
 */
function fingerprintQuery(): string {
  const parts: string[] = [];
  for (const value of Object.values(schema)) {
    if (!is(value, PgTable)) continue;
    const name = getTableName(value);
    if (volatileTables.has(name)) continue;
    if (name === 'session' || name === 'verification') {
      const columns = Object.values(getTableColumns(value)).map((c) =>
        refreshedOnRead[name]?.includes(c.name) ? `case when r.token = fuzz_fingerprint.token then null else r."${c.name}" end` : `r."${c.name}"`,
      );
      parts.push(`(select count(*) || ':' || md5(coalesce(string_agg(row(${columns.join(', ')})::text, ',' order by r.id), '')) from "${name}" r)`);
      continue;
    }
    // a new row version carries its transaction's id (xmin): count + newest xmin see inserts, updates, deletes
    parts.push(`(select count(*) || ':' || coalesce(max(xmin::text::bigint), 0) from "${name}")`);
  }
  return parts.join(` || '|' || `);
}

// The fingerprint is only computed again when a transaction wrote something: the next transaction
// id moves exactly when one did (a read-only request assigns none), so most requests cost one
// cheap call of the function below.
const nextXid = 'pg_snapshot_xmax(pg_current_snapshot())::text';

// --- the run -----------------------------------------------------------------------------------

type Failure = { index: number; group: string; what: string };

function mulberry32(a: number) {
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const seedFor = (key: string) => createHash('sha256').update(`${seed}:${key}`).digest().readUInt32LE(0) & 0x7fffffff;
/** Short and printable: control characters (NUL above all) shown as escapes. */
const preview = (s: string | undefined, n = 240) => {
  if (s === undefined) return '';
  const cut = s.length > n ? `${s.slice(0, n)}… (${s.length} chars)` : s;
  // eslint-disable-next-line no-control-regex
  return cut.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
};
const previewHeaders = (h: Record<string, string>) => JSON.stringify(Object.fromEntries(Object.entries(h).map(([k, v]) => [k, preview(v, 80)])));

describe.each(bothDatabaseKinds)('fuzzing every endpoint (%s)', (kind) => {
  let t: TestContext;
  let app: App;
  const errors: string[] = [];
  let cookie = '';
  let proCookie = '';
  let proSessionToken = '';
  let fuzzProId = '';
  let sessionToken = '';
  let adminId = '';
  let adminPassword = '';
  let seededBookingId = '';
  const adminEmail = 'fuzz-master@example.com';

  const proUserId = 'fuzz-pro-user';
  const proEmail = 'fuzz-pro@example.com';
  /** The fuzzing pro's session (decision 041: made inactive, revoked or moved, it ends). */
  async function proSignIn(): Promise<void> {
    const res = await app.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': json, origin: new URL(t.config.publicUrl).origin, 'x-forwarded-for': '198.51.100.3' },
      body: JSON.stringify({ email: proEmail, password: 'fuzz-pro-password' }),
    });
    expect(res.status).toBe(200);
    proCookie = (res.headers.get('set-cookie') ?? '').split(';')[0]!;
    proSessionToken = decodeURIComponent(proCookie.split('=')[1] ?? '').split('.')[0]!;
  }

  async function signIn(): Promise<void> {
    const res = await app.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': json, origin: new URL(t.config.publicUrl).origin, 'x-forwarded-for': '198.51.100.1' },
      body: JSON.stringify({ email: adminEmail, password: adminPassword }),
    });
    expect(res.status).toBe(200);
    cookie = (res.headers.get('set-cookie') ?? '').split(';')[0]!;
    sessionToken = decodeURIComponent(cookie.split('=')[1] ?? '').split('.')[0]!;
  }

  beforeAll(async () => {
    // the app createTestApp builds, with the app's logger keeping errors for the report: the app's
    // own and better-auth's (each request it refuses), which reach the logger, never the console
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        errors.push(chunk.toString());
        done();
      },
    });
    t = await createTestApp(kind, { AUTH_ATTEMPTS_PER_MINUTE: '1000000', GIFT_CARD_VALIDATE_PER_MINUTE: '1000000', LOG_LEVEL: 'error' }, { now: () => NOW, logTo: sink });
    app = createApp({ config: t.config, database: t.database, logger: createLogger(t.config, sink), gateway: t.gateway, auth: t.auth, files: t.files, now: () => NOW });
    const created = await createFirstMasterAdmin(t.database.db, t.auth, { email: adminEmail });
    adminId = created.userId;
    adminPassword = created.temporaryPassword;
    await t.database.db.update(schema.user).set({ mustChangePassword: false }).where(eq(schema.user.id, adminId));
    await signIn();
    // something for the ids to point at: staff to manage, bookings around today, a gift card
    await createAdmin(t.database.db, t.auth, { email: 'other-master@example.com', fullName: 'Other', role: 'master_admin' }, null);
    await createAdmin(t.database.db, t.auth, { email: 'staff@example.com', fullName: 'Staff', role: 'admin' }, null);
    for (const [i, date] of ['2026-03-02', '2026-03-04', '2026-03-06', '2026-02-27', '2026-03-09'].entries())
      seededBookingId = (await insertBooking(t.database.db, { pickupDate: date, phone: `(803) 555-01${String(i).padStart(2, '0')}`, ...(i === 3 ? weighedBooking : {}) })).id;
    await insertGiftCard(t.database.db);
    // a laundry pro signed in to the pro portal, with a job on a seeded booking (decision 018)
    await t.database.db.insert(schema.user).values({ id: proUserId, name: 'Fuzz Pro', email: proEmail, role: 'pro' });
    await t.database.db.insert(schema.account).values({ id: 'fuzz-pro-account', accountId: proUserId, providerId: 'credential', userId: proUserId, password: await (await t.auth.$context).password.hash('fuzz-pro-password') });
    const [fuzzPro] = await t.database.db.insert(schema.laundryPros).values({ name: 'Fuzz Pro', email: proEmail, startDate: TODAY, userId: proUserId }).returning();
    fuzzProId = fuzzPro!.id;
    await t.database.db.insert(schema.laundryAssignments).values({ bookingId: seededBookingId, laundryProId: fuzzPro!.id });
    await proSignIn();
    // gift-card purchases for the look-up's session ids to point at (the local gateway's objects are
    // in the pool of known ids): one paid, its card issued, and one still open
    for (const paid of [true, false]) {
      const res = await app.request(contracts.createGiftCardPurchase.path, {
        method: 'POST',
        headers: { 'content-type': json, 'x-forwarded-for': '198.51.100.2' },
        body: JSON.stringify({ amount: 30, purchaser_email: 'fuzz-buyer@example.com', recipient_name: 'Fuzz Friend', recipient_email: 'fuzz-friend@example.com', message: '', terms_accepted: true }),
      });
      expect(res.status).toBe(201);
      const { session_id } = (await res.json()) as { session_id: string };
      if (paid) expect((await t.gateway.pay(session_id, { number: '4242424242424242', expiry: '12/30', cvc: '123', zip: '29072' })).outcome).toBe('paid');
    }
    await t.gateway.flushEvents();
  });
  afterAll(async () => {
    await t?.close();
  });

  it(
    `answers every generated request below 500, rejections as JSON errors that write nothing`,
    async () => {
      const started = performance.now();
      expect(Number.isInteger(requested) && requested > 0, `FUZZ_REQUESTS=${process.env.FUZZ_REQUESTS} is not a positive whole number`).toBe(true);
      if (inCi) expect(requested, `FUZZ_REQUESTS=${process.env.FUZZ_REQUESTS} in CI: the CI run answers at least ${FLOOR} requests`).toBeGreaterThanOrEqual(FLOOR);
      const { endpoints, uncovered } = discoverEndpoints(app, t.auth.api as unknown as Record<string, unknown>);
      expect(endpoints.length).toBeGreaterThan(20);
      // every contract of src/shared/api.ts has a route, so every one is fuzzed
      expect(uncovered, 'contracts without a route').toEqual([]);
      const total = requestsFor[kind];
      const zopts: ZodArbitraryOptions = {
        today: TODAY,
        tries: 6,
        // ids in bodies point at real rows about half the time
        override: (path, _s, fallback) => {
          const key = path[path.length - 1];
          return typeof key === 'string' && /(^id$|Id$|_id$)/.test(key) ? fc.oneof(fallback(), known) : undefined;
        },
      };
      // a share per endpoint (staff endpoints more: anonymous and signed in; better-auth's own less),
      // interleaved at random
      const weight = (e: Endpoint) => (e.family === 'auth' ? 0.4 : e.staff || e.pro ? 1.5 : 1);
      const sum = endpoints.reduce((s, e) => s + weight(e), 0);
      const plan: { e: Endpoint; r: FuzzRequest }[] = [];
      for (const e of endpoints) {
        const n = Math.max(10, Math.ceil((total * weight(e)) / sum));
        for (const r of fc.sample(requestArbitrary(e, zopts), { seed: seedFor(`${kind}:${e.key}`), numRuns: n })) plan.push({ e, r });
      }
      const random = mulberry32(seed);
      for (let i = plan.length - 1; i > 0; i--) {
        const j = Math.floor(random() * (i + 1));
        [plan[i], plan[j]] = [plan[j]!, plan[i]!];
      }
      const generatedMs = performance.now() - started;
      console.log(`fuzz (${kind}): seed ${seed} (FUZZ_SEED=${seed} replays this run), ${plan.length} requests over ${endpoints.length} endpoints`);

      type Fingerprint = { x: string; fp: string; me: string; signedIn: boolean; pro: string; proSignedIn: boolean };
      // a function in the throwaway test database: PL/pgSQL plans its queries once, where a plain
      // query with a dozen subqueries would be planned again for each of the 10,000 requests
      await t.database.db.execute(
        sql.raw(`create function fuzz_fingerprint(known text, admin text, token text, pro text, pro_token text) returns text language plpgsql as $fn$
          declare x text := ${nextXid};
          begin
            if x = known then return x; end if;
            return x || '#' || ${fingerprintQuery()}
              || '#' || coalesce((select coalesce(role, '') || ',' || coalesce(banned, false)::text || ',' || must_change_password::text from "user" where id = admin), '')
              || '#' || (select count(*) from "session" where "session".token = fuzz_fingerprint.token and expires_at > now())::text
              || '#' || coalesce((select coalesce(u.banned, false)::text || ',' || l.status || ',' || u.email from "user" u join laundry_pros l on l.user_id = u.id where u.id = pro), '')
              || '#' || (select count(*) from "session" where "session".token = pro_token and expires_at > now())::text;
          end $fn$`),
      );
      let fingerprints = 0;
      let fingerprintMs = 0;
      /** The database's fingerprint now; `known` comes back as it is when nothing was written since. */
      const fingerprint = async (known?: Fingerprint): Promise<Fingerprint> => {
        const at = performance.now();
        const [row] = rowsOf<{ f: string }>(await t.database.db.execute(sql`select fuzz_fingerprint(${known?.x ?? ''}, ${adminId}, ${sessionToken}, ${proUserId}, ${proSessionToken}) as f`));
        fingerprintMs += performance.now() - at;
        const [x = '', fp = '', me = '', signedIn = '0', pro = '', proSignedIn = '0'] = row!.f.split('#');
        if (known && x === known.x && fp === '') return known;
        fingerprints += 1;
        return { x, fp, me, signedIn: signedIn === '1', pro, proSignedIn: proSignedIn === '1' };
      };
      const poolSql = sql.raw(
        Object.values(schema)
          .filter((v) => is(v, PgTable))
          .map((v) => v as PgTable)
          .filter((v) => !['session', 'account', 'verification'].includes(getTableName(v)) && Object.values(getTableColumns(v)).some((c) => c.name === 'id'))
          .map((v) => `(select id::text as id from "${getTableName(v)}" where id::text <> '${adminId}' order by random() limit 6)`)
          .join(' union all '),
      );
      let pool: string[] = [];
      const ctx = (): SendContext => ({ cookie, proCookie, webhookSecret: t.config.localWebhookSecret, smsAuthToken: t.config.smsAuthToken, cancelLinkSecret: t.config.sessionSecret, publicUrl: t.config.publicUrl });

      const failures: Failure[] = [];
      const perEndpoint = new Map<string, { n: number; ms: number; statuses: Map<number, number> }>();
      let fivexx = 0;
      let htmlErrors = 0;
      let restored = 0;
      let proRestored = 0;

      // the detector itself: an update shows, a read doesn't
      const start = await fingerprint();
      await t.database.db.update(schema.bookings).set({ specialInstructions: 'fuzz: self-check' }).where(eq(schema.bookings.id, seededBookingId));
      const updated = await fingerprint(start);
      expect(updated.fp).not.toBe(start.fp);
      await t.database.db.select().from(schema.bookings);
      // the fingerprint, not the shortcut: transaction ids are the cluster's, and other databases on a
      // shared PostgreSQL server move them
      expect((await fingerprint(updated)).fp).toBe(updated.fp);
      // a one-time token shows, and its removal; the fuzzing admin's session refreshed on a read doesn't
      await t.database.db.insert(schema.verification).values({ id: 'fuzz-self-check', identifier: 'fuzz', value: 'self-check', expiresAt: new Date(Date.now() + 3_600_000) });
      const issued = await fingerprint(updated);
      expect(issued.fp).not.toBe(updated.fp);
      await t.database.db.delete(schema.verification).where(eq(schema.verification.id, 'fuzz-self-check'));
      const cleared = await fingerprint(issued);
      expect(cleared.fp).toBe(updated.fp);
      await t.database.db.update(schema.session).set({ expiresAt: new Date(Date.now() + 7 * 86_400_000), updatedAt: new Date() }).where(eq(schema.session.token, sessionToken));
      const refreshed = await fingerprint(cleared);
      expect(refreshed.fp).toBe(cleared.fp);
      // ... and any other change to a session does
      await t.database.db.update(schema.session).set({ userAgent: 'fuzz: self-check' }).where(eq(schema.session.token, sessionToken));
      const changed = await fingerprint(refreshed);
      expect(changed.fp).not.toBe(refreshed.fp);
      // the fuzzing pro's portal closed shows (decision 041: an inactive pro's sessions end), and is opened again
      const proOpen = `false,active,${proEmail}`;
      expect(changed).toMatchObject({ pro: proOpen, proSignedIn: true });
      const reopenProPortal = async () => {
        await t.database.db.update(schema.user).set({ banned: false, email: proEmail }).where(eq(schema.user.id, proUserId));
        await t.database.db.update(schema.laundryPros).set({ status: 'active', userId: proUserId }).where(eq(schema.laundryPros.id, fuzzProId));
        await proSignIn();
      };
      await t.database.db.update(schema.laundryPros).set({ status: 'inactive' }).where(eq(schema.laundryPros.id, fuzzProId));
      await t.database.db.delete(schema.session).where(eq(schema.session.userId, proUserId));
      expect(await fingerprint(changed)).toMatchObject({ pro: `false,inactive,${proEmail}`, proSignedIn: false });
      await reopenProPortal();
      const reopened = await fingerprint();
      expect(reopened).toMatchObject({ pro: proOpen, proSignedIn: true });

      // better-auth logs each request it refuses (bad origin, bad callbackURL...) through the app's
      // logger (decision 039): kept with the request's report, and a line on the console still fails
      let before = reopened;
      for (const [index, { e, r }] of plan.entries()) {
        if (index % 100 === 0) pool = rowsOf<{ id: string }>(await t.database.db.execute(poolSql)).map((row) => row.id).sort();
        const sent = materialise(e, r, pool, ctx());
        const describeRequest = () => `#${index} ${r.who} ${r.mode} ${e.method} ${preview(sent.url, 300)} [${e.key}] headers=${previewHeaders(sent.init.headers)} body=${JSON.stringify(preview(sent.bodyText))}`;
        errors.length = 0;
        let status = 0;
        let text = '';
        let type = '';
        const cpuAt = process.cpuUsage();
        try {
          const res = await app.request(sent.url, sent.init);
          status = res.status;
          type = res.headers.get('content-type') ?? '';
          text = await res.text();
          // the gateway's events a request caused (a cancelled checkout's expiry) are its effect too
          await t.gateway.flushEvents();
        } catch (err) {
          failures.push({ index, group: `${e.key}: the app threw`, what: `${describeRequest()}\n  threw ${(err as Error).stack ?? String(err)}` });
          continue;
        }
        const stats = perEndpoint.get(e.key) ?? { n: 0, ms: 0, statuses: new Map() };
        stats.n += 1;
        const cpu = process.cpuUsage(cpuAt);
        stats.ms += (cpu.user + cpu.system) / 1000;
        stats.statuses.set(status, (stats.statuses.get(status) ?? 0) + 1);
        perEndpoint.set(e.key, stats);

        const after = await fingerprint(before);
        const problems: string[] = [];
        if (status >= 500) {
          fivexx += 1;
          const logged = /"message":"((?:[^"\\]|\\.){0,120})/.exec(errors.join(''))?.[1] ?? '';
          problems.push(`status ${status}${logged ? ` (${logged})` : ''}`);
        }
        if (status >= 400) {
          let body: unknown;
          try {
            body = JSON.parse(text);
          } catch {
            body = undefined;
          }
          const ours = (body as { error?: { message?: unknown } } | undefined)?.error?.message;
          // better-auth answers its own shape, { message, code }: accepted under /api/auth/* only
          const theirs = e.family === 'auth' ? (body as { message?: unknown } | undefined)?.message : undefined;
          const ok = (typeof ours === 'string' && ours.trim() !== '') || (typeof theirs === 'string' && theirs.trim() !== '');
          // the dev checkout pages stand in for a hosted card form: a browser reads their errors as pages
          const page = e.family === 'dev' && type.startsWith('text/html') && text.length > 0;
          if (page) htmlErrors += 1;
          if (!ok && !page) problems.push(`${status} without a JSON error message (${type || 'no content-type'}, ${text ? preview(text, 60) : 'empty body'})`);
          if (after.fp !== before.fp) problems.push(`a rejected request (${status}) changed the database`);
        }
        if (problems.length)
          failures.push({
            index,
            group: `${e.key}: ${problems.map((p) => p.replace(/ \(.*$/s, '')).join(', ')}`,
            what: `${describeRequest()}\n  → ${status} ${preview(text)}\n  ${problems.join('\n  ')}${after.fp !== before.fp && status >= 400 ? `\n    before ${before.fp}\n    after  ${after.fp}` : ''}${errors.length ? `\n  logged: ${errors.map((l) => preview(l, 4000)).join('\n')}` : ''}`,
          });
        before = after;
        // a valid request may have changed the fuzzing admin (role, ban, password, sessions): put them back
        if (after.me !== 'master_admin,false,false' || !after.signedIn) {
          restored += 1;
          await t.database.db.update(schema.user).set({ role: 'master_admin', banned: false, mustChangePassword: false }).where(eq(schema.user.id, adminId));
          const hash = await (await t.auth.$context).password.hash(adminPassword);
          await t.database.db.update(schema.account).set({ password: hash }).where(eq(schema.account.userId, adminId));
          await signIn();
          before = await fingerprint();
        }
        // a valid request may have closed the fuzzing pro's portal (set inactive, revoked, a new
        // email confirmed: decision 041): open it again, so /api/pro/* stays fuzzed past its guard
        if (after.pro !== proOpen || !after.proSignedIn) {
          proRestored += 1;
          await reopenProPortal();
          before = await fingerprint();
        }
      }

      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      const answered = [...perEndpoint.values()].reduce((n, s) => n + s.n, 0);
      const rows = [...perEndpoint.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, s]) => `  ${key.padEnd(48)} ${String(s.n).padStart(4)} ${String(Math.round(s.ms / s.n)).padStart(4)} ms cpu  ${[...s.statuses.entries()].sort(([a], [b]) => a - b).map(([st, n]) => `${st}×${n}`).join(' ')}`);
      console.log(
        [
          `fuzz (${kind}): seed ${seed} (FUZZ_SEED=${seed} replays this run), ${plan.length} requests generated in ${(generatedMs / 1000).toFixed(1)} s, run in ${seconds} s (${fingerprints} fingerprints of the database, ${(fingerprintMs / 1000).toFixed(1)} s)`,
          ...rows,
          `  HTML error pages from /dev/*: ${htmlErrors}; fuzzing admin restored ${restored} times, fuzzing pro ${proRestored} times`,
          ...(kind === 'pglite' && floorFor.pglite < FLOOR ? [`  FUZZ_REQUESTS=${requested} lowers the floor of ${FLOOR} answered requests to ${floorFor.pglite} (outside CI only)`] : []),
          `fuzz: ${answered} requests, ${perEndpoint.size} endpoints, ${fivexx} responses 5xx`,
        ].join('\n'),
      );
      if (process.env.FUZZ_REPORT) writeFileSync(`${process.env.FUZZ_REPORT}.${kind}.txt`, failures.map((f) => f.what).join('\n\n'));
      // one line per kind of failure with its first example (FUZZ_REPORT=<file> writes them all)
      const groups = new Map<string, Failure[]>();
      for (const f of failures) groups.set(f.group, [...(groups.get(f.group) ?? []), f]);
      const summary = [...groups.entries()].map(([group, list]) => `${list.length}× ${group}\n  e.g. ${list[0]!.what}`);
      expect(summary, `${failures.length} failing requests in ${groups.size} kinds (seed ${seed})`).toEqual([]);
      expect(answered, `requests answered (of ${plan.length} generated)`).toBeGreaterThanOrEqual(floorFor[kind]);
    },
    600_000,
  );

  // found by the fuzzing above: PostgreSQL text can't hold U+0000, so http.ts refuses it up front
  it('refuses a NUL character anywhere in a JSON body or a query string with a 400 naming the field', async () => {
    const origin = new URL(t.config.publicUrl).origin;
    const post = (path: string, body: string) => app.request(path, { method: 'POST', headers: { 'content-type': json, origin }, body });
    const fieldsOf = async (res: Response) => ((await res.json()) as { error: { message: string; fields: Record<string, string> } }).error;

    const flat = await post(contracts.createContactMessage.path, JSON.stringify({ name: 'Jen\u0000na', email: 'jenna@example.com', subject: 'Hi', message: 'Hello' }));
    expect(flat.status).toBe(400);
    expect((await fieldsOf(flat)).fields.name).toMatch(/NUL/);
    // ten thousand levels deep, inside the 64 KB limit: found without recursion
    const deep = await post(contracts.createContactMessage.path, `${'{"a":'.repeat(10_000)}"\\u0000"${'}'.repeat(10_000)}`);
    expect(deep.status).toBe(400);
    expect((await fieldsOf(deep)).message).toMatch(/^a\.a\.a.*NUL/s);
    const query = await app.request(`${contracts.listStaffBookings.path}?q=%00`, { headers: { cookie, origin } });
    expect(query.status).toBe(400);
    expect((await fieldsOf(query)).fields.q).toMatch(/NUL/);
    // found by the fuzzing too: half of a UTF-16 pair is no character, and PostgreSQL's JSON (the
    // audit log) refuses it; a whole pair (an emoji) is fine
    const half = await app.request(contracts.createLaundryPro.path, { method: 'POST', headers: { 'content-type': json, origin, cookie }, body: '{"name":"Rosa","notes":"ok \\ud800 not"}' });
    expect(half.status).toBe(400);
    expect((await fieldsOf(half)).fields.notes).toMatch(/half of a UTF-16 pair/);
    const pair = await app.request(contracts.createLaundryPro.path, { method: 'POST', headers: { 'content-type': json, origin, cookie }, body: JSON.stringify({ name: 'Rosa 🧺', notes: 'fine' }) });
    expect(pair.status).toBe(201);
  });

  it('reads the query of the calendar, the cancellation link and the audit log through their contracts: a bad one is a 400 naming the field', async () => {
    // an address of its own: the cancellation link's rate limit counts per address, the fuzzing's too
    const get = (path: string) => app.request(path, { headers: { cookie, origin: new URL(t.config.publicUrl).origin, 'x-forwarded-for': '198.51.100.77' } });
    const fieldsOf = async (res: Response) => {
      expect(res.status).toBe(400);
      return ((await res.json()) as { error: { message: string; fields: Record<string, string> } }).error.fields;
    };
    const availability = contracts.availability.path;
    expect((await get(`${availability}?from=2026-03-02&to=2027-03-03`)).status).toBe(200);
    expect((await fieldsOf(await get(`${availability}?from=2026-02-30`))).from).toMatch(/YYYY-MM-DD/);
    expect((await fieldsOf(await get(`${availability}?from=2026-03-02&to=2027-03-04`))).to).toMatch(/366 days/);
    // to alone: from is today (2026-03-02), known only to the server
    expect((await fieldsOf(await get(`${availability}?to=2026-03-01`))).to).toMatch(/on or after from/);
    expect((await fieldsOf(await get(`${availability}?from=2026-03-02&days=7`))).days).toMatch(/Unknown field/);

    // a booking of its own: the fuzzing may have deleted the seeded ones
    const booking = await insertBooking(t.database.db, { pickupDate: '2026-03-11' });
    const cancellation = contracts.getCancellation.path.replace(':id', booking.id);
    expect((await get(`${cancellation}?token=${cancelToken(t.config.sessionSecret, booking.id)}`)).status).toBe(200);
    expect((await fieldsOf(await get(cancellation))).token).toMatch(/incomplete/);
    expect((await fieldsOf(await get(`${cancellation}?token=${'x'.repeat(201)}`))).token).toMatch(/not valid/);

    const audit = contracts.auditLog.path;
    expect((await get(`${audit}?page=2&pageSize=100&action=auth.sign_in&from=2026-03-01&to=2026-03-02`)).status).toBe(200);
    for (const page of ['0', '2.5', 'abc', '']) expect((await fieldsOf(await get(`${audit}?page=${page}`))).page).toMatch(/page/);
    for (const pageSize of ['9', '101', 'abc']) expect((await fieldsOf(await get(`${audit}?pageSize=${pageSize}`))).pageSize).toMatch(/pageSize/);
    expect((await fieldsOf(await get(`${audit}?action=nope`))).action).toMatch(/Unknown action/);
    expect((await fieldsOf(await get(`${audit}?from=2026-02-30`))).from).toMatch(/YYYY-MM-DD/);
    expect((await fieldsOf(await get(`${audit}?from=2026-03-02&to=2026-03-01`))).to).toMatch(/on or after from/);
  });
});
