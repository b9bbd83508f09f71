// Every /api/pro/* route sits behind this guard (decision 018): a session of a `pro` account that
// is not disabled and is linked to a laundry pro who is active (decision 041), deny by default;
// writes come from our own pages (CSRF, as for staff). A staff session is refused here, and a
// pro's by every staff route.
import type { MiddlewareHandler } from 'hono';
import type { LoadAuth } from '../admins/auth';
import type { Actor } from '../audit/record-audit';
import { proAccessRefusal, readProAccess } from '../admins/pro-access';
import type { Db } from '../db/client';
import { domainError } from '../error-catalogue';
import { clientIp, refuseCrossSiteWrite, type AppEnv } from '../http';

export type ProActor = Actor & { proId: string };
export type ProEnv = AppEnv & { Variables: AppEnv['Variables'] & { pro: ProActor } };

export function requirePro(deps: { db: Db; auth: LoadAuth; publicUrl: string }): MiddlewareHandler<ProEnv> {
  const origin = new URL(deps.publicUrl).origin;
  return async (c, next) => {
    refuseCrossSiteWrite(c, origin);
    const auth = await deps.auth();
    const found = await auth.api.getSession({ headers: c.req.raw.headers }).catch(() => null);
    if (!found) throw domainError('not_authenticated');
    // read afresh on every request: access taken away a moment ago counts now
    const access = await readProAccess(deps.db, found.user.id);
    const refusal = proAccessRefusal(access);
    if (refusal || !access?.proId) throw domainError(refusal ?? 'pro_access_only');
    c.set('pro', { id: access.userId, email: access.email, ip: clientIp(c), proId: access.proId });
    await next();
  };
}
