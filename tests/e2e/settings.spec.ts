// decision 055, the Settings tab in the browser at 1280 and 375 px: a master admin's refused price
// is shown under its field with nothing saved; a new price asks for confirmation, naming the change,
// then applies; a renamed business and its phone are saved; a save made after another admin's is
// refused and shows their values. The settings go back to the spec's at the end (this file runs
// alone on its server: a price changed here is what every other page would read).
import type { APIRequestContext } from '@playwright/test';
import { defaultSettings } from '../../src/shared/settings';
import { dismissToasts, paidBooking, signIn, toast } from './back-office-flows';
import { expect, firstMove, test } from './fixtures';
import { nextServiceDay } from './dates';
import { rootApi } from './staff';

type Read = { version: number; settings: typeof defaultSettings };

async function restoreDefaults(api: APIRequestContext) {
  for (const section of ['business', 'prices'] as const) {
    const now = (await (await api.get('/api/admin/settings')).json()) as Read;
    const res = await api.put('/api/admin/settings', { data: { section, version: now.version, values: defaultSettings[section] } });
    expect(res.status()).toBe(200);
  }
}

test.describe('the Settings tab', () => {
  let api: APIRequestContext;
  test.beforeAll(async ({ playwright }, testInfo) => {
    api = await rootApi(playwright.request, testInfo.project.use.baseURL!);
    await restoreDefaults(api);
  });
  test.afterAll(async () => {
    await restoreDefaults(api);
    await api.dispose();
  });

  test('an owner changes the price per lb, the name and the phone; a late save is refused with the other admin’s values', async ({ page }) => {
    await signIn(page);
    await page.getByRole('tab', { name: 'Settings' }).click();
    await expect(page).toHaveURL(/tab=settings/);
    const prices = page.getByRole('form', { name: 'Prices' });
    const perPound = prices.getByLabel('Price per lb', { exact: true });
    await expect(perPound).toHaveValue('1.75');

    // refused under its field, nothing sent
    await perPound.fill('0');
    await prices.getByRole('button', { name: 'Save prices' }).click();
    await expect(prices.getByText('Price per lb must be more than $0.00')).toBeVisible();
    await expect(perPound).toHaveAttribute('aria-invalid', 'true');
    expect(((await (await api.get('/api/admin/settings')).json()) as Read).settings.prices.perPoundCents).toBe(175);

    // confirmed, naming the change, then saved
    await perPound.fill('2.00');
    await prices.getByRole('button', { name: 'Save prices' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Change the prices?' });
    await expect(dialog).toContainText('Price per lb: 1.75 → 2.00');
    await dialog.getByRole('button', { name: 'Save prices' }).click();
    await expect(toast(page, 'Prices: saved')).toBeVisible();
    await dismissToasts(page);
    expect(((await (await api.get('/api/admin/settings')).json()) as Read).settings.prices.perPoundCents).toBe(200);

    const business = page.getByRole('form', { name: 'The business' });
    await business.getByLabel('Business name').fill('Suds & Sons Laundry');
    await business.getByLabel('Phone', { exact: true }).fill('(803) 555-0199');
    await business.getByRole('button', { name: 'Save the business' }).click();
    await expect(toast(page, 'The business: saved')).toBeVisible();
    await dismissToasts(page);
    const saved = (await (await api.get('/api/admin/settings')).json()) as Read;
    expect(saved.settings.business).toMatchObject({ name: 'Suds & Sons Laundry', phone: '(803) 555-0199' });

    // the page's width at 375 px: nothing scrolls sideways
    const [scrollWidth, innerWidth] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);

    // another admin saves first: this form's save is refused and shows their values
    const other = await api.put('/api/admin/settings', { data: { section: 'business', version: saved.version, values: { ...saved.settings.business, name: 'Second Admin Laundry' } } });
    expect(other.status()).toBe(200);
    await business.getByLabel('Tagline').fill('A change made too late');
    await business.getByRole('button', { name: 'Save the business' }).click();
    await expect(toast(page, 'Settings not saved')).toContainText('Someone saved the settings since you opened them');
    await expect(business.getByLabel('Business name')).toHaveValue('Second Admin Laundry');
    await expect(business.getByLabel('Tagline')).toHaveValue(defaultSettings.business.tagline);
  });

  test('what the owner sets is what a visitor sees: the name, phone and price on the landing page, $36.00 a bag in the wizard, the name in the confirmation and its .ics', async ({ page, browser }) => {
    await signIn(page);
    await page.getByRole('tab', { name: 'Settings' }).click();
    const prices = page.getByRole('form', { name: 'Prices' });
    await prices.getByLabel('Price per lb', { exact: true }).fill('2.00');
    await prices.getByRole('button', { name: 'Save prices' }).click();
    await page.getByRole('alertdialog', { name: 'Change the prices?' }).getByRole('button', { name: 'Save prices' }).click();
    await expect(toast(page, 'Prices: saved')).toBeVisible();
    await dismissToasts(page);
    const business = page.getByRole('form', { name: 'The business' });
    await business.getByLabel('Business name').fill('Suds & Sons Laundry');
    await business.getByLabel('Phone', { exact: true }).fill('(803) 555-0199');
    await business.getByRole('button', { name: 'Save the business' }).click();
    await expect(toast(page, 'The business: saved')).toBeVisible();

    // a visitor, signed in nowhere, at the same width
    const context = await browser.newContext({ viewport: page.viewportSize() });
    const visitor = await context.newPage();
    try {
      await visitor.goto('/');
      await expect(visitor).toHaveTitle('Suds & Sons Laundry | Laundry pick-up & delivery in SC');
      await expect(visitor.getByRole('banner').getByText('Suds & Sons Laundry')).toBeVisible();
      await expect(visitor.getByText('Just $2.00 per pound')).toBeVisible();
      await expect(visitor.locator('#pricing')).toContainText('pre-authorized for $36.00 per bag');
      await expect(visitor.locator('#pricing')).toContainText('Estimated at $36.00 per 13-gallon bag');
      await expect(visitor.locator('a[href="tel:+18035550199"]').first()).toBeAttached();
      await expect(visitor.getByRole('contentinfo')).toContainText('Suds & Sons Laundry');
      await expect(visitor.getByText('Washday Laundry Co.')).toHaveCount(0);
      await expect(visitor.getByText('$1.75')).toHaveCount(0);
      // the page React took over says the same (no old value after hydration)
      await visitor.mouse.move(10, 10);
      await visitor.mouse.move(20, 20);
      await expect(visitor.locator('html[data-hydrated="true"]')).toBeAttached();
      await expect(visitor.getByRole('banner').getByText('Suds & Sons Laundry')).toBeVisible();
      await visitor.screenshot({ path: `test-results/screenshots/settings-landing-${page.viewportSize()!.width}.png` });

      // the wizard: one bag at $2.00/lb is estimated at $36.00 ($2.00 × 12 lb × 1.5)
      await visitor.goto('/book');
      await firstMove(visitor);
      await expect(visitor.locator('.pickup-day[tabindex="0"]')).toBeVisible();
      await visitor.getByLabel('Full name').fill('Rosa Alvarez');
      await visitor.getByLabel('Email').fill(`rosa.${Date.now()}@example.com`);
      await visitor.getByLabel('Phone').fill('(803) 555-0133');
      await visitor.getByLabel('Street address').fill('12 Corley Mill Rd');
      await visitor.getByLabel('City').fill('Lexington');
      await visitor.getByLabel('ZIP code').fill('29072');
      await visitor.locator('.pickup-day[tabindex="0"]').click();
      await visitor.locator('input[type=radio]:not([disabled])').first().check();
      await visitor.getByLabel('Where should we pick up?').selectOption('front-door');
      await visitor.getByRole('button', { name: 'Next', exact: true }).click();
      await expect(visitor.getByText('Step 2 of 4')).toBeVisible();
      await visitor.getByRole('button', { name: 'Next', exact: true }).click();
      await expect(visitor.getByText('Step 3 of 4')).toBeVisible();
      await expect(visitor.getByTestId('estimate-total')).toHaveText('$36.00');
      await expect(visitor.getByText('$36.00 per bag, about 12 lb at $2.00/lb')).toBeVisible();
      await visitor.screenshot({ path: `test-results/screenshots/settings-wizard-${page.viewportSize()!.width}.png`, fullPage: true });
    } finally {
      await context.close();
    }

    // a booking made now: its confirmation and its calendar file speak for the renamed business
    const booked = await paidBooking(api, 'Settings Visitor', {});
    let id = '';
    await expect
      .poll(async () => {
        const row = (await (await api.get('/dev/mail')).text()).split('<tr>').find((r) => r.includes(booked.email) && r.includes('booking_confirmation'));
        id = row?.match(/href="\/dev\/mail\/([0-9a-f-]+)"/)?.[1] ?? '';
        return id;
      })
      .not.toBe('');
    const email = await (await api.get(`/dev/mail/${id}`)).text();
    expect(email).toContain('Suds &amp; Sons Laundry');
    expect(email).toContain('(803) 555-0199');
    expect(email).toContain('$36.00');
    expect(email).not.toContain('Washday Laundry Co.');
    const ics = await (await api.get(`/dev/mail/${id}/attachments/0`)).text();
    expect(ics).toContain('BEGIN:VCALENDAR');
    expect(ics).toMatch(/Suds & Sons Laundry|Suds \\& Sons Laundry/);
    expect(ics).not.toContain('Washday Laundry Co.');
  });

  test('the schedule: the owner adds a Saturday and an evening window; the landing page and the wizard offer them at once', async ({ page, browser }) => {
    const before = ((await (await api.get('/api/admin/settings')).json()) as Read).settings.schedule;
    try {
      await signIn(page);
      await page.getByRole('tab', { name: 'Settings' }).click();
      const schedule = page.getByRole('form', { name: 'Schedule' });
      // a window that ends before it starts is refused under its field, nothing saved
      const windows = schedule.getByLabel('Pick-up windows');
      await windows.fill('8-12\n12-16\n16-20\n21-20');
      await schedule.getByRole('button', { name: 'Save schedule' }).click();
      await expect(schedule.getByText('A window must end after it starts')).toBeVisible();
      await windows.fill('8-12\n12-16\n16-20\n20-22');
      await schedule.getByRole('checkbox', { name: 'Saturday' }).check();
      await schedule.getByRole('button', { name: 'Save schedule' }).click();
      await expect(toast(page, 'Schedule: saved')).toBeVisible();
      const saved = ((await (await api.get('/api/admin/settings')).json()) as Read).settings.schedule;
      expect(saved).toMatchObject({ serviceWeekdays: [1, 3, 5, 6], pickupWindows: [...before.pickupWindows, { startHour: 20, endHour: 22 }], capacityPerWindow: before.capacityPerWindow, closedDates: before.closedDates });

      // a visitor at the same width: the days and hours on the landing page, the new window in the wizard
      const context = await browser.newContext({ viewport: page.viewportSize() });
      const visitor = await context.newPage();
      try {
        await visitor.goto('/');
        await expect(visitor.locator('footer')).toContainText('Monday, Wednesday, Friday & Saturday');
        await expect(visitor.locator('footer')).toContainText('8AM – 10PM');
        await visitor.goto('/book');
        await expect(visitor.getByText('Pick-ups on Monday, Wednesday, Friday & Saturday.')).toBeVisible();
        await expect(visitor.getByRole('radio', { name: '8PM – 10PM' })).toBeVisible();
        await expect(visitor.getByRole('radio', { name: /^8AM – 12PM/ })).toBeVisible();
      } finally {
        await context.close();
      }
    } finally {
      const now = (await (await api.get('/api/admin/settings')).json()) as Read;
      expect((await api.put('/api/admin/settings', { data: { section: 'schedule', version: now.version, values: before } })).status()).toBe(200);
    }
  });

  test('promo codes: an owner creates one (a bad price refused under its field), pauses it and the booking form refuses it, resumes it, then ends it for good', async ({ page, request }) => {
    const code = `SPRING${Date.now().toString(36).slice(-5).toUpperCase()}`;
    await signIn(page);
    await page.getByRole('tab', { name: 'Settings' }).click();
    const form = page.getByRole('form', { name: 'New promo code' });
    await form.getByLabel('Code').fill(code);
    await form.getByLabel('Price a bag').fill('ten');
    await form.getByRole('button', { name: 'Create code' }).click();
    await expect(form.getByText('Price a bag must be an amount, e.g. 24.00')).toBeVisible();
    await form.getByLabel('Price a bag').fill('24');
    await form.getByLabel('Uses in all').fill('50');
    await form.getByLabel('First booking only').check();
    await form.getByRole('button', { name: 'Create code' }).click();
    await expect(toast(page, `${code} created`)).toBeVisible();
    await dismissToasts(page);
    const line = page.getByRole('list', { name: 'Promo codes' }).getByRole('listitem').filter({ hasText: code });
    await expect(line).toContainText('Active');
    await expect(line).toContainText('$24.00 a bag · first booking only · uses 0 of 50');
    await line.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/screenshots/settings-promo-codes-${page.viewportSize()!.width}.png` });

    // what the booking form's quote says of the code, as a visitor types it
    const quote = async () => {
      const bookingData = { name: 'Quote Only', email: 'quote.only@example.com', phone: '(803) 555-0177', address: '12 Corley Mill Rd', city: 'Lexington', zipCode: '29072', pickupDate: nextServiceDay(), pickupTime: '8am-12pm', pickupLocation: 'front-door', bagQuantity: 1, termsAccepted: true };
      const res = await request.post('/api/bookings/quote', { data: { bookingData, promoCode: code.toLowerCase() } });
      return res.status() === 200 ? 'accepted' : ((await res.json()) as { error: { code: string } }).error.code;
    };
    expect(await quote()).toBe('accepted');
    await line.getByRole('button', { name: `Pause ${code}` }).click();
    await expect(line).toContainText('Paused');
    await dismissToasts(page);
    expect(await quote()).toBe('promo_invalid');
    await line.getByRole('button', { name: `Resume ${code}` }).click();
    await expect(line).toContainText('Active');
    await dismissToasts(page);
    expect(await quote()).toBe('accepted');

    await line.getByRole('button', { name: `End ${code}` }).click();
    const dialog = page.getByRole('alertdialog', { name: `End ${code}?` });
    await expect(dialog).toContainText('An ended code cannot be resumed');
    await dialog.getByRole('button', { name: 'End the code' }).click();
    await expect(line).toContainText('Ended');
    await expect(line.getByRole('button')).toHaveCount(0);
    expect(await quote()).toBe('promo_expired');
  });
});
