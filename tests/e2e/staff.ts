// Staff sign-in for the browser tests, shared by the spec files.
import type { request as playwrightRequest, APIRequestContext } from '@playwright/test';
import { expect } from './fixtures';

// The e2e server starts with no staff (SEED_DEMO_DATA=false) and lives for the whole run (both
// projects, every spec file), while POST /dev/bootstrap-admin answers once. The first test to ask
// makes the root master admin and gives it this known password; later ones sign in with it.
export const root = { email: 'root-master@e2e.washday.test', password: 'Root-master-e2e-2026' };

export async function signInApi(api: APIRequestContext, baseURL: string, email: string, password: string) {
  const res = await api.post('/api/auth/sign-in/email', { data: { email, password }, headers: { origin: baseURL } });
  expect(res.status(), `sign-in of ${email}`).toBe(200);
}

/** A request context signed in as the root master admin (created on the first call of the run). */
export async function rootApi(request: typeof playwrightRequest, baseURL: string): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  const boot = await api.post('/dev/bootstrap-admin', { data: { email: root.email } });
  if (boot.status() === 201) {
    const { temporaryPassword } = (await boot.json()) as { temporaryPassword: string };
    await signInApi(api, baseURL, root.email, temporaryPassword);
    const changed = await api.post('/api/admin/me/password', { data: { currentPassword: temporaryPassword, newPassword: root.password } });
    expect(changed.status()).toBe(200);
  } else {
    expect(boot.status(), 'staff exist already: the root of an earlier test').toBe(409);
    await signInApi(api, baseURL, root.email, root.password);
  }
  return api;
}

