// The real server process: data survives a restart; a second process on the same data directory
// is refused with a clear message; a first start in development makes the demo admin, whose
// set-password link waits in the outbox (no password in the log, decision 039).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createFreshPostgres } from '../../tests/helpers/fresh-postgres';
import { addDays, isoWeekday, todayIn } from '../shared/dates';
import { bookingFormInput } from './bookings/booking.factory';

const root = path.resolve(import.meta.dirname, '../..');
const children: ChildProcess[] = [];

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** An `undefined` in env leaves that variable out. */
function startServer(dataDir: string, port: number, env: Record<string, string | undefined> = {}) {
  const merged: Record<string, string | undefined> = { ...process.env, NODE_ENV: 'development', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO_DATA: 'false', LOG_LEVEL: 'warn', ...env };
  for (const key of Object.keys(merged)) if (merged[key] === undefined) delete merged[key];
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: merged,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

/**
 * Waits for the server's health to answer 200, and fails with what the server printed. A start on a
 * busy 2-core machine (a fresh PGlite data directory, beside the browser suite) has taken over 20 s,
 * and more than 45 s on a machine slow at fresh memory, printing nothing yet: the wait is for it to
 * start, not a measure of how fast it starts (that is `npm run bench:cold-start`).
 */
async function waitForHealth(port: number, server?: { output: () => string }, timeoutMs = 100_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not become healthy in ${timeoutMs / 1000} s; it printed:\n${server?.output().slice(-2_000) ?? '(not asked)'}`);
}

afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
});

describe('the server process on a PGlite data directory', () => {
  it('keeps a contact message across a restart and refuses a second process; keeps an idle connection past Node\'s 5 s', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'washday-data-'));
    const port = await freePort();
    const first = startServer(dataDir, port);
    await waitForHealth(port, first);

    // a client (a proxy, a test's API context) that sends on a connection idle for 6 s must not
    // meet the server closing it at that moment (ECONNRESET): the server keeps it for longer
    const socket = net.connect(port, '127.0.0.1');
    let closed = false;
    socket.on('close', () => (closed = true));
    const answer = () => new Promise<string>((resolve) => socket.once('data', (d) => resolve(String(d))));
    const ask = 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n';
    socket.write(ask);
    expect(await answer()).toMatch(/^HTTP\/1\.1 200/);
    await new Promise((r) => setTimeout(r, 6_000));
    expect(closed).toBe(false);
    socket.write(ask);
    expect(await answer()).toMatch(/^HTTP\/1\.1 200/);
    socket.destroy();

    const sent = await fetch(`http://127.0.0.1:${port}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Ada', email: 'ada@example.com', subject: 'Hello', message: 'Still there after a restart?' }),
    });
    expect(sent.status).toBe(201);
    const { id } = (await sent.json()) as { id: string };

    const second = startServer(dataDir, await freePort());
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('is already using the data directory');

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'washday.lock'))).toBe(false);

    const third = startServer(dataDir, port);
    await waitForHealth(port, third);
    const { openDatabase } = await import('./db/client');
    third.child.kill('SIGTERM');
    await third.exited;
    const database = await openDatabase({ kind: 'pglite', dataDir });
    const { contactMessages } = await import('./db/schema');
    const rows = await database.db.select().from(contactMessages);
    await database.close();
    expect(rows.map((r) => r.id)).toContain(id);
  }, 240_000);

  it('SIGTERM finishes the requests in flight: each booking taken is answered and kept, none a 5xx; health says draining; exit 0', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'washday-data-'));
    const port = await freePort();
    const server = startServer(dataDir, port, { PICKUP_CAPACITY_PER_WINDOW: '1000', BOOKINGS_PER_IP_PER_HOUR: '1000', BOOKINGS_PER_CUSTOMER_PER_HOUR: '1000' });
    await waitForHealth(port, server);
    let day = addDays(todayIn('America/New_York'), 3);
    while (![1, 3, 5].includes(isoWeekday(day))) day = addDays(day, 1);
    const book = (i: number) =>
      fetch(`http://127.0.0.1:${port}/api/bookings`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ bookingData: bookingFormInput({ email: `drain${i}@example.com`, phone: `(803) 555-${String(1000 + i)}`, pickupDate: day }) }),
      }).then(
        async (res) => ({ status: res.status, body: await res.text() }),
        (err: unknown) => ({ status: 0, body: String(err) }),
      );
    // a load in flight, then the signal while it is
    const inFlight = Array.from({ length: 40 }, (_, i) => book(i));
    await new Promise((r) => setTimeout(r, 30));
    server.child.kill('SIGTERM');
    // a client that keeps going meanwhile (as a load balancer does until health says draining)
    const healthSeen: string[] = [];
    const watching = (async () => {
      for (let i = 0; i < 40; i++) {
        const seen = await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.json() as Promise<{ status: string }>, () => null);
        if (!seen) return; // the door is closed
        healthSeen.push(seen.status);
        await new Promise((r) => setTimeout(r, 10));
      }
    })();
    const later: ReturnType<typeof book>[] = [];
    for (let i = 40; i < 60; i++) {
      later.push(book(i));
      await new Promise((r) => setTimeout(r, 5));
    }
    const answers = await Promise.all(inFlight);
    const afterwards = await Promise.all(later);
    await watching;
    expect(await server.exited).toBe(0);
    // the requests the server had taken were answered as bookings; one still on its way to the
    // door when it closed was refused there (no connection), never taken and dropped, never a 5xx
    const all = [...answers, ...afterwards];
    expect(all.filter((a) => a.status !== 201 && a.status !== 0).map((a) => `${a.status} ${a.body.slice(0, 120)}`)).toEqual([]);
    expect(answers.filter((a) => a.status === 201).length).toBeGreaterThan(0);
    // health said ok, then (to a client still connected) draining, never ok again; then no door
    expect(healthSeen.join(',')).toMatch(/^(ok,?)*(draining,?)*$/);
    expect(server.output()).not.toMatch(/unexpected error|Cannot use a pool|background job failed|outbox worker failed/);
    const { openDatabase } = await import('./db/client');
    const database = await openDatabase({ kind: 'pglite', dataDir });
    const { bookings } = await import('./db/schema');
    const rows = await database.db.select().from(bookings);
    await database.close();
    // what was answered as booked is kept, and nothing else
    expect(rows).toHaveLength(all.filter((a) => a.status === 201).length);
  }, 240_000);

  it('SIGTERM with clients that hang up mid-request: the requests the server took still finish before the database closes', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'washday-data-'));
    const port = await freePort();
    // on PostgreSQL where there is one (CI): its pool is what a request running after the close would find ended
    const fresh = process.env.TEST_DATABASE_URL ? await createFreshPostgres(process.env.TEST_DATABASE_URL) : null;
    const server = startServer(dataDir, port, { PICKUP_CAPACITY_PER_WINDOW: '1000', BOOKINGS_PER_IP_PER_HOUR: '1000', BOOKINGS_PER_CUSTOMER_PER_HOUR: '1000', ...(fresh ? { DATABASE_URL: fresh.url } : {}) });
    await waitForHealth(port, server);
    let day = addDays(todayIn('America/New_York'), 3);
    while (![1, 3, 5].includes(isoWeekday(day))) day = addDays(day, 1);
    const hangUp = new AbortController();
    const sent = Array.from({ length: 300 }, (_, i) =>
      fetch(`http://127.0.0.1:${port}/api/bookings`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ bookingData: bookingFormInput({ email: `gone${i}@example.com`, phone: `(803) 555-${String(2000 + i)}`, pickupDate: day }) }),
        signal: hangUp.signal,
      }).catch(() => null),
    );
    await new Promise((r) => setTimeout(r, 60));
    server.child.kill('SIGTERM');
    hangUp.abort();
    await Promise.all(sent);
    expect(await server.exited).toBe(0);
    expect(server.output()).not.toMatch(/unexpected error|Cannot use a pool|PGlite is closed|background job failed/i);
    await fresh?.drop();
  }, 240_000);

  it('a first start makes the demo master admin: no password in the log, its set-password link waits at /dev/mail and signs in', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'washday-data-'));
    const port = await freePort();
    const server = startServer(dataDir, port, { SEED_DEMO_DATA: 'true' });
    await waitForHealth(port, server);
    // created right after the server listens (docs/decisions/007)
    const deadline = Date.now() + 30_000;
    while (!server.output().includes('created the demo master admin') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(server.output()).toContain('/dev/mail');
    // decision 039: every line the process wrote is JSON, and none holds a password
    const lines = server.output().split('\n').filter((l) => l.trim() !== '');
    for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow();
    expect(server.output()).not.toMatch(/password"\s*:/i);
    const outbox = await (await fetch(`http://127.0.0.1:${port}/dev/mail`)).text();
    const message = /owner@washday\.example<\/td><td><a href="(\/dev\/mail\/[^"]+)"/.exec(outbox)?.[1];
    expect(message, outbox).toBeDefined();
    const mail = await (await fetch(`http://127.0.0.1:${port}${message}`)).text();
    const token = /\/api\/auth\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail)?.[1];
    expect(token).toBeDefined();
    const origin = `http://localhost:${port}`;
    const set = await fetch(`http://127.0.0.1:${port}/api/auth/reset-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ token, newPassword: 'demo-owner-password-1' }),
    });
    expect(set.status).toBe(200);
    const signIn = await fetch(`http://127.0.0.1:${port}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ email: 'owner@washday.example', password: 'demo-owner-password-1' }),
    });
    expect(signIn.status).toBe(200);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 240_000);

  it('with no settings listens on loopback only and says so; an open HOST with the development secret is refused', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'washday-data-'));
    const port = await freePort();
    const server = startServer(dataDir, port, { HOST: undefined, SESSION_SECRET: undefined, LOG_LEVEL: 'info' });
    await waitForHealth(port, server);
    expect(server.output()).toContain('listening on 127.0.0.1 only: other machines cannot reach it');
    expect(server.output()).toContain('the development pages (/dev/*) answer this machine only');
    // this machine's own network addresses are not loopback: nothing answers there
    const outside = Object.values(os.networkInterfaces()).flat().filter((a) => a && a.family === 'IPv4' && !a.internal);
    if (outside.length === 0) console.log('main.test: no non-loopback interface on this machine, so only the log line is checked');
    for (const address of outside) {
      const reached = await new Promise<boolean>((resolve) => {
        const socket = net.connect({ host: address!.address, port, timeout: 2000 }, () => {
          socket.destroy();
          resolve(true);
        });
        socket.on('error', () => resolve(false));
        socket.on('timeout', () => {
          socket.destroy();
          resolve(false);
        });
      });
      expect(reached, `${address!.address}:${port}`).toBe(false);
    }
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);

    const open = startServer(dataDir, await freePort(), { HOST: '0.0.0.0', SESSION_SECRET: undefined });
    expect(await open.exited).toBe(1);
    expect(open.output()).toContain('HOST=0.0.0.0 lets other machines reach this server, but SESSION_SECRET is the public development default');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 240_000);

  it('a database not up yet: the start waits for it, saying so, then logs the migrations it applied; one that never comes: exit 1, in words', async (ctx) => {
    if (!process.env.TEST_DATABASE_URL) {
      console.log('main.test: the start-up wait is a PostgreSQL matter; set TEST_DATABASE_URL to run this test (CI does)');
      ctx.skip();
    }
    const fresh = await createFreshPostgres(process.env.TEST_DATABASE_URL!);
    // the database's address, answered by nobody until the forwarder below starts
    const dbPort = await freePort();
    const target = new URL(fresh.url);
    const url = new URL(fresh.url);
    url.host = `127.0.0.1:${dbPort}`;
    const sockets: net.Socket[] = [];
    const forwarder = net.createServer((client) => {
      const upstream = net.connect(Number(target.port || 5432), target.hostname);
      sockets.push(client, upstream);
      client.pipe(upstream).pipe(client);
      client.on('error', () => upstream.destroy());
      upstream.on('error', () => client.destroy());
    });
    try {
      const never = startServer(fs.mkdtempSync(path.join(os.tmpdir(), 'washday-data-')), await freePort(), { DATABASE_URL: url.toString(), STARTUP_WAIT_MS: '2000', LOG_LEVEL: 'info' });
      expect(await never.exited).toBe(1);
      expect(never.output()).toMatch(/waiting for the database to answer \(connect ECONNREFUSED 127\.0\.0\.1:\d+\)/);
      expect(never.output()).toMatch(/the database did not answer within 2 s \(connect ECONNREFUSED .*\): check DATABASE_URL and that PostgreSQL is running/);
      // no stack trace: what the operator reads is the sentence
      expect(never.output()).not.toMatch(/\n\s+at /);

      const port = await freePort();
      const later = startServer(fs.mkdtempSync(path.join(os.tmpdir(), 'washday-data-')), port, { DATABASE_URL: url.toString(), STARTUP_WAIT_MS: '60000', LOG_LEVEL: 'info' });
      // the database comes up once the server has said it waits for it (a busy machine may take a while to get there)
      const saidDeadline = Date.now() + 60_000;
      while (!/waiting for the database to answer/.test(later.output())) {
        expect(Date.now() < saidDeadline && later.child.exitCode === null, `the server never said it waits:\n${later.output()}`).toBe(true);
        await new Promise((r) => setTimeout(r, 100));
      }
      await new Promise<void>((resolve) => forwarder.listen(dbPort, '127.0.0.1', resolve));
      await waitForHealth(port, later);
      expect(later.output()).toMatch(/"applied":\d+,"migrations":\d+,"msg":"applied \d+ migrations"/);
      later.child.kill('SIGTERM');
      expect(await later.exited).toBe(0);
    } finally {
      for (const s of sockets) s.destroy();
      forwarder.close();
      await fresh.drop();
    }
  }, 120_000);

  it('in production TEST1 and FREE are unknown codes and no development page exists, even when asked to seed demo data', async (ctx) => {
    if (!process.env.TEST_DATABASE_URL) {
      console.log('main.test: production needs PostgreSQL; set TEST_DATABASE_URL to run this test (CI does)');
      ctx.skip();
    }
    const fresh = await createFreshPostgres(process.env.TEST_DATABASE_URL!);
    try {
      const port = await freePort();
      const server = startServer(fs.mkdtempSync(path.join(os.tmpdir(), 'washday-data-')), port, {
        NODE_ENV: 'production',
        DATABASE_URL: fresh.url,
        SEED_DEMO_DATA: 'true',
        SESSION_SECRET: 'p'.repeat(48),
        STRIPE_SECRET_KEY: 'sk_test_not_called_by_a_quote',
        STRIPE_WEBHOOK_SECRET: 'whsec_not_called',
        PUBLIC_URL: 'https://washday.example',
        MAIL_KEEP_IN_OUTBOX: 'true',
        HOST: '127.0.0.1',
      });
      await waitForHealth(port, server);
      const form = { ...bookingFormInput({ pickupDate: nextServiceDay() }) };
      const quote = (promoCode: string) =>
        fetch(`http://127.0.0.1:${port}/api/bookings/quote`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ bookingData: form, promoCode }) });
      // a new installation takes no booking until its owner opens the website (decision 055, first run)
      const closed = await quote('FIRST12');
      expect(closed.status).toBe(409);
      expect(((await closed.json()) as { error: { code: string } }).error.code).toBe('opening_soon');
      const client = new pg.Client({ connectionString: fresh.url });
      await client.connect();
      await client.query('update business_settings set opened_at = now(), version = version + 1');
      await client.end();
      for (const code of ['TEST1', 'FREE']) {
        const res = await quote(code);
        expect(res.status, code).toBe(400);
        expect(((await res.json()) as { error: { code: string } }).error.code).toBe('promo_invalid');
      }
      expect((await quote('FIRST12')).status).toBe(200);
      for (const page of ['/dev/mail', '/dev/clock', '/dev/demo-promo-codes', '/dev/gift-cards'])
        expect((await fetch(`http://127.0.0.1:${port}${page}`, { method: page === '/dev/mail' ? 'GET' : 'POST' })).status, page).toBe(404);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    } finally {
      await fresh.drop();
    }
  }, 240_000);
});

/** The next Monday, Wednesday or Friday at least two days ahead, in the business's zone. */
function nextServiceDay(): string {
  const today = todayIn('America/New_York');
  for (let d = 2; ; d++) {
    const date = addDays(today, d);
    if ([1, 3, 5].includes(isoWeekday(date))) return date;
  }
}
