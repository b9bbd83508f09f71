// Every /api/admin/* route sits behind one guard: a session of an enabled admin or master_admin,
// deny by default (DESIGN.md 6). Managing admins is for master_admins only.
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { auditQuerySchema, changePasswordRequestSchema, createAdminRequestSchema, setAdminStatusRequestSchema } from '../../shared/schemas/admin';
import type { Db } from '../db/client';
import { user } from '../db/schema';
import { DomainError } from '../errors';
import { clientIp, parseJsonBody, parseQuery, type AppEnv } from '../http';
import { eq } from 'drizzle-orm';
import { listAudit, type Actor } from './audit';
import type { LoadAuth } from './auth';
import { staffRoles, type StaffRole } from './staff-roles';
import { changeOwnPassword, createAdmin, listAdmins, publicAdmin, resetAdminPassword, setAdminDisabled } from './admins.service';

export type Staff = Actor & { role: StaffRole; mustChangePassword: boolean; sessionId: string };
export type StaffEnv = AppEnv & { Variables: AppEnv['Variables'] & { staff: Staff } };

export const staffMessages = {
  notAuthenticated: 'Not authenticated',
  accessDenied: 'Access denied. Admin privileges required.',
  disabled: 'Your admin access has been disabled.',
  masterOnly: 'Only a master admin can manage admins.',
  changePassword: 'Please set a new password before you continue.',
} as const;

export function requireStaff(deps: { db: Db; auth: LoadAuth; publicUrl: string }): MiddlewareHandler<StaffEnv> {
  const origin = new URL(deps.publicUrl).origin;
  return async (c, next) => {
    // CSRF (DESIGN.md 6): a cookie-authenticated write must come from our own pages. Browsers
    // send Origin on every write; without it, only the browser's own Sec-Fetch-Site counts.
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') {
      const sent = c.req.header('origin');
      if (sent !== undefined && sent !== origin)
        throw new DomainError(403, 'bad_origin', 'This request did not come from the Washday site, so it was refused.');
      if (sent === undefined && c.req.header('sec-fetch-site') !== 'same-origin')
        throw new DomainError(403, 'origin_missing', 'This request did not say which site it came from, so it was refused. Reload the page and try again.');
    }
    const auth = await deps.auth();
    const found = await auth.api.getSession({ headers: c.req.raw.headers }).catch(() => null);
    if (!found) throw new DomainError(401, 'not_authenticated', staffMessages.notAuthenticated);
    // re-read the account: a role or a ban changed a moment ago counts now
    const [u] = await deps.db.select().from(user).where(eq(user.id, found.user.id));
    if (!u || !staffRoles.includes(u.role as StaffRole)) throw new DomainError(403, 'access_denied', staffMessages.accessDenied);
    if (u.banned) throw new DomainError(403, 'access_disabled', staffMessages.disabled);
    c.set('staff', { id: u.id, email: u.email, role: u.role as StaffRole, mustChangePassword: u.mustChangePassword, ip: clientIp(c), sessionId: found.session.id });
    const path = c.req.path;
    if (u.mustChangePassword && path !== '/api/admin/me' && path !== '/api/admin/me/password')
      throw new DomainError(403, 'password_change_required', staffMessages.changePassword);
    await next();
  };
}

export const masterOnly: MiddlewareHandler<StaffEnv> = async (c, next) => {
  if (c.var.staff.role !== 'master_admin') throw new DomainError(403, 'master_admin_only', staffMessages.masterOnly);
  await next();
};

/** better-auth's user ids are short printable strings: anything else is simply not an admin. */
function adminIdParam(c: Context): string {
  const id = c.req.param('id') ?? '';
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(id)) throw new DomainError(404, 'admin_not_found', 'Admin not found.');
  return id;
}

export function adminRoutes(deps: { db: Db; auth: LoadAuth; publicUrl: string }) {
  const { db, auth } = deps;
  // the guard (requireStaff) is mounted once for all of /api/admin/* in app.ts
  return new Hono<StaffEnv>()
    .get('/api/admin/me', async (c) => {
      const [u] = await db.select().from(user).where(eq(user.id, c.var.staff.id));
      return c.json({ user: publicAdmin(u!) });
    })
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
      const { limit } = parseQuery(c, auditQuerySchema);
      const rows = await listAudit(db, limit);
      return c.json({ entries: rows.map((r) => ({ ...r, at: r.at.toISOString() })) });
    });
}
