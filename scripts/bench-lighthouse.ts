// `npm run bench:lighthouse`: Lighthouse (mobile) on the public pages of the built site, with the
// gzipped JS each page loads. Prints figures beside their goals; never a pass/fail test.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { projectRoot, startServer } from './lib/server';

const pages = [
  { path: '/', goalScore: 95, goalJsKb: 70 },
  { path: '/terms', goalScore: 95, goalJsKb: 70 },
];

function gzippedKb(file: string): number {
  return zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length / 1024;
}

async function main() {
  if (!process.argv.includes('--no-build')) {
    const built = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], { cwd: projectRoot, stdio: 'inherit' });
    if (built.status !== 0) process.exit(1);
  }
  const server = await startServer({ SEED_DEMO_DATA: 'false' });
  const chrome = await chromeLauncher.launch({
    chromePath: '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const rows: string[][] = [];
  try {
    for (const page of pages) {
      const result = await lighthouse(`${server.url}${page.path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        formFactor: 'mobile',
      });
      if (!result) throw new Error('lighthouse returned nothing');
      const lhr = result.lhr;
      const requests = (lhr.audits['network-requests']?.details as { items: { url: string; resourceType: string }[] } | undefined)?.items ?? [];
      const scripts = requests.filter((r) => r.resourceType === 'Script' && r.url.startsWith(server.url));
      const jsKb = scripts.reduce((sum, r) => sum + gzippedKb(path.join(projectRoot, 'dist/client', new URL(r.url).pathname)), 0);
      const score = Math.round((lhr.categories.performance?.score ?? 0) * 100);
      const ms = (id: string) => `${Math.round(lhr.audits[id]?.numericValue ?? 0)} ms`;
      rows.push([
        page.path,
        `${score} (goal >= ${page.goalScore})`,
        ms('largest-contentful-paint'),
        (lhr.audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3),
        ms('total-blocking-time'),
        `${jsKb.toFixed(1)} KB in ${scripts.length} files (goal <= ${page.goalJsKb} KB)`,
      ]);
    }
  } finally {
    chrome.kill();
    await server.stop();
  }
  const header = ['page', 'performance', 'LCP', 'CLS', 'TBT', 'gzipped JS loaded'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => '| ' + cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ') + ' |';
  console.log(`\nLighthouse ${'12'} (mobile, simulated throttling) on Chromium, ${new Date().toISOString()}`);
  console.log(line(header));
  console.log('|' + widths.map((w) => '-'.repeat(w + 2)).join('|') + '|');
  for (const r of rows) console.log(line(r));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
