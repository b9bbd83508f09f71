// The one typed client for the API, driven by the shared contracts (src/shared/api.ts).
import type { z } from 'zod';
import type { Contract } from '../../shared/api';
import type { ApiError } from '../../shared/schemas/common';

export class ApiRequestError extends Error {
  constructor(
    public readonly status: number,
    public readonly error: ApiError,
  ) {
    super(error.message);
  }
  get fields(): Record<string, string> {
    return this.error.fields ?? {};
  }
}

export async function apiRequest<Body extends z.ZodType | undefined, Res extends z.ZodType>(
  contract: Contract<Body, Res>,
  body?: Body extends z.ZodType ? z.input<Body> : undefined,
  options: { params?: Record<string, string>; query?: Record<string, string | undefined>; signal?: AbortSignal } = {},
): Promise<z.output<Res>> {
  let path = contract.path;
  for (const [key, value] of Object.entries(options.params ?? {})) path = path.replace(`:${key}`, encodeURIComponent(value));
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(options.query ?? {})) if (value !== undefined) query.set(key, value);
  const url = query.size ? `${path}?${query}` : path;
  let response: Response;
  try {
    response = await fetch(url, {
      method: contract.method,
      headers: body === undefined ? { accept: 'application/json' } : { 'content-type': 'application/json', accept: 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch {
    throw new ApiRequestError(0, {
      code: 'network',
      message: 'We could not reach the server. Check your connection and try again.',
    });
  }
  const data: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const error = (data as { error?: ApiError } | null)?.error;
    throw new ApiRequestError(response.status, error ?? { code: 'http_' + response.status, message: 'Something went wrong. Please try again.' });
  }
  return data as z.output<Res>;
}
