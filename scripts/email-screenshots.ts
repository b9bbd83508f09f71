// Every email rendered from its sample (tests/helpers/email-samples.ts) and photographed at phone
// and desktop widths, for looking at what a recipient sees (docs/decisions/047).
// Usage: tsx scripts/email-screenshots.ts [template ...]   (HTML, text and PNG files in test-results/emails)
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { emailTemplates } from '../emails/render';
import type { RenderedEmail } from '../emails/email-data';
import { emailSamples } from '../tests/helpers/email-samples';

const names = process.argv.slice(2);
const unknown = names.filter((n) => !(n in emailTemplates));
if (unknown.length) {
  console.error(`unknown templates: ${unknown.join(', ')}; known: ${Object.keys(emailTemplates).join(', ')}`);
  process.exit(2);
}
const out = path.resolve('test-results/emails');
fs.mkdirSync(out, { recursive: true });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const pages = await Promise.all([375, 1280].map((width) => browser.newPage({ viewport: { width, height: 800 } })));
for (const name of names.length ? names : Object.keys(emailTemplates)) {
  const render = emailTemplates[name as keyof typeof emailTemplates] as (data: unknown) => Promise<RenderedEmail>;
  const email = await render(emailSamples[name as keyof typeof emailSamples]((typed) => typed));
  const html = path.join(out, `${name}.html`);
  fs.writeFileSync(html, email.html);
  fs.writeFileSync(path.join(out, `${name}.txt`), `Subject: ${email.subject}\n\n${email.text}`);
  for (const page of pages) {
    await page.goto(`file://${html}`);
    const file = path.join(out, `${name}-${page.viewportSize()!.width}.png`);
    await page.screenshot({ path: file, fullPage: true });
    console.log(file);
  }
}
await browser.close();
