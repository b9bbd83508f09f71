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
    await page.mouse.move(10, 10); // the first interaction hydrates the page
    await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
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

test.describe('prerendered pages load React on the first interaction', () => {
  test('/ is complete HTML with one small script; React hydrates it without a mismatch', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    expect(scripts).toHaveLength(1);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
    expect(scripts.length).toBeGreaterThan(1);
    // a hydration mismatch would have logged a console error, which fails this test
  });

  test('a button pressed before React is ready still works', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 }); // the menu button is a phone-width control
    await page.goto('/');
    const menu = page.getByRole('button', { name: /menu/i });
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
  });
});

test.describe('/book is prerendered and starts React at once', () => {
  test('the form is in the HTML; what is typed before React is ready is kept; no mismatch', async ({ page }) => {
    // hold React's code back until the visitor has typed
    let releaseBoot!: () => void;
    const bootHeld = new Promise<void>((resolve) => (releaseBoot = resolve));
    await page.route('**/assets/boot-*.js', async (route) => {
      await bootHeld;
      await route.continue();
    });
    await page.goto('/book');
    await expect(page.getByRole('heading', { name: 'Book your pickup' })).toBeVisible();
    await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(0);
    await page.getByLabel('Full name').fill('Early Typer');
    await page.getByLabel('City').fill('Pelion');
    releaseBoot();
    await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
    await expect(page.getByLabel('Full name')).toHaveValue('Early Typer');
    await expect(page.getByLabel('City')).toHaveValue('Pelion');
    // React runs the form: Next with missing fields answers with the wizard's alert
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText('Please fill in all required fields');
    await expect(page.getByLabel('Full name')).toHaveValue('Early Typer');
    // the calendar came in with the free days
    await expect(page.locator('.pickup-day').first()).toBeVisible();
  });
});
