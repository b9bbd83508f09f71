// Every page a visitor can open without signing in fits the screen: no sideways scroll at 1280 px
// (desktop project) or at 375 px (phone project). The dashboard's tabs are checked in
// back-office.spec.ts; pages reached with a link (cancel, pay, invoice) also in their own specs.
import { pageRoutes } from '../../src/shared/routes';
import { expect, test } from './fixtures';

const signedInArea = /^\/(admin|send-|pro)/;
const anonymous = [
  ...pageRoutes.filter((r) => !signedInArea.test(r.path)).map((r) => r.path),
  '/admin/login', // the sign-in pages are open to anyone
  '/pro',
  '/not-a-page', // the not-found page
];

test.describe('no sideways scroll', () => {
  for (const path of anonymous) {
    test(`${path} fits the screen`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator('main')).toBeVisible();
      await expect(page.locator('h1').first()).toBeVisible();
      await page.evaluate(() => document.fonts.ready);
      const overflow = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
      expect(overflow.scroll, `${path} is ${overflow.scroll} px wide in a ${overflow.width} px window`).toBeLessThanOrEqual(overflow.width);
    });
  }
});
