// Domain failures are values with a status and a message the user can read (docs/conventions.md 8). Each one
// is raised from the catalogue (error-catalogue.ts: `throw domainError(code)`), never built here
// with words of its own: lint refuses `new DomainError(...)` anywhere else (docs/decisions/046).
import type { z } from 'zod';

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 503;

/** One line of the error catalogue (error-catalogue.ts): its status, its words, and the field they belong to. */
export type CatalogueEntry = { status: ErrorStatus; message: string | ((values: never) => string); field?: string };

export class DomainError extends Error {
  constructor(
    public readonly status: ErrorStatus,
    public readonly code: string,
    message: string,
    public readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** A request a schema refused: its messages are the schema's own (src/shared/schemas), by field. */
export class ValidationError extends DomainError {
  private constructor(fields: Record<string, string>, message: string) {
    super(400, 'validation_failed', message, fields);
  }

  static fromZod(error: z.core.$ZodError): ValidationError {
    const fields: Record<string, string> = {};
    for (const issue of error.issues) {
      if (issue.code === 'unrecognized_keys') {
        for (const key of issue.keys) fields[[...issue.path, key].join('.')] ??= `Unknown field "${key}"`;
        continue;
      }
      const key = issue.path.length ? issue.path.join('.') : '_';
      fields[key] ??= forPeople(issue, key);
    }
    // sentences a person can act on; the fields keep which input each one belongs to
    const summary = [...new Set(Object.values(fields))].join(' ');
    return new ValidationError(fields, summary || 'The request is not valid.');
  }
}

/** "pricePerPoundCents" -> "Price per pound" (a field's name as the form calls it). */
export function fieldLabel(key: string): string {
  const last = (key.split('.').pop() ?? key).replace(/Cents$/, '');
  const words = last.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A schema's own message as written; zod's generic ones become a sentence that names the field. */
function forPeople(issue: z.core.$ZodIssue, key: string): string {
  const generic = /^(Invalid|Too big|Too small|Expected)/.test(issue.message);
  if (!generic) return issue.message;
  const label = key === '_' ? 'The request' : fieldLabel(key);
  if (issue.code === 'too_big') return `${label} is too long or too large.`;
  if (issue.code === 'too_small') return `${label} is too short or too small.`;
  if (issue.code === 'invalid_type' && /received undefined$/.test(issue.message)) return `${label} is required.`;
  return `${label} is not valid.`;
}

/** A 429 with the seconds until the window that refused it ends (the Retry-After header); its
 *  message is the catalogue's rate_limited (rate-limit.ts raises it through `rateLimited`). */
export class RateLimited extends DomainError {
  constructor(
    message: string,
    public readonly retryAfterSeconds: number,
  ) {
    super(429, 'rate_limited', message);
  }
}

export function errorBody(err: DomainError) {
  return { error: { code: err.code, message: err.message, ...(err.fields ? { fields: err.fields } : {}) } };
}
