import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDatabaseKinds, type TestContext } from '../../../tests/helpers/test-app';
import { auditLog, outbox, session, user } from '../db/schema';
import { createFirstMasterAdmin } from './admins.service';

const ORIGIN = 'http://localhost:3000';

describe.each(testDatabaseKinds)('staff access (%s)', (kind) => {
  let t: TestContext;
  let master: { email: string; cookie: string; id: string };

  beforeAll(async () => {
    t = await createTestApp(kind);
    const first = await createFirstMasterAdmin(t.database.db, t.auth, { email: 'owner@washday.example', fullName: 'Owner' });
    master = { email: 'owner@washday.example', id: first.userId, cookie: await signIn('owner@washday.example', first.temporaryPassword) };
    // the temporary password must be changed first
    expect((await call(master.cookie, '/api/admin/admins')).status).toBe(403);
    const changed = await call(master.cookie, '/api/admin/me/password', 'POST', { currentPassword: first.temporaryPassword, newPassword: 'a-long-new-password' });
    expect(changed.status).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function signIn(email: string, password: string): Promise<string> {
    const res = await t.app.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN },
      body: JSON.stringify({ email, password }),
    });
    if (res.status !== 200) return '';
    return (res.headers.get('set-cookie') ?? '').split(';')[0]!;
  }

  function call(cookie: string, path: string, method = 'GET', body?: unknown) {
    return t.app.request(path, {
      method,
      headers: { cookie, origin: ORIGIN, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
  }

  async function newAdmin(email: string, role: 'admin' | 'master_admin' = 'admin') {
    const res = await call(master.cookie, '/api/admin/admins', 'POST', { email, fullName: 'Staff Member', role });
    expect(res.status).toBe(201);
    const { temporaryPassword, userId } = (await res.json()) as { temporaryPassword: string; userId: string };
    const cookie = await signIn(email, temporaryPassword);
    await call(cookie, '/api/admin/me/password', 'POST', { currentPassword: temporaryPassword, newPassword: 'staff-password-123' });
    return { id: userId, cookie, temporaryPassword };
  }

  it('every admin route is denied by default: no session → 401 "Not authenticated"', async () => {
    for (const path of ['/api/admin/me', '/api/admin/admins', '/api/admin/audit']) {
      const res = await t.app.request(path);
      expect(res.status, path).toBe(401);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe('Not authenticated');
    }
  });

  it('a signed-in master admin sees the admins, newest first', async () => {
    await newAdmin('first.staff@example.com');
    const res = await call(master.cookie, '/api/admin/admins');
    const { admins } = (await res.json()) as { admins: { email: string; role: string }[] };
    expect(admins[0]!.email).toBe('first.staff@example.com');
    expect(admins.map((a) => a.email)).toContain('owner@washday.example');
  });

  it("better-auth's own admin endpoints are closed: an admin cannot make themselves a master admin or act as someone else", async () => {
    const staff = await newAdmin('climber@example.com');
    for (const [path, body] of [
      ['/api/auth/admin/set-role', { userId: staff.id, role: 'master_admin' }],
      ['/api/auth/admin/ban-user', { userId: master.id }],
      ['/api/auth/admin/impersonate-user', { userId: master.id }],
      ['/api/auth/admin/set-user-password', { userId: master.id, newPassword: 'taken-over-123' }],
      ['/api/auth/admin/remove-user', { userId: master.id }],
    ] as const) {
      const res = await call(staff.cookie, path, 'POST', body);
      expect(res.status, path).toBe(404);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe('No such API endpoint.');
    }
    const [me] = await t.database.db.select().from(user).where(eq(user.id, staff.id));
    expect(me!.role).toBe('admin');
    const [owner] = await t.database.db.select().from(user).where(eq(user.id, master.id));
    expect(owner!.banned).toBeFalsy();
    // what the staff pages do use still answers, a refusal with a message
    const wrong = await t.app.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN },
      body: JSON.stringify({ email: 'climber@example.com', password: 'not-the-password' }),
    });
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as { message: string }).message).toMatch(/invalid/i);
  });

  it('create admin: email required, role admin by default, temporary password shown once', async () => {
    const bad = await call(master.cookie, '/api/admin/admins', 'POST', { fullName: 'No Email' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { fields: Record<string, string> } }).error.fields.email).toBe('Email is required');
    const ok = await call(master.cookie, '/api/admin/admins', 'POST', { email: 'Default.Role@Example.com' });
    const body = (await ok.json()) as { temporaryPassword: string };
    expect(body.temporaryPassword).toMatch(/^[A-Za-z0-9]{14}$/);
    const [created] = await t.database.db.select().from(user).where(eq(user.email, 'default.role@example.com'));
    expect(created).toMatchObject({ role: 'admin', mustChangePassword: true });
    const duplicate = await call(master.cookie, '/api/admin/admins', 'POST', { email: 'default.role@example.com' });
    expect(duplicate.status).toBe(409);
  });

  it('only a master admin manages admins', async () => {
    const staff = await newAdmin('plain.admin@example.com');
    expect((await call(staff.cookie, '/api/admin/admins')).status).toBe(200);
    const denied = await call(staff.cookie, '/api/admin/admins', 'POST', { email: 'x@example.com' });
    expect(denied.status).toBe(403);
    expect(((await denied.json()) as { error: { message: string } }).error.message).toBe('Only a master admin can manage admins.');
    expect((await call(staff.cookie, `/api/admin/admins/${master.id}/status`, 'POST', { disabled: true })).status).toBe(403);
    expect((await call(staff.cookie, '/api/admin/audit')).status).toBe(403);
  });

  it('disabling an admin revokes their sessions at once; they cannot sign in; enabling restores access', async () => {
    const staff = await newAdmin('to.disable@example.com');
    expect((await call(staff.cookie, '/api/admin/me')).status).toBe(200);
    expect((await call(master.cookie, `/api/admin/admins/${staff.id}/status`, 'POST', { disabled: true })).status).toBe(200);
    expect((await call(staff.cookie, '/api/admin/me')).status).toBe(401);
    expect(await t.database.db.select().from(session).where(eq(session.userId, staff.id))).toHaveLength(0);
    expect(await signIn('to.disable@example.com', 'staff-password-123')).toBe('');
    await call(master.cookie, `/api/admin/admins/${staff.id}/status`, 'POST', { disabled: false });
    expect(await signIn('to.disable@example.com', 'staff-password-123')).not.toBe('');
  });

  it('nobody disables themselves or the last enabled master admin', async () => {
    const self = await call(master.cookie, `/api/admin/admins/${master.id}/status`, 'POST', { disabled: true });
    expect(self.status).toBe(409);
    expect(((await self.json()) as { error: { message: string } }).error.message).toBe('You cannot disable your own access.');
    const second = await newAdmin('second.master@example.com', 'master_admin');
    // the second master disables the first: allowed (another master stays enabled)
    expect((await call(second.cookie, `/api/admin/admins/${master.id}/status`, 'POST', { disabled: true })).status).toBe(200);
    // ... and the master now left cannot be disabled by anyone
    const last = await t.database.db.select().from(user).where(and(eq(user.role, 'master_admin'), eq(user.banned, false)));
    expect(last.map((u) => u.id)).toEqual([second.id]);
    await t.database.db.update(user).set({ banned: false }).where(eq(user.id, master.id));
    master.cookie = await signIn('owner@washday.example', 'a-long-new-password');
    await call(master.cookie, `/api/admin/admins/${second.id}/status`, 'POST', { disabled: true });
    const lastOne = await call(second.cookie, `/api/admin/admins/${master.id}/status`, 'POST', { disabled: true });
    expect(lastOne.status).toBe(401); // second was disabled: its session is gone
    const tryLast = await call(master.cookie, `/api/admin/admins/${master.id}/status`, 'POST', { disabled: true });
    expect(tryLast.status).toBe(409);
  });

  it('resetting an admin password gives a new temporary password to change at first sign-in', async () => {
    const staff = await newAdmin('forgetful@example.com');
    const res = await call(master.cookie, `/api/admin/admins/${staff.id}/reset-password`, 'POST');
    const { temporaryPassword } = (await res.json()) as { temporaryPassword: string };
    expect(await signIn('forgetful@example.com', 'staff-password-123')).toBe('');
    const cookie = await signIn('forgetful@example.com', temporaryPassword);
    expect((await call(cookie, '/api/admin/admins')).status).toBe(403);
    expect(((await (await call(cookie, '/api/admin/me')).json()) as { user: { mustChangePassword: boolean } }).user.mustChangePassword).toBe(true);
  });

  it('a forgotten password: the same answer whether or not the email exists, the link goes through the outbox', async () => {
    const ask = (email: string) =>
      t.app.request('/api/auth/request-password-reset', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: ORIGIN },
        body: JSON.stringify({ email, redirectTo: '/admin/reset-password' }),
      });
    const known = await ask('owner@washday.example');
    const unknown = await ask('nobody@example.com');
    expect(known.status).toBe(unknown.status);
    expect(await known.text()).toBe(await unknown.text());
    const mails = await t.database.db.select().from(outbox).where(eq(outbox.kind, 'password_reset'));
    expect(mails.map((m) => m.recipient)).toEqual(['owner@washday.example']);
    expect((mails[0]!.payload as { text: string }).text).toContain('/api/auth/reset-password/');
  });

  it('a write from another origin is refused (CSRF)', async () => {
    const res = await t.app.request('/api/admin/admins', {
      method: 'POST',
      headers: { cookie: master.cookie, origin: 'https://evil.example', 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'csrf@example.com' }),
    });
    expect(res.status).toBe(403);
  });

  it('every action on people is in the audit log, which master admins read', async () => {
    const res = await call(master.cookie, '/api/admin/audit');
    const { entries } = (await res.json()) as { entries: { action: string; actorEmail: string | null }[] };
    const actions = new Set(entries.map((e) => e.action));
    for (const a of ['admin.create', 'admin.disable', 'admin.enable', 'admin.reset_password', 'admin.change_own_password']) expect(actions).toContain(a);
    const rows = await t.database.db.select().from(auditLog);
    expect(rows.every((r) => r.at instanceof Date)).toBe(true);
  });
});
