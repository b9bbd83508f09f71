// `npm run bench`: every benchmark of docs/design.md 8, each as a child process (Lighthouse, HTTP
// load, the back-office list, cold start). Collects their `BENCH_JSON` last lines, prints one table
// with each figure beside its goal, and writes docs/benchmarks.md with the machine's description.
// Benchmarks print figures; a missed goal does not fail the run (a crashed benchmark does).
//   --only http,cold-start   run some sections only (docs/benchmarks.md is then left alone)
//   --duration S             seconds per HTTP load run (bench-http's --duration)
//   --runs N                 Lighthouse runs per page and cold starts per database
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { flagValue, formatTable, metMark, parseBenchJson, type BenchReport, type BenchRow } from './lib/bench-report';
import { postgresVersion } from './lib/bench-postgres';
import { ensureBuilt } from './lib/build-state.js';
import { projectRoot } from './lib/server';

type Section = { key: string; title: string; script: string; args: string[] };

const duration = flagValue('duration');
const runs = flagValue('runs');
const sections: Section[] = [
  { key: 'lighthouse', title: 'Lighthouse (mobile)', script: 'scripts/bench-lighthouse.ts', args: ['--no-build', ...(runs ? ['--runs', runs] : [])] },
  { key: 'http', title: 'HTTP load (autocannon)', script: 'scripts/bench-http.ts', args: duration ? ['--duration', duration] : [] },
  { key: 'admin', title: 'Back-office list at 100,000 bookings', script: 'scripts/bench-admin.ts', args: [] },
  { key: 'cold-start', title: 'Cold start', script: 'scripts/bench-cold-start.ts', args: runs ? ['--runs', runs] : [] },
];
const only = flagValue('only')?.split(',').map((s) => s.trim());
if (only?.some((k) => !sections.some((s) => s.key === k))) throw new Error(`--only: one or more of ${sections.map((s) => s.key).join(', ')}`);
const selected = only ? sections.filter((s) => only.includes(s.key)) : sections;

type Outcome = {
  section: Section;
  status: 'ok' | 'missing' | 'failed';
  detail: string;
  report: BenchReport | null;
  stdout: string;
  stderrTail: string;
  seconds: number;
  loadBefore: number[];
  loadAfter: number[];
};

/** Rows from a BENCH_JSON written to this repo's convention, or any JSON flattened to rows. */
function toReport(section: Section, json: unknown): BenchReport {
  const obj = (json ?? {}) as Partial<BenchReport> & Record<string, unknown>;
  if (Array.isArray(obj.rows) && obj.rows.every((r) => r && typeof r === 'object' && 'metric' in r && 'value' in r)) {
    const rows = (obj.rows as Record<string, unknown>[]).map(
      (r): BenchRow => ({
        metric: String(r.metric),
        value: String(r.value),
        goal: r.goal === undefined || r.goal === null ? null : String(r.goal),
        met: typeof r.met === 'boolean' ? r.met : null,
      }),
    );
    return { bench: String(obj.bench ?? section.key), title: String(obj.title ?? section.title), rows, notes: Array.isArray(obj.notes) ? obj.notes.map(String) : [], data: obj.data };
  }
  const rows: BenchRow[] = [];
  const walk = (value: unknown, at: string) => {
    if (value !== null && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) walk(v, at ? `${at}.${k}` : k);
    } else rows.push({ metric: at || section.key, value: String(value) });
  };
  walk(json, '');
  return { bench: section.key, title: section.title, rows, data: json };
}

function run(section: Section): Promise<Outcome> {
  const loadBefore = os.loadavg();
  const base = { section, report: null, stdout: '', stderrTail: '', seconds: 0, loadBefore, loadAfter: loadBefore };
  if (!fs.existsSync(path.join(projectRoot, section.script)))
    return Promise.resolve({ ...base, status: 'missing', detail: `not run (script missing: ${section.script})` });
  console.log(`\n=== ${section.title}: ${section.script} ${section.args.join(' ')}`);
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', section.script, ...section.args], { cwd: projectRoot, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
      process.stdout.write(d);
    });
    child.stderr.on('data', (d: Buffer) => {
      stderr = (stderr + d.toString()).slice(-20_000);
      process.stderr.write(d);
    });
    child.on('close', (code, signal) => {
      const seconds = (performance.now() - started) / 1000;
      const json = parseBenchJson(stdout);
      const done = { ...base, stdout, stderrTail: stderr.split('\n').slice(-30).join('\n'), seconds, loadAfter: os.loadavg() };
      if (code !== 0 || json === null)
        resolve({ ...done, status: 'failed', detail: `failed (${signal ? `signal ${signal}` : `exit code ${code}`}${json === null ? ', no BENCH_JSON line' : ''})` });
      else resolve({ ...done, status: 'ok', detail: '', report: toReport(section, json) });
    });
  });
}

