// The website's pages follow the settings (decision 055): rendered again once when the settings'
// version moves on, the business carried in the page for the browser and never able to close its
// element, and the build's own files served when there is no server bundle or it fails.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../tests/helpers/test-app';
import { defaultSettings } from '../../shared/settings';
import { siteBusinessElementId, type SiteBusiness } from '../../shared/site-business';
import type { Database } from '../db/client';
import { readSettings, saveSettingsSection } from '../settings/settings.service';
import { createSiteRenderer } from './site-renderer';

const owner = { id: 'owner-1', email: 'owner@washday.example', ip: '203.0.113.9', role: 'master_admin' };
const template = '<!doctype html><html><head><!--app-head--></head><body><div id="root"><!--app-html--></div></body></html>';

/** A build's output: client files with the spec's business, and a server bundle that counts its renders. */
function fakeBuild(entry: string | null, pageCode?: Record<string, string[]>): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'washday-site-'));
  fs.mkdirSync(path.join(dist, 'client'));
  fs.writeFileSync(path.join(dist, 'client/index.html'), '<p>the build’s home page</p>');
  if (entry !== null) {
    fs.mkdirSync(path.join(dist, 'ssr'));
    fs.writeFileSync(path.join(dist, 'ssr/template.html'), template);
    fs.writeFileSync(path.join(dist, 'ssr/entry-server.js'), entry);
    if (pageCode) fs.writeFileSync(path.join(dist, 'ssr/page-code.json'), JSON.stringify(pageCode));
  }
  return path.join(dist, 'client');
}

const countingEntry = `
export async function render(url, site) {
  globalThis.washdayRenders = (globalThis.washdayRenders ?? 0) + 1;
  await new Promise((r) => setTimeout(r, 20));
  return '<p>' + url + ' at ' + site.prices.perPoundCents + ' by ' + site.name.replace(/</g, '&lt;') + '</p>';
}`;

function served(html: string): SiteBusiness {
  const match = new RegExp(`<script type="application/json" id="${siteBusinessElementId}">(.*?)</script>`).exec(html);
  return JSON.parse(match![1]!) as SiteBusiness;
}

describe('the website follows the settings', () => {
  let database: Database & { dispose: () => Promise<void> };
  const logged: string[] = [];
  const logger = pino({ level: 'error' }, { write: (line: string) => logged.push(line) });
  const dirs: string[] = [];
  const build = (entry: string | null, pageCode?: Record<string, string[]>) => {
    const dir = fakeBuild(entry, pageCode);
    dirs.push(path.dirname(dir));
    return dir;
  };
  beforeAll(async () => {
    database = await openTestDatabase('pglite');
  });
  afterAll(async () => {
    await database?.dispose();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('renders every page once per version of the settings, however many ask at once, and the next after a save', async () => {
    const db = database.db;
    const site = createSiteRenderer(db, build(countingEntry), logger);
    const g = globalThis as { washdayRenders?: number };
    g.washdayRenders = 0;
    const first = await Promise.all(Array.from({ length: 10 }, () => site()));
    // the home page, the terms, the privacy page, /book, /admin/login and the 404 page: once each
    expect(g.washdayRenders).toBe(6);
    expect(new Set(first).size).toBe(1);
    const home = first[0]!.get('/index.html')!.toString();
    expect(home).toContain('<p>/ at 175 by Washday Laundry Co.</p>');
    expect(home).toContain('<title>Washday Laundry Co. | Laundry pick-up &amp; delivery in SC</title>');
    expect(home).toContain('Wash, dry and fold at $1.75/lb');
    expect(first[0]!.get('/shell.html')!.toString()).toContain(`id="${siteBusinessElementId}"`);

    await saveSettingsSection(db, owner, 'business', { ...defaultSettings.business, name: 'Suds & Sons', phone: '(803) 555-0199', noticesEmail: 'owner-inbox@suds.example' }, 1);
    await saveSettingsSection(db, owner, 'prices', { ...defaultSettings.prices, perPoundCents: 200 }, 2);
    const after = (await site())!.get('/index.html')!.toString();
    expect(g.washdayRenders).toBe(12);
    expect(after).toContain('<p>/ at 200 by Suds & Sons</p>');
    expect(after).not.toContain('Washday Laundry Co.');
    expect(after).toContain('Wash, dry and fold at $2.00/lb');
    // a 1-bag estimate of $36.00: $2.00 × 12 lb × 1.5 (spec: customer-site 9)
    expect(served(after)).toMatchObject({ name: 'Suds & Sons', phone: '(803) 555-0199', prices: { perPoundCents: 200, bagEstimateCents: 3600 } });
    // the notices address is the business's own, never the website's
    expect(after).not.toContain('owner-inbox@suds.example');
  });

  it('a form names the code it fetches once loaded, and /book the key its draft is kept under (decision 066)', async () => {
    const code = { '/book': ['/assets/boot-1.js', '/assets/book-page-2.js'], '/admin/login': ['/assets/boot-1.js', '/assets/login-page-3.js'] };
    const pages = (await createSiteRenderer(database.db, build(countingEntry, code), logger)())!;
    const book = pages.get('/book/index.html')!.toString();
    expect(book).toContain('<meta name="washday-code" content="/assets/boot-1.js /assets/book-page-2.js" />');
    expect(book).toContain('<meta name="washday-resume" content="washday.booking.v1" />');
    const login = pages.get('/admin/login/index.html')!.toString();
    expect(login).toContain('<meta name="washday-code" content="/assets/boot-1.js /assets/login-page-3.js" />');
    expect(login).not.toContain('washday-resume');
    // a page to read fetches nothing ahead: its code comes with the first interaction
    expect(pages.get('/index.html')!.toString()).not.toContain('washday-code');
    // a build without the list: the pages still render, and start their code when used
    const without = (await createSiteRenderer(database.db, build(countingEntry), logger)())!;
    expect(without.get('/book/index.html')!.toString()).not.toContain('washday-code');
  });

  it('a name cannot close the element that carries it', async () => {
    const db = database.db;
    const site = createSiteRenderer(db, build(countingEntry), logger);
    const { version } = await readSettings(db);
    await saveSettingsSection(db, owner, 'business', { ...defaultSettings.business, name: 'Suds</script><script>alert(1)</script>' }, version);
    const home = (await site())!.get('/index.html')!.toString();
    expect(home).not.toContain('</script><script>alert(1)');
    expect(served(home).name).toBe('Suds</script><script>alert(1)</script>');
  });

  it('without a server bundle the build’s files are served; a bundle that fails is logged and the files served', async () => {
    expect(await createSiteRenderer(database.db, build(null), logger)()).toBeNull();
    const broken = createSiteRenderer(database.db, build('export async function render() { throw new Error("boom"); }'), logger);
    expect(await broken()).toBeNull();
    expect(logged.join('\n')).toContain('the website could not be rendered with the settings');
  });
});
