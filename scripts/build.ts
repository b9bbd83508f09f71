// Builds the SPA and prerenders the public pages to HTML (they hydrate in the browser).
import './lib/production-env';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { escapeHtml } from '../src/shared/html';
import { notFoundPrerenderPath, pageRoutes } from '../src/shared/routes';
import { pageTitle } from '../src/web/lib/use-page-title';

const root = path.resolve(import.meta.dirname, '..');
// BUILD_DIR (under dist/, e.g. dist/mine, so that the prerender still finds node_modules) builds
// beside dist/ while a test server serves it: STATIC_DIR=dist/mine/client with its own E2E_PORT
const outRoot = path.resolve(root, process.env.BUILD_DIR ?? 'dist');
const clientDir = path.join(outRoot, 'client');
const ssrDir = path.join(outRoot, 'ssr');

function head(title: string | null, description?: string, hydrateAtOnce = false): string {
  const tags = [`<title>${escapeHtml(pageTitle(title))}</title>`];
  if (description) tags.push(`<meta name="description" content="${escapeHtml(description)}" />`);
  // read by src/web/main.tsx: this prerendered page starts React at once, not on an interaction
  if (hydrateAtOnce) tags.push('<meta name="washday-hydrate" content="at-once" />');
  return tags.join('\n    ');
}

async function main() {
  const started = Date.now();
  await build({ root, logLevel: 'warn', build: { outDir: clientDir, emptyOutDir: true } });
  await build({
    root,
    logLevel: 'warn',
    build: { ssr: 'src/web/entry-server.tsx', outDir: ssrDir, emptyOutDir: true, manifest: false },
  });
  const template = fs.readFileSync(path.join(clientDir, 'index.html'), 'utf8');
  const { render } = (await import(pathToFileURL(path.join(ssrDir, 'entry-server.js')).href)) as {
    render: (url: string) => Promise<string>;
  };
  const fill = (html: string, headTags: string) =>
    template.replace('<!--app-head-->', headTags).replace('<!--app-html-->', html);

  // the app shell for client-rendered routes (no prerendered markup: createRoot, not hydrate)
  fs.writeFileSync(path.join(clientDir, 'shell.html'), fill('', head(null)));
  for (const route of pageRoutes.filter((r) => r.prerender)) {
    const html = fill(await render(route.path), head(route.title, route.description, route.hydrate === 'at-once'));
    const file = route.path === '/' ? 'index.html' : `${route.path.slice(1)}/index.html`;
    fs.mkdirSync(path.dirname(path.join(clientDir, file)), { recursive: true });
    fs.writeFileSync(path.join(clientDir, file), html);
  }
  fs.writeFileSync(
    path.join(clientDir, '404.html'),
    fill(await render(notFoundPrerenderPath), head('Page not found')),
  );
  fs.writeFileSync(path.join(clientDir, '.build-stamp'), new Date().toISOString());
  console.log(`built and prerendered ${pageRoutes.filter((r) => r.prerender).length + 1} pages in ${Date.now() - started} ms`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
