// `npm run bench:cold-start`: the time from spawning `npm start` to the first 200 from /api/health,
// on a fresh data directory (PGlite) and on a fresh PostgreSQL database, with the defaults of a
// first start (demo data seeded, the demo master admin created). The site and the server are
// built beforehand (scripts/lib/build-state.js), untimed. Goal: <= 3 s.
//   --runs N            starts per database (default 5)
//   --databases pglite  which databases (default pglite,postgres)
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { emitBenchJson, flagValue, formatMs, formatTable, median, numberFlag, onInterrupt, sleep, type BenchRow } from './lib/bench-report';
import { createBenchDatabase, postgresVersion, type BenchDatabase } from './lib/bench-postgres';
import { buildIsStale, ensureBuilt } from './lib/build-state.js';
import { freePortInRange, projectRoot } from './lib/server';

const GOAL_MS = 3000;
const runs = Math.round(numberFlag('runs', 5));
const databases = (flagValue('databases') ?? 'pglite,postgres').split(',').map((d) => d.trim());
if (databases.some((d) => d !== 'pglite' && d !== 'postgres')) throw new Error('--databases: pglite and/or postgres');

type Kind = 'pglite' | 'postgres' | 'direct' | 'built';
/** Runs without npm start, printed beside the goal's for comparison. */
const comparisonOnly = (kind: Kind) => kind === 'direct' || kind === 'built';

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/** SIGTERM to the process group `npm start` leads (npm, and start.js running the server), then SIGKILL. */
async function stopTree(child: ChildProcess): Promise<void> {
  const pgid = child.pid;
  if (!pgid) return;
  try {
    process.kill(-pgid, 'SIGTERM');
  } catch {
    return;
  }
  const deadline = Date.now() + 10_000;
  while (groupAlive(pgid) && Date.now() < deadline) await sleep(50);
  if (groupAlive(pgid)) {
    try {
      process.kill(-pgid, 'SIGKILL');
    } catch {
      // gone in between
    }
    while (groupAlive(pgid)) await sleep(50);
  }
}

async function waitForHealth(url: string, child: ChildProcess, started: number): Promise<number> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode} before answering`);
    try {
      const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(10_000) });
      await res.arrayBuffer();
      if (res.status === 200) return performance.now() - started;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('no 200 from /api/health within 60 s');
    await sleep(10);
  }
}

/** One start; null when the run had to build the site (then it is repeated). */
async function coldStart(kind: Kind, index: number): Promise<number | null> {
  if (buildIsStale()) ensureBuilt(); // sources changed meanwhile: build now, untimed
  const port = await freePortInRange();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'washday-cold-start-'));
  let database: BenchDatabase | null = null;
  if (kind === 'postgres') database = await createBenchDatabase(`cold${index}`);
  // the defaults of a first `npm start`: no NODE_ENV, demo data, info logs
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir };
  for (const key of ['NODE_ENV', 'HOST', 'SEED_DEMO_DATA', 'LOG_LEVEL', 'DATABASE_URL', 'PUBLIC_URL']) delete env[key];
  if (database) env.DATABASE_URL = database.url;
  const command =
    kind === 'direct'
      ? [process.execPath, '--import', 'tsx', 'src/server/main.ts']
      : kind === 'built'
        ? [process.execPath, 'dist/server/main.js']
        : ['npm', 'start'];
  let output = '';
  const started = performance.now();
  const child = spawn(command[0]!, command.slice(1), { cwd: projectRoot, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const release = onInterrupt(async () => {
    await stopTree(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  });
  try {
    const ms = await waitForHealth(`http://127.0.0.1:${port}`, child, started);
    if (/Building the (site|server)/.test(output)) {
      console.error(`  ${kind} run ${index}: npm start rebuilt (sources changed): discarded`);
      return null;
    }
    return ms;
  } catch (err) {
    console.error(output.slice(-2000));
    throw err;
  } finally {
    release();
    await stopTree(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  }
}

async function main() {
  ensureBuilt();
  const kinds: Kind[] = [];
  const notes: string[] = [];
  if (databases.includes('pglite')) kinds.push('pglite');
  if (databases.includes('postgres')) {
    if (await postgresVersion()) kinds.push('postgres');
    else notes.push('PostgreSQL: not run (no PostgreSQL at 127.0.0.1:5432).');
  }
  if (databases.includes('pglite')) kinds.push('built', 'direct');
  const results: { kind: Kind; times: number[] }[] = [];
  for (const kind of kinds) {
    const times: number[] = [];
    let attempts = 0;
    while (times.length < runs && attempts < runs * 2) {
      attempts++;
      const ms = await coldStart(kind, times.length + 1);
      if (ms !== null) {
        times.push(ms);
        console.error(`  ${kind} run ${times.length}: ${formatMs(ms)}`);
      }
      await sleep(500);
    }
    results.push({ kind, times });
  }

  const label: Record<Kind, string> = {
    pglite: '`npm start`, PGlite (fresh data directory)',
    postgres: '`npm start`, PostgreSQL (fresh database)',
    built: '`node dist/server/main.js`, PGlite (the built server without npm and start.js; for comparison)',
    direct: '`node --import tsx src/server/main.ts`, PGlite (the sources through tsx, as dev:server and the tests run them; for comparison)',
  };
  const table = results.map(({ kind, times }) => [
    label[kind],
    times.map(formatMs).join(', '),
    formatMs(median(times)),
    comparisonOnly(kind) ? '' : `<= ${formatMs(GOAL_MS)}: ${median(times) <= GOAL_MS ? 'met' : 'MISSED'}`,
  ]);
  console.log(`\nCold start to the first 200 from /api/health, ${runs} run(s) each, ${new Date().toISOString()}`);
  console.log(formatTable(['command', 'runs', 'median', 'goal'], table));
  notes.push(
    'Each run: a fresh temporary DATA_DIR (or a fresh PostgreSQL database wd_bench_<timestamp>_coldN), a free PORT, the default environment otherwise (development, demo data seeded and the demo master admin created on first start); the site built beforehand and not timed; /api/health polled every 10 ms; the whole process tree stopped (SIGTERM to its process group) before the next run.',
  );
  for (const note of notes) console.log(`- ${note}`);
  const metric: Record<Kind, string> = {
    pglite: 'npm start, PGlite',
    postgres: 'npm start, PostgreSQL',
    built: 'dist/server/main.js directly, PGlite',
    direct: 'main.ts directly (tsx), PGlite',
  };
  const rows: BenchRow[] = results.map(({ kind, times }) => ({
    metric: `cold start · ${metric[kind]}`,
    value: `median ${formatMs(median(times))} (${times.map(formatMs).join(', ')})`,
    goal: comparisonOnly(kind) ? null : `<= ${formatMs(GOAL_MS)}`,
    met: comparisonOnly(kind) ? null : median(times) <= GOAL_MS,
  }));
  emitBenchJson({ bench: 'cold-start', title: 'Cold start (npm start to the first 200 from /api/health)', rows, notes, data: results });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
