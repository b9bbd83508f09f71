import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// Vendor code in stable groups, so that a page loads only the groups it uses (the landing page
// never loads form validation or server-state code until its form is needed) and the groups
// stay cached across deploys.
const chunkGroups = [
  // the UI runtime: Preact in the build (decision 065), React in the development server
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|preact)[\\/]/ },
  { name: 'router', test: /node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/ },
  // the back office's schemas use zod's classic API; the public forms zod/mini (docs/decisions/009)
  { name: 'zod-classic', test: /node_modules[\\/]zod[\\/](v4[\\/])?classic[\\/]/ },
  { name: 'forms', test: /node_modules[\\/](react-hook-form|zod)[\\/]/ },
  { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
  // the bill's rules with the add-ons' names and the price lists they read: one chunk, as the
  // booking page loads all three (the Settings tab and the schemas read two of them, which would
  // otherwise split them into chunks of 0.2–0.3 KB, most of it each chunk's own overhead)
  // the business every public page shows (the header, the footer), the spec's defaults, its
  // schedule's words and how a page reads the served one: one chunk, not four of 0.3–1.4 KB
  // (and what a gift card pays of an amount, which /book, the invoice and the pay page share)
  { name: 'business', test: /src[\\/](shared[\\/](business|business-words|site-business|gift-card-discount)\.ts|web[\\/]lib[\\/]site-business\.tsx)$/ },
  // the button and what every component's classes go through (cn: clsx and tailwind-merge), with
  // the icon base: used together everywhere, one chunk (a page using cn without a button would
  // otherwise split them in two, each with its own overhead)
  { name: 'ui-core', test: /(node_modules[\\/](clsx|tailwind-merge|class-variance-authority|@radix-ui[\\/]react-(slot|compose-refs))[\\/]|node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/](shared[\\/]|Icon\.mjs|createLucideIcon\.mjs|context\.mjs)|src[\\/]web[\\/](lib[\\/]cn\.ts|components[\\/]ui[\\/]button\.tsx)$)/ },
  // the form field parts every public form uses
  { name: 'fields', test: /(src[\\/]web[\\/]components[\\/]ui[\\/](field|input|label)\.tsx|node_modules[\\/]@radix-ui[\\/](react-primitive|react-label)[\\/].*)$/ },
  { name: 'pricing', test: /src[\\/]shared[\\/](pricing|add-ons|price-list)\.ts$/ },
  // the few icons the booking wizard and the public pages share, in one chunk rather than ten of
  // 160-240 bytes each (a chunk's own overhead is most of such a chunk: about 0.7 KB on /book)
  { name: 'icons', test: /node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](arrow-left|arrow-right|check|chevron-left|chevron-right|circle-exclamation-point|loader-circle|mail|plus|x)\.mjs$/ },
];

/** Where the list of source modules in each output chunk is written (beside Vite's manifest). */
export const chunkModulesFile = '.vite/chunk-modules.json';

/**
 * Writes which source modules ended up in which chunk: Vite's manifest names only a chunk's
 * entry module, and the budget check (scripts/check-budgets.ts) must see every module a public
 * page loads to prove that no back-office code is among them.
 */
function chunkModules(): Plugin {
  let root = process.cwd();
  return {
      name: 'washday:chunk-modules',
      apply: 'build',
      configResolved(config) {
        root = config.root;
      },
      generateBundle(_options, bundle) {
        if (this.environment.config.consumer !== 'client') return;
        const chunks: Record<string, string[]> = {};
        for (const output of Object.values(bundle)) {
          if (output.type !== 'chunk') continue;
          chunks[output.fileName] = output.moduleIds.map((id) => {
            const relative = path.isAbsolute(id) ? path.relative(root, id).split(path.sep).join('/') : id;
            // a package by its name, wherever node_modules really is (a linked node_modules resolves outside the root)
            const packageAt = relative.lastIndexOf('node_modules/');
            return packageAt > 0 ? relative.slice(packageAt) : relative;
          });
        }
        this.emitFile({ type: 'asset', fileName: chunkModulesFile, source: JSON.stringify(chunks, null, 2) });
      },
    };
  }

  /**
   * The browser build runs on Preact's React compatibility layer, not React: the same components in
   * about 57 KB less per page (docs/decisions/065). The development server, the unit tests and the
   * emails keep React. The prerender and the server's own page renders (decision 055) come from the
   * same build, so that hydration meets the markup it was rendered with.
   */
  const preactAliases = [
    { find: /^react$/, replacement: 'preact/compat' },
    { find: /^react-dom$/, replacement: 'preact/compat' },
    { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
    { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
    { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
    { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-runtime' },
  ];

  /**
   * react-router reads React 19's `useOptimistic` and falls back to a plain state when it is missing,
   * as it is in Preact: the one expected notice of the build, left out so that another stands out.
   */
  const expectedNotice = (log: { code?: string; message: string }) => log.code === 'IMPORT_IS_UNDEFINED' && log.message.includes('useOptimistic');

  export default defineConfig(({ command }) => {
    // WEB_RUNTIME=react builds on React, to measure one runtime beside the other (docs/benchmarks.md)
    const preactBuild = command === 'build' && process.env.WEB_RUNTIME !== 'react';
    return {
    plugins: [react(), tailwindcss(), chunkModules()],
    // react-router's package exports point at its development build only (remix-run/react-router
    // #12532, #14102: dev warnings on, larger): a build takes its production files
    resolve: {
      alias:
        command === 'build'
          ? [
              { find: /^react-router$/, replacement: path.resolve(import.meta.dirname, 'node_modules/react-router/dist/production/index.mjs') },
              ...(preactBuild ? preactAliases : []),
            ]
          : [],
    },
    // the page renderer bundles its packages, so that they too import Preact rather than React
    ssr: preactBuild ? { noExternal: true } : {},
    build: {
      outDir: 'dist/client',
      emptyOutDir: true,
      sourcemap: false,
      // the build manifest (and the chunk-modules list beside it) feeds the budget check
      manifest: true,
      rolldownOptions: {
        output: { codeSplitting: { groups: chunkGroups, includeDependenciesRecursively: false } },
        onLog(level, log, handler) {
          if (!expectedNotice(log)) handler(level, log);
        },
      },
    },
    server: {
      proxy: { '/api': 'http://localhost:3000', '/dev': 'http://localhost:3000' },
    },
  };
});
