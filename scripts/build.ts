// Builds the SPA and prerenders the public pages to HTML (they hydrate in the browser), with the
// spec's business. The server renders the same pages again with the settings' business
// (decision 055) from the server bundle and the template kept beside it.
import './lib/production-env';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { specSiteBusiness } from '../src/shared/site-business';
import { pageRoutes } from '../src/shared/routes';
import { type PageCode, type RenderPage, renderSitePages } from '../src/shared/site-pages';
import { type Manifest, pageSources, startFiles } from './check-budgets';

const root = path.resolve(import.meta.dirname, '..');
// BUILD_DIR (under dist/, e.g. dist/mine, so that the prerender still finds node_modules) builds
// beside dist/ while a test server serves it: STATIC_DIR=dist/mine/client with its own E2E_PORT
const outRoot = path.resolve(root, process.env.BUILD_DIR ?? 'dist');
const clientDir = path.join(outRoot, 'client');
const ssrDir = path.join(outRoot, 'ssr');

async function main() {
  const started = Date.now();
  await build({ root, logLevel: 'warn', build: { outDir: clientDir, emptyOutDir: true } });
  await build({
    root,
    logLevel: 'warn',
    build: { ssr: 'src/web/entry-server.tsx', outDir: ssrDir, emptyOutDir: true, manifest: false },
  });
  const template = fs.readFileSync(path.join(clientDir, 'index.html'), 'utf8');
  // the server's own copy: index.html is about to become the home page
  fs.writeFileSync(path.join(ssrDir, 'template.html'), template);
  // what a prerendered form starts React with, fetched once it has loaded (decision 066); kept
  // beside the template for the server's own renders
  const manifest = JSON.parse(fs.readFileSync(path.join(clientDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const pageChunks = pageSources(['src/web/router.tsx', 'src/web/signed-in-pages.ts'].map((f) => fs.readFileSync(path.join(root, f), 'utf8')).join('\n'), manifest);
  const code: PageCode = Object.fromEntries(pageRoutes.filter((r) => r.fetchCodeOnLoad).map((r) => [r.path, startFiles(manifest, pageChunks.get(r.path)!)]));
  fs.writeFileSync(path.join(ssrDir, 'page-code.json'), JSON.stringify(code, null, 2));
  const { render } = (await import(pathToFileURL(path.join(ssrDir, 'entry-server.js')).href)) as { render: RenderPage };
  const pages = await renderSitePages(template, render, specSiteBusiness, code);
  for (const [file, html] of pages) {
    fs.mkdirSync(path.dirname(path.join(clientDir, file)), { recursive: true });
    fs.writeFileSync(path.join(clientDir, file), html);
  }
  fs.writeFileSync(path.join(clientDir, '.build-stamp'), new Date().toISOString());
  console.log(`built and prerendered ${pages.size} pages in ${Date.now() - started} ms`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
