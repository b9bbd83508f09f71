// Helpers shared by every route module: typed variables and body parsing with a shared schema.
import type { Context } from 'hono';
import type { z } from 'zod';
import type { Logger } from './logger';
import { DomainError, ValidationError } from './errors';

export type AppEnv = { Variables: { requestId: string; log: Logger; trustProxy?: boolean } };

/** Reads a JSON body and validates it with the contract's schema; every failure is a 4xx. */
export async function parseJsonBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/json\b/i.test(type))
    throw new DomainError(415, 'unsupported_media_type', 'Send the request body as JSON (Content-Type: application/json).');
  let raw: unknown;
  try {
    raw = await c.req.json();
  } catch {
    throw new DomainError(400, 'invalid_json', 'The request body is not valid JSON.');
  }
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
    throw new DomainError(400, 'invalid_body', 'The request body must be a JSON object.');
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw ValidationError.fromZod(parsed.error);
  return parsed.data;
}

/** The client's address; X-Forwarded-For only counts behind a proxy we trust (TRUST_PROXY). */
export function clientIp(c: Context): string | null {
  const forwarded = c.get('trustProxy') ? c.req.header('x-forwarded-for') : undefined;
  if (forwarded) return forwarded.split(',')[0]!.trim();
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress ?? null;
}
