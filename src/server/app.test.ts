import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../tests/helpers/test-app';

describe('the app', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers GET /api/health with the database kind', async () => {
    const res = await t.request('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok', database: 'pglite' });
    expect(res.headers.get('x-request-id')).toMatch(/\w+/);
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await t.request('/api/nope');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: { code: 'not_found' } });
  });

  it.each(['/nope', '/admin/whatever', '/terms/extra', '/index.php'])('answers %s with the 404 page and status 404', async (path) => {
    const res = await t.request(path);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(await res.text()).toContain('Oops! Page not found');
  });

  it('serves prerendered pages and hashed assets', async () => {
    const home = await t.request('/');
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('Laundry home');
    const terms = await t.request('/terms/');
    expect(await terms.text()).toContain('terms page');
    const asset = await t.request('/assets/app-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect(asset.headers.get('content-type')).toContain('javascript');
  });

  it('does not serve files outside the static folder', async () => {
    const res = await t.request('/../package.json');
    expect(res.status).toBe(404);
    const res2 = await t.request('/%2e%2e/package.json');
    expect(res2.status).toBe(404);
  });

  it('sends security headers', async () => {
    const res = await t.request('/');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
