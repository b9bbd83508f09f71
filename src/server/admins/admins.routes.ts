// Every /api/admin/* route sits behind one guard: a session of an enabled admin or master_admin,
// deny by default (docs/design.md 6). Managing admins is for master_admins only.
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { changePasswordRequestSchema, createAdminRequestSchema, setAdminStatusRequestSchema } from '../../shared/schemas/admin';
import { auditQuerySchema } from '../../shared/schemas/audit';
import type { Db } from '../db/client';
import { domainError } from '../error-catalogue';
import { clientIp, parseJsonBody, parseQuery, refuseCrossSiteWrite, type AppEnv } from '../http';
import type { Actor } from '../audit/record-audit';
import { listAuditLog } from './audit-log.service';
import type { LoadAuth } from './auth';
import type { StaffRole } from './staff-roles';
import { changeOwnPassword, createAdmin, enabledStaffAccount, getOwnAdmin, listAdmins, resetAdminPassword, setAdminDisabled } from './admins.service';

export type Staff = Actor & { role: StaffRole; mustChangePassword: boolean; sessionId: string };
export type StaffEnv = AppEnv & { Variables: AppEnv['Variables'] & { staff: Staff } };

export function requireStaff(deps: { db: Db; auth: LoadAuth; publicUrl: string }): MiddlewareHandler<StaffEnv> {
  const origin = new URL(deps.publicUrl).origin;
  return async (c, next) => {
    refuseCrossSiteWrite(c, origin);
    const auth = await deps.auth();
    const found = await auth.api.getSession({ headers: c.req.raw.headers }).catch(() => null);
    if (!found) throw domainError('not_authenticated');
    const account = await enabledStaffAccount(deps.db, found.user.id);
    c.set('staff', { ...account, ip: clientIp(c), sessionId: found.session.id });
    const path = c.req.path;
    if (account.mustChangePassword && path !== '/api/admin/me' && path !== '/api/admin/me/password') throw domainError('password_change_required');
    await next();
  };
}

export const masterOnly: MiddlewareHandler<StaffEnv> = async (c, next) => {
  if (c.var.staff.role !== 'master_admin') throw domainError('master_admin_only');
  await next();
};

/** better-auth's user ids are short printable strings: anything else is simply not an admin. */
function adminIdParam(c: Context): string {
  const id = c.req.param('id') ?? '';
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(id)) throw domainError('admin_not_found');
  return id;
}

export function adminRoutes(deps: { db: Db; auth: LoadAuth; publicUrl: string; timeZone: string }) {
  const { db, auth } = deps;
  // the guard (requireStaff) is mounted once for all of /api/admin/* in app.ts
  return new Hono<StaffEnv>()
    .get('/api/admin/me', async (c) => c.json(await getOwnAdmin(db, c.var.staff.id)))
    .post('/api/admin/me/password', async (c) => {
      const body = await parseJsonBody(c, changePasswordRequestSchema);
      await changeOwnPassword(db, await auth(), c.var.staff, body, c.var.staff.sessionId);
      return c.json({ changed: true });
    })
    .get('/api/admin/admins', async (c) => c.json({ admins: await listAdmins(db) }))
    .post('/api/admin/admins', masterOnly, async (c) => {
      const body = await parseJsonBody(c, createAdminRequestSchema);
      const created = await createAdmin(db, await auth(), body, c.var.staff);
      return c.json({ temporaryPassword: created.temporaryPassword, userId: created.userId }, 201);
    })
    .post('/api/admin/admins/:id/status', masterOnly, async (c) => {
      const id = adminIdParam(c);
      const { disabled } = await parseJsonBody(c, setAdminStatusRequestSchema);
      await setAdminDisabled(db, id, disabled, c.var.staff);
      return c.json({ disabled });
    })
    .post('/api/admin/admins/:id/reset-password', masterOnly, async (c) => {
      const id = adminIdParam(c);
      return c.json(await resetAdminPassword(db, await auth(), id, c.var.staff));
    })
    .get('/api/admin/audit', masterOnly, async (c) => {
      // spec: back-office 2; docs/design.md 6 — who did what, in words, a page at a time
      return c.json(await listAuditLog(db, parseQuery(c, auditQuerySchema), { timeZone: deps.timeZone }));
    });
}
