// The development pages (/dev/*: the mail viewer, the movable clock, the local checkout, the
// bootstrap admin) answer only this machine (docs/decisions/012), and only at its own loopback
// names (decision 038): they show one-time links and move the clock, so neither a development
// server that someone opened to the network nor a web page that rebinds its name may reach them.
import type { Context, MiddlewareHandler } from 'hono';
import { isLoopbackHost } from '../config';
import { domainError } from '../error-catalogue';

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

/**
 * Whether the request names this machine as its host (decision 038). A web page elsewhere can make
 * its own name resolve to 127.0.0.1 (DNS rebinding): the browser then connects from loopback, but
 * the Host it sends is still that page's name.
 */
export function isLoopbackHostHeader(c: Context): boolean {
  const host = c.req.header('host') ?? new URL(c.req.url).host;
  return /^(localhost|127\.0\.0\.1|\[::1\])(:\d{1,5})?$/i.test(host);
}

export const loopbackOnly: MiddlewareHandler = async (c, next) => {
  if (!isLoopbackRequest(c)) throw domainError('dev_loopback_only');
  if (!isLoopbackHostHeader(c)) throw domainError('dev_host_not_loopback');
  await next();
};
