import type { Page } from '@playwright/test';
import { nextServiceDay } from './dates';
import { device, expect, expectNoAxeViolations, hydrationKeepsPrerender, expectNoHorizontalOverflow, test } from './fixtures';

test.describe('public pages', () => {
  for (const path of ['/', '/terms', '/privacy', '/nope-not-a-page']) {
    test(`${path} has no axe violations`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator('main')).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }

  test('a phone saving the site to its home screen gets the icon: every page names it, and it is a 180 px PNG', async ({ page, request }) => {
    for (const path of ['/', '/book', '/orders']) {
      await page.goto(path);
      await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute('href', '/apple-touch-icon.png');
    }
    const icon = await request.get('/apple-touch-icon.png');
    expect(icon.status()).toBe(200);
    expect(icon.headers()['content-type']).toBe('image/png');
    const png = await icon.body();
    // the PNG's header: its width and height, big-endian, at bytes 16 and 20
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([180, 180]);
  });

  test('"Your orders" is in the header of every page: in the menu on a phone, in the bar on a desktop', async ({ page }, testInfo) => {
    for (const path of ['/', '/book', '/terms']) {
      await page.goto(path);
      const header = page.getByRole('banner');
      if (device(testInfo) === 'phone') await header.getByRole('button', { name: 'Open menu' }).click();
      const link = header.getByRole('link', { name: 'Your orders' });
      await expect(link).toBeVisible();
      if (path === '/book') await page.screenshot({ path: testInfo.outputPath(`header-your-orders-${testInfo.project.name}.png`) });
      await link.click();
      await expect(page).toHaveURL(/\/orders$/);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
  });

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
      'Back within 48-72 hours',
      'Pick-ups Monday, Wednesday & Friday',
    ]) {
      await expect(page.getByText(text, { exact: true }).first()).toBeVisible();
    }
  });
});

test.describe('the footer and the privacy page', () => {
  test('"Cookies" in the footer leads to the privacy page\'s cookies section, which names the cookie the server sets', async ({ page }) => {
    await page.goto('/terms');
    await page.getByRole('navigation', { name: 'Legal' }).getByRole('link', { name: 'Cookies' }).click();
    await expect(page).toHaveURL(/\/privacy#cookies$/);
    const cookies = page.locator('section#cookies');
    await expect(cookies.getByRole('heading', { name: 'Cookies' })).toBeInViewport();
    await expect(cookies).toContainText('better-auth.session_token');
    await expect(cookies).toContainText('no advertising, analytics or tracking cookies');
    await expectNoAxeViolations(page);
  });

  test('the phone number never breaks across lines: footer, contact section, privacy page at 375 px', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    for (const [path, scope] of [['/', 'footer'], ['/', '#contact'], ['/privacy', 'main']] as const) {
      await page.goto(path);
      const phone = page.locator(scope).getByRole('link', { name: /\(803\) 555-0142/ }).first();
      await expect(phone).toHaveAttribute('href', 'tel:+18035550142');
      const number = phone.getByText('(803) 555-0142', { exact: true });
      await expect(number).toHaveCSS('white-space', 'nowrap');
      // one line: its height is one line's
      const lines = await number.evaluate((el) => el.getClientRects().length);
      expect(lines, `${path} ${scope}`).toBe(1);
    }
  });
});

/** The first toast on screen lies wholly below the sticky header and inside the viewport. */
async function expectToastClearOfHeader(page: Page) {
  const toast = page.locator('[data-sonner-toast]').first();
  await expect(toast).toBeVisible();
  // sonner marks a toast mounted in an effect, which starts its slide in: measured once it ended
  await expect(toast).toHaveAttribute('data-mounted', 'true');
  await page.evaluate(() => new Promise((frame) => requestAnimationFrame(() => requestAnimationFrame(frame))));
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  const header = (await page.getByRole('banner').boundingBox())!;
  const box = (await toast.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box.y, 'toast top below the header').toBeGreaterThanOrEqual(header.y + header.height);
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
}

