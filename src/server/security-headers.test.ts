// Security headers and checks (docs/design.md 6): CSP without un-hashed inline
// scripts, frame-ancestors 'none', HSTS only in production, nosniff, Referrer-Policy (no-referrer
// on pages whose address carries a token), CSRF on cookie-authenticated writes, body size limits.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestContext } from '../../tests/helpers/test-app';
import { createApp, maxBodyBytes } from './app';
import { testConfig } from './config';
import { createLogger } from './logger';
import { inlineScriptHashes, inlineScriptsOf } from './pages/pages';
import { webhookPath } from './payments/payments.routes';
import { inboundSmsPath } from './inbound-sms/sms.routes';

const distDir = path.resolve(import.meta.dirname, '../../dist/client');

// one app and database for the whole file; other configurations share its database
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp('pglite');
});
afterAll(async () => {
  await t?.close();
});

function scriptSrc(res: Response): string[] {
  const csp = res.headers.get('content-security-policy') ?? '';
  const directive = csp.split(';').map((d) => d.trim()).find((d) => d.startsWith('script-src '));
  return directive ? directive.split(/\s+/).slice(1) : [];
}

describe('security headers', () => {

  /** The same app (and database) with another configuration. */
  function appWith(env: Record<string, string>) {
    const config = testConfig({ STATIC_DIR: './tests/fixtures/static', ...env });
    return createApp({ config, database: t.database, logger: createLogger(config), gateway: t.gateway, auth: t.auth, files: t.files });
  }

  const responses: [string, () => Promise<Response>][] = [
    ['a prerendered page', () => t.request('/')],
    ['a client-rendered page', () => t.request('/book')],
    ['an asset', () => t.request('/assets/app-abc123.js')],
    ['an API response', () => t.request('/api/health')],
    ['an API error', () => t.request('/api/gift-cards/validate', { method: 'POST', json: { nonsense: true } })],
    ['a 404 page', () => t.request('/no-such-page')],
    ['an API 404', () => t.request('/api/no-such-endpoint')],
  ];

  it.each(responses)('%s carries every header', async (_what, send) => {
    const res = await send();
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'self'");
    // scripts from our own origin only: no inline script unless hashed, no eval
    expect(scriptSrc(res)[0]).toBe("'self'");
    expect(scriptSrc(res).filter((s) => s !== "'self'" && !/^'sha256-[A-Za-z0-9+/]+=*'$/.test(s))).toEqual([]);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    // not in development or test: HSTS would pin localhost to https
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });

  it.each([
    '/cancel-booking?booking=1f0c&token=secret',
    '/cancel-booking/',
    '/admin/reset-password?token=secret',
    '/booking-success?session_id=cs_test_123',
    '/booking-cancelled?session_id=cs_test_123',
    '/invoice?booking=1f0c&token=secret',
    '/invoice/1f0c?token=secret',
    '/dev/checkout/cs_test_123',
    '/pay?booking_id=1f0c&token=secret',
    '/gift-card-success?session_id=cs_test_123',
    '/gift-card-cancelled?session_id=cs_test_123',
    '/rate?booking_id=1f0c&token=secret&stars=5',
  ])('%s sends no Referer anywhere (no-referrer)', async (url) => {
    const res = await t.request(url);
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it.each(['/', '/book', '/admin', '/admin/login', '/terms'])('%s keeps strict-origin-when-cross-origin', async (url) => {
    expect((await t.request(url)).headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('sends HSTS in production only, on pages, the API and errors', async () => {
    const production = appWith({
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://unused.invalid/washday',
      SESSION_SECRET: 'a-production-secret-of-at-least-32-characters',
      STRIPE_SECRET_KEY: 'sk_test_unused',
      STRIPE_WEBHOOK_SECRET: 'whsec_unused',
      PUBLIC_URL: 'https://washday.example',
      MAIL_KEEP_IN_OUTBOX: 'true',
    });
    for (const url of ['/', '/api/health', '/no-such-page', '/api/no-such-endpoint']) {
      const res = await production.request(url);
      expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000');
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
    expect((await production.request('/cancel-booking?token=x')).headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('allows an inline script in a built page by its hash, and no other', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'washday-csp-'));
    try {
      fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><script>window.washday = 1;</script><script type="module" src="/assets/a.js"></script>');
      fs.mkdirSync(path.join(dir, 'terms'));
      fs.writeFileSync(path.join(dir, 'terms/index.html'), '<!doctype html><main>no scripts</main>');
      fs.mkdirSync(path.join(dir, '.vite'));
      fs.writeFileSync(path.join(dir, '.vite/manifest.json'), '{}');
      const app = appWith({ STATIC_DIR: dir });
      const res = await app.request('/');
      expect(scriptSrc(res)).toEqual(["'self'", "'sha256-4jMmpytXs6RPZhI8cVzCo03ZhqpQ1LkdbvyueMPlIzU='"]);
      // build files are not part of the site, and a malformed address is a 404, not a 500
      expect((await app.request('/.vite/manifest.json')).status).toBe(404);
      expect((await app.request('/%E0%A4%A')).status).toBe(404);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the built pages have no inline script that the CSP does not allow', async (ctx) => {
    if (!fs.existsSync(path.join(distDir, 'index.html'))) {
      console.log('skipped: dist/client is not built (npx tsx scripts/build.ts), so its pages cannot be checked');
      ctx.skip();
    }
    const pages: string[] = [];
    const walk = (dir: string) => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        if (e.isDirectory() && e.name !== 'assets' && !e.name.startsWith('.')) walk(path.join(dir, e.name));
        else if (e.name.endsWith('.html')) pages.push(path.join(dir, e.name));
      }
    };
    walk(distDir);
    expect(pages.map((p) => path.relative(distDir, p))).toEqual(expect.arrayContaining(['index.html', 'shell.html', '404.html']));
    const allowed = scriptSrc(await appWith({ STATIC_DIR: distDir }).request('/'));
    expect(allowed).toEqual(["'self'", ...inlineScriptHashes(distDir)]);
    for (const page of pages) {
      const html = fs.readFileSync(page, 'utf8');
      for (const script of inlineScriptsOf(html)) expect(allowed, `${page}: ${script.body.slice(0, 60)}`).toContain(script.hash);
      // inline event handlers cannot be hashed into script-src: none at all
      expect(html).not.toMatch(/<[^>]+\son[a-z]+\s*=/i);
      expect(html).not.toMatch(/javascript:/i);
    }
  });
});

describe('CSRF on cookie-authenticated writes', () => {
  const site = () => new URL(t.config.publicUrl).origin;
  const staffWrite = (headers: Record<string, string>) =>
    t.request('/api/admin/admins', { method: 'POST', json: { email: 'csrf@example.com', fullName: 'CSRF', role: 'admin' }, headers });

  it('refuses a staff write from another origin with 403 and a message', async () => {
    const res = await staffWrite({ origin: 'https://evil.example', cookie: 'better-auth.session_token=stolen' });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: { code: 'bad_origin', message: expect.stringMatching(/did not come from the Washday site/) } });
    // "null" (a sandboxed frame, a data: page) is another origin too
    expect((await staffWrite({ origin: 'null' })).status).toBe(403);
  });

  it('refuses a staff write with neither Origin nor Sec-Fetch-Site: same-origin', async () => {
    const res = await staffWrite({});
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: { code: 'origin_missing', message: expect.stringMatching(/did not say which site/) } });
    expect((await staffWrite({ 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await staffWrite({ 'sec-fetch-site': 'same-site' })).status).toBe(403);
  });

  it('lets a same-origin staff write through to the session check (401 without a session)', async () => {
    for (const headers of [{ origin: site() }, { 'sec-fetch-site': 'same-origin' }] as Record<string, string>[]) {
      const res = await staffWrite(headers);
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ error: { code: 'not_authenticated' } });
    }
  });

  it('does not ask reads for an Origin', async () => {
    expect((await t.request('/api/admin/me')).status).toBe(401);
  });

  it("keeps better-auth's own origin check on for sign-in and sign-out", async () => {
    const signIn = (headers: Record<string, string>) =>
      t.request('/api/auth/sign-in/email', { method: 'POST', json: { email: 'nobody@example.com', password: 'not-the-password' }, headers });
    // better-auth logs the refusal itself
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      expect((await signIn({ origin: 'https://evil.example' })).status).toBe(403);
      expect((await signIn({ origin: 'https://evil.example', cookie: 'better-auth.session_token=x' })).status).toBe(403);
      const signOut = await t.request('/api/auth/sign-out', { method: 'POST', json: {}, headers: { origin: 'https://evil.example', cookie: 'better-auth.session_token=x' } });
      expect(signOut.status).toBe(403);
    } finally {
      quiet.mockRestore();
    }
    // from the site itself: a wrong password, not a refused origin
    const quietWarn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      expect((await signIn({ origin: site() })).status).toBe(401);
    } finally {
      quietWarn.mockRestore();
    }
  });
});

