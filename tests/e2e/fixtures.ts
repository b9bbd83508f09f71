// STYLE.md 10 in the browser: a console error, an uncaught page error or a request to anything
// but this server fails the test.
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

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
      await page.route('**/*', (route) => {
        const url = route.request().url();
        if (url.startsWith(origin) || url.startsWith('data:')) return route.continue();
        errors.push(`unexpected request to ${url}`);
        return route.abort();
      });
      await use(errors);
      // 404 responses for pages under test are expected and logged by Chromium as resource errors
      const unexpected = errors.filter((e) => !/Failed to load resource: the server responded with a status of 404/.test(e));
      expect(unexpected, 'console errors, page errors or outside requests').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  const summary = results.violations.map((v) => `${v.id} (${v.impact}): ${v.help} -> ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
  expect(summary, 'axe violations').toEqual([]);
}
