// The one typed client for the API: endpoints by name (src/shared/endpoints.ts), typed by the
// shared contracts (src/shared/api.ts, imported for its types only: no schema reaches the bundle).
// The public site's paths come with it; the back office's and the pro portal's, and the signed-in
// customer's, are loaded with their first call (src/shared/endpoints-staff.ts, endpoints-orders.ts),
// so the booking pages carry none of them.
import type { z } from 'zod';
import type { Contracts, Schema } from '../../shared/api';
import type { Endpoint, EndpointName } from '../../shared/endpoints';
import { publicEndpoints } from '../../shared/endpoints-public';
import type { ApiError } from '../../shared/schemas/api-common';

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

let laterEndpoints: Promise<Record<string, Endpoint>> | undefined;

/** An endpoint's method and path: the public site's at hand, the others (staff, "My orders") loaded once. */
async function endpointOf(name: EndpointName): Promise<Endpoint> {
  const known = (publicEndpoints as Record<string, Endpoint>)[name];
  if (known) return known;
  laterEndpoints ??= Promise.all([import('../../shared/endpoints-staff'), import('../../shared/endpoints-orders')]).then(([staff, orders]) => ({ ...staff.staffEndpoints, ...orders.ordersEndpoints }));
  laterEndpoints.catch(() => (laterEndpoints = undefined)); // a failed load is tried again by the next call
  const endpoint = (await laterEndpoints)[name];
  if (!endpoint) throw new Error(`No such endpoint: ${name}`);
  return endpoint;
}

type BodyOf<K extends EndpointName> = Contracts[K]['body'] extends Schema ? z.input<Contracts[K]['body']> : undefined;
type ResponseOf<K extends EndpointName> = z.output<Contracts[K]['response']>;

export async function apiRequest<K extends EndpointName>(
  name: K,
  body?: BodyOf<K>,
  options: { params?: Record<string, string>; query?: Record<string, string | undefined>; signal?: AbortSignal } = {},
): Promise<ResponseOf<K>> {
  const contract = await endpointOf(name);
  let path: string = contract.path;
  for (const [key, value] of Object.entries(options.params ?? {})) path = path.replace(`:${key}`, encodeURIComponent(value));
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(options.query ?? {})) if (value !== undefined) query.set(key, value);
  const url = query.size ? `${path}?${query}` : path;
  return (await send(url, {
    method: contract.method,
    headers: body === undefined ? { accept: 'application/json' } : { 'content-type': 'application/json', accept: 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: options.signal,
  })) as ResponseOf<K>;
}

/** Sends a file as the request body (docs/design.md 9, files: the scale photo) and reads the JSON answer. */
export async function uploadFile<R>(endpoint: Endpoint, params: Record<string, string>, file: Blob): Promise<R> {
  let path: string = endpoint.path;
  for (const [key, value] of Object.entries(params)) path = path.replace(`:${key}`, encodeURIComponent(value));
  return (await send(path, { method: endpoint.method, headers: { 'content-type': file.type || 'application/octet-stream', accept: 'application/json' }, body: file })) as R;
}

async function send(url: string, init: RequestInit): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, credentials: 'same-origin' });
  } catch {
    throw new ApiRequestError(0, {
      code: 'network',
      message: 'We could not reach the server. Check your connection and try again.',
    });
  }
  const data: unknown = await response.json().catch((err: unknown) => {
    // the caller gave up on the answer while it was read (it left the page): a rejection, never an
    // answer of nothing that would read as the server's
    if (init.signal?.aborted) throw err;
    return null;
  });
  if (!response.ok) {
    const error = (data as { error?: ApiError } | null)?.error;
    throw new ApiRequestError(response.status, error ?? { code: 'http_' + response.status, message: 'Something went wrong. Please try again.' });
  }
  return data;
}
