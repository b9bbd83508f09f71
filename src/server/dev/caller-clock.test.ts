// Decision 044: a test moves the clock of its own requests only. Two callers at once each see
// their own time; a caller without the cookie, and the process, see real time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../tests/helpers/test-app';

describe("a caller's own clock", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(() => t.close());

  /** A cookie for a caller whose clock reads `at`. */
  async function callerAt(at: string | null): Promise<string> {
    const res = await t.request('/dev/clock', { method: 'POST', json: { now: at, scope: 'caller' } });
    expect(res.status).toBe(200);
    const cookie = res.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^wd_clock=/);
    expect(cookie).toMatch(/HttpOnly/);
    return cookie.split(';')[0]!;
  }
  /** What the app's clock reads in a request with this cookie (the server-wide move to "now" answers the clock). */
  async function nowFor(cookie: string | null): Promise<number> {
    const res = await t.request('/dev/clock', { method: 'POST', json: { now: null }, headers: cookie ? { cookie } : {} });
    return Date.parse(((await res.json()) as { now: string }).now);
  }

  it('each caller sees its own time, at the same moment, and the rest of the server real time', async () => {
    const a = await callerAt('2030-01-06T15:00:00Z');
    const b = await callerAt('2027-03-01T09:30:00Z');
    const [seenA, seenB, seenNone] = await Promise.all([nowFor(a), nowFor(b), nowFor(null)]);
    expect(Math.abs(seenA - Date.parse('2030-01-06T15:00:00Z'))).toBeLessThan(5_000);
    expect(Math.abs(seenB - Date.parse('2027-03-01T09:30:00Z'))).toBeLessThan(5_000);
    expect(Math.abs(seenNone - Date.now())).toBeLessThan(5_000);
  });

  it('sets the caller back with null, and ignores a cookie that is not an offset', async () => {
    const res = await t.request('/dev/clock', { method: 'POST', json: { now: null, scope: 'caller' } });
    expect(res.headers.get('set-cookie')).toMatch(/^wd_clock=;.*Max-Age=0/);
    for (const cookie of ['wd_clock=soon', 'wd_clock=99999999999999999', 'wd_clock=1e12']) expect(Math.abs((await nowFor(cookie)) - Date.now()), cookie).toBeLessThan(5_000);
  });

  it('refuses a scope it does not know with a 400 that names it', async () => {
    const res = await t.request('/dev/clock', { method: 'POST', json: { now: null, scope: 'everyone' } });
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain('scope must be');
  });
});
