// better-auth's HTTP handler under /api/auth, narrowed to what the staff pages use. Its admin
// plugin also serves set-role, ban-user, impersonate-user and the like to any staff session:
// through those an `admin` could make themselves a master admin or sign in as someone else, around
// the rules of our own /api/admin routes (DESIGN.md 6: only a master admin manages admins). So
// only the endpoints below reach it; our routes call the rest server-side through `auth.api`.
import { Hono } from 'hono';
import type { AppEnv } from '../http';
import type { LoadAuth } from './auth';

export const authBasePath = '/api/auth';

/** Method and path (below /api/auth) of every better-auth endpoint the browser may call. */
const exposed: [method: string, path: RegExp][] = [
  ['POST', /^\/sign-in\/email$/],
  ['POST', /^\/sign-out$/],
  ['POST', /^\/request-password-reset$/],
  ['POST', /^\/reset-password$/],
  // the emailed link: checks the token, then redirects to /admin/reset-password?token=…
  ['GET', /^\/reset-password\/[A-Za-z0-9_-]{1,200}$/],
];

export function isExposedAuthEndpoint(method: string, path: string): boolean {
  const below = path.startsWith(authBasePath) ? path.slice(authBasePath.length) : path;
  return exposed.some(([m, p]) => m === method && p.test(below));
}

const statusMessages: Record<number, string> = {
  400: 'The request is not valid.',
  401: 'Not authenticated',
  403: 'Access denied. Admin privileges required.',
  404: 'No such API endpoint.',
  429: 'Too many attempts. Please wait a minute and try again.',
};

/**
 * better-auth answers most refusals as `{ message, code }`, but some with an empty body (a 401 with
 * no session, say). Every refusal leaves here as JSON with a message the UI can show; its headers
 * (a cleared cookie) are kept.
 */
async function withErrorMessage(res: Response): Promise<Response> {
  if (res.status < 400) return res;
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = null;
  }
  const message = (body as { message?: unknown } | null)?.message;
  const headers = new Headers(res.headers);
  headers.delete('content-length');
  if (typeof message === 'string' && message.trim() !== '') return new Response(text, { status: res.status, headers });
  headers.set('content-type', 'application/json');
  const fallback = statusMessages[res.status] ?? 'Something went wrong on our side. Please try again.';
  const code = (body as { code?: unknown } | null)?.code;
  return new Response(JSON.stringify({ error: { code: typeof code === 'string' ? code : `http_${res.status}`, message: fallback } }), {
    status: res.status,
    headers,
  });
}

export function authRoutes(deps: { auth: LoadAuth }) {
  return new Hono<AppEnv>().on(['GET', 'POST'], `${authBasePath}/*`, async (c) => {
    if (!isExposedAuthEndpoint(c.req.method, c.req.path)) return c.json({ error: { code: 'not_found', message: 'No such API endpoint.' } }, 404);
    const auth = await deps.auth();
    return withErrorMessage(await auth.handler(c.req.raw));
  });
}