describe('request body size limits', () => {
  const big = JSON.stringify({ message: 'x'.repeat(65 * 1024) });

  it.each([
    ['the contact form', '/api/contact', 'application/json'],
    ['a booking', '/api/bookings', 'application/json'],
    ['the payment webhook', webhookPath, 'application/json'],
    ['inbound texts', inboundSmsPath, 'application/x-www-form-urlencoded'],
    ['staff sign-in', '/api/auth/sign-in/email', 'application/json'],
    ['a staff endpoint', '/api/admin/admins', 'application/json'],
    ['an unknown API path', '/api/no-such-endpoint', 'application/json'],
    ['the local checkout', '/dev/checkout/cs_test_123', 'application/x-www-form-urlencoded'],
  ])('answers a 65 KB body to %s with a JSON 413 and a message', async (_what, url, type) => {
    expect(big.length).toBeGreaterThan(maxBodyBytes);
    const res = await t.request(url, { method: 'POST', body: big, headers: { 'content-type': type, origin: new URL(t.config.publicUrl).origin } });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: { code: 'payload_too_large', message: 'The request body is too large (64 KB at most).' } });
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('counts a streamed body without Content-Length too', async () => {
    const chunk = new TextEncoder().encode('x'.repeat(16 * 1024));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 5) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const res = await t.app.request('/api/contact', { method: 'POST', body, headers: { 'content-type': 'application/json' }, duplex: 'half' } as RequestInit);
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ error: { code: 'payload_too_large' } });
  });

  it('a page form the browser sent itself (its scripts not yet run) goes back to the page: nothing typed in an address', async () => {
    const sent = await t.request('/book', { method: 'POST', body: new URLSearchParams({ name: 'Olivia Chen', email: 'olivia@example.com' }).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect([sent.status, sent.headers.get('location')]).toEqual([303, '/book']);
    // not a page: still refused
    expect((await t.request('/nowhere', { method: 'POST' })).status).toBe(404);
  });
});