const load = (l: number[]) => l.map((v) => v.toFixed(2)).join(' / ');

function summaryRows(outcomes: Outcome[]): string[][] {
  const rows: string[][] = [];
  for (const o of outcomes) {
    if (!o.report) rows.push([o.section.title, '', o.detail, '', '']);
    else for (const r of o.report.rows) rows.push([o.section.title, r.metric, r.value, r.goal ?? '', metMark(r.met)]);
  }
  return rows;
}

function withoutBenchJson(stdout: string): string {
  return stdout
    .split('\n')
    .filter((l) => !l.startsWith('BENCH_JSON '))
    .join('\n')
    .trim();
}

/** Blank lines around pipe tables, so a title line right above a table does not swallow it. */
function markdownSpacing(text: string): string {
  const out: string[] = [];
  for (const line of text.split('\n')) {
    const prev = out.at(-1);
    const isTable = line.startsWith('|');
    if (prev !== undefined && prev.trim() !== '' && prev.startsWith('|') !== isTable) out.push('');
    out.push(line);
  }
  return out.join('\n');
}

async function writeDocs(outcomes: Outcome[], machine: [string, string][], startedAt: Date) {
  const summary = formatTable(['benchmark', 'metric', 'figure', 'goal', 'met'], summaryRows(outcomes));
  const missed = outcomes.flatMap((o) => (o.report?.rows ?? []).filter((r) => r.met === false).map((r) => `- ${o.section.title}: ${r.metric}: ${r.value} (goal ${r.goal})`));
  const parts = [
    '# Benchmarks',
    '',
    'One full run of `npm run bench`, written by `scripts/bench.ts`; running it again',
    'rewrites this file. Each section can be run alone: `npm run bench:lighthouse`, `bench:http`,',
    '`bench:admin`, `bench:cold-start`. Benchmarks are scripts that print figures beside their goals,',
    'never timed tests.',
    '',
    '## Machine',
    '',
    formatTable(['', ''], machine),
    '',
    'The machine is shared: other sessions ran test suites at the same time, so the figures carry that',
    'noise. The load average (1 / 5 / 15 min, 2 cores) is given before and after each section below.',
    '',
    '## Summary',
    '',
    summary,
    '',
    ...(missed.length ? ['Goals missed in this run:', '', ...missed, ''] : ['Every goal was met in this run.', '']),
  ];
  for (const o of outcomes) {
    parts.push(`## ${o.section.title}`, '');
    if (o.status === 'missing') {
      parts.push(`${o.detail}.`, '');
      continue;
    }
    parts.push(`\`${o.section.script}\`, ${o.seconds.toFixed(0)} s; load average before ${load(o.loadBefore)}, after ${load(o.loadAfter)}.`, '');
    if (o.status === 'failed') parts.push(`**${o.detail}**`, '', '```text', o.stderrTail.trim(), '```', '');
    const own = ['lighthouse', 'http', 'admin', 'cold-start'].includes(o.section.key);
    const out = withoutBenchJson(o.stdout);
    // the bench scripts print Markdown (lib/bench-report's pipe tables, bullet notes); anything else is kept verbatim
    if (out) parts.push(...(own ? [markdownSpacing(out)] : ['```text', out, '```']), '');
  }
  parts.push(`_Run started ${startedAt.toISOString()}, finished ${new Date().toISOString()}._`, '');
  const file = path.join(projectRoot, 'docs/benchmarks.md');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, parts.join('\n'));
  console.log(`\nwrote ${path.relative(projectRoot, file)}`);
}

async function main() {
  const startedAt = new Date();
  const cpus = os.cpus();
  const pgVersion = await postgresVersion();
  const machine: [string, string][] = [
    ['CPU', `${cpus[0]?.model ?? 'unknown'} x ${cpus.length}`],
    ['RAM', `${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB`],
    ['OS', `${os.type()} ${os.release()} (${os.arch()})`],
    ['Node', process.version],
    ['PostgreSQL', pgVersion ?? 'not reachable at 127.0.0.1:5432'],
    ['Date', startedAt.toISOString()],
    ['Load average at start', load(os.loadavg())],
  ];
  console.log(formatTable(['machine', ''], machine));
  ensureBuilt(); // once, untimed; the sections then use dist/ as it is
  const outcomes: Outcome[] = [];
  for (const section of selected) outcomes.push(await run(section));
  machine.push(['Load average at end', load(os.loadavg())]);

  console.log(`\n=== Summary (${new Date().toISOString()})`);
  console.log(formatTable(['benchmark', 'metric', 'figure', 'goal', 'met'], summaryRows(outcomes)));
  if (only) console.log('\n(--only: docs/benchmarks.md not rewritten)');
  else await writeDocs(outcomes, machine, startedAt);
  if (outcomes.some((o) => o.status === 'failed')) process.exitCode = 1;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
