import { expect, expectNoAxeViolations, test } from './fixtures';

test.describe('public pages', () => {
  for (const path of ['/', '/terms', '/privacy', '/nope-not-a-page']) {
    test(`${path} has no axe violations`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator('main')).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }

  test('an unknown path answers 404 with the not-found page and a link home', async ({ page }) => {
    const response = await page.goto('/nope');
    expect(response?.status()).toBe(404);
    await expect(page.getByText('Oops! Page not found')).toBeVisible();
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('a client-side miss shows the same not-found page', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => {
      window.history.pushState({}, '', '/definitely-missing');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page.getByText('Oops! Page not found')).toBeVisible();
  });

  test('the terms page shows every policy', async ({ page }) => {
    await page.goto('/terms');
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
    for (const text of [
      'Booking confirmed within 2 hours',
      'Free cancellation up to 2 hours before pick-up',
      '$20 no-show fee',
      'Return within 48-72 hours',
      'Pick-ups Monday, Wednesday & Friday',
    ]) {
      await expect(page.getByText(text, { exact: true }).first()).toBeVisible();
    }
  });
});
