// Every /api/admin/* route sits behind one guard: a session of an enabled admin or master_admin,
// deny by default (DESIGN.md 6). Managing admins is for master_admins only.
import { Hono, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { changePasswordRequestSchema, createAdminRequestSchema, setAdminStatusRequestSchema } from '../../shared/schemas/admin';
import type { Db } from '../db/client';
import { user } from '../db/schema';
import { DomainError } from '../errors';
import { clientIp, parseJsonBody, type AppEnv } from '../http';
import { eq } from 'drizzle-orm';
import { listAudit, type Actor } from './audit';
import { staffRoles, type Auth, type StaffRole } from './auth';
import { changeOwnPassword, createAdmin, listAdmins, publicAdmin, resetAdminPassword, setAdminDisabled } from './admins.service';

export type Staff = Actor & { role: StaffRole; mustChangePassword: boolean };
type StaffEnv = AppEnv & { Variables: AppEnv['Variables'] & { staff: Staff } };

export const staffMessages = {
  notAuthenticated: 'Not authenticated',
  accessDenied: 'Access denied. Admin privileges required.',
  disabled: 'Your admin access has been disabled.',
  masterOnly: 'Only a master admin can manage admins.',
  changePassword: 'Please set a new password before you continue.',
} as const;

export function requireStaff(deps: { db: Db; auth: Auth; publicUrl: string }): MiddlewareHandler<StaffEnv> {
  const origin = new URL(deps.publicUrl).origin;
  return async (c, next) => {
    // CSRF: a cookie-authenticated write must come from our own pages
    const sent = c.req.header('origin');
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && sent && sent !== origin)
      throw new DomainError(403, 'bad_origin', 'This request did not come from the Washday site.');
    const found = await deps.auth.api.getSession({ headers: c.req.raw.headers }).catch(() => null);
    if (!found) throw new DomainError(401, 'not_authenticated', staffMessages.notAuthenticated);
    // re-read the account: a role or a ban changed a moment ago counts now
    const [u] = await deps.db.select().from(user).where(eq(user.id, found.user.id));
    if (!u || !staffRoles.includes(u.role as StaffRole)) throw new DomainError(403, 'access_denied', staffMessages.accessDenied);
    if (u.banned) throw new DomainError(403, 'access_disabled', staffMessages.disabled);
    c.set('staff', { id: u.id, email: u.email, role: u.role as StaffRole, mustChangePassword: u.mustChangePassword, ip: clientIp(c) });
    const path = c.req.path;
    if (u.mustChangePassword && path !== '/api/admin/me' && path !== '/api/admin/me/password')
      throw new DomainError(403, 'password_change_required', staffMessages.changePassword);
    await next();
  };
}

const masterOnly: MiddlewareHandler<StaffEnv> = async (c, next) => {
  if (c.var.staff.role !== 'master_admin') throw new DomainError(403, 'master_admin_only', staffMessages.masterOnly);
  await next();
};

const idParam = z.string().min(1).max(100);

export function adminRoutes(deps: { db: Db; auth: Auth; publicUrl: string }) {
  const { db, auth } = deps;
  return new Hono<StaffEnv>()
    .use('/api/admin/*', requireStaff(deps))
    .get('/api/admin/me', async (c) => {
      const [u] = await db.select().from(user).where(eq(user.id, c.var.staff.id));
      return c.json({ user: publicAdmin(u!) });
    })
    .post('/api/admin/me/password', async (c) => {
      const body = await parseJsonBody(c, changePasswordRequestSchema);
      await changeOwnPassword(db, auth, c.var.staff, body);
      return c.json({ changed: true });
    })
    .get('/api/admin/admins', async (c) => c.json({ admins: await listAdmins(db) }))
    .post('/api/admin/admins', masterOnly, async (c) => {
      const body = await parseJsonBody(c, createAdminRequestSchema);
      const created = await createAdmin(db, auth, body, c.var.staff);
      return c.json({ temporaryPassword: created.temporaryPassword, userId: created.userId }, 201);
    })
    .post('/api/admin/admins/:id/status', masterOnly, async (c) => {
      const id = idParam.parse(c.req.param('id'));
      const { disabled } = await parseJsonBody(c, setAdminStatusRequestSchema);
      await setAdminDisabled(db, id, disabled, c.var.staff);
      return c.json({ disabled });
    })
    .post('/api/admin/admins/:id/reset-password', masterOnly, async (c) => {
      const id = idParam.parse(c.req.param('id'));
      return c.json(await resetAdminPassword(db, auth, id, c.var.staff));
    })
    .get('/api/admin/audit', masterOnly, async (c) => {
      const rows = await listAudit(db, Number(c.req.query('limit') ?? 100) || 100);
      return c.json({ entries: rows.map((r) => ({ ...r, at: r.at.toISOString() })) });
    });
}
