// `npm run check:budgets`: after `scripts/build.ts`, the gzipped JS and CSS each public route
// loads, against its budget, and proof that no back-office module is in a public route's graph.
// Sizes and counts only (timings are `npm run bench`). Exits 1 on any violation.
//
// What a route loads is read from Vite's build manifest: the entry chunk, what the entry loads
// to start React (boot), the route's lazily loaded page chunk, and their static imports. A
// prerendered page loads only the entry up front and the rest on the first interaction
// (docs/decisions/006). Each route has two JS limits (docs/decisions/009): what it loads before
// the visitor does anything (70 KB, the goal for `/`), and everything it has loaded once React
// runs on it (hydrated: 100 KB, and 90 KB for `/book`).
// Code a page loads later still (a deferred part when it scrolls into view, toasts on the first
// toast) is printed beside it and checked for back-office modules, but not counted in a budget.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';

export type ManifestChunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};
/** Vite's `.vite/manifest.json`: keyed by source path (entries) or `_file.js` (shared chunks). */
export type Manifest = Record<string, ManifestChunk>;

export type Budget = {
  /** Before any interaction: what loading the page costs. */
  upFrontJsBytes: number;
  /** Once React runs on the page (at once on a client-rendered route, on the first interaction on a prerendered one). */
  jsBytes: number;
  cssBytes: number;
};

export type BudgetInput = {
  manifest: Manifest;
  /** Gzipped size of every output file named in the manifest (`assets/x.js` → bytes). */
  gzipSizes: Record<string, number>;
  /** Source modules in each output chunk (`assets/x.js` → module ids relative to the root). */
  chunkModules: Record<string, string[]>;
  /** Each public route and the manifest key of its lazily loaded page (`src/web/pages/x.tsx`). */
  routes: { path: string; page: string }[];
  /** Manifest keys of every route's page chunk, public or not: never counted as "later". */
  allPages: string[];
  budgetFor: (routePath: string) => Budget;
  /** Module id prefixes that must never be in a public route's graph. */
  forbiddenModules: string[];
  /** Signed-in routes with a budget of their own (the back office: docs/decisions/026). */
  staffRoutes?: StaffRouteBudget[];
};

export type StaffRouteBudget = {
  path: string;
  page: string;
  /** What the route has loaded once hydrated. */
  jsBytes: number;
  /** Module id prefixes that must be loaded lazily: in a chunk loaded later, never in the hydrated graph. */
  lazyOnlyModules: string[];
};

export type StaffRouteReport = { path: string; jsBytes: number; laterJsBytes: number; budget: number; violations: string[] };

export type RouteReport = {
  path: string;
  /** Loaded before any interaction (the entry and its static imports). */
  upFrontJsBytes: number;
  /** Loaded once the page is hydrated: what the budget counts. */
  jsBytes: number;
  cssBytes: number;
  /** Loaded later, on demand (deferred parts, toasts); not counted in the budget. */
  laterJsBytes: number;
  budget: Budget;
  files: string[];
  forbidden: { module: string; file: string }[];
  violations: string[];
};

export type BudgetReport = { routes: RouteReport[]; staffRoutes: StaffRouteReport[]; violations: string[] };

export const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/** These chunks (manifest keys) and every chunk they import statically. */
export function closureOf(manifest: Manifest, start: Iterable<string>): Set<string> {
  const seen = new Set<string>();
  const todo = [...start];
  while (todo.length) {
    const key = todo.pop()!;
    if (seen.has(key)) continue;
    const found = manifest[key];
    if (!found) throw new Error(`the build manifest has no chunk "${key}"`);
    seen.add(key);
    todo.push(...(found.imports ?? []));
  }
  return seen;
}

/**
 * The files (`/assets/x.js`) a prerendered page loads to start React beyond its entry script:
 * what src/web/main.tsx imports to start (boot), the page's own chunk, and their static imports.
 */
export function startFiles(manifest: Manifest, page: string): string[] {
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entry) throw new Error('the build manifest has no entry chunk');
  const upFront = closureOf(manifest, [entry]);
  const started = closureOf(manifest, [...(manifest[entry]!.dynamicImports ?? []), page]);
  return [...new Set([...started].filter((key) => !upFront.has(key)).map((key) => `/${manifest[key]!.file}`))].sort();
}