test.describe('toasts on a phone (375 px) show below the sticky header', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the contact form\'s "Message Sent!"', async ({ page }) => {
    await page.goto('/#contact');
    const form = page.locator('#contact form');
    await form.getByLabel(/^Name/).fill('Olivia Chen');
    await form.getByLabel(/^Email/).fill('olivia.phone@example.com');
    await form.getByLabel(/^Subject/).fill('Pick-up in Gilbert');
    await form.getByLabel(/^Message/).fill('Do you come out to Gilbert on Mondays?');
    await form.getByRole('button', { name: /send/i }).click();
    await expect(page.locator('[data-sonner-toast]').getByText('Message Sent!')).toBeVisible();
    await expectToastClearOfHeader(page);
    await expectNoAxeViolations(page);
  });

  test('the booking wizard\'s "Invalid Promo Code"', async ({ page }) => {
    const draft = { name: 'Marcus Hill', email: 'marcus.phone@example.com', phone: '(803) 555-0190', address: '9 Augusta Rd', city: 'Leesville', zipCode: '29070', pickupDate: nextServiceDay(), pickupTime: '12pm-4pm', pickupLocation: 'porch', bagQuantity: 1, termsAccepted: true };
    await page.addInitScript(([state]) => window.sessionStorage.setItem('washday.booking.v1', state!), [JSON.stringify({ step: 4, draft, promo: null, giftCard: null })]);
    await page.goto('/book');
    await expect(page.getByRole('heading', { name: 'Order summary' })).toBeVisible();
    const promo = page.getByRole('textbox', { name: 'Promo code' });
    await promo.fill('bogus');
    await promo.press('Enter');
    await expect(page.locator('[data-sonner-toast]').getByText('Invalid Promo Code')).toBeVisible();
    await expectToastClearOfHeader(page);
  });

  test('a very long email and name stay inside the step-4 summary at every width', async ({ page }, testInfo) => {
    const email = `a.very.long.address.that.keeps.going.on.and.on.${'x'.repeat(30)}@a-long-domain-name.example.com`;
    const draft = { name: `Maximiliana-Bartholomea ${'Wolfeschlegelsteinhausen'.repeat(2)}`, email, phone: '(803) 555-0191', address: '9 Augusta Rd', city: 'Leesville', zipCode: '29070', pickupDate: nextServiceDay(), pickupTime: '12pm-4pm', pickupLocation: 'porch', bagQuantity: 1, termsAccepted: true };
    await page.addInitScript(([state]) => window.sessionStorage.setItem('washday.booking.v1', state!), [JSON.stringify({ step: 4, draft, promo: null, giftCard: null })]);
    await page.goto('/book');
    const summary = page.getByRole('region', { name: 'Order summary' });
    await expect(summary.getByText(email, { exact: false })).toBeVisible();
    await expectNoHorizontalOverflow(page);
    // and no line of the summary runs past its box
    const box = (await summary.boundingBox())!;
    const rights = await summary.locator('dd').evaluateAll((cells) => cells.map((c) => Math.max(...[...c.getClientRects()].map((r) => r.right), ...Array.from(c.childNodes, (n) => { const r = document.createRange(); r.selectNodeContents(n); return r.getBoundingClientRect().right; }))));
    for (const right of rights) expect(right).toBeLessThanOrEqual(box.x + box.width);
    await page.screenshot({ path: testInfo.outputPath(`summary-long-email-${testInfo.project.name}.png`), fullPage: true });
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
    const keptPrerender = await hydrationKeepsPrerender(page);
    await page.keyboard.press('Tab');
    await keptPrerender();
    expect(scripts.length).toBeGreaterThan(1);
  });

  test('a button pressed before React is ready still works', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 }); // the menu button is a phone-width control
    await page.goto('/');
    const menu = page.getByRole('button', { name: /menu/i });
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
  });
});

test.describe('/book is prerendered and starts React on the first move (decision 066)', () => {
  test('the form is in the HTML; what is typed before React is ready is kept; no mismatch', async ({ page }) => {
    // hold React's code back until the visitor has typed
    let releaseBoot!: () => void;
    const bootHeld = new Promise<void>((resolve) => (releaseBoot = resolve));
    await page.route('**/assets/boot-*.js', async (route) => {
      await bootHeld;
      await route.continue();
    });
    // and the free days until hydration was checked: they redraw the calendar's rows
    let releaseDays!: () => void;
    const daysHeld = new Promise<void>((resolve) => (releaseDays = resolve));
    await page.route('**/api/availability*', async (route) => {
      await daysHeld;
      await route.continue();
    });
    await page.goto('/book');
    await expect(page.getByRole('heading', { name: 'Book your pickup' })).toBeVisible();
    await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(0);
    const keptPrerender = await hydrationKeepsPrerender(page);
    await page.getByLabel('Full name').fill('Early Typer');
    await page.getByLabel('City').fill('Pelion');
    releaseBoot();
    await keptPrerender();
    releaseDays();
    await expect(page.getByLabel('Full name')).toHaveValue('Early Typer');
    await expect(page.getByLabel('City')).toHaveValue('Pelion');
    // React runs the form: Next with missing fields answers with the wizard's alert
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText('Please fill in all required fields');
    await expect(page.getByLabel('Full name')).toHaveValue('Early Typer');
    // the calendar came in with the free days
    await expect(page.locator('.pickup-day').first()).toBeVisible();
  });

  test('before the first move the page fetches its code and runs none of it; the first tap starts it; a kept draft starts it at once', async ({ page }) => {
    const asked: string[] = [];
    page.on('request', (r) => r.url().includes('/api/') && asked.push(new URL(r.url()).pathname));
    await page.goto('/book');
    await page.waitForLoadState('networkidle');
    // the code a tap will need is here already, fetched and not run: nothing asked of the server yet
    const fetched = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname));
    expect(fetched.filter((f) => /^\/assets\/(boot|book-page)-.*\.js$/.test(f))).toHaveLength(2);
    await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(0);
    expect(asked).toEqual([]);
    await expect(page.getByRole('status').filter({ hasText: 'Loading the days we can pick up...' })).toBeAttached();

    // the first tap: the page starts, what is typed stays, the free days come in
    await page.getByLabel('Full name').click();
    await page.keyboard.type('First Tap');
    await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
    await expect(page.getByLabel('Full name')).toHaveValue('First Tap');
    await expect(page.locator('.pickup-day').first()).toBeVisible();

    // the draft is kept in the tab: a reload shows it with no move at all
    await expect.poll(() => page.evaluate(() => window.sessionStorage.getItem('washday.booking.v1') ?? '')).toContain('First Tap');
    await page.reload();
    await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
    await expect(page.getByLabel('Full name')).toHaveValue('First Tap');
  });
});
