// `npm run bench:lighthouse`: Lighthouse (mobile) on the public pages of the built site, with the
// gzipped JS each page loads. Prints figures beside their goals; never a pass/fail test.
//   --no-build   use dist/ as it is (otherwise the site is built first)
//   --runs N     Lighthouse runs per page (default 3); the run with the median score is reported
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { emitBenchJson, formatTable, numberFlag, onInterrupt, type BenchRow } from './lib/bench-report';
import { freePortInRange, projectRoot, startServer } from './lib/server';

// goals (docs/design.md 8; decisions 009, 062 and 065): Lighthouse `/` 100, `/book` and `/admin/login` >= 98;
// gzipped JS `/` <= 70 KB, `/book` <= 90 KB (its budget on Preact; the goal is 120)
const pages: { path: string; goalScore: number | null; goalJsKb: number | null }[] = [
  { path: '/', goalScore: 100, goalJsKb: 70 },
  { path: '/book', goalScore: 98, goalJsKb: 90 },
  { path: '/admin/login', goalScore: 98, goalJsKb: null },
  { path: '/terms', goalScore: 95, goalJsKb: 70 },
];

// cpuIndex: Lighthouse's benchmarkIndex, its own measure of this machine's CPU at the time of the run
// (its throttling is relative to it, so it tells runs on different machines apart)
type Run = { score: number; lcpMs: number; cls: number; tbtMs: number; fcpMs: number; jsKb: number; jsFiles: number; cpuIndex: number };

function gzippedKb(file: string): number {
  return zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length / 1024;
}

async function main() {
  const runs = Math.round(numberFlag('runs', 3));
  if (!process.argv.includes('--no-build')) {
    const built = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], { cwd: projectRoot, stdio: ['ignore', 2, 2] });
    if (built.status !== 0) process.exit(1);
  }
  const server = await startServer({ SEED_DEMO_DATA: 'false' }, { port: await freePortInRange(), output: 'stderr' });
  const chrome = await chromeLauncher.launch({
    chromePath: '/usr/bin/chromium',
    port: await freePortInRange(),
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const release = onInterrupt(async () => {
    chrome.kill();
    await server.stop();
  });
  const results: { page: (typeof pages)[number]; all: Run[]; median: Run | null; failures: string[] }[] = [];
  try {
    for (const page of pages) {
      const all: Run[] = [];
      const failures: string[] = [];
      // a run Lighthouse itself reports broken (NO_NAVSTART and the like, more often on a busy
      // machine) is repeated, up to `runs` extra attempts per page
      for (let attempt = 0; all.length < runs && attempt < runs * 2; attempt++) {
        const result = await lighthouse(`${server.url}${page.path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
          formFactor: 'mobile',
        });
        const lhr = result?.lhr;
        if (!lhr || lhr.runtimeError) {
          const message = lhr?.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : 'lighthouse returned nothing';
          failures.push(message);
          console.error(`lighthouse ${page.path}: run failed (${message}), trying again`);
          continue;
        }
        const requests = (lhr.audits['network-requests']?.details as { items: { url: string; resourceType: string }[] } | undefined)?.items ?? [];
        const scripts = requests.filter((r) => r.resourceType === 'Script' && r.url.startsWith(server.url));
        const num = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
        all.push({
          score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          lcpMs: num('largest-contentful-paint'),
          cls: num('cumulative-layout-shift'),
          tbtMs: num('total-blocking-time'),
          fcpMs: num('first-contentful-paint'),
          jsKb: scripts.reduce((sum, r) => sum + gzippedKb(path.join(projectRoot, 'dist/client', new URL(r.url).pathname)), 0),
          jsFiles: scripts.length,
          cpuIndex: lhr.environment.benchmarkIndex,
        });
        console.error(`lighthouse ${page.path} run ${all.length}/${runs}: ${all.at(-1)!.score}`);
      }
      // the run with the median score (ties: the slower LCP), as Lighthouse's own docs advise
      const sorted = [...all].sort((a, b) => a.score - b.score || b.lcpMs - a.lcpMs);
      results.push({ page, all, median: sorted[Math.floor((sorted.length - 1) / 2)] ?? null, failures });
    }
  } finally {
    release();
    chrome.kill();
    await server.stop();
  }

  const ms = (v: number) => `${Math.round(v)} ms`;
  const goalText = (goal: number) => (goal === 100 ? '100' : `>= ${goal}`);
  const table = results.map(({ page, all, median: m, failures }) =>
    m === null
      ? [page.path, `no result (${failures.at(-1) ?? 'no run'})`, '', '', '', '', '']
      : [
          page.path,
          `${m.score}${page.goalScore === null ? '' : ` (goal ${goalText(page.goalScore)})`}`,
          all.map((r) => r.score).join(', ') + (failures.length ? ` (+${failures.length} failed)` : ''),
          ms(m.lcpMs),
          m.cls.toFixed(3),
          ms(m.tbtMs),
          `${m.jsKb.toFixed(1)} KB in ${m.jsFiles} files${page.goalJsKb === null ? '' : ` (goal <= ${page.goalJsKb} KB)`}`,
        ],
  );
  console.log(`\nLighthouse 12 (mobile, simulated throttling) on Chromium, ${runs} run(s) per page, median run shown, ${new Date().toISOString()}\n`);
  console.log(formatTable(['page', 'performance', 'all runs', 'LCP', 'CLS', 'TBT', 'gzipped JS loaded'], table));

  const rows: BenchRow[] = [];
  for (const { page, median: m, failures } of results) {
    const goal = page.goalScore === null ? null : goalText(page.goalScore);
    if (m === null) rows.push({ metric: `Lighthouse ${page.path} performance (mobile)`, value: `no result (${failures.at(-1) ?? 'no run'})`, goal, met: goal === null ? null : false });
    else
      rows.push({
        metric: `Lighthouse ${page.path} performance (mobile)`,
        value: `${m.score} (LCP ${ms(m.lcpMs)}, CLS ${m.cls.toFixed(3)}, TBT ${ms(m.tbtMs)})`,
        goal,
        met: page.goalScore === null ? null : m.score >= page.goalScore,
      });
  }
  for (const { page, median: m } of results)
    if (page.goalJsKb !== null && m !== null)
      rows.push({ metric: `gzipped JS loaded by ${page.path}`, value: `${m.jsKb.toFixed(1)} KB`, goal: `<= ${page.goalJsKb} KB`, met: m.jsKb <= page.goalJsKb });
  const cpuIndexes = results.flatMap((r) => r.all.map((run) => run.cpuIndex)).filter(Number.isFinite);
  const cpuRange = cpuIndexes.length ? `${Math.round(Math.min(...cpuIndexes))}–${Math.round(Math.max(...cpuIndexes))}` : 'unknown';
  const notes = [
    `Lighthouse's CPU index (benchmarkIndex) for this machine across the runs: ${cpuRange}; its throttling is relative to it (a higher index is a faster machine).`,
    `${runs} Lighthouse run(s) per page (mobile form factor, simulated throttling: the scores model a slow phone, but TBT scales with this machine's CPU time); the run with the median performance score is reported. Runs Lighthouse reports broken are repeated.`,
  ];
  for (const r of rows) if (r.met === false) notes.push(`goal missed: ${r.metric} ${r.value}, goal ${r.goal}`);
  console.log('');
  for (const note of notes) console.log(`- ${note}`);
  emitBenchJson({
    bench: 'lighthouse',
    title: 'Lighthouse (mobile)',
    rows,
    notes,
    data: results.map(({ page, all, median: m, failures }) => ({ path: page.path, goalScore: page.goalScore, median: m, runs: all, failures })),
  });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
