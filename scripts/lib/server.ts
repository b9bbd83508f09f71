// Starts the built server on a free port with a throw-away data directory (benchmarks, checks).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const projectRoot = path.resolve(import.meta.dirname, '../..');

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

/** A free port in [from, to] (the benchmarks keep to 4500-4599), tried in random order. */
export async function freePortInRange(from = 4500, to = 4599): Promise<number> {
  const ports = Array.from({ length: to - from + 1 }, (_, i) => from + i).sort(() => Math.random() - 0.5);
  for (const port of ports) if (await portIsFree(port)) return port;
  throw new Error(`no free port in ${from}-${to}`);
}

export type StartServerOptions = {
  /** The port to listen on; a free ephemeral port when absent. */
  port?: number;
  /** Where the server's own output goes: this process's stdout and stderr (default), or stderr only. */
  output?: 'inherit' | 'stderr';
};

export async function startServer(env: Record<string, string> = {}, options: StartServerOptions = {}) {
  const port = options.port ?? (await freePort());
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'washday-bench-'));
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: projectRoot,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: options.output === 'stderr' ? ['ignore', 2, 2] : ['ignore', 'inherit', 'inherit'],
  });
  // never leave an orphan server behind (it would hold the port and this process's output open)
  const killOnExit = () => {
    child.kill('SIGKILL');
    try {
      fs.rmSync(dataDir, { recursive: true, force: true });
    } catch {
      // the dying server may still be writing: a temporary directory left behind
    }
  };
  process.on('exit', killOnExit);
  child.on('exit', () => process.off('exit', killOnExit));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000; // a busy machine: PGlite's first open alone can take 30 s
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('server did not start');
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  const readyMs = performance.now() - started;
  return {
    url,
    port,
    pid: child.pid,
    readyMs,
    stop: () =>
      new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(force);
          fs.rmSync(dataDir, { recursive: true, force: true });
          resolve();
        };
        // the server gives itself 5 s to drain; never wait for ever
        const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
        if (child.exitCode !== null || child.signalCode !== null) return done();
        child.on('exit', done);
        child.kill('SIGTERM');
      }),
  };
}
