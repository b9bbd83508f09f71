// The real server process: data survives a restart; a second process on the same data directory
// is refused with a clear message; a first start in development prints the demo admin's password.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

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

function startServer(dataDir: string, port: number, env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'development', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO_DATA: 'false', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitForHealth(port: number, timeoutMs = 20_000) {
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
  throw new Error('server did not become healthy');
}

afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
});

describe('the server process on a PGlite data directory', () => {
  it('keeps a contact message across a restart and refuses a second process', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'washday-data-'));
    const port = await freePort();
    const first = startServer(dataDir, port);
    await waitForHealth(port);

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
    await waitForHealth(port);
    const { openDatabase } = await import('./db/client');
    third.child.kill('SIGTERM');
    await third.exited;
    const database = await openDatabase({ kind: 'pglite', dataDir });
    const { contactMessages } = await import('./db/schema');
    const rows = await database.db.select().from(contactMessages);
    await database.close();
    expect(rows.map((r) => r.id)).toContain(id);
  }, 90_000);

  it('prints the demo master admin and its temporary password on a first start, which signs in', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'washday-data-'));
    const port = await freePort();
    const server = startServer(dataDir, port, { SEED_DEMO_DATA: 'true' });
    await waitForHealth(port);
    // created right after the server listens (docs/decisions/007)
    const deadline = Date.now() + 30_000;
    let line: string | undefined;
    while (!(line = server.output().split('\n').find((l) => l.includes('temporaryPassword'))) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    expect(line).toBeDefined();
    const printed = JSON.parse(line!) as { email: string; temporaryPassword: string };
    expect(printed.email).toBe('owner@washday.example');
    const signIn = await fetch(`http://127.0.0.1:${port}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: `http://localhost:${port}` },
      body: JSON.stringify({ email: printed.email, password: printed.temporaryPassword }),
    });
    expect(signIn.status).toBe(200);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 90_000);
});
