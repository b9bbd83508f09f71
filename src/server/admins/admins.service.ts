// Staff accounts: only a master_admin manages admins; nobody disables themselves or the last
// enabled master_admin; disabling revokes the person's sessions at once; temporary passwords
// are shown once and must be changed at the first sign-in. spec: back-office 2, 5, 6, 8.
import { randomInt } from 'node:crypto';
import { and, desc, eq, inArray, ne, or, isNull, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { account, session, user, verification } from '../db/schema';
import { domainError } from '../error-catalogue';
import { recordAudit, type Actor } from '../audit/record-audit';
import type { Auth } from './auth';
import { staffRoles, type StaffRole } from './staff-roles';

const passwordAlphabet = 'ABCDEFGHJKMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';

export function temporaryPassword(length = 14): string {
  let out = '';
  for (let i = 0; i < length; i++) out += passwordAlphabet[randomInt(passwordAlphabet.length)];
  return out;
}

export function publicAdmin(u: typeof user.$inferSelect) {
  return {
    id: u.id,
    email: u.email,
    fullName: u.name,
    role: u.role as StaffRole,
    disabled: Boolean(u.banned),
    mustChangePassword: u.mustChangePassword,
    createdAt: u.createdAt.toISOString(),
  };
}

/**
 * The staff account behind a session, read afresh on every request so that a role or a ban
 * changed a moment ago counts now (docs/design.md 6): refused unless it is an enabled admin.
 */
export async function enabledStaffAccount(db: Db, userId: string) {
  const [u] = await db.select().from(user).where(eq(user.id, userId));
  if (!u || !staffRoles.includes(u.role as StaffRole)) throw domainError('access_denied');
  if (u.banned) throw domainError('access_disabled');
  return { id: u.id, email: u.email, role: u.role as StaffRole, mustChangePassword: u.mustChangePassword };
}

/** The signed-in admin's own account (GET /api/admin/me). */
export async function getOwnAdmin(db: Db, userId: string) {
  return { user: publicAdmin(await staffById(db, userId)) };
}

export async function listAdmins(db: Db) {
  const rows = await db.select().from(user).where(inArray(user.role, [...staffRoles])).orderBy(desc(user.createdAt));
  return rows.map(publicAdmin);
}

export async function createAdmin(db: Db, auth: Auth, input: { email: string; fullName: string; role: StaffRole }, actor: Actor | null) {
  const email = input.email.trim().toLowerCase();
  const [existing] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
  if (existing) throw domainError('admin_exists');
  const password = temporaryPassword();
  const created = await auth.api.createUser({ body: { email, password, name: input.fullName.trim() || email, role: input.role as 'admin' } });
  await db.transaction(async (tx) => {
    await tx.update(user).set({ mustChangePassword: true }).where(eq(user.id, created.user.id));
    await recordAudit(tx, actor, { action: 'admin.create', targetType: 'admin', targetId: created.user.id, after: { email, role: input.role } });
  });
  return { userId: created.user.id, temporaryPassword: password };
}

async function staffById(db: Db, userId: string) {
  const [u] = await db.select().from(user).where(and(eq(user.id, userId), inArray(user.role, [...staffRoles])));
  if (!u) throw domainError('admin_not_found');
  return u;
}

export async function setAdminDisabled(db: Db, userId: string, disabled: boolean, actor: Actor) {
  if (userId === actor.id && disabled) throw domainError('cannot_disable_self');
  const target = await staffById(db, userId);
  if (disabled && target.role === 'master_admin') {
    const others = await db
      .select({ id: user.id })
      .from(user)
      .where(and(eq(user.role, 'master_admin'), ne(user.id, userId), or(eq(user.banned, false), isNull(user.banned))));
    if (others.length === 0) throw domainError('last_master_admin');
  }
  await db.transaction(async (tx) => {
    await tx.update(user).set({ banned: disabled, banReason: disabled ? 'disabled by an admin' : null, updatedAt: new Date() }).where(eq(user.id, userId));
    // disabling takes effect at once: every session of that person ends
    if (disabled) await tx.delete(session).where(eq(session.userId, userId));
    await recordAudit(tx, actor, { action: disabled ? 'admin.disable' : 'admin.enable', targetType: 'admin', targetId: userId, before: { disabled: Boolean(target.banned) }, after: { disabled } });
  });
}

async function setPassword(db: Db, auth: Auth, userId: string, password: string, mustChange: boolean) {
  const ctx = await auth.$context;
  const hash = await ctx.password.hash(password);
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(account)
      .set({ password: hash, updatedAt: new Date() })
      .where(and(eq(account.userId, userId), eq(account.providerId, 'credential')))
      .returning({ id: account.id });
    if (updated.length === 0) throw domainError('no_password');
    await tx.update(user).set({ mustChangePassword: mustChange, updatedAt: new Date() }).where(eq(user.id, userId));
  });
}

export async function resetAdminPassword(db: Db, auth: Auth, userId: string, actor: Actor) {
  // one's own password changes only by knowing it (Change password): a stolen session must not
  // be enough to take the account over (docs/design.md 6)
  if (userId === actor.id)
    throw domainError('cannot_reset_self');
  await staffById(db, userId);
  const password = temporaryPassword();
  await setPassword(db, auth, userId, password, true);
  await db.transaction(async (tx) => {
    await tx.delete(session).where(eq(session.userId, userId));
    await recordAudit(tx, actor, { action: 'admin.reset_password', targetType: 'admin', targetId: userId });
  });
  return { temporaryPassword: password };
}

/**
 * The first sign-in with a temporary password, or any later change: the admin sets their own. Every
 * other session of the account ends (a session someone else holds stops working); this one stays.
 */
export async function changeOwnPassword(db: Db, auth: Auth, actor: Actor, input: { currentPassword: string; newPassword: string }, currentSessionId: string) {
  const ctx = await auth.$context;
  const [acc] = await db.select().from(account).where(and(eq(account.userId, actor.id), eq(account.providerId, 'credential')));
  if (!acc?.password || !(await ctx.password.verify({ hash: acc.password, password: input.currentPassword })))
    throw domainError('wrong_password');
  if (input.newPassword === input.currentPassword)
    throw domainError('same_password');
  await setPassword(db, auth, actor.id, input.newPassword, false);
  await db.transaction(async (tx) => {
    const ended = await tx
      .delete(session)
      .where(and(eq(session.userId, actor.id), ne(session.id, currentSessionId)))
      .returning({ id: session.id });
    await recordAudit(tx, actor, { action: 'admin.change_own_password', targetType: 'admin', targetId: actor.id, after: { otherSessionsEnded: ended.length } });
  });
}

/** The first master admin (bootstrap script, development seed). */
export async function createFirstMasterAdmin(db: Db, auth: Auth, input: { email: string; fullName?: string }) {
  return createAdmin(db, auth, { email: input.email, fullName: input.fullName ?? 'Master Admin', role: 'master_admin' }, null);
}

export async function countStaff(db: Db) {
  return (await db.select({ id: user.id }).from(user).where(inArray(user.role, [...staffRoles]))).length;
}

/** Retention (decision 061): staff sessions and one-time tokens (reset links, invitations) expired a day or more ago go. */
export async function pruneExpiredStaffSessions(db: Db, now: Date): Promise<number> {
  const before = new Date(now.getTime() - 86_400_000);
  const sessions = await db.delete(session).where(lt(session.expiresAt, before)).returning({ id: session.id });
  const tokens = await db.delete(verification).where(lt(verification.expiresAt, before)).returning({ id: verification.id });
  return sessions.length + tokens.length;
}
