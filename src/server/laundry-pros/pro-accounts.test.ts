// spec: back-office 2 ('Set Up Stripe Account', 'Check Status', 'Complete Setup', the badges), 4
// (none → created, not enabled → enabled), 7 (create-connect-account, check-connect-status);
// docs/design.md 5.7: one account per pro, its state from the gateway's word only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInOwner, type StaffCall } from '../../../tests/helpers/flows';
import { createTestApp, testDatabaseKinds, type TestContext } from '../../../tests/helpers/test-app';
import type { LaundryPro } from '../../shared/schemas/laundry-pros';
import { errorMessage } from '../error-catalogue';

const ORIGIN = 'http://shop.test';

describe.each(testDatabaseKinds)('a pro’s payment account (%s)', (kind) => {
  let t: TestContext;
  let staff: StaffCall;

  beforeAll(async () => {
    t = await createTestApp(kind, { PUBLIC_URL: ORIGIN });
    staff = await signInOwner(t, ORIGIN);
  });
  afterAll(async () => {
    await t?.close();
  });

  const addPro = async (body: Record<string, unknown>) => (await staff('POST', '/api/admin/pros', body)).json.pro as LaundryPro;
  const setUp = (id: string) => staff('POST', `/api/admin/pros/${id}/connect-account`);
  const check = (id: string) => staff('POST', `/api/admin/pros/${id}/connect-status`);
  const accounts = async () => (await t.gateway.list<{ id: string; email: string }>('account')).length;

  it('set up → onboarding page → "Setup Pending" → the page completed → "Stripe Ready", by the event and by the check', async () => {
    const pro = await addPro({ name: 'Rosa Diaz', email: 'rosa@example.com' });
    const res = await setUp(pro.id);
    expect(res.status).toBe(200);
    const url = new URL(res.json.url as string);
    expect(url.pathname).toMatch(/^\/dev\/connect\/acct_/);
    expect(res.json.pro.paymentAccount).toBe('pending');
    // not yet onboarded: the check says so
    expect((await check(pro.id)).json).toMatchObject({ onboardingComplete: false, pro: { paymentAccount: 'pending' } });

    // the pro finishes on the provider's page; its account.updated event makes them ready
    const page = await t.app.request(url.pathname + url.search);
    expect(await page.text()).toContain('Complete onboarding');
    const done = await t.app.request(`${url.pathname}/complete`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ return_url: url.searchParams.get('return_url')! }).toString(),
    });
    expect(done.status).toBe(303);
    // back to the Laundry Pros tab, on this site
    expect(done.headers.get('location')).toBe('/admin?tab=pros');
    await t.gateway.flushEvents();
    const { pros } = (await staff('GET', '/api/admin/pros')).json as { pros: LaundryPro[] };
    expect(pros.find((p) => p.id === pro.id)?.paymentAccount).toBe('enabled');
    expect((await check(pro.id)).json).toMatchObject({ onboardingComplete: true, pro: { paymentAccount: 'enabled' } });
  });

  it('one account per pro: setting up again ("Complete Setup") or twice at once gives a new link to the same account', async () => {
    const pro = await addPro({ name: 'Ben Ito', email: 'ben@example.com' });
    const before = await accounts();
    const [a, b] = await Promise.all([setUp(pro.id), setUp(pro.id)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const again = await setUp(pro.id);
    const accountOf = (r: { json: Record<string, unknown> }) => new URL(r.json.url as string).pathname.split('/').pop();
    expect(new Set([accountOf(a), accountOf(b), accountOf(again)]).size).toBe(1);
    expect(await accounts()).toBe(before + 1);
  });

  it('refuses a pro without an email, a check before any account, and an unknown pro; nothing is made', async () => {
    const before = await accounts();
    const noEmail = await addPro({ name: 'Quinn NoMail' });
    const refused = await setUp(noEmail.id);
    expect(refused.status).toBe(409);
    expect(refused.json.error.message).toBe(errorMessage('pro_email_needed'));
    const early = await check(noEmail.id);
    expect(early.status).toBe(409);
    expect(early.json.error.message).toBe(errorMessage('pro_no_account'));
    for (const call of [setUp, check]) {
      const unknown = await call('00000000-0000-4000-8000-000000000000');
      expect(unknown.status).toBe(404);
      expect(unknown.json.error.message).toBe('Laundry pro not found.');
    }
    expect(await accounts()).toBe(before);
  });

  // decision 038: what would leave the site is refused (400); an absolute address keeps only its path here
  it('the local onboarding page sends staff back to this site only', async () => {
    const pro = await addPro({ name: 'Ola Redirect', email: 'ola@example.com' });
    const url = new URL((await setUp(pro.id)).json.url as string);
    for (const [returnUrl, location] of [
      ['//evil.example/x', null],
      ['https://evil.example/steal?x=1', '/steal?x=1'],
      ['javascript:alert(1)', null],
      ['/admin?tab=pros', '/admin?tab=pros'],
    ] as const) {
      const done = await t.app.request(`${url.pathname}/complete`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ return_url: returnUrl }).toString() });
      expect([returnUrl, done.status, done.headers.get('location')]).toEqual([returnUrl, location ? 303 : 400, location]);
    }
  });
});
