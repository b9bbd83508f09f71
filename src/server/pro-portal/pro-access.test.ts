// decision 041, the attacker's view of the pro portal: a pro set inactive keeps nothing of it (their
// sessions end, every /api/pro endpoint refuses them, sign-in says why), staff can take access away
// on its own, and an admin who rewrites a pro's email cannot take over their portal account.
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInInvitedPro, signInOwner, staffCall, type StaffCall } from '../../../tests/helpers/flows';
import { createTestApp, type TestContext } from '../../../tests/helpers/test-app';
import { business } from '../../shared/business';
import type { LaundryPro, ProProfileInput } from '../../shared/schemas/laundry-pros';
import { createAdmin } from '../admins/admins.service';
import { auditLog, outbox, session, user } from '../db/schema';
import { errorMessage } from '../error-catalogue';

const ORIGIN = 'http://shop.test';
const now = () => new Date('2026-11-22T15:00:00Z');
const password = 'pro-password-123';

describe('who keeps the pro portal (pglite)', () => {
  let t: TestContext;
  let owner: StaffCall;
  let admin: StaffCall;

  beforeAll(async () => {
    t = await createTestApp('pglite', { PUBLIC_URL: ORIGIN, AUTH_ATTEMPTS_PER_MINUTE: '100' }, { now });
    owner = await signInOwner(t, ORIGIN);
    // any admin, not only the owner: the finding is about what one admin can do alone
    const made = await createAdmin(t.database.db, t.auth, { email: 'casey@example.com', fullName: 'Casey', role: 'admin' }, null);
    await t.database.db.update(user).set({ mustChangePassword: false }).where(eq(user.id, made.userId));
    const res = await t.app.request('/api/auth/sign-in/email', { method: 'POST', headers: { 'content-type': 'application/json', origin: ORIGIN }, body: JSON.stringify({ email: 'casey@example.com', password: made.temporaryPassword }) });
    expect(res.status).toBe(200);
    admin = staffCall(t, ORIGIN, (res.headers.get('set-cookie') ?? '').split(';')[0]!);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function invitedPro(name: string, email: string) {
    const pro = (await owner('POST', '/api/admin/pros', { name, email })).json.pro as LaundryPro;
    const { call } = await signInInvitedPro(t, ORIGIN, owner, pro, password);
    expect((await call('GET', '/api/pro/portal')).status).toBe(200);
    return { pro, call };
  }
  const signIn = (email: string, pass = password) =>
    t.app.request('/api/auth/sign-in/email', { method: 'POST', headers: { 'content-type': 'application/json', origin: ORIGIN }, body: JSON.stringify({ email, password: pass }) });
  /** Every /api/pro route of the app, as the pro's old session calls it: none may answer. */
  async function portalAnswers(call: StaffCall) {
    const routes = t.app.routes.filter((r) => r.path.startsWith('/api/pro/') && r.method !== 'ALL');
    expect(routes.length).toBeGreaterThanOrEqual(3);
    const statuses: Record<string, number> = {};
    for (const r of routes) {
      const path = r.path.replace(':id', '00000000-0000-4000-8000-000000000000');
      const res = r.method === 'GET' ? await call.fetch(path.endsWith('statement') ? `${path}?year=2026` : path) : { status: (await call(r.method, path, { step: 'picked_up' })).status };
      statuses[`${r.method} ${r.path}`] = res.status;
    }
    return statuses;
  }
  const sessionsOf = async (email: string) => {
    const [u] = await t.database.db.select().from(user).where(eq(user.email, email));
    return (await t.database.db.select().from(session).where(eq(session.userId, u!.id))).length;
  };
  const profile = (p: LaundryPro, change: Partial<ProProfileInput>) => ({
    name: p.name,
    email: p.email,
    phone: p.phone,
    perPoundRateCents: p.perPoundRateCents,
    hourlyRateCents: p.hourlyRateCents,
    startDate: p.startDate,
    notes: p.notes,
    status: p.status,
    ...change,
  });
  const mailTo = async (to: string, kind: string) =>
    t.database.db.select().from(outbox).where(and(eq(outbox.recipient, to), eq(outbox.kind, kind))).orderBy(desc(outbox.createdAt));

  it('a pro set inactive loses the portal at once: their session gets 401/403 on every /api/pro endpoint, their sessions are gone, and sign-in is refused with a clear message', async () => {
    const { pro, call } = await invitedPro('Ida Inactive', 'ida.pro@example.com');
    expect(await sessionsOf('ida.pro@example.com')).toBe(1);

    expect((await owner('PUT', `/api/admin/pros/${pro.id}`, profile(pro, { status: 'inactive' }))).status).toBe(200);
    const answers = await portalAnswers(call);
    expect(Object.entries(answers).filter(([, s]) => s !== 401 && s !== 403)).toEqual([]);
    expect(await sessionsOf('ida.pro@example.com')).toBe(0);

    const refused = await signIn('ida.pro@example.com');
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe(errorMessage('pro_inactive'));
    expect(await sessionsOf('ida.pro@example.com')).toBe(0);

    // active again: the same password opens the portal again
    expect((await owner('PUT', `/api/admin/pros/${pro.id}`, profile(pro, { status: 'active' }))).status).toBe(200);
    const back = await signIn('ida.pro@example.com');
    expect(back.status).toBe(200);
    const again = staffCall(t, ORIGIN, (back.headers.get('set-cookie') ?? '').split(';')[0]!);
    expect((await again('GET', '/api/pro/portal')).status).toBe(200);
  });

  it('an inactive pro is refused by the guard even with a session that outlived the change', async () => {
    const { pro, call } = await invitedPro('Gus Guarded', 'gus.pro@example.com');
    // a session the change did not reach (written back, as a second instance's stale write would)
    const [kept] = await t.database.db.select().from(session).innerJoin(user, eq(user.id, session.userId)).where(eq(user.email, 'gus.pro@example.com'));
    expect((await owner('PUT', `/api/admin/pros/${pro.id}`, profile(pro, { status: 'inactive' }))).status).toBe(200);
    await t.database.db.insert(session).values(kept!.session);
    const res = await call('GET', '/api/pro/portal');
    expect(res.status).toBe(403);
    expect(res.json.error.message).toBe(errorMessage('pro_inactive'));
  });

  it('staff revoke portal access from the card: sessions end, every /api/pro endpoint refuses, sign-in is refused, it is audited; inviting again restores it', async () => {
    const { pro, call } = await invitedPro('Rex Revoked', 'rex.pro@example.com');
    const revoked = await admin('POST', `/api/admin/pros/${pro.id}/portal-revoke`);
    expect(revoked.status).toBe(200);
    expect(revoked.json.pro).toMatchObject({ id: pro.id, portalInvited: true, portalRevoked: true, portalEmail: 'rex.pro@example.com' });
    const answers = await portalAnswers(call);
    expect(Object.entries(answers).filter(([, s]) => s !== 401 && s !== 403)).toEqual([]);
    expect(await sessionsOf('rex.pro@example.com')).toBe(0);
    const refused = await signIn('rex.pro@example.com');
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe(errorMessage('pro_access_disabled'));
    const [entry] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.targetId, pro.id), eq(auditLog.action, 'laundry_pro.portal_revoked')));
    expect(entry).toMatchObject({ actorEmail: 'casey@example.com', after: { email: 'rex.pro@example.com', sessionsEnded: 1 } });

    // twice changes nothing more
    expect((await admin('POST', `/api/admin/pros/${pro.id}/portal-revoke`)).status).toBe(200);
    expect(await t.database.db.select().from(auditLog).where(and(eq(auditLog.targetId, pro.id), eq(auditLog.action, 'laundry_pro.portal_revoked')))).toHaveLength(1);

    // a pro never invited has nothing to revoke
    const fresh = (await owner('POST', '/api/admin/pros', { name: 'Never Invited', email: 'never.pro@example.com' })).json.pro as LaundryPro;
    const nothing = await admin('POST', `/api/admin/pros/${fresh.id}/portal-revoke`);
    expect(nothing.status).toBe(409);
    expect(nothing.json.error.message).toBe(errorMessage('pro_portal_not_invited'));

    const invited = await admin('POST', `/api/admin/pros/${pro.id}/portal-invite`);
    expect(invited).toMatchObject({ status: 200, json: { sentTo: 'rex.pro@example.com' } });
    expect((await signIn('rex.pro@example.com')).status).toBe(200);
  });

  it('an inactive pro is not invited', async () => {
    const pro = (await owner('POST', '/api/admin/pros', { name: 'Ina Later', email: 'ina.pro@example.com', status: 'inactive' })).json.pro as LaundryPro;
    const res = await owner('POST', `/api/admin/pros/${pro.id}/portal-invite`);
    expect(res.status).toBe(409);
    expect(res.json.error.message).toBe(errorMessage('pro_invite_inactive'));
    expect(await mailTo('ina.pro@example.com', 'pro_password_link')).toEqual([]);
  });

  it('an admin who writes their own address on a pro’s card and invites again does not get the pro’s portal: the invitation goes to the confirmed address, the old address is told, the new one must confirm', async () => {
    const { pro, call } = await invitedPro('Rosa Diaz', 'rosa.pro@example.com');
    const links = (await mailTo('rosa.pro@example.com', 'pro_password_link')).length;

    const edited = await admin('PUT', `/api/admin/pros/${pro.id}`, profile(pro, { email: 'mallory@evil.example' }));
    expect(edited.status).toBe(200);
    const invited = await admin('POST', `/api/admin/pros/${pro.id}/portal-invite`);
    expect(invited).toMatchObject({ status: 200, json: { sentTo: 'rosa.pro@example.com' } });
    // the card's contact email changed; the sign-in did not
    expect(edited.json.pro).toMatchObject({ email: 'mallory@evil.example', portalEmail: 'rosa.pro@example.com', portalEmailPending: 'mallory@evil.example' });
    expect(await t.database.db.select({ id: user.id }).from(user).where(eq(user.email, 'rosa.pro@example.com'))).toHaveLength(1);
    expect(await mailTo('mallory@evil.example', 'pro_password_link')).toEqual([]);
    expect(await mailTo('rosa.pro@example.com', 'pro_password_link')).toHaveLength(links + 1);
    // the old address is told, and by what address
    const [notice] = await mailTo('rosa.pro@example.com', 'pro_email_change_notice');
    expect((notice!.payload as { text: string }).text).toContain('mallory@evil.example');
    // the new address gets only the confirmation link: nothing that signs anyone in
    const toMallory = await t.database.db.select().from(outbox).where(eq(outbox.recipient, 'mallory@evil.example'));
    expect(toMallory.map((m) => m.kind)).toEqual(['pro_email_confirm']);
    expect((toMallory[0]!.payload as { text: string }).text).not.toMatch(/reset-password/);
    // staff never read the link
    expect(await (await owner.fetch('/api/admin/outbox')).text()).not.toMatch(/confirm-email\?token=/);

    // nothing signs in as the new address, and the pro keeps working
    expect((await signIn('mallory@evil.example')).status).toBe(401);
    expect((await call('GET', '/api/pro/portal')).status).toBe(200);
    // saving the card again sends nothing more
    expect((await admin('PUT', `/api/admin/pros/${pro.id}`, profile(pro, { email: 'mallory@evil.example', notes: 'again' }))).status).toBe(200);
    expect(await mailTo('mallory@evil.example', 'pro_email_confirm')).toHaveLength(1);

    // a made-up or broken link confirms nothing
    for (const token of ['x'.repeat(43), 'nope']) {
      const res = await t.request('/api/pro-email/confirm', { method: 'POST', json: { token }, headers: { origin: ORIGIN } });
      expect(res.status, token).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe(errorMessage('pro_email_link_invalid'));
    }
    expect((await t.database.db.select().from(user).where(eq(user.email, 'rosa.pro@example.com'))).length).toBe(1);
  });

  it('the new address takes effect for sign-in once it is confirmed from its link: once, the pro’s sessions ended, audited as the pro', async () => {
    const { pro } = await invitedPro('Noor New', 'noor.old@example.com');
    expect((await owner('PUT', `/api/admin/pros/${pro.id}`, profile(pro, { email: 'Noor.New@example.com' }))).status).toBe(200);
    const [mail] = await mailTo('noor.new@example.com', 'pro_email_confirm');
    const link = /https?:\/\/\S+\/pro\/confirm-email\?token=[A-Za-z0-9_-]+/.exec((mail!.payload as { text: string }).text)![0];
    const token = new URL(link).searchParams.get('token')!;

    const confirmed = await t.request('/api/pro-email/confirm', { method: 'POST', json: { token }, headers: { origin: ORIGIN } });
    expect(confirmed.status, await confirmed.clone().text()).toBe(200);
    expect(await confirmed.json()).toEqual({ email: 'noor.new@example.com' });
    expect(await sessionsOf('noor.new@example.com')).toBe(0);
    expect((await signIn('noor.old@example.com')).status).toBe(401);
    expect((await signIn('noor.new@example.com')).status).toBe(200);
    // the old address was told when the card changed, and again now
    const notices = await mailTo('noor.old@example.com', 'pro_email_change_notice');
    expect(notices.map((m) => m.subject).sort()).toEqual([`The email on your ${business.name} profile was changed`, `Your ${business.name} pro portal sign-in moved`]);
    const card = ((await owner('GET', '/api/admin/pros')).json.pros as LaundryPro[]).find((p) => p.id === pro.id)!;
    expect(card).toMatchObject({ portalEmail: 'noor.new@example.com', portalEmailPending: null });
    const [entry] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.targetId, pro.id), eq(auditLog.action, 'laundry_pro.portal_email_confirmed')));
    expect(entry).toMatchObject({ actorEmail: 'noor.new@example.com', before: { email: 'noor.old@example.com' }, after: { email: 'noor.new@example.com' } });

    // the link works once
    const again = await t.request('/api/pro-email/confirm', { method: 'POST', json: { token }, headers: { origin: ORIGIN } });
    expect(again.status).toBe(400);
  });

  it('a confirmation to an address another account holds is refused with a clear message, and changes nothing', async () => {
    const { pro } = await invitedPro('Tia Taken', 'tia.pro@example.com');
    expect((await owner('PUT', `/api/admin/pros/${pro.id}`, profile(pro, { email: 'casey@example.com' }))).status).toBe(200);
    const [mail] = await mailTo('casey@example.com', 'pro_email_confirm');
    const token = new URL(/https?:\/\/\S+\/pro\/confirm-email\?token=[A-Za-z0-9_-]+/.exec((mail!.payload as { text: string }).text)![0]).searchParams.get('token')!;
    const res = await t.request('/api/pro-email/confirm', { method: 'POST', json: { token }, headers: { origin: ORIGIN } });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(errorMessage('pro_email_taken'));
    expect((await signIn('tia.pro@example.com')).status).toBe(200);
  });
});
