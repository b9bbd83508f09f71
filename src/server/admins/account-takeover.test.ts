// Closing the ways into a master admin's account (docs/design.md 6): nobody on the staff reads a one-time
// link meant for someone else in the outbox, password resets and staff sign-ins are in the audit
// log with who, whom and the IP, a completed reset ends every session of that account, a master
// admin changes their own password only by knowing it, and every staff or auth answer is no-store.
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDatabaseKinds, type TestContext } from '../../../tests/helpers/test-app';
import type { AuditList } from '../../shared/schemas/audit';
import { auditLog, outbox, session } from '../db/schema';
import { createFirstMasterAdmin } from './admins.service';

const ORIGIN = 'http://localhost:3000';

type AuditEntry = { action: string; actorId: string | null; actorEmail: string | null; targetId: string | null; ip: string | null; after: unknown };

describe.each(testDatabaseKinds)('account takeover closed (%s)', (kind) => {
  let t: TestContext;
  let master: { email: string; id: string; cookie: string; password: string };
  let plain: { email: string; id: string; cookie: string };

  beforeAll(async () => {
    t = await createTestApp(kind, { AUTH_ATTEMPTS_PER_MINUTE: '1000' });
    const first = await createFirstMasterAdmin(t.database.db, t.auth, { email: 'owner@washday.example', fullName: 'Owner' });
    const cookie = await signIn('owner@washday.example', first.temporaryPassword);
    expect((await call(cookie, '/api/admin/me/password', 'POST', { currentPassword: first.temporaryPassword, newPassword: 'owner-password-123' })).status).toBe(200);
    master = { email: 'owner@washday.example', id: first.userId, cookie, password: 'owner-password-123' };
    const created = await call(master.cookie, '/api/admin/admins', 'POST', { email: 'plain@washday.example', fullName: 'Plain Admin', role: 'admin' });
    const { temporaryPassword, userId } = (await created.json()) as { temporaryPassword: string; userId: string };
    const plainCookie = await signIn('plain@washday.example', temporaryPassword);
    expect((await call(plainCookie, '/api/admin/me/password', 'POST', { currentPassword: temporaryPassword, newPassword: 'plain-password-123' })).status).toBe(200);
    plain = { email: 'plain@washday.example', id: userId, cookie: plainCookie };
  });
  afterAll(async () => {
    await t?.close();
  });

  async function signIn(email: string, password: string, ip = '198.51.100.7'): Promise<string> {
    const res = await t.app.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN, 'x-forwarded-for': ip },
      body: JSON.stringify({ email, password }),
    });
    if (res.status !== 200) return '';
    return (res.headers.get('set-cookie') ?? '').split(';')[0]!;
  }

  function call(cookie: string, path: string, method = 'GET', body?: unknown, ip = '198.51.100.7') {
    return t.app.request(path, {
      method,
      headers: { cookie, origin: ORIGIN, 'x-forwarded-for': ip, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
  }

  /** The stored rows, newest first (the API says them in words: see auditPage). */
  async function auditEntries(): Promise<AuditEntry[]> {
    return t.database.db.select().from(auditLog).orderBy(desc(auditLog.at));
  }

  /** The Audit tab's page as a master admin reads it. */
  async function auditPage(query: string): Promise<AuditList> {
    const res = await call(master.cookie, `/api/admin/audit${query}`);
    expect(res.status).toBe(200);
    return (await res.json()) as AuditList;
  }

  it("a plain admin asks for the master admin's reset link: the outbox shows no usable link; only the recipient's stored mail has it", async () => {
    const ask = await t.app.request('/api/auth/request-password-reset', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN, 'x-forwarded-for': '203.0.113.66' },
      body: JSON.stringify({ email: master.email, redirectTo: '/admin/reset-password' }),
    });
    expect(ask.status).toBe(200);
    const [row] = await t.database.db.select().from(outbox).where(and(eq(outbox.kind, 'password_reset'), eq(outbox.recipient, master.email)));
    const stored = (row!.payload as { text: string; html: string }).text;
    const token = stored.match(/\/api\/auth\/reset-password\/([A-Za-z0-9_-]+)/)![1]!;
    expect(token.length).toBeGreaterThan(10);

    // every page, every filter, every field the API answers: the token is nowhere
    for (const query of ['', '?status=pending', '?channel=email', '?status=all&channel=all&page=1', '?page=2']) {
      const res = await call(plain.cookie, `/api/admin/outbox${query}`);
      expect(res.status, query).toBe(200);
      const text = await res.text();
      expect(text, query).not.toContain(token);
      expect(text, query).not.toContain('/api/auth/reset-password/');
    }
    const list = (await (await call(plain.cookie, '/api/admin/outbox')).json()) as { messages: { id: string; preview: string }[] };
    const shown = list.messages.find((m) => m.id === row!.id)!;
    expect(shown.preview).toContain('[one-time link hidden — sent only to the recipient]');

    // the request is in the audit log: whom (the email, the account) and the IP
    const requested = (await auditEntries()).find((e) => e.action === 'auth.password_reset_requested' && e.targetId === master.id);
    expect(requested).toMatchObject({ ip: '203.0.113.66', after: { email: master.email } });
    // and in words on the Audit tab: who asked (nobody signed in, from the login page), for whom
    const [said] = (await auditPage('?action=auth.password_reset_requested')).entries;
    expect(said).toMatchObject({ who: null, whoLabel: 'Not signed in', ip: '203.0.113.66', label: 'Asked for a password reset', sentence: 'Asked for a password-reset email for Owner (owner@washday.example)' });

    // kept in the outbox (no mail server) → sent again: the stored payload is untouched
    await t.database.db.update(outbox).set({ status: 'kept' }).where(eq(outbox.id, row!.id));
    const resend = await call(plain.cookie, `/api/admin/outbox/${row!.id}/resend`, 'POST');
    expect(resend.status).toBe(200);
    expect(await resend.text()).not.toContain(token);
    const [after] = await t.database.db.select().from(outbox).where(eq(outbox.id, row!.id));
    expect(after!.payload).toEqual(row!.payload);

    // the recipient completes the reset with the stored link: audited, every session of theirs ends
    const second = await signIn(master.email, master.password, '198.51.100.8');
    expect(second).not.toBe('');
    expect((await t.database.db.select().from(session).where(eq(session.userId, master.id))).length).toBeGreaterThanOrEqual(2);
    const done = await t.app.request('/api/auth/reset-password', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN, 'x-forwarded-for': '192.0.2.44' },
      body: JSON.stringify({ token, newPassword: 'owner-reset-password-1' }),
    });
    expect(done.status).toBe(200);
    expect(await t.database.db.select().from(session).where(eq(session.userId, master.id))).toHaveLength(0);
    expect((await call(second, '/api/admin/me')).status).toBe(401);
    master.password = 'owner-reset-password-1';
    master.cookie = await signIn(master.email, master.password);
    expect(master.cookie).not.toBe('');
    const completed = (await auditEntries()).find((e) => e.action === 'auth.password_reset_completed' && e.targetId === master.id);
    expect(completed).toMatchObject({ ip: '192.0.2.44' });
    expect((await auditPage('?action=auth.password_reset_completed')).entries[0]).toMatchObject({
      ip: '192.0.2.44',
      sentence: 'Set a new password for Owner (owner@washday.example) with an emailed reset link; every session of the account ended',
    });
  });

  it('a reset asked for an unknown address is audited too, with the same answer to the requester', async () => {
    const ask = (email: string) =>
      t.app.request('/api/auth/request-password-reset', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: ORIGIN, 'x-forwarded-for': '203.0.113.67' },
        body: JSON.stringify({ email, redirectTo: '/admin/reset-password' }),
      });
    const unknown = await ask('Nobody@Example.com');
    const known = await ask(plain.email);
    expect(unknown.status).toBe(known.status);
    expect(await unknown.text()).toBe(await known.text());
    const entry = (await auditEntries()).find((e) => e.action === 'auth.password_reset_requested' && (e.after as { email?: string } | null)?.email === 'nobody@example.com');
    expect(entry).toMatchObject({ targetId: null, ip: '203.0.113.67' });
  });

  it('staff sign-ins are audited with who and the IP; the sign-in body carries no session token', async () => {
    const res = await t.app.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN, 'x-forwarded-for': '198.51.100.99' },
      body: JSON.stringify({ email: plain.email, password: 'plain-password-123' }),
    });
    expect(res.status).toBe(200);
    const cookieValue = decodeURIComponent((res.headers.get('set-cookie') ?? '').split(';')[0]!.split('=')[1]!).split('.')[0]!;
    const body = (await res.json()) as Record<string, unknown> & { user: { id: string; email: string } };
    expect(body).not.toHaveProperty('token');
    expect(JSON.stringify(body)).not.toContain(cookieValue);
    expect(body.user).toMatchObject({ id: plain.id, email: plain.email });
    const entry = (await auditEntries()).find((e) => e.action === 'auth.sign_in' && e.ip === '198.51.100.99');
    expect(entry).toMatchObject({ actorId: plain.id, actorEmail: plain.email, targetId: plain.id });
    const signIns = await auditPage(`?action=auth.sign_in&by=${encodeURIComponent(plain.email.toUpperCase())}`);
    expect(signIns.entries.find((e) => e.ip === '198.51.100.99')).toMatchObject({ who: { name: 'Plain Admin', email: plain.email }, whoLabel: 'Plain Admin', sentence: 'Signed in to the back office' });
    expect(signIns.entries.every((e) => e.who?.email === plain.email && e.action === 'auth.sign_in')).toBe(true);
  });

  it("a master admin cannot reset their own password through Admin Users, and that writes nothing", async () => {
    const before = await auditEntries();
    const res = await call(master.cookie, `/api/admin/admins/${master.id}/reset-password`, 'POST');
    expect(res.status).toBe(409);
    const { error } = (await res.json()) as { error: { code: string; message: string } };
    expect(error.code).toBe('cannot_reset_self');
    expect(error.message).toMatch(/change your own password/i);
    expect(await signIn(master.email, master.password)).not.toBe('');
    expect((await auditEntries()).filter((e) => e.action === 'admin.reset_password')).toHaveLength(before.filter((e) => e.action === 'admin.reset_password').length);
  });

  it("changing one's own password ends the account's other sessions and keeps the current one", async () => {
    const other = await signIn(master.email, master.password, '198.51.100.20');
    expect((await call(other, '/api/admin/me')).status).toBe(200);
    const changed = await call(master.cookie, '/api/admin/me/password', 'POST', { currentPassword: master.password, newPassword: 'owner-changed-password-2' });
    expect(changed.status).toBe(200);
    master.password = 'owner-changed-password-2';
    expect((await call(master.cookie, '/api/admin/me')).status).toBe(200);
    expect((await call(other, '/api/admin/me')).status).toBe(401);
    expect(await t.database.db.select().from(session).where(eq(session.userId, master.id))).toHaveLength(1);
  });

  it('every staff and sign-in answer says Cache-Control: no-store, errors included', async () => {
    const answers: [string, Response][] = [
      ['admin 200', await call(master.cookie, '/api/admin/me')],
      ['admin outbox 200', await call(plain.cookie, '/api/admin/outbox')],
      ['admin 401', await t.app.request('/api/admin/me')],
      ['admin 403 master only', await call(plain.cookie, '/api/admin/audit')],
      ['admin 403 bad origin', await t.app.request('/api/admin/admins', { method: 'POST', headers: { cookie: master.cookie, origin: 'https://evil.example' } })],
      ['admin 404', await call(master.cookie, '/api/admin/no-such-thing')],
      ['admin 400', await call(master.cookie, '/api/admin/outbox?status=bogus')],
      ['auth 404', await t.app.request('/api/auth/admin/set-role', { method: 'POST', headers: { origin: ORIGIN } })],
      [
        'auth 401 wrong password',
        await t.app.request('/api/auth/sign-in/email', { method: 'POST', headers: { 'content-type': 'application/json', origin: ORIGIN }, body: JSON.stringify({ email: master.email, password: 'wrong-password-1' }) }),
      ],
      [
        'auth 200 sign-in',
        await t.app.request('/api/auth/sign-in/email', { method: 'POST', headers: { 'content-type': 'application/json', origin: ORIGIN }, body: JSON.stringify({ email: plain.email, password: 'plain-password-123' }) }),
      ],
      ['auth 302 bad reset link', await t.app.request('/api/auth/reset-password/not-a-token?callbackURL=%2Fadmin%2Freset-password')],
    ];
    for (const [label, res] of answers) expect(res.headers.get('cache-control'), `${label} (${res.status})`).toBe('no-store');
  });

  it('a rate-limited sign-in (429) is no-store too', async () => {
    const limited = await createTestApp(kind, { AUTH_ATTEMPTS_PER_MINUTE: '1' });
    try {
      const attempt = () =>
        limited.app.request('/api/auth/sign-in/email', {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: ORIGIN, 'x-forwarded-for': '192.0.2.9' },
          body: JSON.stringify({ email: 'a@example.com', password: 'whatever-password' }),
        });
      await attempt();
      const res = await attempt();
      expect(res.status).toBe(429);
      expect(res.headers.get('cache-control')).toBe('no-store');
    } finally {
      await limited.close();
    }
  });
});
