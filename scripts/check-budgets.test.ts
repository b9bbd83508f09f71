import { describe, expect, it } from 'vitest';
import { budgetFor, checkBudgets, formatReport, isPublicRoute, pageSources, startFiles, type BudgetInput, type Manifest } from './check-budgets';

const KB = 1024;

// The shape of a real build: an entry that starts React on demand (boot), shared vendor chunks,
// one lazily loaded chunk per page, a deferred part and the back office's own chunks.
const manifest: Manifest = {
  'index.html': { file: 'assets/index.js', src: 'index.html', isEntry: true, dynamicImports: ['src/web/boot.tsx'], css: ['assets/index.css'] },
  'src/web/boot.tsx': {
    file: 'assets/boot.js',
    src: 'src/web/boot.tsx',
    isDynamicEntry: true,
    imports: ['_react.js', 'index.html'],
    dynamicImports: ['src/web/pages/landing.tsx', 'src/web/pages/book.tsx', 'src/web/pages/admin/admin-page.tsx', '_toasts.js'],
  },
  '_react.js': { file: 'assets/react.js' },
  '_forms.js': { file: 'assets/forms.js', imports: ['_react.js'] },
  '_toasts.js': { file: 'assets/toasts.js', isDynamicEntry: true, imports: ['_react.js'] },
  '_session.js': { file: 'assets/session.js', imports: ['_react.js'] },
  'src/web/pages/landing.tsx': {
    file: 'assets/landing.js',
    src: 'src/web/pages/landing.tsx',
    isDynamicEntry: true,
    imports: ['_react.js', 'src/web/boot.tsx'],
    dynamicImports: ['src/web/features/contact/contact-form.tsx'],
  },
  'src/web/features/contact/contact-form.tsx': {
    file: 'assets/contact-form.js',
    src: 'src/web/features/contact/contact-form.tsx',
    isDynamicEntry: true,
    imports: ['_forms.js'],
  },
  'src/web/pages/book.tsx': {
    file: 'assets/book.js',
    src: 'src/web/pages/book.tsx',
    isDynamicEntry: true,
    imports: ['_react.js', '_forms.js', 'src/web/boot.tsx'],
    css: ['assets/book.css'],
  },
  'src/web/pages/admin/admin-page.tsx': {
    file: 'assets/admin-page.js',
    src: 'src/web/pages/admin/admin-page.tsx',
    isDynamicEntry: true,
    imports: ['_react.js', '_forms.js', '_session.js'],
  },
};

const chunkModules: Record<string, string[]> = {
  'assets/index.js': ['src/web/main.tsx'],
  'assets/boot.js': ['src/web/boot.tsx', 'src/web/router.tsx'],
  'assets/react.js': ['node_modules/react/index.js', 'node_modules/react-dom/client.js'],
  'assets/forms.js': ['node_modules/zod/v4/classic/schemas.js', 'node_modules/react-hook-form/dist/index.esm.mjs'],
  'assets/toasts.js': ['node_modules/sonner/dist/index.mjs'],
  'assets/session.js': ['src/web/features/admin/session.ts'],
  'assets/landing.js': ['src/web/pages/landing.tsx'],
  'assets/contact-form.js': ['src/web/features/contact/contact-form.tsx'],
  'assets/book.js': ['src/web/pages/book.tsx'],
  'assets/admin-page.js': ['src/web/pages/admin/admin-page.tsx'],
};

const sizes = (overrides: Record<string, number> = {}): Record<string, number> => ({
  'assets/index.js': 1.5 * KB,
  'assets/index.css': 9 * KB,
  'assets/boot.js': 6 * KB,
  'assets/react.js': 20 * KB,
  'assets/forms.js': 20 * KB,
  'assets/toasts.js': 9 * KB,
  'assets/session.js': 1 * KB,
  'assets/landing.js': 8 * KB,
  'assets/contact-form.js': 2 * KB,
  'assets/book.js': 30 * KB,
  'assets/book.css': 2 * KB,
  'assets/admin-page.js': 20 * KB,
  ...overrides,
});

const allPages = ['src/web/pages/landing.tsx', 'src/web/pages/book.tsx', 'src/web/pages/admin/admin-page.tsx'];

function input(overrides: Partial<BudgetInput> = {}): BudgetInput {
  return {
    manifest,
    gzipSizes: sizes(),
    chunkModules,
    routes: [
      { path: '/', page: 'src/web/pages/landing.tsx' },
      { path: '/book', page: 'src/web/pages/book.tsx' },
    ],
    allPages,
    budgetFor,
    forbiddenModules: ['src/web/features/admin/', 'src/web/pages/admin/'],
    ...overrides,
  };
}

