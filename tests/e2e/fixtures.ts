// docs/conventions.md 10 in the browser: a console error, an uncaught page error or a request to anything
// but this server fails the test.
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page, type Route, type TestInfo } from '@playwright/test';

type Fixtures = { consoleErrors: string[] };

export const test = base.extend<Fixtures>({
  consoleErrors: [
    async ({ page, baseURL }, use) => {
      const errors: string[] = [];
      const origin = new URL(baseURL!).origin;
      page.on('console', (msg) => {
        if (msg.type() === 'error') errors.push(msg.text());
      });
      page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
      page.on('request', (request) => {
        const url = request.url();
        if (!url.startsWith(origin) && !url.startsWith('data:') && !url.startsWith('blob:')) errors.push(`unexpected request to ${url}`);
      });
      await use(errors);
      // Chromium logs every 4xx answer (the 404 page, a rejected form) and every request a test
      // aborts on purpose as a resource error; those are the behaviour under test, not faults
      const unexpected = errors.filter(
        // ERR_INTERNET_DISCONNECTED: a request a test made while it had set the page offline
        (e) => !/Failed to load resource: (the server responded with a status of 4\d\d|net::ERR_FAILED|net::ERR_INTERNET_DISCONNECTED)/.test(e),
      );
      expect(unexpected, 'console errors, page errors or outside requests').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

export async function expectNoAxeViolations(page: Page) {
  // a toast just added starts sliding in only once mounted, and sonner moves a toast to the front
  // (its text fading in) a frame or two later: wait until nothing has moved for 150 ms, so that
  // colours are measured as they are read (a spinner, an animation that never ends, does not count)
  await expect(page.locator('[data-sonner-toast][data-mounted="false"]')).toHaveCount(0);
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const settled = () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity);
        if (!settled()) return false;
        await new Promise((resolve) => setTimeout(resolve, 150));
        return settled();
      }),
    )
    .toBe(true);
  // a list being refreshed is dimmed while it loads (aria-busy): measure it once it has its answer
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  // a toast on its way out (timed out while the page was being checked) is fading: its colours are
  // mid-transition, not what anyone reads; toasts on screen are checked like everything else
  // Two settings from axe's documentation that cut each check's time by about two thirds
  // (docs/benchmarks.md), the rules and what they report unchanged: legacy mode runs axe and
  // gathers its results in the page itself instead of opening a blank page to gather them (the
  // pages have no frame from another origin, the one thing it cannot reach), and only violations
  // are reported node by node (axe otherwise builds a selector for every node that passed)
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .exclude('[data-sonner-toast][data-removed="true"]')
    .exclude('[data-sonner-toast][data-visible="false"]')
    // a toast stacked behind the front one shows nothing of itself (sonner hides its content)
    .exclude('[data-sonner-toast][data-front="false"][data-expanded="false"]')
    .analyze();
  // each node with axe's own reason (the colours and ratio it measured, for contrast)
  const summary = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} -> ${v.nodes.map((n) => `${n.target.join(' ')}${n.any[0]?.message ? ` (${n.any[0].message})` : ''}`).slice(0, 3).join(', ')}`,
  );
  expect(summary, 'axe violations').toEqual([]);
}

/** Which screen a test runs on: its project is "desktop" or "phone", or one of their "-alone" runs (playwright.config.ts). */
export function device(info: TestInfo): 'desktop' | 'phone' {
  return info.project.use.isMobile ? 'phone' : 'desktop';
}

/**
 * The page is no wider than the screen. Measured against the viewport's set width: on the phone
 * project (isMobile) the browser widens its layout viewport to whatever overflows, so
 * `window.innerWidth` grows with the page and a check against it cannot fail.
 */
export async function expectNoHorizontalOverflow(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
}

/**
 * A slow phone: `path`'s first script runs, React's chunks wait until `act` is done (typing and
 * pressing before the page is live), then arrive. Answers how to stop holding them (after the caller checked what followed).
 */
export async function withScriptsHeld(page: Page, path: string, act: () => Promise<void>) {
  const html = await (await page.request.get(path)).text();
  const entry = /<script type="module"[^>]*src="([^"]+)"/.exec(html)![1]!;
  const late = (url: URL) => url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js') && url.pathname !== entry;
  let letThrough = () => {};
  const held = new Promise<void>((resolve) => (letThrough = resolve));
  const slow = async (route: Route) => {
    await held;
    await route.continue();
  };
  await page.route(late, slow);
  try {
    await page.goto(path, { waitUntil: 'domcontentloaded' });
    await act();
  } finally {
    letThrough();
  }
  // once the caller has checked the outcome, later navigations load their chunks unhindered
  return () => page.unroute(late, slow);
}

/**
 * A visitor's first move on a prerendered page: the page starts on it (decisions 006 and 066), and
 * what it loads once started (the free days, a signed-in customer's last details) comes after.
 */
export async function firstMove(page: Page) {
  await page.mouse.move(10, 10);
  await page.mouse.move(20, 20);
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
}

/**
 * Hydration keeps the prerendered page (decision 006). A mismatch makes React log an error and
 * render the page afresh; a runtime that patches the markup silently would log nothing. So each
 * element the prerender wrote is marked before the app's code runs, and afterwards every one must
 * still be the same node, in the page. Call this after the page loaded and before its scripts
 * run; call what it answers once the page is hydrated, before data loaded since changes the page.
 */
export async function hydrationKeepsPrerender(page: Page) {
  const marked = await page.evaluate(() => {
    const all = [...document.querySelectorAll('#root *')];
    (window as unknown as { __prerendered: Element[] }).__prerendered = all;
    return all.length;
  });
  expect(marked, 'the page was prerendered').toBeGreaterThan(20);
  return async () => {
    await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
    const replaced = await page.evaluate(() =>
      (window as unknown as { __prerendered: Element[] }).__prerendered.filter((el) => !el.isConnected).map((el) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${el.className}`.slice(0, 80)),
    );
    expect(replaced, 'prerendered elements hydration replaced').toEqual([]);
  };
}
