// Helpers shared by every route module: typed variables and body parsing with a shared schema.
import type { Context, MiddlewareHandler } from 'hono';
import { z } from 'zod';
import type { Schema } from '../shared/api';
import { clientAddress, type ProxyRule } from './client-address';
import type { Logger } from './logger';
import { domainError, fieldError, type PlainCode } from './error-catalogue';
import { ValidationError } from './errors';
import { isUuid } from '../shared/uuid';

export type AppEnv = { Variables: { requestId: string; log: Logger; proxyRule?: ProxyRule } };

/** Reads a JSON body and validates it with the contract's schema; every failure is a 4xx. */
export async function parseJsonBody<S extends Schema>(c: Context, schema: S): Promise<z.output<S>> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/json\b/i.test(type))
    throw domainError('unsupported_media_type');
  let raw: unknown;
  try {
    raw = await c.req.json();
  } catch {
    throw domainError('invalid_json');
  }
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
    throw domainError('invalid_body');
  refuseNul(raw);
  const parsed = z.safeParse(schema, raw);
  if (!parsed.success) throw ValidationError.fromZod(parsed.error);
  return parsed.data;
}

/** Half of a UTF-16 surrogate pair: no character, and PostgreSQL's JSON refuses it (the audit log). */
const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const badText = (text: string) => text.includes('\u0000') || loneSurrogate.test(text);

type PathLink = { key: string; parent: PathLink | null } | null;
function pathOf(link: PathLink): string[] {
  const keys: string[] = [];
  for (let at = link; at; at = at.parent) keys.push(at.key);
  return keys.reverse();
}

/** Where the first NUL character or lone surrogate sits in a parsed value (a key or a string), or
 *  null. Iterative, with the path kept as links: a body may nest thousands of levels deep. */
function nulPath(root: unknown): string[] | null {
  const stack: [unknown, PathLink][] = [[root, null]];
  while (stack.length) {
    const [value, link] = stack.pop()!;
    if (typeof value === 'string') {
      if (badText(value)) return pathOf(link);
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    for (const [key, item] of Object.entries(value)) {
      if (badText(key)) return pathOf({ key, parent: link });
      stack.push([item, { key, parent: link }]);
    }
  }
  return null;
}

/**
 * PostgreSQL text can't hold U+0000 (the query fails), so a NUL in any input is refused up front
 * as a 400 naming the field, whatever the schema says about the field.
 */
function refuseNul(raw: unknown): void {
  const path = nulPath(raw);
  if (!path) return;
  const joined = path.join('.');
  const code = joined.includes('\u0000') || textAt(raw, path)?.includes('\u0000') ? 'text_nul_character' : 'text_broken_character';
  const key = path.length ? joined.replaceAll('\u0000', '\\u0000').replace(new RegExp(loneSurrogate.source, 'g'), '\ufffd') : '_';
  throw fieldError(code, key);
}

/**
 * A JSON body whose shape the service reads itself (a link's answer: any other body is the link's
 * failure), null when it is not JSON; a NUL or broken character is still refused up front as a
 * 400 naming the field, as for every other body.
 */
export async function readJsonBody(c: Context): Promise<unknown> {
  const raw = await c.req.json<unknown>().catch(() => null);
  refuseNul(raw);
  return raw;
}

function textAt(root: unknown, path: string[]): string | null {
  let at: unknown = root;
  for (const key of path) at = at !== null && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined;
  return typeof at === 'string' ? at : null;
}

/**
 * The client's address (decision 038): the socket's, or behind our proxies (TRUST_PROXY) the
 * right-most X-Forwarded-For address that is not one of them, never one the client wrote itself.
 */
export function clientIp(c: Context): string | null {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  // a request made in-process has no socket: it stands where the nearest proxy would
  const socket = env?.incoming ? (env.incoming.socket?.remoteAddress ?? '') : undefined;
  return clientAddress(c.get('proxyRule') ?? noProxy, c.req.header('x-forwarded-for'), socket);
}
const noProxy: ProxyRule = { kind: 'none' };

/** Validates the query string with the contract's schema (strings in, coerced by the schema). */
export function parseQuery<S extends Schema>(c: Context, schema: S): z.output<S> {
  const raw: Record<string, string> = {};
  for (const [key, value] of new URL(c.req.url).searchParams) raw[key] = value;
  refuseNul(raw);
  const parsed = z.safeParse(schema, raw);
  if (!parsed.success) throw ValidationError.fromZod(parsed.error);
  return parsed.data;
}

/** A path id that must be a UUID: anything else is simply not found (`notFound`, the catalogue's code). */
export function uuidParam(c: Context, name: string, notFound: PlainCode): string {
  const value = c.req.param(name) ?? '';
  if (!isUuid(value)) throw domainError(notFound);
  return value.toLowerCase();
}

/**
 * CSRF (docs/design.md 6): a cookie-authenticated write must come from our own pages. Browsers send
 * Origin on every write; without it, only the browser's own Sec-Fetch-Site counts. Reads pass.
 */
export function refuseCrossSiteWrite(c: Context, origin: string): void {
  if (c.req.method === 'GET' || c.req.method === 'HEAD') return;
  const sent = c.req.header('origin');
  if (sent !== undefined && sent !== origin) throw domainError('bad_origin');
  if (sent === undefined && c.req.header('sec-fetch-site') !== 'same-origin') throw domainError('origin_missing');
}

/**
 * No API answer is kept by a browser, a proxy or a shared cache (docs/design.md 6, decisions 012 and
 * 038): staff and sign-in answers carry sessions, and a link's answers (a booking by its token or
 * checkout session, a cancellation, an invoice, the amount due, a regular pick-up) carry a
 * customer's name and address. Every answer, refusals included; an answer that already says
 * no-store (`private, no-store`) keeps its own words.
 */
export const noStore: MiddlewareHandler = async (c, next) => {
  await next();
  if (/\bno-store\b/.test(c.res.headers.get('cache-control') ?? '')) return;
  try {
    c.res.headers.set('Cache-Control', 'no-store');
  } catch {
    // a response with immutable headers: copy it
    const copy = new Response(c.res.body, c.res);
    copy.headers.set('Cache-Control', 'no-store');
    c.res = copy;
  }
};