describe('checkBudgets', () => {
  it('passes routes within their budgets, counting what each loads once hydrated', () => {
    const report = checkBudgets(input());
    expect(report.violations).toEqual([]);
    const [landing, book] = report.routes;
    // entry + boot + react + landing page; the deferred form and the toasts are "later"
    expect(landing!.upFrontJsBytes).toBe(1.5 * KB);
    expect(landing!.jsBytes).toBe((1.5 + 6 + 20 + 8) * KB);
    expect(landing!.laterJsBytes).toBe((2 + 20 + 9) * KB);
    expect(landing!.cssBytes).toBe(9 * KB);
    // the page's own static imports (forms) and its stylesheet count
    expect(book!.jsBytes).toBe((1.5 + 6 + 20 + 30 + 20) * KB);
    expect(book!.cssBytes).toBe(11 * KB);
    // another route's page (the back office) is never part of a route's graph
    expect(book!.files).not.toContain('assets/admin-page.js');
    expect(formatReport(report)).toMatch(/^\/book\s.*\bOK$/m);
  });

  it('fails an oversized bundle: a page that loads React before any interaction', () => {
    // the entry imports React statically, as a page rendered on the client at load would
    const eager: Manifest = { ...manifest, 'index.html': { ...manifest['index.html']!, imports: ['_react.js'] } };
    // (the page and its forms smaller, so that /book stays within its own hydrated budget)
    const report = checkBudgets(input({ manifest: eager, gzipSizes: sizes({ 'assets/react.js': 69 * KB, 'assets/forms.js': 5 * KB, 'assets/book.js': 5 * KB }) }));
    expect(report.violations).toEqual([
      '/ loads 70.5 KB of gzipped JS before any interaction, over its budget of 70.0 KB',
      '/book loads 70.5 KB of gzipped JS before any interaction, over its budget of 70.0 KB',
    ]);
    expect(formatReport(report)).toMatch(/^\/\s.*\bOVER$/m);
  });

  it('fails a prerendered page whose hydrated code grew past 100 KB, though it loads little up front', () => {
    const report = checkBudgets(input({ gzipSizes: sizes({ 'assets/landing.js': 110 * KB }) }));
    expect(report.routes[0]!.upFrontJsBytes).toBe(1.5 * KB);
    expect(report.violations).toEqual(['/ loads 137.5 KB of gzipped JS once hydrated, over its budget of 100.0 KB']);
  });

  it('fails a route whose shared chunk grew past its budget, and oversized CSS', () => {
    const report = checkBudgets(input({ gzipSizes: sizes({ 'assets/forms.js': 120 * KB, 'assets/book.css': 30 * KB }) }));
    expect(report.violations).toEqual([
      '/book loads 177.5 KB of gzipped JS once hydrated, over its budget of 90.0 KB',
      '/book loads 39.0 KB of gzipped CSS, over its budget of 20.0 KB',
    ]);
  });

  it('holds /book to its own, lower budget (decisions 062 and 065): 93.5 KB fails there, and would pass elsewhere', () => {
    const report = checkBudgets(input({ gzipSizes: sizes({ 'assets/forms.js': 36 * KB }) }));
    expect(report.violations).toEqual(['/book loads 93.5 KB of gzipped JS once hydrated, over its budget of 90.0 KB']);
  });

  it('fails a public route that imports a back-office module, statically or later', () => {
    const importsAdmin: Manifest = {
      ...manifest,
      'src/web/pages/book.tsx': { ...manifest['src/web/pages/book.tsx']!, imports: ['_react.js', '_forms.js', '_session.js'] },
    };
    const report = checkBudgets(input({ manifest: importsAdmin }));
    expect(report.violations).toEqual(['/book loads the back-office module src/web/features/admin/session.ts (in assets/session.js)']);

    // a deferred part that pulls in back-office code is caught too
    const deferredAdmin: Manifest = {
      ...manifest,
      'src/web/features/contact/contact-form.tsx': { ...manifest['src/web/features/contact/contact-form.tsx']!, imports: ['_forms.js', '_session.js'] },
    };
    expect(checkBudgets(input({ manifest: deferredAdmin })).violations).toEqual([
      '/ loads the back-office module src/web/features/admin/session.ts (in assets/session.js)',
    ]);
  });

  it('fails when a back-office page is a public route page, even without a module list', () => {
    const report = checkBudgets(
      input({ chunkModules: {}, routes: [{ path: '/oops', page: 'src/web/pages/admin/admin-page.tsx' }] }),
    );
    expect(report.violations).toContain('/oops loads the back-office module src/web/pages/admin/admin-page.tsx (in assets/admin-page.js)');
  });
});

