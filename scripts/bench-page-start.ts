// `npm run bench:page-start`: how long a prerendered form keeps the browser busy, on a CPU slowed 4x
// (Chromium's own throttling, as Lighthouse models a phone) and Lighthouse's slow 4G network
// (150 ms round trip, 1.6 Mbit/s). Two moments (decisions 006 and 066):
//   - loading: the page loads and the visitor has not moved yet (the form's code is fetched, not run);
//   - the first tap: on the first field, until the page is live (`data-hydrated`), and what the
//     page does then (its data arriving counts too).
// Blocking time is the time of every task past 50 ms, what Lighthouse's TBT counts. Prints
// figures, never a pass/fail test.
//   --no-build         use the build as it is (otherwise the site is built first)
//   --runtime react    build and measure on React instead of Preact (decision 065), in dist/bench-react
//   --loads N          loads per page (default 9); the median is reported
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumPath } from '../playwright.config';
import { emitBenchJson, flagValue, formatTable, hasFlag, median, numberFlag, onInterrupt, type BenchRow } from './lib/bench-report';
import { freePortInRange, projectRoot, startServer } from './lib/server';

const pages = ['/book', '/admin/login'];
const cpuSlowdown = 4;

type Load = { loadBlockingMs: number; loadLongestMs: number; tapToLiveMs: number; startBlockingMs: number; startLongestMs: number };
const slow4g = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
const blocking = (tasks: number[]) => tasks.reduce((sum, d) => sum + Math.max(0, d - 50), 0);

async function main() {
  const runtime = flagValue('runtime') === 'react' ? 'react' : 'preact';
  const loads = Math.round(numberFlag('loads', 9));
  const buildDir = runtime === 'react' ? 'dist/bench-react' : 'dist';
  if (!hasFlag('no-build')) {
    const env = { ...process.env, ...(runtime === 'react' ? { WEB_RUNTIME: 'react', BUILD_DIR: buildDir } : {}) };
    const built = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], { cwd: projectRoot, env, stdio: ['ignore', 2, 2] });
    if (built.status !== 0) process.exit(1);
  }
  const server = await startServer(
    { SEED_DEMO_DATA: 'false', STATIC_DIR: path.join(projectRoot, buildDir, 'client') },
    { port: await freePortInRange(), output: 'stderr' },
  );
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--disable-gpu'] });
  const release = onInterrupt(async () => {
    await browser.close();
    await server.stop();
  });
  const results: { path: string; all: Load[] }[] = [];
  try {
    for (const pagePath of pages) {
      const all: Load[] = [];
      for (let i = 0; i < loads; i++) {
        const context = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
        await cdp.send('Network.enable');
        await cdp.send('Network.emulateNetworkConditions', slow4g);
        await page.addInitScript(() => {
          const tasks: number[] = [];
          (window as unknown as { benchTasks: number[] }).benchTasks = tasks;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) tasks.push(entry.duration);
          }).observe({ type: 'longtask', buffered: true });
        });
        const tasksSoFar = () => page.evaluate(() => (window as unknown as { benchTasks: number[] }).benchTasks.splice(0));
        await page.goto(`${server.url}${pagePath}`, { waitUntil: 'load' });
        // the visitor reads for a few seconds: the page's code arrives meanwhile
        await page.waitForTimeout(4000);
        const loading = await tasksSoFar();
        const tapped = Date.now();
        await page.locator('#root input').first().tap();
        await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', null, { timeout: 30_000 });
        const tapToLiveMs = Date.now() - tapped;
        await page.waitForTimeout(1500);
        const starting = await tasksSoFar();
        all.push({
          loadBlockingMs: blocking(loading),
          loadLongestMs: Math.max(0, ...loading),
          tapToLiveMs,
          startBlockingMs: blocking(starting),
          startLongestMs: Math.max(0, ...starting),
        });
        await context.close();
        console.error(`page start ${pagePath} load ${all.length}/${loads}: ${Math.round(all.at(-1)!.loadBlockingMs)} ms blocking loading, live ${all.at(-1)!.tapToLiveMs} ms after the tap`);
      }
      results.push({ path: pagePath, all });
    }
  } finally {
    release();
    await browser.close();
    await server.stop();
  }

  const ms = (v: number) => `${Math.round(v)} ms`;
  console.log(`\nPage start on ${runtime === 'react' ? 'React' : 'Preact'}, CPU slowed ${cpuSlowdown}x, slow 4G, 375 px, ${loads} loads per page (medians), ${new Date().toISOString()}\n`);
  const med = (all: Load[], key: keyof Load) => median(all.map((l) => l[key]));
  console.log(
    formatTable(
      ['page', 'blocking, loading', 'longest task, loading', 'first tap to live', 'blocking, first tap', 'longest task, first tap'],
      results.map(({ path: p, all }) => [p, ms(med(all, 'loadBlockingMs')), ms(med(all, 'loadLongestMs')), ms(med(all, 'tapToLiveMs')), ms(med(all, 'startBlockingMs')), ms(med(all, 'startLongestMs'))]),
    ),
  );
  const rows: BenchRow[] = results.flatMap(({ path: p, all }) => [
    { metric: `blocking time of ${p} loading (${runtime})`, value: ms(med(all, 'loadBlockingMs')), goal: null, met: null },
    { metric: `${p} live after the first tap (${runtime})`, value: ms(med(all, 'tapToLiveMs')), goal: null, met: null },
  ]);
  const notes = [
    'Blocking time: the time of each long task past 50 ms, as Lighthouse counts it, measured in the browser rather than simulated; it scales with this machine’s CPU.',
    'First tap to live: from the tap on the form’s first field to the page answering (hydrated); what was typed meanwhile stays in the field, a press is held and replayed.',
  ];
  console.log('');
  for (const note of notes) console.log(`- ${note}`);
  emitBenchJson({ bench: 'page-start', title: `Page start (${runtime})`, rows, notes, data: results });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
