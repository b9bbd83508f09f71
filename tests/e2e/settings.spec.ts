// decision 055, the Settings tab in the browser at 1280 and 375 px: a master admin's refused price
// is shown under its field with nothing saved; a new price asks for confirmation, naming the change,
// then applies; a renamed business and its phone are saved; a save made after another admin's is
// refused and shows their values. The settings go back to the spec's at the end (this file runs
// alone on its server: a price changed here is what every other page would read).
import type { APIRequestContext } from '@playwright/test';
import { defaultSettings } from '../../src/shared/settings';
import { dismissToasts, signIn, toast } from './back-office-flows';
import { expect, test } from './fixtures';
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
});