describe('the back office’s own budget (decision 026)', () => {
  // the admin page loads its charts lazily: a chunk of their own with the charting library
  const withCharts: Manifest = {
    ...manifest,
    'src/web/pages/admin/admin-page.tsx': { ...manifest['src/web/pages/admin/admin-page.tsx']!, dynamicImports: ['src/web/features/reports/report-charts.tsx'] },
    'src/web/features/reports/report-charts.tsx': { file: 'assets/report-charts.js', src: 'src/web/features/reports/report-charts.tsx', isDynamicEntry: true, imports: ['_react.js'] },
  };
  const modules = { ...chunkModules, 'assets/report-charts.js': ['node_modules/chartist/dist/index.js', 'src/web/features/reports/report-charts.tsx'] };
  const staff = (jsKb: number) => [{ path: '/admin', page: 'src/web/pages/admin/admin-page.tsx', jsBytes: jsKb * KB, lazyOnlyModules: ['node_modules/chartist/', 'src/web/features/reports/report-charts'] }];
  const run = (m: Manifest, jsKb = 120) => checkBudgets(input({ manifest: m, chunkModules: modules, gzipSizes: sizes({ 'assets/report-charts.js': 14 * KB }), staffRoutes: staff(jsKb) }));

  it('counts what /admin loads once hydrated, the lazily loaded charts apart', () => {
    const report = run(withCharts);
    expect(report.violations).toEqual([]);
    // entry + boot + react + forms + session + the admin page
    // later: the charts' chunk, and the toasts every page loads on the first toast
    expect(report.staffRoutes[0]).toMatchObject({ path: '/admin', jsBytes: (1.5 + 6 + 20 + 20 + 1 + 20) * KB, laterJsBytes: (14 + 9) * KB });
    expect(formatReport(report)).toMatch(/^\/admin: 68\.5 KB .*OK$/m);
  });

  it('fails an /admin over its budget', () => {
    expect(run(withCharts, 60).violations).toEqual(['/admin loads 68.5 KB of gzipped JS once hydrated, over its budget of 60.0 KB']);
  });

  it('fails when the charting library is in /admin’s first load, and when it is nowhere to be found', () => {
    const eager: Manifest = { ...withCharts, 'src/web/pages/admin/admin-page.tsx': { ...withCharts['src/web/pages/admin/admin-page.tsx']!, imports: ['_react.js', '_forms.js', '_session.js', 'src/web/features/reports/report-charts.tsx'] } };
    expect(run(eager, 200).violations).toEqual([
      '/admin loads node_modules/chartist/ once hydrated (in assets/report-charts.js); it must load only lazily',
      '/admin loads src/web/features/reports/report-charts once hydrated (in assets/report-charts.js); it must load only lazily',
    ]);
    // no chunk has it: the proof would pass for nothing, so it fails instead
    expect(run(manifest).violations).toEqual([
      "/admin loads node_modules/chartist/ in no lazily loaded chunk: is the module's name still right?",
      "/admin loads src/web/features/reports/report-charts in no lazily loaded chunk: is the module's name still right?",
    ]);
  });
});

describe('the CLI helpers', () => {
  it('knows which routes are public', () => {
    expect(['/', '/book', '/cancel-booking', '/admin', '/admin/login', '/send-invoice'].filter(isPublicRoute)).toEqual([
      '/',
      '/book',
      '/cancel-booking',
    ]);
  });

  it('reads the lazily loaded pages from the router', () => {
    const source = `export const pages = {
  '/': lazyPage(() => import('./pages/landing')),
  '/book': lazyPage(() => import('./pages/book')),
};`;
    expect([...pageSources(source, manifest)]).toEqual([
      ['/', 'src/web/pages/landing.tsx'],
      ['/book', 'src/web/pages/book.tsx'],
    ]);
  });

  it('lists what a prerendered form fetches once loaded: what starts React and its page, never the entry or another page (decision 066)', () => {
    expect(startFiles(manifest, 'src/web/pages/book.tsx')).toEqual(['/assets/book.js', '/assets/boot.js', '/assets/forms.js', '/assets/react.js']);
    expect(startFiles(manifest, 'src/web/pages/landing.tsx')).toEqual(['/assets/boot.js', '/assets/landing.js', '/assets/react.js']);
    expect(() => startFiles(manifest, 'src/web/pages/gone.tsx')).toThrow('no chunk "src/web/pages/gone.tsx"');
  });
});
