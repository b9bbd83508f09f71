// Every /api/pro/* route sits behind this guard (decision 018): a session of a `pro` account that
// is not disabled and is linked to a laundry pro, deny by default; writes come from our own pages
// (CSRF, as for staff). A staff session is refused here, and a pro's by every staff route.
import type { MiddlewareHandler } from 'hono';
import { eq } from 'drizzle-orm';
import type { LoadAuth } from '../admins/auth';
import type { Actor } from '../admins/audit';
import { proRole } from '../admins/staff-roles';
import type { Db } from '../db/client';
import { laundryPros, user } from '../db/schema';
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
    const [row] = await deps.db
      .select({ id: user.id, email: user.email, role: user.role, banned: user.banned, proId: laundryPros.id })
      .from(user)
      .leftJoin(laundryPros, eq(laundryPros.userId, user.id))
      .where(eq(user.id, found.user.id));
    if (!row || row.role !== proRole || !row.proId) throw domainError('pro_access_only');
    if (row.banned) throw domainError('pro_access_disabled');
    c.set('pro', { id: row.id, email: row.email, ip: clientIp(c), proId: row.proId });
    await next();
  };
}
