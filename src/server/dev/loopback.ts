// The development pages (/dev/*: the mail viewer, the movable clock, the local checkout, the
// bootstrap admin) answer only this machine (docs/decisions/012): they show one-time links and
// move the clock, so a development server that someone opened to the network must not serve them.
import type { Context, MiddlewareHandler } from 'hono';
import { isLoopbackHost } from '../config';

const forwardingHeaders = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

/**
 * Whether a request comes from this machine. A request made in-process (the app's own calls, the
 * tests) has no socket and is local. A proxy on this machine connects from loopback on behalf of
 * anyone, so a request that names a forwarded client counts only when that client is loopback too.
 */
export function isLoopbackRequest(c: Context): boolean {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  if (!env?.incoming) return true;
  const remote = env.incoming.socket?.remoteAddress;
  if (!remote || !isLoopbackHost(remote)) return false;
  for (const name of forwardingHeaders) {
    const value = c.req.header(name);
    if (value === undefined) continue;
    const clients = value.split(',').map((v) => v.trim().replace(/^for=/i, '').replace(/^"|"$/g, ''));
    if (!clients.every((client) => isLoopbackHost(client))) return false;
  }
  return true;
}

export const loopbackOnly: MiddlewareHandler = async (c, next) => {
  if (!isLoopbackRequest(c))
    return c.json(
      { error: { code: 'dev_loopback_only', message: 'The development pages answer only requests from this machine.' } },
      403,
    );
  await next();
};
