// better-auth's HTTP handler under /api/auth, narrowed to what the staff pages use. Its admin
// plugin also serves set-role, ban-user, impersonate-user and the like to any staff session:
// through those an `admin` could make themselves a master admin or sign in as someone else, around
// the rules of our own /api/admin routes (docs/design.md 6: only a master admin manages admins). So
// only the endpoints below reach it; our routes call the rest server-side through `auth.api`.
import { Hono, type Context } from 'hono';
import type { Db } from '../db/client';
import { domainError, errorMessage, internalErrorMessage } from '../error-catalogue';
import { errorBody } from '../errors';
import { clientIp, type AppEnv } from '../http';
import type { Actor } from '../audit/record-audit';
import type { Auth, LoadAuth } from './auth';
import { auditResetCompleted, auditResetRequested, auditSignIn } from './auth-audit';

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

/** What a refusal better-auth sent without words says, by its status (the catalogue's messages). */
const statusMessages: Record<number, string> = {
  400: errorMessage('invalid_request'),
  401: errorMessage('not_authenticated'),
  403: errorMessage('access_denied'),
  404: errorMessage('not_found'),
  429: errorMessage('rate_limited', { wait: 'attempts' }),
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
  const fallback = statusMessages[res.status] ?? internalErrorMessage;
  const code = (body as { code?: unknown } | null)?.code;
  return new Response(JSON.stringify({ error: { code: typeof code === 'string' ? code : `http_${res.status}`, message: fallback } }), {
    status: res.status,
    headers,
  });
}

async function jsonBody(c: Context): Promise<Record<string, unknown> | null> {
  const body = (await c.req.raw
    .clone()
    .json()
    .catch(() => null)) as unknown;
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
}

/** The staff member whose session came with the request (a reset asked while signed in), if any. */
async function signedIn(auth: Auth, c: Context): Promise<Actor | null> {
  if (!c.req.header('cookie')) return null;
  const found = await auth.api.getSession({ headers: c.req.raw.headers }).catch(() => null);
  return found ? { id: found.user.id, email: found.user.email, ip: clientIp(c) } : null;
}

/**
 * The sign-in answer without the session token: the httpOnly cookie carries the session, and a
 * token in the body would be readable by any script on the page. The user stays (auth-api.ts).
 */
async function withoutToken(res: Response): Promise<{ res: Response; user: { id: string; email: string } | null }> {
  if (res.status !== 200) return { res, user: null };
  const body = (await res.json().catch(() => null)) as { token?: unknown; user?: { id?: unknown; email?: unknown } } | null;
  const headers = new Headers(res.headers);
  headers.delete('content-length');
  const { token: _token, ...rest } = body ?? {};
  const u = rest.user;
  const user = u && typeof u.id === 'string' && typeof u.email === 'string' ? { id: u.id, email: u.email } : null;
  return { res: new Response(JSON.stringify(rest), { status: res.status, headers }), user };
}

export function authRoutes(deps: { auth: LoadAuth; db: Db }) {
  const { db } = deps;
  const handle = async (c: Context<AppEnv>) => {
    if (!isExposedAuthEndpoint(c.req.method, c.req.path)) return c.json(errorBody(domainError('not_found')), 404);
    const auth = await deps.auth();
    const endpoint = `${c.req.method} ${c.req.path.slice(authBasePath.length)}`;
    const ip = clientIp(c);
    // the sign-in, the reset asked and the reset done are audited: who, whom, the IP (docs/design.md 6)
    if (endpoint === 'POST /sign-in/email') {
      const { res, user } = await withoutToken(await auth.handler(c.req.raw));
      if (user) await auditSignIn(db, user, ip);
      return withErrorMessage(res);
    }
    if (endpoint === 'POST /request-password-reset') {
      const body = await jsonBody(c);
      const by = await signedIn(auth, c);
      const res = await auth.handler(c.req.raw);
      if (res.status === 200 && typeof body?.email === 'string') await auditResetRequested(db, { email: body.email, by, ip });
      return withErrorMessage(res);
    }
    if (endpoint === 'POST /reset-password') {
      const body = await jsonBody(c);
      const token = typeof body?.token === 'string' ? body.token : new URL(c.req.url).searchParams.get('token');
      // whose link it is, read before better-auth uses it up
      const link = token ? await (await auth.$context).internalAdapter.findVerificationValue(`reset-password:${token}`).catch(() => null) : null;
      const by = await signedIn(auth, c);
      const res = await auth.handler(c.req.raw);
      if (res.status === 200 && link) await auditResetCompleted(db, { userId: link.value, by, ip });
      return withErrorMessage(res);
    }
    return withErrorMessage(await auth.handler(c.req.raw));
  };
  // the emailed reset link carries its token in the path: a route of its own names it, so that the
  // request's log line shows the name, not the token (decision 039)
  return new Hono<AppEnv>().get(`${authBasePath}/reset-password/:token`, handle).on(['GET', 'POST'], `${authBasePath}/*`, handle);
}
