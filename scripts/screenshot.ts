// Screenshots of pages at phone and desktop widths, for looking at what a person sees.
// Usage: tsx scripts/screenshot.ts http://127.0.0.1:3000 / /book ...   (PNG files in test-results/screens)
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

const [base, ...paths] = process.argv.slice(2);
if (!base || paths.length === 0) {
  console.error('usage: tsx scripts/screenshot.ts BASE_URL PATH...');
  process.exit(2);
}
const out = path.resolve('test-results/screens');
fs.mkdirSync(out, { recursive: true });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
for (const width of [375, 1280]) {
  const page = await browser.newPage({ viewport: { width, height: width < 500 ? 800 : 900 } });
  page.on('console', (m) => m.type() === 'error' && console.log(`[console ${width}] ${m.text()}`));
  for (const p of paths) {
    await page.goto(base + p, { waitUntil: 'networkidle' });
    const file = path.join(out, `${p.replace(/[^a-z0-9]+/gi, '_') || 'home'}-${width}.png`);
    await page.screenshot({ path: file, fullPage: true });
    console.log(file);
  }
  await page.close();
}
await browser.close();
