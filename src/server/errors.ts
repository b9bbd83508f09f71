// Domain failures are values with a status and a message the user can read (STYLE.md 8).
import type { z } from 'zod';

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429;

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

export class ValidationError extends DomainError {
  constructor(fields: Record<string, string>, message = 'Please correct the highlighted fields.') {
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
      fields[key] ??= issue.message;
    }
    const summary = Object.entries(fields)
      .map(([k, v]) => (k === '_' ? v : `${k}: ${v}`))
      .join('; ');
    return new ValidationError(fields, summary || 'The request is not valid.');
  }
}

export class NotFoundError extends DomainError {
  constructor(message = 'Not found.') {
    super(404, 'not_found', message);
  }
}

export function errorBody(err: DomainError) {
  return { error: { code: err.code, message: err.message, ...(err.fields ? { fields: err.fields } : {}) } };
}