/** The pure check: a manifest-like graph and file sizes in, a report with its violations out. */
export function checkBudgets(input: BudgetInput): BudgetReport {
  const { manifest } = input;
  const violations: string[] = [];
  const chunk = (key: string): ManifestChunk => {
    const found = manifest[key];
    if (!found) throw new Error(`the build manifest has no chunk "${key}"`);
    return found;
  };
  const staticClosure = (start: Iterable<string>): Set<string> => closureOf(manifest, start);
  const size = (file: string): number => {
    const bytes = input.gzipSizes[file];
    if (bytes === undefined) throw new Error(`no size for ${file}`);
    return bytes;
  };
  const jsBytes = (keys: Set<string>) => [...new Set([...keys].map((k) => chunk(k).file))].reduce((sum, f) => sum + size(f), 0);
  const cssFiles = (keys: Set<string>) => new Set([...keys].flatMap((k) => chunk(k).css ?? []));

  const entries = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
  if (entries.length !== 1) throw new Error(`expected one entry chunk in the build manifest, found ${entries.length}`);
  const entry = entries[0]!;
  const pages = new Set(input.allPages);

  const graphOf = (page: string) => {
    const upFront = staticClosure([entry]);
    // the entry's own dynamic imports start React (src/web/main.tsx → boot)
    const hydrated = staticClosure([entry, ...(chunk(entry).dynamicImports ?? []), page]);
    // code loaded later on this route: dynamic imports that are not other routes' pages
    const later = new Set<string>();
    for (let frontier = [...hydrated]; frontier.length; ) {
      const next = frontier
        .flatMap((key) => chunk(key).dynamicImports ?? [])
        .filter((key) => !pages.has(key) && !hydrated.has(key) && !later.has(key));
      const added = [...staticClosure(next)].filter((key) => !hydrated.has(key) && !later.has(key));
      for (const key of added) later.add(key);
      frontier = added;
    }
    return { upFront, hydrated, later };
  };
  const modulesOf = (key: string) => {
    const c = chunk(key);
    return input.chunkModules[c.file] ?? (c.src ? [c.src] : []);
  };

  const routes = input.routes.map((route): RouteReport => {
    const budget = input.budgetFor(route.path);
    const { upFront, hydrated, later } = graphOf(route.page);

    const files = [...new Set([...hydrated].map((k) => chunk(k).file))].sort();
    const forbidden: RouteReport['forbidden'] = [];
    for (const key of [...hydrated, ...later])
      for (const module of modulesOf(key))
        if (input.forbiddenModules.some((prefix) => module.startsWith(prefix))) forbidden.push({ module, file: chunk(key).file });
    const report: RouteReport = {
      path: route.path,
      upFrontJsBytes: jsBytes(upFront),
      jsBytes: jsBytes(hydrated),
      cssBytes: [...cssFiles(hydrated)].reduce((sum, f) => sum + size(f), 0),
      laterJsBytes: jsBytes(later),
      budget,
      files,
      forbidden,
      violations: [],
    };
    if (report.upFrontJsBytes > budget.upFrontJsBytes)
      report.violations.push(`${route.path} loads ${kb(report.upFrontJsBytes)} KB of gzipped JS before any interaction, over its budget of ${kb(budget.upFrontJsBytes)} KB`);
    if (report.jsBytes > budget.jsBytes)
      report.violations.push(`${route.path} loads ${kb(report.jsBytes)} KB of gzipped JS once hydrated, over its budget of ${kb(budget.jsBytes)} KB`);
    if (report.cssBytes > budget.cssBytes)
      report.violations.push(`${route.path} loads ${kb(report.cssBytes)} KB of gzipped CSS, over its budget of ${kb(budget.cssBytes)} KB`);
    for (const f of forbidden)
      report.violations.push(`${route.path} loads the back-office module ${f.module} (in ${f.file})`);
    violations.push(...report.violations);
    return report;
  });

  // decision 026: the back office keeps a budget of its own, and its charting library loads only
  // with the Reports tab, in a chunk of its own (found there, so the proof cannot pass vacuously)
  const staffRoutes = (input.staffRoutes ?? []).map((route): StaffRouteReport => {
    const { hydrated, later } = graphOf(route.page);
    const report: StaffRouteReport = { path: route.path, jsBytes: jsBytes(hydrated), laterJsBytes: jsBytes(later), budget: route.jsBytes, violations: [] };
    if (report.jsBytes > route.jsBytes)
      report.violations.push(`${route.path} loads ${kb(report.jsBytes)} KB of gzipped JS once hydrated, over its budget of ${kb(route.jsBytes)} KB`);
    for (const prefix of route.lazyOnlyModules) {
      const eager = [...hydrated].filter((key) => modulesOf(key).some((m) => m.startsWith(prefix)));
      for (const key of eager) report.violations.push(`${route.path} loads ${prefix} once hydrated (in ${chunk(key).file}); it must load only lazily`);
      if (!eager.length && ![...later].some((key) => modulesOf(key).some((m) => m.startsWith(prefix))))
        report.violations.push(`${route.path} loads ${prefix} in no lazily loaded chunk: is the module's name still right?`);
    }
    violations.push(...report.violations);
    return report;
  });
  return { routes, staffRoutes, violations };
}

