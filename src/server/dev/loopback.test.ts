// docs/decisions/012: the development pages answer only this machine, whatever HOST says.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../tests/helpers/test-app';

const from = (remoteAddress: string) => ({ incoming: { socket: { remoteAddress } } });

describe('/dev/* from another machine', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(() => t.close());

  const paths: [string, string, RequestInit][] = [
    ['the mail viewer', '/dev/mail', {}],
    ['the clock', '/dev/clock', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ now: '2030-01-01T00:00:00Z' }) }],
    ['the bootstrap admin', '/dev/bootstrap-admin', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'x@example.com' }) }],
    ['the local checkout', '/dev/checkout/cs_test_123', {}],
  ];

  it.each(paths)('%s is refused to a client on the network, and nothing moves', async (_name, path, init) => {
    const res = await t.app.request(path, init, from('192.168.1.20'));
    expect(res.status).toBe(403);
    expect((await res.json()).error.message).toBe('The development pages answer only requests from this machine.');
  });

  it('is refused when a proxy on this machine forwards a client from elsewhere', async () => {
    for (const [name, value] of [['x-forwarded-for', '203.0.113.9'], ['x-real-ip', '203.0.113.9'], ['forwarded', 'for=203.0.113.9'], ['x-forwarded-for', '127.0.0.1, 203.0.113.9']]) {
      const res = await t.app.request('/dev/mail', { headers: { [name!]: value! } }, from('127.0.0.1'));
      expect(res.status, `${name}: ${value}`).toBe(403);
    }
  });

  it('is refused to a web page that rebinds its own name to this machine (the Host is not loopback, decision 038)', async () => {
    for (const host of ['evil.example', 'evil.example:3000', 'localhost.evil.example', '127.0.0.1.nip.io:3000', '127.0.0.2', '0.0.0.0:3000', '[::ffff:127.0.0.1]', 'localhost:3000@evil.example', '']) {
      for (const [path, init] of [['/dev/mail', {}], ['/dev/clock', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ now: '2030-01-01T00:00:00Z' }) }], ['/dev/checkout/cs_test_123', {}]] as [string, RequestInit][]) {
        const res = await t.app.request(path, { ...init, headers: { ...(init.headers as Record<string, string>), host } }, from('127.0.0.1'));
        expect(res.status, `${host} ${path}`).toBe(403);
        expect((await res.json()).error.message).toBe('The development pages answer only at localhost, 127.0.0.1 or [::1]. Open them at http://localhost:<port>/dev/… on this machine.');
      }
      // in-process too: the Host decides, not the missing socket
      expect((await t.app.request('/dev/mail', { headers: { host } })).status, `${host} in-process`).toBe(403);
    }
    expect((await t.app.request('http://evil.example/dev/mail')).status).toBe(403);
    // the clock did not move
    expect(new Date((await (await t.app.request('/dev/clock', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ now: null }) })).json()).now).getUTCFullYear()).toBeLessThan(2030);
  });

  it('answers at localhost, 127.0.0.1 and [::1], with or without a port', async () => {
    for (const host of ['localhost', 'localhost:3000', 'LocalHost:5173', '127.0.0.1', '127.0.0.1:3000', '[::1]', '[::1]:3000']) {
      expect((await t.app.request('/dev/mail', { headers: { host } }, from('127.0.0.1'))).status, host).toBe(200);
    }
  });

  it('answers this machine: IPv4 and IPv6 loopback, and in-process requests', async () => {
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      expect((await t.app.request('/dev/mail', {}, from(address))).status, address).toBe(200);
    }
    expect((await t.app.request('/dev/mail')).status).toBe(200);
  });

  it('does not let the moved clock reset a rate limit', async () => {
    const limited = await createTestApp('pglite', { AUTH_ATTEMPTS_PER_MINUTE: '2' });
    try {
      const attempt = () => limited.request('/api/auth/sign-in/email', { method: 'POST', json: { email: 'a@example.com', password: 'nope-nope-nope' }, headers: { origin: limited.config.publicUrl } });
      // the limit counts in windows of a real minute: start in a fresh one, so that all the attempts
      // fall in the same window on a slow machine too
      const left = 60_000 - (Date.now() % 60_000);
      if (left < 20_000) await new Promise((r) => setTimeout(r, left + 50));
      for (let i = 0; i < 2; i++) expect((await attempt()).status).not.toBe(429);
      expect((await attempt()).status).toBe(429);
      const moved = await limited.request('/dev/clock', { method: 'POST', json: { now: new Date(Date.now() + 3_600_000).toISOString() } });
      expect(moved.status).toBe(200);
      expect((await attempt()).status).toBe(429);
    } finally {
      await limited.close();
    }
  }, 60_000);
});
