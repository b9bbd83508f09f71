// The back office's customer page: from Customer Details and from a booking's details, every order
// of the customer, their money (paid, due, on hold) and staff notes. axe at both widths.
import type { APIRequestContext } from '@playwright/test';
import { paidBooking, signIn } from './back-office-flows';
import { expect, expectNoAxeViolations, test, expectNoHorizontalOverflow } from './fixtures';
import { rootApi } from './staff';

test.describe('a customer’s page', () => {
  let api: APIRequestContext;
  test.beforeAll(async ({ playwright }, testInfo) => {
    api = await rootApi(playwright.request, testInfo.project.use.baseURL!);
  });
  test.afterAll(async () => {
    await api?.dispose();
  });

  test('two orders of one customer, $63.00 on hold, a note kept; reached from Customer Details and from a booking', async ({ page }) => {
    const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const email = `page.${stamp}@example.com`;
    const name = `Paige ${stamp}`;
    const first = await paidBooking(api, 'Page', { email, name });
    const second = await paidBooking(api, 'Page', { email, name, pickupTime: '12pm-4pm' });
    await signIn(page);
    await page.getByRole('tab', { name: 'Customer Details' }).click();
    // the tab's list has loaded (and taken its search from the address) before the search is typed
    await expect(page.getByRole('heading', { name: /^Customer Details \(\d+\)$/ })).toBeVisible();
    await page.getByLabel('Search customers').fill(email);
    await expect(page.getByRole('heading', { name: 'Customer Details (2)' })).toBeVisible();
    await page.getByRole('button', { name: `Customer page of ${name}` }).first().click();
    const dialog = page.getByRole('dialog', { name });
    await expect(dialog.getByRole('heading', { name: 'Orders (2)' })).toBeVisible();
    await expect(dialog.getByText(first.confirmation)).toBeVisible();
    await expect(dialog.getByText(second.confirmation)).toBeVisible();
    await expect(dialog.getByText('Authorized $31.50')).toHaveCount(2);
    await expect(dialog.locator('dt', { hasText: 'On hold' }).locator('xpath=following-sibling::dd')).toHaveText('$63.00');
    await expect(dialog.locator('dt', { hasText: 'Paid' }).locator('xpath=following-sibling::dd')).toHaveText('$0.00');
    await expect(dialog.getByText('No notes yet.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Save note' }).click();
    await expect(dialog.getByText('Write the note (2,000 characters at most)')).toBeVisible();
    await dialog.getByLabel('Add a note').fill('Gate code 4411; the dog is friendly');
    await dialog.getByRole('button', { name: 'Save note' }).click();
    await expect(dialog.getByText('Gate code 4411; the dog is friendly')).toBeVisible();
    await expect(dialog.getByLabel('Add a note')).toHaveValue('');
    await expectNoAxeViolations(page);
    await expectNoHorizontalOverflow(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // the same page from a booking's details in All Bookings, the note with it
    await page.getByRole('tab', { name: 'All Bookings' }).click();
    await expect(page.getByRole('heading', { name: /^All Bookings \(\d+\)$/ })).toBeVisible();
    // the address drops the other tab's search as the tab opens: type again if that came after
    await expect(async () => {
      await page.getByLabel('Search').fill(second.confirmation);
      await expect(page.getByRole('heading', { name: 'All Bookings (1)' })).toBeVisible({ timeout: 3000 });
    }).toPass();
    await page.getByRole('button', { name: `Details for ${name}` }).click();
    await page.getByRole('button', { name: `Customer page of ${name}` }).click();
    await expect(page.getByRole('dialog', { name }).getByText('Gate code 4411; the dog is friendly')).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