export function formatReport(report: BudgetReport): string {
  const header = ['route', 'up front JS KB', 'hydrated JS KB', 'CSS KB', 'later JS KB', 'budget up front / hydrated / CSS KB', 'result'];
  const rows = report.routes.map((r) => [
    r.path,
    kb(r.upFrontJsBytes),
    kb(r.jsBytes),
    kb(r.cssBytes),
    kb(r.laterJsBytes),
    `${kb(r.budget.upFrontJsBytes)} / ${kb(r.budget.jsBytes)} / ${kb(r.budget.cssBytes)}`,
    r.violations.length ? 'OVER' : 'OK',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  const staff = report.staffRoutes.map(
    (r) => `${r.path}: ${kb(r.jsBytes)} KB of gzipped JS once hydrated (budget ${kb(r.budget)} KB), ${kb(r.laterJsBytes)} KB later (lazily loaded tabs and parts): ${r.violations.length ? 'OVER' : 'OK'}`,
  );
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line), ...(staff.length ? ['', ...staff] : [])].join('\n');
}

// ---- the CLI: reads the build in dist/client ----

const KB = 1024;
/**
 * The size budgets, read as docs/decisions/009 explains: 70 KB before any interaction on every public
 * route (a prerendered page loads its runtime only once the visitor acts), and a limit once hydrated.
 * Since the browser build runs on Preact (decision 065), that limit is 100 KB for a public page (the
 * largest, /invoice and /orders, are at 92.5) and 90 KB for /book, whose goal is 120 (84.4).
 */
export const upFrontJsBudget = 70 * KB;
export const hydratedJsBudget = 100 * KB;
/** Tailwind's used classes for the whole site gzip to about 9 KB: room to grow, but a stylesheet library would not fit. */
export const cssBudget = 20 * KB;
/** /book's own, lower (decisions 062 and 065): 84.4 KB on Preact, with room for its first step's messages. */
export const bookJsBudget = 90 * KB;
export const budgetFor = (routePath: string): Budget => ({ upFrontJsBytes: upFrontJsBudget, jsBytes: routePath === '/book' ? bookJsBudget : hydratedJsBudget, cssBytes: cssBudget });
/**
 * The back office's own budget (decision 026): what /admin has loaded once hydrated. The chart
 * library and the Reports tab's charts load only when that tab renders. 250 KB on React (decision
 * 063: 248.8); 200 KB on Preact (decision 065: 190.1).
 */
export const adminJsBudget = 200 * KB;
export const adminLazyOnlyModules = ['node_modules/chartist/', 'src/web/features/reports/report-charts'];

/** The back office's features and pages (docs/architecture.md, "Web"), and the primitives only it uses so far. */
export const backOfficeModules = [
  ...['admin', 'admin-bookings', 'back-office-api', 'customers', 'gift-cards-admin', 'invoices-admin', 'laundry-pros', 'messages', 'pro-portal', 'reports', 'schedule', 'staff-session', 'staff-tools', 'staff-users', 'weighing'].map(
    (feature) => `src/web/features/${feature}/`,
  ),
  'src/web/pages/admin/',
  'src/web/pages/pro/',
  // a public page that comes to need one of these takes it off this list
  ...['components/ui/confirm-dialog.tsx', 'components/ui/pager.tsx', 'components/ui/query-state.tsx', 'components/ui/table.tsx', 'components/ui/tabs.tsx', 'lib/format.ts'].map(
    (file) => `src/web/${file}`,
  ),
];
/** Staff tools are guarded like /admin (docs/design.md 6): not public routes; nor is the pros' signed-in portal (decision 018). */
export const staffToolPaths = ['/send-terms', '/send-invoice', '/send-receipt', '/send-subscription-invoice'];
const signedInArea = (routePath: string, base: string) => routePath === base || routePath.startsWith(`${base}/`);
export const isPublicRoute = (routePath: string) => !signedInArea(routePath, '/admin') && !signedInArea(routePath, '/pro') && !staffToolPaths.includes(routePath);

