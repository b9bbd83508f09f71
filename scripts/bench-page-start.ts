// `npm run bench:page-start`: how long a page keeps the browser busy while it starts, on a CPU
// slowed 4x (Chromium's own throttling, as Lighthouse models a phone): each load's blocking time
// (the time of every task past 50 ms, what Lighthouse's TBT counts), its longest task, and when it
// became interactive (`data-hydrated`). Prints figures, never a pass/fail test.
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

type Load = { blockingMs: number; longestMs: number; tasks: number; hydratedMs: number };

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
        await page.addInitScript(() => {
          const tasks: number[] = [];
          (window as unknown as { benchTasks: number[] }).benchTasks = tasks;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) tasks.push(entry.duration);
          }).observe({ type: 'longtask', buffered: true });
        });
        await page.goto(`${server.url}${pagePath}`, { waitUntil: 'load' });
        await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', null, { timeout: 30_000 });
        const hydratedMs = await page.evaluate(() => performance.now());
        // what the page does once its data arrives counts too
        await page.waitForTimeout(1500);
        const tasks = await page.evaluate(() => (window as unknown as { benchTasks: number[] }).benchTasks);
        all.push({
          blockingMs: tasks.reduce((sum, d) => sum + Math.max(0, d - 50), 0),
          longestMs: Math.max(0, ...tasks),
          tasks: tasks.length,
          hydratedMs,
        });
        await context.close();
        console.error(`page start ${pagePath} load ${all.length}/${loads}: ${Math.round(all.at(-1)!.blockingMs)} ms blocking`);
      }
      results.push({ path: pagePath, all });
    }
  } finally {
    release();
    await browser.close();
    await server.stop();
  }

  const ms = (v: number) => `${Math.round(v)} ms`;
  console.log(`\nPage start on ${runtime === 'react' ? 'React' : 'Preact'}, CPU slowed ${cpuSlowdown}x, 375 px, ${loads} loads per page (medians), ${new Date().toISOString()}\n`);
  console.log(
    formatTable(
      ['page', 'blocking time', 'longest task', 'long tasks', 'interactive at', 'blocking, every load'],
      results.map(({ path: p, all }) => [
        p,
        ms(median(all.map((l) => l.blockingMs))),
        ms(median(all.map((l) => l.longestMs))),
        String(median(all.map((l) => l.tasks))),
        ms(median(all.map((l) => l.hydratedMs))),
        all.map((l) => Math.round(l.blockingMs)).sort((a, b) => a - b).join(', '),
      ]),
    ),
  );
  const rows: BenchRow[] = results.map(({ path: p, all }) => ({ metric: `blocking time of ${p} starting (${runtime})`, value: ms(median(all.map((l) => l.blockingMs))), goal: null, met: null }));
  const notes = ['Blocking time: the time of each long task past 50 ms, as Lighthouse counts it, measured in the browser rather than simulated; it scales with this machine’s CPU.'];
  console.log(`\n- ${notes[0]}`);
  emitBenchJson({ bench: 'page-start', title: `Page start (${runtime})`, rows, notes, data: results });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