/** `'/path': lazyPage(() => import('./pages/x'))` in src/web/router.tsx → route path → source file. */
export function pageSources(routerSource: string, manifest: Manifest): Map<string, string> {
  const found = new Map<string, string>();
  // router.tsx's `'/x': lazyPage(() => import('./pages/x'))`, and signed-in-pages.ts's `'/x': () => import('./pages/x')`
  for (const m of routerSource.matchAll(/'([^']+)'\s*:\s*(?:lazyPage\(\s*)?\(\)\s*=>\s*import\(\s*'([^']+)'\s*\)/g)) {
    const base = path.posix.join('src/web', m[2]!);
    const key = ['', '.tsx', '.ts', '/index.tsx'].map((ext) => base + ext).find((k) => manifest[k]);
    if (!key) throw new Error(`the page of ${m[1]} (${m[2]}) is not in the build manifest`);
    found.set(m[1]!, key);
  }
  return found;
}

async function main() {
  const root = path.resolve(import.meta.dirname, '..');
  const clientDir = path.join(path.resolve(root, process.env.BUILD_DIR ?? 'dist'), 'client');
  const manifestFile = path.join(clientDir, '.vite/manifest.json');
  const modulesFile = path.join(clientDir, '.vite/chunk-modules.json');
  for (const file of [manifestFile, modulesFile]) {
    if (!fs.existsSync(file)) {
      console.error(`Budgets: ${path.relative(root, file)} is missing. Build first: npx tsx scripts/build.ts`);
      process.exit(1);
    }
  }
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;
  const chunkModules = JSON.parse(fs.readFileSync(modulesFile, 'utf8')) as Record<string, string[]>;
  const { pageRoutes } = await import('../src/shared/routes');
  const pages = pageSources(['src/web/router.tsx', 'src/web/signed-in-pages.ts'].map((f) => fs.readFileSync(path.join(root, f), 'utf8')).join('\n'), manifest);
  const publicRoutes = pageRoutes.filter((r) => isPublicRoute(r.path));
  const missing = publicRoutes.filter((r) => !pages.has(r.path)).map((r) => r.path);
  if (missing.length) {
    console.error(`Budgets: no lazily loaded page found in src/web/router.tsx for ${missing.join(', ')}`);
    process.exit(1);
  }

  const gzipSizes: Record<string, number> = {};
  for (const c of Object.values(manifest))
    for (const file of [c.file, ...(c.css ?? [])])
      gzipSizes[file] ??= zlib.gzipSync(fs.readFileSync(path.join(clientDir, file)), { level: 9 }).length;

  const report = checkBudgets({
    manifest,
    gzipSizes,
    chunkModules,
    routes: publicRoutes.map((r) => ({ path: r.path, page: pages.get(r.path)! })),
    allPages: [...pages.values()],
    budgetFor,
    forbiddenModules: backOfficeModules,
    staffRoutes: [{ path: '/admin', page: pages.get('/admin')!, jsBytes: adminJsBudget, lazyOnlyModules: adminLazyOnlyModules }],
  });
  console.log('Budgets: gzipped KB (1 KB = 1,024 bytes) each public route loads (docs/decisions/009)');
  console.log('("up front" is what a page loads before any interaction; "hydrated" what it has loaded once React runs on it;');
  console.log('"later" is code loaded on demand, e.g. a deferred form or the first toast, not counted in a budget)\n');
  console.log(formatReport(report));
  if (report.violations.length) {
    console.error(`\nBudgets FAILED (${report.violations.length}):`);
    for (const v of report.violations) console.error(`  - ${v}`);
    process.exit(1);
  }
  console.log('\nBudgets OK: every public route is within its budget and loads no back-office module.');
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
